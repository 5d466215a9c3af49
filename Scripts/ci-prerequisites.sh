#!/usr/bin/env bash
# Tools the test suite drives, installed when missing (called by .ci/run before `swift test`).
#   tmux  `taskwarden top` is tested the way a person uses it: in a tmux pane, with keystrokes
#         (Tests/taskwardenTests/TopTerminalTests.swift skips, saying so, when tmux is absent).
set -euo pipefail
if ! command -v tmux >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        apt-get install -y tmux || { apt-get update && apt-get install -y tmux; }
    elif command -v brew >/dev/null 2>&1; then
        brew install tmux
    else
        echo "ci-prerequisites: tmux is missing and neither apt-get nor brew is available" >&2
        exit 1
    fi
fi
