#!/usr/bin/env bash
# What reading tasks from outside a process costs (Benchmarks/InspectBenchmarks/main.swift says what is
# measured). Builds the release products it needs, then runs both suites, or the ones named:
#   Benchmarks/inspect-benchmark.sh [snapshot] [slowdown]
# The slowdown suite runs `taskwarden top` in a tmux pane (apt-get install tmux).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product taskwarden >&2
swift build -c release --product InspectTarget >&2
swift build -c release --product InspectBenchmarks >&2
products="$(swift build -c release --show-bin-path)"
"$products/InspectBenchmarks" "$products" "$@"
