#!/usr/bin/env bash
# Renders the price-check example's trace as an HTML timeline, checks the page in headless Chromium (its script
# must run and mark the body as rendered, and its #selftest of hover, zoom, fit, folding and filtering must
# pass), and saves a screenshot to docs/timeline.png.
#
#   Scripts/timeline-screenshot.sh [OUTPUT.png]
#
# Needs Chromium (Debian: apt-get install -y chromium). Set CHROMIUM to use another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-docs/timeline.png}"
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [[ -z "$chromium" ]]; then
    echo "timeline-screenshot: no Chromium found; install it (apt-get install -y chromium) or set CHROMIUM" >&2
    exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build --product price-check >/dev/null
swift build --product taskwarden >/dev/null
bin="$(swift build --show-bin-path)"

# A small wantlist and a tight limit, so one screen shows the fan-out at 6 and the limiter's windows.
"$bin/price-check" --items 36 --server-limit 10 --window-ms 200 --initial-limit 16 --trace "$work/trace.json"
"$bin/taskwarden" trace render "$work/trace.json" -o "$work/timeline.html" --title "price-check (36 releases, 10 per 200 ms)"

chrome=("$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --window-size=1400,900)
dom="$("${chrome[@]}" --dump-dom "file://$work/timeline.html" 2>/dev/null)"
if ! grep -q 'data-rendered="[1-9]' <<<"$dom"; then
    echo "timeline-screenshot: the page did not render in Chromium (no data-rendered mark on <body>)" >&2
    exit 1
fi
# The page's self-test drives hover, zoom, fit, folding and filtering through DOM events.
selftest="$("${chrome[@]}" --dump-dom "file://$work/timeline.html#selftest" 2>/dev/null | grep -o 'data-selftest="[^"]*"' || true)"
if [[ "$selftest" != 'data-selftest="ok"' ]]; then
    echo "timeline-screenshot: the page's interactive self-test failed in Chromium: ${selftest:-no result}" >&2
    exit 1
fi
mkdir -p "$(dirname "$output")"
"${chrome[@]}" --screenshot="$PWD/$output" "file://$work/timeline.html" 2>/dev/null
echo "timeline-screenshot: $(grep -o 'data-rendered="[0-9]*"' <<<"$dom") rows, self-test ok; wrote $output"
