#!/usr/bin/env bash
# Writes sharp9's man page, docs/sharp9.1 (or the path given), from the command's own help
# model: `sharp9 --experimental-dump-help` prints every command, argument and help text as JSON
# (swift-argument-parser's ToolInfo), and scripts/lib/manpage.py turns that into man(7) roff.
# The page has no date, so the same binary always writes the same bytes, and a test checks that
# docs/sharp9.1 is current.
#
#   scripts/man.sh                 # writes docs/sharp9.1 with .build/debug/sharp9
#   SHARP9_BIN=path scripts/man.sh out.1
#   man -l docs/sharp9.1           # read it
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-docs/sharp9.1}"
binary="${SHARP9_BIN:-}"
if [[ -z "$binary" ]]; then
  swift build --product sharp9 >&2
  binary="$(swift build --show-bin-path)/sharp9"
fi
version="$("$binary" --version | head -n 1)"
"$binary" --experimental-dump-help | python3 scripts/lib/manpage.py "$version" >"$output.tmp"
mv "$output.tmp" "$output"
