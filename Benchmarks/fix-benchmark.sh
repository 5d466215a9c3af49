#!/usr/bin/env bash
# Fix time next to lint time for the same tree, in the same run.
#
#   Benchmarks/fix-benchmark.sh DIRECTORY [RUNS]
#
# Copies DIRECTORY to a scratch directory, then for each run: times `taskwarden lint` on a fresh copy, times
# `taskwarden fix` on another fresh copy (so every run fixes the same unnamed tree), and finally times a second
# `fix` on the fixed copy (the no-op run). Prints the median of each and fix/lint as a ratio; the target is
# fix <= 1.5x lint. Uses the release build of taskwarden (built if missing).
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1" ]]; then
    echo "usage: $0 DIRECTORY [RUNS]" >&2
    exit 2
fi
source_dir=$(cd "$1" && pwd)
runs=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)

swift build -c release --package-path "$here" --product taskwarden >/dev/null
binary="$(swift build -c release --package-path "$here" --show-bin-path)/taskwarden"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -R "$source_dir" "$scratch/original"

now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

lint_times=() fix_times=() second_times=()
for ((run = 1; run <= runs; run++)); do
    rm -rf "$scratch/lint" "$scratch/fix"
    cp -R "$scratch/original" "$scratch/lint"
    cp -R "$scratch/original" "$scratch/fix"

    start=$(now); (cd "$scratch/lint" && "$binary" lint --no-cache . >/dev/null 2>&1) || true; end=$(now)
    lint_times+=("$(elapsed "$start" "$end")")

    start=$(now); (cd "$scratch/fix" && "$binary" fix . >"$scratch/fix.out" 2>&1) || true; end=$(now)
    fix_times+=("$(elapsed "$start" "$end")")

    start=$(now); (cd "$scratch/fix" && "$binary" fix . >"$scratch/second.out" 2>&1) || true; end=$(now)
    second_times+=("$(elapsed "$start" "$end")")
done

files=$(find "$scratch/original" -name '*.swift' | wc -l | tr -d ' ')
lines=$(find "$scratch/original" -name '*.swift' -exec cat {} + | wc -l | tr -d ' ')
lint=$(median "${lint_times[@]}")
fix=$(median "${fix_times[@]}")
second=$(median "${second_times[@]}")
changed=$( (diff -rq "$scratch/original" "$scratch/fix" || true) | wc -l | tr -d ' ')

echo "tree:        $source_dir ($files Swift files, $lines lines)"
echo "fix summary: $(tail -n 1 "$scratch/fix.out")"
echo "second fix:  $(tail -n 1 "$scratch/second.out")"
echo "files changed: $changed"
printf 'lint:        %.3f s (median of %d)\n' "$lint" "$runs"
printf 'fix:         %.3f s (median of %d)\n' "$fix" "$runs"
printf 'second fix:  %.3f s (no-op)\n' "$second"
printf 'fix / lint:  %.2fx (target <= 1.5x)\n' "$(echo "$fix / $lint" | bc -l)"
