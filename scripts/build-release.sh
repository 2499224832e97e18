#!/usr/bin/env bash
# Builds the release `sharp9` the way it ships, and prints its path on stdout (progress on
# stderr). Every script that runs a release binary (demo, benchmarks) builds through here, so
# they all measure the same build and never rebuild each other's.
#
# On Linux the Swift runtime and Foundation are linked statically (--static-swift-stdlib): the
# dynamic loader then maps 17 libraries instead of 31 and the runtime's first type and
# conformance lookups search one image, so a whole `sharp9 state --at` call takes ~19 ms instead
# of ~30 ms and its in-process part ~1 ms less (README, "Benchmarks"). macOS ships the runtime
# with the OS, so the flag is Linux-only.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --product sharp9)
[[ "$(uname -s)" == Linux ]] && flags+=(--static-swift-stdlib)
swift build "${flags[@]}" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/sharp9"
