#!/usr/bin/env bash
# Tools the test suite and CI's checks drive, installed when missing (called by .ci/run before `swift test`).
#   tmux  `taskwarden top` is tested the way a person uses it: in a tmux pane, with keystrokes
#         (Tests/taskwardenTests/TopTerminalTests.swift skips, saying so, when tmux is absent).
#   zip, unzip  Scripts/release.sh zips the artifact bundle; .ci/binary-plugin-check reads the zip back.
set -euo pipefail
for tool in tmux zip unzip; do
    command -v "$tool" >/dev/null 2>&1 && continue
    if command -v apt-get >/dev/null 2>&1; then
        apt-get install -y "$tool" || { apt-get update && apt-get install -y "$tool"; }
    elif command -v brew >/dev/null 2>&1; then
        brew install "$tool"
    else
        echo "ci-prerequisites: $tool is missing and neither apt-get nor brew is available" >&2
        exit 1
    fi
done
