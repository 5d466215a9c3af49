#!/usr/bin/env bash
# Builds a release of the `taskwarden` command: a tarball per platform, an artifact bundle (SE-0305) with one
# variant per platform, a zip of the bundle with its SwiftPM checksum, and the `.binaryTarget(url:checksum:)`
# line for Distribution/Package.swift.
#
#   Scripts/release.sh [OPTIONS] VERSION
#
# See `Scripts/release.sh --help` (the usage text below) for the options. What it builds, by host:
#   Linux  one binary for this machine's architecture, swift-syntax compiled from source, the Swift runtime
#          and Foundation linked statically (`--static-swift-stdlib`): it needs no Swift installation where it
#          runs, only the C library. With the Static Linux SDK installed (`swift sdk list` shows a
#          static-linux SDK), it builds fully static musl binaries for x86_64 and aarch64 instead.
#   macOS  one universal binary (arm64 and x86_64).
# A bundle with every platform: run the script on each, then on the last pass `--merge` with the others'
# taskwarden.artifactbundle folders (the same VERSION).
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: Scripts/release.sh [OPTIONS] VERSION

Builds taskwarden VERSION in release and writes, in the output folder:
  taskwarden-VERSION-PLATFORM.tar.gz        one per platform built (PLATFORM: linux-x86_64, linux-aarch64,
                                            macos-universal), holding taskwarden-VERSION-PLATFORM/bin/taskwarden
  taskwarden.artifactbundle/                info.json and one variant folder per platform
  taskwarden-VERSION.artifactbundle.zip     the bundle, zipped, and its SwiftPM checksum in
  taskwarden-VERSION.artifactbundle.zip.checksum
and prints the .binaryTarget(name:url:checksum:) line for Distribution/Package.swift.

VERSION must be what the built `taskwarden --version` prints (CommandLineTool.version), e.g. 1.0.0.

options:
  --swift-syntax SOURCE  where swift-syntax comes from: `package` (the default; SwiftPM fetches it), or the
                         path of a swift-syntax checkout (a release tag matching your toolchain, e.g. 603.0.x
                         for Swift 6.3). `toolchain` (the toolchain's own SwiftSyntax) only with --dynamic.
  --dynamic              link the Swift runtime dynamically: the binary runs only where this same toolchain is
                         installed at the same path. For checking the bundle's wiring (CI), never for a release.
  --debug                build in debug instead of release (with --dynamic, for CI: reuses a debug build).
  --swift-sdk SDK        build with this Swift SDK instead of for the host (repeatable), e.g.
                         x86_64-swift-linux-musl and aarch64-swift-linux-musl from the Static Linux SDK; by
                         default both are used when `swift sdk list` shows a static-linux SDK.
  --merge BUNDLE         also take the variants of BUNDLE, a taskwarden.artifactbundle another run of this
                         script built for the same VERSION (e.g. on a Mac, or on an aarch64 Linux machine).
  --url URL              the folder URL the zip will be downloaded from (default: a placeholder to replace),
                         used in the printed .binaryTarget line.
  --output DIR           where to write (default: .build/dist/VERSION); emptied first.
  --scratch-path DIR     SwiftPM's build folder (default: .build/dist/build-PLATFORM, or .build with --debug).
  -h, --help             this text.
USAGE
}

die() { echo "release.sh: error: $*" >&2; exit 2; }
note() { echo "release.sh: $*" >&2; }

repo="$(cd "$(dirname "$0")/.." && pwd)"
syntax="package"
dynamic=""
configuration="release"
sdks=()
merges=()
url=""
output=""
scratch=""
version=""

