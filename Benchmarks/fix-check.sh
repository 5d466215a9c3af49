#!/usr/bin/env bash
# Checks `taskwarden fix` on a real tree, on a scratch git copy of DIRECTORY:
#   - the diff holds nothing but `name:` insertions (line by line);
#   - every changed file gives the same `swiftc -frontend -parse` output before and after;
#   - a second `fix` is a no-op;
#   - `lint` then reports no unnamed-task, task-name-format or task-name-duplicate finding.
#
#   Benchmarks/fix-check.sh DIRECTORY
set -uo pipefail

if [[ $# -lt 1 || ! -d "$1" ]]; then
    echo "usage: $0 DIRECTORY" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
swift build --package-path "$here" --product taskwarden >/dev/null || exit 2
binary="$(swift build --package-path "$here" --show-bin-path)/taskwarden"
swiftc=$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -R "$1" "$scratch/tree"
cd "$scratch/tree" || exit 2
rm -rf .git
git init -q && git add -A && git -c user.name=check -c user.email=check@localhost commit -qm base

"$binary" fix . >"$scratch/fix.out" 2>"$scratch/fix.err"
status=$?
second=$("$binary" fix . 2>&1 | tail -n 1)

git diff -U0 | grep '^[-+]' | grep -v '^+++\|^---' >"$scratch/lines"
insertions=$(python3 - "$scratch/lines" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
removed = [l[1:] for l in lines if l.startswith('-')]
added = [l[1:] for l in lines if l.startswith('+')]
other = sum(1 for old, new in zip(removed, added)
            if re.sub(r'\(name: "[a-z0-9:-]+"\)', '', new) != old and re.sub(r'name: "[a-z0-9:-]+",\s?', '', new) != old)
other += abs(len(removed) - len(added))
print(f"{other} of {len(added)} changed lines are something other than a name: insertion")
PY
)

changed=0 differing=0
while IFS= read -r file; do
    changed=$((changed + 1))
    git show HEAD:"$file" >"$scratch/before.swift"
    before=$("$swiftc" -frontend -parse "$scratch/before.swift" 2>&1 | sed "s|$scratch/before.swift|FILE|" )
    after=$("$swiftc" -frontend -parse "$file" 2>&1 | sed "s|$file|FILE|")
    [[ "$before" == "$after" ]] || { differing=$((differing + 1)); echo "parse output changed: $file"; }
done < <(git diff --name-only HEAD)

lint=$("$binary" lint --format json . 2>/dev/null | python3 -c '
import collections, json, sys
counts = collections.Counter(f["rule"] for f in json.load(sys.stdin)["findings"])
print(", ".join(f"{rule} {counts[rule]}" for rule in ["unnamed-task", "task-name-format", "task-name-duplicate"]))')

echo "fix:          $(tail -n 1 "$scratch/fix.err") (exit $status)"
echo "second fix:   $second"
echo "diff:         $insertions"
echo "re-parse:     swiftc -frontend -parse output changed in $differing of $changed changed files"
echo "lint after:   $lint"
