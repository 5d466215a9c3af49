#!/usr/bin/env bash
# Results-cache benchmark (not a test): builds `taskwarden` in release mode, then on DIRECTORY, in one run,
# times `taskwarden lint` cold (empty cache), warm (nothing changed) and warm after touching one file (a comment
# appended to one file holding creation sites, on a scratch copy of the tree), and compares each output with
# `--no-cache` (byte for byte, standard output and the summary line). Prints the warm and touched times as
# percentages of the cold run.
#
#   Benchmarks/cache-benchmark.sh DIRECTORY
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -ne 1 || ! -d "$1" ]]; then
    echo "usage: $0 DIRECTORY" >&2
    exit 2
fi
source_tree="$(cd "$1" && pwd)"
swift build -c release --product taskwarden >/dev/null
bin="$(swift build -c release --show-bin-path)/taskwarden"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# A copy, so touching a file never changes the tree given.
cp -R "$source_tree" "$scratch/tree"
tree="$scratch/tree"
cache="$scratch/cache"
cd "$tree"

seconds() { # seconds COMMAND… → wall-clock seconds of one run, output in $scratch/out, summary in $scratch/err
    local start end status=0
    start=$(date +%s.%N)
    "$@" >"$scratch/out" 2>"$scratch/err" || status=$?
    end=$(date +%s.%N)
    if [[ $status -ge 2 ]]; then echo "note: exit status $status" >&2; fi
    echo "$end - $start" | bc
}
same() { # same LABEL: compares this output with the --no-cache one saved as $scratch/reference.*
    if cmp -s "$scratch/out" "$scratch/reference.out" && cmp -s "$scratch/err" "$scratch/reference.err"; then
        echo "identical to --no-cache"
    else
        echo "DIFFERS from --no-cache"
    fi
}

echo "directory:        $source_tree ($(find . -name '*.swift' | wc -l) .swift files, $(find . -name '*.swift' -print0 | xargs -0 cat | wc -l) lines)"
echo "cores:            $(getconf _NPROCESSORS_ONLN); load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
uncached=$(seconds "$bin" lint --no-cache --format json .)
cp "$scratch/out" "$scratch/reference.out"; cp "$scratch/err" "$scratch/reference.err"
echo "--no-cache:       $uncached s"
cold=$(seconds "$bin" lint --cache-path "$cache" --format json .)
echo "cold (empty):     $cold s, $(same), $(find "$cache" -type f | wc -l) cache entries, $(du -sh "$cache" | cut -f1)"
warm=$(seconds "$bin" lint --cache-path "$cache" --format json .)
echo "warm (unchanged): $warm s, $(same), $(echo "scale=1; 100 * $warm / $cold" | bc)% of cold"
# Touch one file that holds creation sites: append a comment (its content hash changes, its findings do not).
touched_file=$(grep -rl --include='*.swift' -E 'Task[ ]?\{' . | sort | awk 'NR == 1')   # awk reads all: no SIGPIPE under pipefail
printf '\n// touched by cache-benchmark\n' >> "$touched_file"
"$bin" lint --no-cache --format json . >"$scratch/reference.out" 2>"$scratch/reference.err" || true
touched=$(seconds "$bin" lint --cache-path "$cache" --format json .)
echo "touched one file: $touched s, $(same), $(echo "scale=1; 100 * $touched / $cold" | bc)% of cold ($touched_file)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
