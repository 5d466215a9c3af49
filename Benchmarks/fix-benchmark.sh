#!/usr/bin/env bash
# Fix time next to lint time for the same tree, in the same run.
#
#   Benchmarks/fix-benchmark.sh DIRECTORY [RUNS]
#
# Copies DIRECTORY to a scratch directory, then runs RUNS rounds (default 5), each of, back to back:
#   lint      `taskwarden lint --no-cache` on the copy;
#   dry run   `taskwarden fix --all --dry-run` on the same copy (parses, derives and checks every name, prints the diff);
#   fix       `taskwarden fix --all` on a fresh copy (so every round fixes the same unnamed tree);
#   second    `taskwarden fix --all` again on the fixed copy (the no-op run).
# Prints the medians, by wall clock and by CPU time (user + system), and the dry run and the fix as ratios of
# lint. Targets: fix --dry-run <= 1.2x lint, fix <= 1.5x lint. Uses the release build of taskwarden (built if
# missing), or $TASKWARDEN_BIN.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || ! -d "$1" ]]; then
    echo "usage: $0 DIRECTORY [RUNS]" >&2
    exit 2
fi
source_dir=$(cd "$1" && pwd)
runs=${2:-5}
here=$(cd "$(dirname "$0")/.." && pwd)

if [[ -n "${TASKWARDEN_BIN:-}" ]]; then
    binary="$TASKWARDEN_BIN"
else
    swift build -c release --package-path "$here" --product taskwarden >/dev/null
    binary="$(swift build -c release --package-path "$here" --show-bin-path)/taskwarden"
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -R "$source_dir" "$scratch/original"
cp -R "$scratch/original" "$scratch/lint"

measure() { # measure DIR OUT COMMAND… → "wall cpu" seconds of one run in DIR, its standard output and error in OUT
    local dir="$1" out="$2"
    shift 2
    (cd "$dir" && /usr/bin/time -f "%e %U %S" -o "$scratch/time" "$@" >"$out" 2>"$out.err") || true
    tail -1 "$scratch/time" | awk '{ printf "%.3f %.3f", $1, $2 + $3 }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

: >"$scratch/rounds"
for ((run = 1; run <= runs; run++)); do
    rm -rf "$scratch/fix"
    cp -R "$scratch/original" "$scratch/fix"
    lint=$(measure "$scratch/lint" "$scratch/lint.out" "$binary" lint --no-cache .)
    # --all: every site named, the heaviest write (plain fix derives every name too, and writes fewer).
    dry=$(measure "$scratch/lint" "$scratch/dry.out" "$binary" fix --all --dry-run .)
    fix=$(measure "$scratch/fix" "$scratch/fix.out" "$binary" fix --all .)
    second=$(measure "$scratch/fix" "$scratch/second.out" "$binary" fix --all .)
    echo "round $run (wall / CPU s): lint $lint, fix --dry-run $dry, fix $fix, second fix $second"
    echo "$lint $dry $fix $second" >>"$scratch/rounds"
done
column() { awk -v c="$1" '{ print $c }' "$scratch/rounds" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
lint_wall=$(column 1) lint_cpu=$(column 2) dry_wall=$(column 3) dry_cpu=$(column 4)
fix_wall=$(column 5) fix_cpu=$(column 6) second_wall=$(column 7) second_cpu=$(column 8)

files=$(find "$scratch/original" -name '*.swift' | wc -l | tr -d ' ')
lines=$(find "$scratch/original" -name '*.swift' -exec cat {} + | wc -l | tr -d ' ')
changed=$( (diff -rq "$scratch/original" "$scratch/fix" || true) | wc -l | tr -d ' ')
dry_changed=$( (diff -rq "$scratch/original" "$scratch/lint" || true) | wc -l | tr -d ' ')

echo "tree:         $source_dir ($files Swift files, $lines lines)"
echo "dry run:      $(tail -n 1 "$scratch/dry.out.err"); files changed by it: $dry_changed"
echo "fix summary:  $(tail -n 1 "$scratch/fix.out.err"); files changed: $changed"
echo "second fix:   $(tail -n 1 "$scratch/second.out.err")"
echo "medians of $runs (wall / CPU s): lint $lint_wall / $lint_cpu; fix --all --dry-run $dry_wall / $dry_cpu; fix --all $fix_wall / $fix_cpu; second fix $second_wall / $second_cpu"
echo "fix --all --dry-run / lint: $(ratio "$dry_wall" "$lint_wall") wall, $(ratio "$dry_cpu" "$lint_cpu") CPU (target <= 1.2x)"
echo "fix --all / lint:           $(ratio "$fix_wall" "$lint_wall") wall, $(ratio "$fix_cpu" "$lint_cpu") CPU (target <= 1.5x)"
