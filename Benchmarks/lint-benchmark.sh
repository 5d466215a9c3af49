#!/usr/bin/env bash
# Lint benchmark (not a test): builds in release mode, then on DIRECTORY prints files, bytes, sites, the time
# of `taskwarden lint` in sub-file and --whole-file mode (wall and CPU, in-process: sub-file the median of 12
# runs interleaved with the full parse, whole-file of 3; bytes parsed / scanned, fallbacks by reason; and once
# through the CLI), and the time of parsing every file with SwiftParser on one core, as a ratio measured in
# the same run, and which SwiftSyntax it used.
#
#   Benchmarks/lint-benchmark.sh DIRECTORY
#   TASKWARDEN_SWIFT_SYNTAX=package Benchmarks/lint-benchmark.sh DIRECTORY   # swift-syntax built from source
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -ne 1 || ! -d "$1" ]]; then
    echo "usage: $0 DIRECTORY" >&2
    exit 2
fi
directory="$(cd "$1" && pwd)"
swift build -c release --product taskwarden >/dev/null
swift build -c release --product LintBenchmarks >/dev/null
bin="$(swift build -c release --show-bin-path)"
echo "SwiftSyntax source:     ${TASKWARDEN_SWIFT_SYNTAX:-auto}"
"$bin/LintBenchmarks" "$directory"
start=$(date +%s.%N)
status=0
"$bin/taskwarden" lint --quiet --no-cache "$directory" >/dev/null 2>&1 || status=$?
end=$(date +%s.%N)
echo "taskwarden lint --no-cache (CLI):  $(echo "$end - $start" | bc) s wall clock (exit status $status)"
