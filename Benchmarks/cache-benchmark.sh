#!/usr/bin/env bash
# Results-cache benchmark (not a test): builds `taskwarden` in release mode (or uses $TASKWARDEN_BIN), then on a
# scratch copy of DIRECTORY runs RUNS rounds (default 3), each of:
#   cold     `taskwarden lint` with an empty cache folder;
#   warm     the same again, nothing changed;
#   touched  after appending a comment to one file that holds creation sites (its content and fingerprint
#            change, its findings do not);
# and compares every output with `--no-cache` on the same tree (byte for byte, standard output and the summary
# line). Prints each round, then the medians and the warm and touched medians as percentages of the cold one,
# by wall-clock time and by CPU time (user + system), all measured in this one run.
#
#   Benchmarks/cache-benchmark.sh DIRECTORY [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 || $# -gt 2 || ! -d "$1" ]]; then
    echo "usage: $0 DIRECTORY [RUNS]" >&2
    exit 2
fi
runs="${2:-3}"
source_tree="$(cd "$1" && pwd)"
if [[ -n "${TASKWARDEN_BIN:-}" ]]; then
    bin="$TASKWARDEN_BIN"
else
    swift build -c release --product taskwarden >/dev/null
    bin="$(swift build -c release --show-bin-path)/taskwarden"
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# A copy, so touching a file never changes the tree given; the cache folder outside it.
cp -R "$source_tree" "$scratch/tree"
tree="$scratch/tree"
cache="$scratch/cache"
cd "$tree"

measure() { # measure COMMAND… → "wall cpu" seconds of one run; output in $scratch/out, summary in $scratch/err
    # Wall clock to the microsecond from bash's clock (time(1) prints hundredths, too coarse for a warm run of
    # about 0.1 s); CPU time (user + system) from time(1), in hundredths.
    local status=0 start end
    start=$EPOCHREALTIME
    /usr/bin/time -f "%e %U %S" -o "$scratch/time" "$@" >"$scratch/out" 2>"$scratch/err" || status=$?
    end=$EPOCHREALTIME
    if [[ $status -ge 2 ]]; then echo "note: exit status $status" >&2; fi
    tail -1 "$scratch/time" | awk -v start="$start" -v end="$end" '{ printf "%.3f %.3f", end - start, $2 + $3 }'
}
reference() { # the --no-cache output of the tree as it is now
    "$bin" lint --no-cache --format json . >"$scratch/reference.out" 2>"$scratch/reference.err" || true
}
same() { # "identical" when this output is the --no-cache one
    if cmp -s "$scratch/out" "$scratch/reference.out" && cmp -s "$scratch/err" "$scratch/reference.err"; then
        echo "identical"
    else
        echo "DIFFERS from --no-cache"
        differs=1
    fi
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "directory:  $source_tree ($(find . -name '*.swift' | wc -l) .swift files, $(find . -name '*.swift' -print0 | xargs -0 cat | wc -l) lines)"
echo "cores:      $(getconf _NPROCESSORS_ONLN); load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
# One file that holds creation sites: a comment appended changes its bytes, not its findings.
touched_file=$(grep -rl --include='*.swift' -E 'Task[ ]?\{' . | sort | awk 'NR == 1')   # awk reads all: no SIGPIPE under pipefail
differs=0
: >"$scratch/rounds"
reference
for round in $(seq 1 "$runs"); do
    rm -rf "$cache"
    cold=$(measure "$bin" lint --cache-path "$cache" --format json .); cold_same=$(same)
    warm=$(measure "$bin" lint --cache-path "$cache" --format json .); warm_same=$(same)
    printf '\n// touched by cache-benchmark, round %s\n' "$round" >> "$touched_file"
    reference
    touched=$(measure "$bin" lint --cache-path "$cache" --format json .); touched_same=$(same)
    echo "round $round (wall / CPU s): cold $cold ($cold_same), warm $warm ($warm_same), touched $touched ($touched_same)"
    echo "$cold $warm $touched" >>"$scratch/rounds"
done
column() { awk -v c="$1" '{ print $c }' "$scratch/rounds" | median; }
cold_wall=$(column 1); cold_cpu=$(column 2); warm_wall=$(column 3); warm_cpu=$(column 4); touched_wall=$(column 5); touched_cpu=$(column 6)
percent() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f%%", 100 * a / b }'; }
echo "medians of $runs (wall / CPU): cold $cold_wall / $cold_cpu s; warm $warm_wall / $warm_cpu s; touched $touched_wall / $touched_cpu s"
echo "warm:       $(percent "$warm_wall" "$cold_wall") of cold by wall clock, $(percent "$warm_cpu" "$cold_cpu") by CPU"
echo "touched:    $(percent "$touched_wall" "$cold_wall") of cold by wall clock, $(percent "$touched_cpu" "$cold_cpu") by CPU ($touched_file)"
echo "output:     $([[ $differs == 0 ]] && echo "identical to --no-cache in every run" || echo "DIFFERS from --no-cache (see above)")"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
[[ $differs == 0 ]]
