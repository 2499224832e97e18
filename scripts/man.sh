#!/usr/bin/env bash
# Writes sharp9's man page, out/sharp9.1 (or the path given), from the command's own help
# model: `sharp9 --experimental-dump-help` prints every command, argument and help text as JSON
# (swift-argument-parser's ToolInfo), and scripts/lib/manpage.py turns that into man(7) roff.
# The page has no date, so the same binary always writes the same bytes. Nothing generated is
# committed: scripts/package.sh puts the page in the packages, and a test checks it renders.
#
# Why not swift-argument-parser's generate-manual plugin (1.8.2), measured on this package: it
# fills the exit-status table into one paragraph, drops "…" from the help texts, gives 6 mdoc
# warnings (this page: none), and builds the package itself in its own configuration, so it
# cannot document the static release binary the packages ship.
#
#   scripts/man.sh                 # writes out/sharp9.1 with .build/debug/sharp9
#   SHARP9_BIN=path scripts/man.sh page.1
#   man -l out/sharp9.1            # read it
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-out/sharp9.1}"
mkdir -p "$(dirname "$output")"
binary="${SHARP9_BIN:-}"
if [[ -z "$binary" ]]; then
  swift build --product sharp9 >&2
  binary="$(swift build --show-bin-path)/sharp9"
fi
version="$("$binary" --version | head -n 1)"
"$binary" --experimental-dump-help | python3 scripts/lib/manpage.py "$version" >"$output.tmp"
mv "$output.tmp" "$output"
