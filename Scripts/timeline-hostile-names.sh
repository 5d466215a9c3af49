#!/usr/bin/env bash
# Renders a trace whose task names and title are built to break an HTML page (`<!--<script>`, `</script>`,
# `<!--`, U+2028/U+2029, `]]>`, quotes and ampersands) and checks in headless Chromium that the page still runs:
# its script must mark <body data-rendered="N"> with every row, and its #selftest must pass.
#
#   Scripts/timeline-hostile-names.sh
#
# Needs Chromium (Debian: apt-get install -y chromium); set CHROMIUM to use another binary and TASKWARDEN to
# check another build of the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [[ -z "$chromium" ]]; then
    echo "timeline-hostile-names: no Chromium found; install it (apt-get install -y chromium) or set CHROMIUM" >&2
    exit 2
fi
if [[ -z "${TASKWARDEN:-}" ]]; then
    swift build --product taskwarden >/dev/null
    TASKWARDEN="$(swift build --show-bin-path)/taskwarden"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Each name is a JSON string literal (escapes as JSON writes them).
names=(
    '"price:<!--<script>"'
    '"price:</script><img src=x onerror=alert(1)>"'
    '"price:<!--"'
    '"price:-->"'
    '"price:\u2028line\u2029para"'
    '"price:]]>&amp;<![CDATA["'
    '"price:</SCRIPT >"'
    '"price:\"quoted\" & <b>bold</b>"'
)
{
    printf '['
    for i in "${!names[@]}"; do
        [[ $i -gt 0 ]] && printf ','
        printf '{"ph":"b","cat":"task","name":%s,"id":%d,"pid":1,"ts":%d},' "${names[$i]}" "$i" "$((i * 10))"
        printf '{"ph":"e","cat":"task","name":%s,"id":%d,"pid":1,"ts":%d}' "${names[$i]}" "$i" "$((i * 10 + 25))"
    done
    printf ']\n'
} > "$work/trace.json"
"$TASKWARDEN" trace render "$work/trace.json" -o "$work/timeline.html" --title '<!--<script> </script>'

chrome=("$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --window-size=1400,900)
dom="$("${chrome[@]}" --dump-dom "file://$work/timeline.html" 2>/dev/null)"
rendered="$(grep -o 'data-rendered="[0-9]*"' <<<"$dom" || true)"
if [[ "$rendered" != "data-rendered=\"${#names[@]}\"" ]]; then
    echo "timeline-hostile-names: the page did not render its ${#names[@]} rows in Chromium (${rendered:-no data-rendered mark})" >&2
    exit 1
fi
selftest="$("${chrome[@]}" --dump-dom "file://$work/timeline.html#selftest" 2>/dev/null | grep -o 'data-selftest="[^"]*"' || true)"
if [[ "$selftest" != 'data-selftest="ok"' ]]; then
    echo "timeline-hostile-names: the page's self-test failed in Chromium: ${selftest:-no result}" >&2
    exit 1
fi
echo "timeline-hostile-names: $rendered of ${#names[@]} hostile names, self-test ok"
