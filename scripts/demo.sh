#!/usr/bin/env bash
# The main job on a built-in demo (extended as the event store and renderer land).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product sharp9 >&2
.build/release/sharp9 --help
