#!/usr/bin/env bash
# `trace render` benchmark (not a test): generates TaskWarden-style Chrome traces of N and 2N tasks (three events
# each: begin with args, an instant, end), renders each with the release CLI under /usr/bin/time -v, and prints
# bytes, wall and CPU time (user + system: the figure to compare on a shared machine) and peak RSS for both,
# then the 2N/N ratios (≈2 when time and memory grow linearly) and peak RSS per byte of trace. The process
# alone (a one-event trace) is measured too, so the RSS the trace adds can be told from the binary's own.
#
#   Benchmarks/trace-benchmark.sh [TASKS] [one-group|distinct|both]
#
# TASKS defaults to 80000 (the target case: 80k rows sharing the `price:` prefix, ≈27 MB for N). `one-group`
# names every task price:<i> (all rows in one group), `distinct` gives each its own group; default both.
# TASKWARDEN=/path/to/taskwarden measures another build (e.g. one of an older commit) instead of building.
set -euo pipefail
cd "$(dirname "$0")/.."
tasks="${1:-80000}"
shapes="${2:-both}"
[[ "$shapes" == both ]] && shapes="one-group distinct"
if [[ -z "${TASKWARDEN:-}" ]]; then
    swift build -c release --product taskwarden >/dev/null
    TASKWARDEN="$(swift build -c release --show-bin-path)/taskwarden"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# generate TASKS SHAPE FILE
generate() {
    awk -v n="$1" -v shape="$2" 'BEGIN {
        printf "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        printf "{\"ph\":\"M\",\"pid\":1,\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":\"benchmark\"}}"
        for (i = 0; i < n; i++) {
            name = (shape == "one-group") ? sprintf("price:%d", i) : sprintf("task%d:work", i)
            t = i * 7.5
            printf ",\n{\"ph\":\"b\",\"cat\":\"task\",\"name\":\"%s\",\"id\":\"0x%x\",\"pid\":1,\"tid\":0,\"ts\":%.3f,\"args\":{\"task\":%d,\"parentTask\":1,\"interval\":%d,\"parentInterval\":1}}", name, i + 2, t, i + 10, i + 2
            printf ",\n{\"ph\":\"n\",\"cat\":\"task\",\"name\":\"admitted by the rate limiter\",\"id\":\"0x%x\",\"pid\":1,\"tid\":0,\"ts\":%.3f,\"args\":{\"event\":\"admitted\"}}", i + 2, t + 1
            printf ",\n{\"ph\":\"e\",\"cat\":\"task\",\"name\":\"%s\",\"id\":\"0x%x\",\"pid\":1,\"tid\":0,\"ts\":%.3f}", name, i + 2, t + 40
        }
        printf "\n]}\n"
    }' > "$3"
}

# measure FILE → "wall-seconds cpu-seconds peak-kB"
measure() {
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$TASKWARDEN" trace render "$1" -o "$work/page.html" >/dev/null
    read -r wall user system kb < "$work/time"
    echo "$wall $(echo "$user + $system" | bc -l) $kb"
}

echo '[{"ph":"X","pid":1,"tid":1,"name":"a","ts":0,"dur":1}]' > "$work/tiny.json"
read -r _ _ baseline < <(measure "$work/tiny.json")
printf "process alone (one-event trace): peak RSS %.1f MB\n" "$(echo "$baseline / 1024" | bc -l)"
printf "%-10s %9s %10s %9s %9s %10s %9s\n" shape tasks "trace MB" "wall s" "CPU s" "peak MB" "RSS/trace"
for shape in $shapes; do
    declare -A seconds=() peak=()
    for n in "$tasks" "$((tasks * 2))"; do
        generate "$n" "$shape" "$work/trace.json"
        bytes=$(stat -c %s "$work/trace.json")
        read -r wall cpu kb < <(measure "$work/trace.json")
        seconds[$n]=$cpu
        peak[$n]=$kb
        printf "%-10s %9d %10.1f %9.2f %9.2f %10.1f %9.2f\n" "$shape" "$n" "$(echo "$bytes / 1048576" | bc -l)" "$wall" \
            "$cpu" "$(echo "$kb / 1024" | bc -l)" "$(echo "$kb * 1024 / $bytes" | bc -l)"
    done
    double=$((tasks * 2))
    printf "%-10s 2N/N: CPU time %.2fx, peak RSS %.2fx, RSS above the process alone %.2fx\n" "$shape" \
        "$(echo "${seconds[$double]} / ${seconds[$tasks]}" | bc -l)" "$(echo "${peak[$double]} / ${peak[$tasks]}" | bc -l)" \
        "$(echo "(${peak[$double]} - $baseline) / (${peak[$tasks]} - $baseline)" | bc -l)"
    unset seconds peak
done