while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --swift-syntax) [[ $# -ge 2 ]] || die "--swift-syntax needs a value: package, toolchain or the path of a swift-syntax checkout"; syntax="$2"; shift 2 ;;
        --dynamic) dynamic=1; shift ;;
        --debug) configuration="debug"; shift ;;
        --swift-sdk) [[ $# -ge 2 ]] || die "--swift-sdk needs the name of an installed Swift SDK (see swift sdk list)"; sdks+=("$2"); shift 2 ;;
        --merge) [[ $# -ge 2 ]] || die "--merge needs the path of a taskwarden.artifactbundle folder"; merges+=("$2"); shift 2 ;;
        --url) [[ $# -ge 2 ]] || die "--url needs the URL of the folder the zip is published in"; url="${2%/}"; shift 2 ;;
        --output) [[ $# -ge 2 ]] || die "--output needs a folder"; output="$2"; shift 2 ;;
        --scratch-path) [[ $# -ge 2 ]] || die "--scratch-path needs a folder"; scratch="$2"; shift 2 ;;
        -*) usage >&2; die "unknown option '$1'" ;;
        *) [[ -z "$version" ]] || { usage >&2; die "one VERSION only (got '$version' and '$1')"; }; version="$1"; shift ;;
    esac
done

[[ -n "$version" ]] || { usage >&2; die "missing VERSION (e.g. 1.0.0)"; }
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] \
    || die "VERSION '$version' is not a semantic version such as 1.0.0 or 1.1.0-beta.1 (SwiftPM resolves the plugin package by it)"
command -v swift >/dev/null || die "no 'swift' on PATH"
command -v zip >/dev/null || die "no 'zip' on PATH (apt-get install zip): the artifact bundle is published as a zip"

# Where swift-syntax comes from, as Package.swift's TASKWARDEN_SWIFT_SYNTAX takes it.
case "$syntax" in
    package) ;;
    toolchain)
        if [[ -z "$dynamic" ]]; then
            die "the toolchain's SwiftSyntax cannot go into a static binary. It is a set of shared libraries
(<toolchain>/usr/lib/swift/host/libSwift*.so) built with library evolution against the toolchain's shared Swift
runtime, so a --static-swift-stdlib binary linking them loads libswiftCore.so beside its static runtime: two
runtimes, each with its own conformance tables, and casts across them go wrong (with Swift 6.3.1, a syntax
node 'is any SyntaxProtocol' is false in such a binary and true in a dynamic one; taskwarden itself does not
even link that way: undefined references to the static Foundation's _FoundationCollections and _FoundationICU
symbols). The binary would also need the toolchain installed at the same path wherever it runs. Use --swift-syntax package, or --swift-syntax PATH
with a swift-syntax checkout at the release tag matching your toolchain (603.0.x for Swift 6.3); --dynamic
builds a toolchain-bound binary for checking the bundle's wiring only."
        fi
        ;;
    "") die "--swift-syntax needs a value: package, toolchain or the path of a swift-syntax checkout" ;;
    *)
        [[ -f "$syntax/Package.swift" && -d "$syntax/Sources/SwiftSyntax" ]] \
            || die "--swift-syntax $syntax: not a swift-syntax checkout (no Package.swift and Sources/SwiftSyntax there)"
        syntax="$(cd "$syntax" && pwd)"
        ;;
esac

host_os="$(uname -s)"
host_arch="$(uname -m)"
[[ "$host_arch" == "arm64" && "$host_os" == "Linux" ]] && host_arch="aarch64"

