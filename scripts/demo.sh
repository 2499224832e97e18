#!/usr/bin/env bash
# The main job on a built-in demo (extended as the event store and renderer land): builds sharp9
# in release mode and reduces the bundled practice session, printing the final state.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product sharp9 >&2
echo "== sharp9 reduce scripts/demo/practice-session.jsonl (the state after the session)" >&2
.build/release/sharp9 reduce scripts/demo/practice-session.jsonl
