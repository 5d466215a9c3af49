#!/usr/bin/env bash
# Scaling benchmark (not a test): builds `taskwarden` in release mode, generates one Swift file per shape and size
# (generated code: many types, types nested in one enum, many sites in one type, many members in one type, many
# sites in one function), lints each with `lint --no-cache` (sub-file, then --whole-file) and prints the CPU time
# (user + sys) and peak memory (max RSS) of each run, and the ratio of each size to the one before, measured in the
# same run. Memory is shown above that of linting a one-line file (the process and its libraries). Doubling the
# input should about double both (ratios near 2×); n² work shows as 4×.
#
#   Benchmarks/scaling-benchmark.sh [SIZE…]      # default sizes: 1000 2000 4000
#   TASKWARDEN_BIN=path/to/taskwarden Benchmarks/scaling-benchmark.sh 500 1000   # an already built binary
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(1000 2000 4000)
if [[ -n ${TASKWARDEN_BIN:-} ]]; then
    bin=$TASKWARDEN_BIN
else
    swift build -c release --product taskwarden >/dev/null
    bin="$(swift build -c release --show-bin-path)/taskwarden"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# generate SHAPE N: one file of generated code.
generate() {
    local shape=$1 n=$2 i
    case $shape in
    types)
        for ((i = 0; i < n; i++)); do
            printf 'final class Worker%d {\n    var task: Task<Void, Never>?\n    func refresh() async {}\n' "$i"
            printf '    func start() { task = Task { while true { await refresh() } } }\n    func stop() { task?.cancel() }\n}\n'
        done ;;
    nested)
        echo "enum Workers {"
        for ((i = 0; i < n; i++)); do
            printf 'final class Worker%d {\n    var task: Task<Void, Never>?\n    func refresh() async {}\n' "$i"
            printf '    func start() { task = Task { while true { await refresh() } } }\n    func stop() { task?.cancel() }\n}\n'
        done
        echo "}" ;;
    sites-in-one-type)
        echo "final class Worker {"
        for ((i = 0; i < n; i++)); do
            printf '    var task%d: Task<Void, Never>?\n    func refresh%d() async {}\n' "$i" "$i"
            printf '    func start%d() { task%d = Task { while true { await refresh%d() } } }\n    func stop%d() { task%d?.cancel() }\n' "$i" "$i" "$i" "$i" "$i"
        done
        echo "}" ;;
    members)
        echo "final class Worker {"
        for ((i = 0; i < n; i++)); do
            printf '    var value%d = 0\n    func helper%d() -> Int { value%d }\n' "$i" "$i" "$i"
            if ((i % 10 == 0)); then printf '    func start%d() { Task { await refresh() } }\n' "$i"; fi
        done
        printf '    func refresh() async {}\n}\n' ;;
    sites-in-one-function)
        printf 'final class Worker {\n    func refresh() async {}\n    func start() {\n'
        for ((i = 0; i < n; i++)); do printf '        let value%d = %d\n        Task { await refresh(); print(value%d) }\n' "$i" "$i" "$i"; done
        printf '    }\n}\n' ;;
    esac
}

# measure FOLDER FLAGS…: sets cpu (seconds) and rss (KB). Exit status 0 or 1 (findings) is fine.
measure() {
    local folder=$1 user system
    shift
    /usr/bin/time -f '%U %S %M' -o "$work/time" "$bin" lint "$@" "$folder" >/dev/null 2>&1 || [[ $? -eq 1 ]]
    read -r user system rss <"$work/time"
    cpu=$(echo "$user + $system" | bc)
}

mkdir -p "$work/empty"
echo 'let one = 1' >"$work/empty/One.swift"
measure "$work/empty" --no-cache --quiet
base_rss=$rss
echo "taskwarden: $bin"
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "memory: peak RSS above a one-line file's run ($(echo "scale=1; $base_rss / 1024" | bc) MB)"
printf '%-22s %-12s %7s %10s %8s %10s %8s\n' shape mode size "CPU s" ratio "+RSS MB" ratio
for shape in types nested sites-in-one-type members sites-in-one-function; do
    for mode in sub-file whole-file; do
        flags=(--no-cache --quiet)
        [[ $mode == whole-file ]] && flags+=(--whole-file)
        previous_cpu="" previous_rss=""
        for n in "${sizes[@]}"; do
            folder="$work/$shape-$n"
            mkdir -p "$folder"
            [[ -f "$folder/Generated.swift" ]] || generate "$shape" "$n" >"$folder/Generated.swift"
            measure "$folder" "${flags[@]}"
            rss=$((rss > base_rss ? rss - base_rss : 1))
            rss_mb=$(echo "scale=1; $rss / 1024" | bc)
            cpu_ratio="" rss_ratio=""
            if [[ -n $previous_cpu ]]; then
                cpu_ratio=$(echo "scale=2; $cpu / $previous_cpu" | bc 2>/dev/null || echo "-")
                rss_ratio=$(echo "scale=2; $rss / $previous_rss" | bc)
                cpu_ratio="${cpu_ratio}×" rss_ratio="${rss_ratio}×"
            fi
            printf '%-22s %-12s %7d %10s %8s %10s %8s\n' "$shape" "$mode" "$n" "$cpu" "$cpu_ratio" "$rss_mb" "$rss_ratio"
            previous_cpu=$cpu previous_rss=$rss
        done
    done
done