# The variants to build here: "PLATFORM SDK" (SDK empty for the host).
variants=()
if [[ "$host_os" == "Darwin" ]]; then
    [[ ${#sdks[@]} -eq 0 ]] || die "--swift-sdk is for Linux builds; on macOS the script builds one universal binary"
    variants+=("macos-universal -")
elif [[ "$host_os" == "Linux" ]]; then
    if [[ ${#sdks[@]} -eq 0 && -z "$dynamic" ]] && swift sdk list 2>/dev/null | grep -q "static-linux"; then
        note "the Static Linux SDK is installed: building fully static musl binaries for x86_64 and aarch64"
        sdks=(x86_64-swift-linux-musl aarch64-swift-linux-musl)
    fi
    if [[ ${#sdks[@]} -eq 0 ]]; then
        variants+=("linux-$host_arch -")
    else
        [[ -z "$dynamic" ]] || die "--dynamic and --swift-sdk do not go together (a Swift SDK build is for shipping)"
        [[ "$syntax" != "toolchain" ]] || die "--swift-sdk needs swift-syntax from source (--swift-syntax package or PATH)"
        for sdk in "${sdks[@]}"; do
            case "$sdk" in
                x86_64-*linux*) variants+=("linux-x86_64 $sdk") ;;
                aarch64-*linux*|arm64-*linux*) variants+=("linux-aarch64 $sdk") ;;
                *) die "--swift-sdk $sdk: the script knows x86_64 and aarch64 Linux SDKs only (e.g. x86_64-swift-linux-musl)" ;;
            esac
        done
    fi
else
    die "unsupported host $host_os (Linux or macOS)"
fi

# The target triples SwiftPM matches a variant against (its host triple when it runs the plugin's tool).
triples_of() {
    case "$1" in
        linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
        linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
        macos-universal) echo '"x86_64-apple-macosx", "arm64-apple-macosx"' ;;
        *) return 1 ;;
    esac
}

output="${output:-$repo/.build/dist/$version}"
mkdir -p "$output"
output="$(cd "$output" && pwd)"
rm -rf "${output:?}"/taskwarden.artifactbundle "$output"/taskwarden-"$version"*
bundle="$output/taskwarden.artifactbundle"
mkdir -p "$bundle"

# Validate merges before the long build.
for merge in "${merges[@]+"${merges[@]}"}"; do
    [[ -f "$merge/info.json" ]] || die "--merge $merge: no info.json there (expected a taskwarden.artifactbundle folder)"
    grep -q "\"version\" *: *\"$version\"" "$merge/info.json" \
        || die "--merge $merge: its info.json is not for version $version"
done

cd "$repo"
for variant in "${variants[@]}"; do
    platform="${variant%% *}"
    sdk="${variant#* }"
    flags=(-c "$configuration" --product taskwarden)
    if [[ "$configuration" == "debug" && -z "$scratch" ]]; then
        build_dir="$repo/.build"
    else
        build_dir="${scratch:-$repo/.build/dist/build-$platform}"
    fi
    flags+=(--scratch-path "$build_dir")
    [[ "$sdk" == "-" ]] || flags+=(--swift-sdk "$sdk")
    if [[ "$platform" == macos-universal ]]; then
        flags+=(--arch arm64 --arch x86_64)
    elif [[ -z "$dynamic" ]]; then
        flags+=(--static-swift-stdlib)
    fi
    note "building $platform: TASKWARDEN_SWIFT_SYNTAX=$syntax swift build ${flags[*]}"
    TASKWARDEN_SWIFT_SYNTAX="$syntax" swift build "${flags[@]}" >&2 \
        || die "swift build failed for $platform (see above)"
    binary="$(TASKWARDEN_SWIFT_SYNTAX="$syntax" swift build "${flags[@]}" --show-bin-path)/taskwarden"
    [[ -x "$binary" ]] || die "swift build reported success but $binary is missing"

    # A binary that cannot run here (another architecture) is not checked; one that can must say VERSION.
    if [[ "$sdk" == "-" || "$platform" == "linux-$host_arch" ]]; then
        said="$("$binary" --version 2>&1)" || die "the built $binary does not run: $said"
        [[ "$said" == "taskwarden $version" ]] \
            || die "the built binary says '$said', not 'taskwarden $version': set CommandLineTool.version (Sources/taskwarden/CommandLineTool.swift) to $version and commit before releasing"
    fi

    name="taskwarden-$version-$platform"
    stage="$output/$name"
    mkdir -p "$stage/bin"
    cp "$binary" "$stage/bin/taskwarden"
    # Debug information is most of a static binary's size; the symbol table stays for crash backtraces.
    if [[ "$configuration" == "release" ]]; then
        if [[ "$host_os" == "Darwin" ]]; then strip -S "$stage/bin/taskwarden"
        elif command -v llvm-strip >/dev/null; then llvm-strip --strip-debug "$stage/bin/taskwarden"
        elif command -v strip >/dev/null; then strip --strip-debug "$stage/bin/taskwarden"
        fi
    fi
    tar -C "$output" -czf "$output/$name.tar.gz" "$name"
    mv "$stage" "$bundle/$name"
    note "built $output/$name.tar.gz ($(du -h "$bundle/$name/bin/taskwarden" | cut -f1) binary)"
done

for merge in "${merges[@]+"${merges[@]}"}"; do
    for folder in "$merge"/taskwarden-"$version"-*/; do
        folder="${folder%/}"
        [[ -x "$folder/bin/taskwarden" ]] || die "--merge $merge: $(basename "$folder") has no executable bin/taskwarden"
        if [[ -e "$bundle/$(basename "$folder")" ]]; then
            note "keeping this run's $(basename "$folder"), not the one in $merge"
        else
            cp -R "$folder" "$bundle/"
        fi
    done
done

# info.json: one variant per platform folder in the bundle.
entries=()
for folder in "$bundle"/taskwarden-"$version"-*/; do
    folder="$(basename "$folder")"
    platform="${folder#taskwarden-"$version"-}"
    triples="$(triples_of "$platform")" || die "the bundle holds $folder, whose platform '$platform' the script does not know"
    entries+=("        { \"path\": \"$folder/bin/taskwarden\", \"supportedTriples\": [$triples] }")
done
{
    echo '{'
    echo '  "schemaVersion": "1.0",'
    echo '  "artifacts": {'
    echo '    "taskwarden": {'
    echo "      \"version\": \"$version\","
    echo '      "type": "executable",'
    echo '      "variants": ['
    for i in "${!entries[@]}"; do
        if [[ $i -lt $((${#entries[@]} - 1)) ]]; then echo "${entries[$i]},"; else echo "${entries[$i]}"; fi
    done
    echo '      ]'
    echo '    }'
    echo '  }'
    echo '}'
} > "$bundle/info.json"

zipfile="taskwarden-$version.artifactbundle.zip"
(cd "$output" && zip -qry -X "$zipfile" taskwarden.artifactbundle)
checksum="$(swift package --package-path "$repo" compute-checksum "$output/$zipfile")"
echo "$checksum" > "$output/$zipfile.checksum"

if [[ -n "$dynamic" ]]; then
    note "warning: --dynamic: this bundle runs only where this toolchain is installed at the same path; do not publish it"
fi
note "wrote $output:"
(cd "$output" && ls -1 ./*.tar.gz "$zipfile" "$zipfile.checksum" taskwarden.artifactbundle/info.json) >&2
echo ".binaryTarget(name: \"taskwarden\", url: \"${url:-https://<where the release is published>/$version}/$zipfile\", checksum: \"$checksum\"),"
