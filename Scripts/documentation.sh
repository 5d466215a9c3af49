#!/usr/bin/env bash
# The runtime libraries' DocC documentation: TaskWarden, TaskWardenBackground and TaskWardenTesting, each a
# catalog (Sources/MODULE/MODULE.docc) with a landing page and the module's guides as articles.
#
#   Scripts/documentation.sh sync    regenerate the guide articles in the catalogs from Guides/*.md
#   Scripts/documentation.sh check   fail if an article differs from what sync would write
#   Scripts/documentation.sh build   check, then build each module's documentation archive offline with the
#                                    toolchain's docc from the symbol graphs `swift build` emits; any DocC
#                                    warning (a broken symbol or article link, an undocumented parameter)
#                                    fails. Archives: .build/documentation/MODULE.doccarchive
#
# One source of truth: Guides/*.md are the guides (the README links them, GitHub renders them, their owners
# edit them there); the catalogs' copies are generated, never edited, and `check` (run by `build`, so by CI)
# fails as soon as they drift. The copy is committed because the Swift Package Index builds the catalogs as
# they are in the repository (.spi.yml). Generating rewrites what DocC reads differently from GitHub: a link
# to a guide of the same module becomes <doc:Guide>, one to a guide of another module names it in words, and
# an image is copied into the catalog.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

# Which guides are articles of which module, in the order the landing pages list them.
modules=(TaskWarden TaskWardenBackground TaskWardenTesting)
guides_of() {
    case "$1" in
        TaskWarden) echo "ChoosingAnOwner CancellationShield TaskIdentity Census FanOut RateLimiter Tracing" ;;
        TaskWardenBackground) echo "BackgroundRefresh" ;;
        TaskWardenTesting) echo "BackgroundSimulator" ;;
    esac
}
# The article's name in DocC (what <doc:…> links use): the guide's, unless a symbol of the module has it.
article_of() {
    case "$1" in
        RateLimiter) echo "RateLimiting" ;;
        BackgroundSimulator) echo "TestingBackgroundRefresh" ;;
        *) echo "$1" ;;
    esac
}
module_of_guide() {
    local module guide
    for module in "${modules[@]}"; do
        for guide in $(guides_of "$module"); do
            [[ "$guide" == "$1" ]] && { echo "$module"; return 0; }
        done
    done
    return 1
}
marker="Generated from Guides/"

fail() { echo "documentation.sh: $*" >&2; exit 1; }

# Writes the generated files of every catalog under $1 (same layout as the repository).
generate() {
    local root="$1" module guide catalog source title image
    for module in "${modules[@]}"; do
        catalog="$root/Sources/$module/$module.docc"
        mkdir -p "$catalog"
        for guide in $(guides_of "$module"); do
            source="Guides/$guide.md"
            [[ -f "$source" ]] || fail "$source is missing (listed for $module in Scripts/documentation.sh)"
            title="$(head -n 1 "$source")"
            [[ "$title" == "# "* ]] || fail "$source must start with a '# Title' line (DocC takes an article's title from it)"
            {
                echo "$title"
                echo
                echo "<!-- $marker$guide.md by Scripts/documentation.sh sync: edit that file, not this one. -->"
                tail -n +2 "$source" | rewrite_links "$module" "$source"
            } > "$catalog/$(article_of "$guide").md"
            # Images the guide shows are copied next to the articles (DocC finds them by file name).
            { grep -o '!\[[^]]*\]([^)]*)' "$source" || true; } | sed 's/.*](\(.*\))/\1/' | while read -r image; do
                [[ "$image" == http* ]] && continue
                [[ -f "Guides/$image" ]] || fail "$source shows $image, which does not exist"
                mkdir -p "$catalog/Resources"
                cp "Guides/$image" "$catalog/Resources/$(basename "$image")"
            done
        done
    done
}

# Rewrites a guide's relative links for DocC (reads the guide on stdin).
rewrite_links() {
    local module="$1" source="$2" table="" name
    for name in $(for m in "${modules[@]}"; do guides_of "$m"; done); do
        table+="$name=$(module_of_guide "$name"):$(article_of "$name") "
    done
    MODULE="$module" TABLE="$table" SOURCE="$source" perl -pe '
        BEGIN { for (split / /, $ENV{TABLE}) { my ($g, $m, $a) = split /[=:]/; $home{$g} = $m; $article{$g} = $a; } }
        sub title { open(my $f, "<", "Guides/$_[0].md") or return $_[0]; my $t = <$f>; $t =~ s/^# //; chomp $t; $t }
        # Images: by file name, from the catalog.
        s{!\[([^\]]*)\]\((?!https?:)(?:[^)]*/)?([^/)]+)\)}{![$1]($2)}g;
        # Links to another guide.
        s{(?<!!)\[([^\]]*)\]\(([A-Za-z]+)\.md(?:#[^)]*)?\)}{
            !exists $home{$2} ? "$1 (Guides/$2.md in the repository)"
            : $home{$2} eq $ENV{MODULE} ? "<doc:$article{$2}>"
            : "*" . title($2) . "* (an article of the $home{$2} documentation)"
        }ge;
        # Any other relative link: its text, and where it points in the repository.
        s{(?<!!)\[([^\]]*)\]\((?!https?:|mailto:|#|doc:)(?:\.\./)*([^)]+)\)}{$1 ($2 in the repository)}g;
    '
}

sync() {
    local module
    # Generated articles of guides that moved or went away go too.
    for module in "${modules[@]}"; do
        { grep -l -F "$marker" "Sources/$module/$module.docc/"*.md 2>/dev/null || true; } | xargs rm -f
    done
    generate "$repo"
}

check() {
    local scratch module file status=0
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/taskwarden-docs.XXXXXX")"
    trap 'rm -rf "$scratch"; trap - RETURN' RETURN
    generate "$scratch"
    for module in "${modules[@]}"; do
        for file in "$scratch/Sources/$module/$module.docc/"*.md; do
            file="${file#"$scratch/"}"
            cmp -s "$scratch/$file" "$file" || { echo "documentation.sh: $file differs from its guide" >&2; status=1; }
        done
        for file in $(grep -l -F "$marker" "Sources/$module/$module.docc/"*.md 2>/dev/null || true); do
            [[ -f "$scratch/$file" ]] || { echo "documentation.sh: $file was generated from a guide that is no longer listed" >&2; status=1; }
        done
        if [[ -d "$scratch/Sources/$module/$module.docc/Resources" ]]; then
            for file in "$scratch/Sources/$module/$module.docc/Resources/"*; do
                file="${file#"$scratch/"}"
                cmp -s "$scratch/$file" "$file" || { echo "documentation.sh: $file differs from the guide's image" >&2; status=1; }
            done
        fi
    done
    [[ $status -eq 0 ]] || fail "the catalogs' guide articles are out of date: run Scripts/documentation.sh sync and commit"
    echo "documentation.sh: the guide articles match Guides/"
}

build() {
    command -v swift >/dev/null || fail "no 'swift' on PATH"
    local docc module work="$repo/.build/documentation"
    docc="$(dirname "$(command -v swift)")/docc"
    [[ -x "$docc" ]] || docc="$(xcrun --find docc 2>/dev/null || true)"
    [[ -x "$docc" ]] || fail "the toolchain has no docc next to swift"
    check
    # A build folder of its own, rebuilt from nothing: symbol graphs are written only when a module compiles,
    # so reusing an up-to-date build would leave none (or stale ones). The runtime modules build in seconds.
    rm -rf "$work"
    mkdir -p "$work/symbol-graphs"
    echo "== swift build (runtime modules, emitting symbol graphs)"
    swift build --target TaskWardenTesting --scratch-path "$work/build" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/symbol-graphs" \
        > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "swift build failed"; }
    for module in "${modules[@]}"; do
        mkdir -p "$work/graphs/$module"
        cp "$work/symbol-graphs/$module.symbols.json" "$work/graphs/$module/" \
            || fail "swift build wrote no symbol graph for $module"
        cp "$work/symbol-graphs/$module@"*.symbols.json "$work/graphs/$module/" 2>/dev/null || true
        echo "== docc convert $module"
        "$docc" convert "Sources/$module/$module.docc" \
            --additional-symbol-graph-dir "$work/graphs/$module" \
            --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
            --output-path "$work/$module.doccarchive" \
            --warnings-as-errors > "$work/$module.log" 2>&1 \
            || { cat "$work/$module.log"; fail "docc reported problems in $module's documentation (above)"; }
        grep -q -E "^(warning|error):" "$work/$module.log" && { cat "$work/$module.log"; fail "docc warned about $module's documentation"; }
        echo "$work/$module.doccarchive"
    done
}

case "${1:-}" in
    sync) sync ;;
    check) check ;;
    build) build ;;
    *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
