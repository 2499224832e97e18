#!/usr/bin/env bash
# Builds the release `sharp9` the way it ships, and prints its path on stdout (progress on
# stderr). Every script that runs a release binary (demo, benchmarks) builds through here, so
# they all measure the same build and never rebuild each other's.
#
# On Linux the Swift runtime and Foundation are linked statically (--static-swift-stdlib): the
# dynamic loader then maps 17 libraries instead of 31 and the runtime's first type and
# conformance lookups search one image, so a whole `sharp9 state --at` call takes ~19 ms instead
# of ~30 ms and its in-process part ~1 ms less (docs/benchmarks/store.md). macOS ships the runtime
# with the OS, so the flag is Linux-only. With the runtime linked in, the binary needs nothing
# beside it either, so it carries no RUNPATH $ORIGIN (SwiftPM's default for a product's own
# libraries, of which it has none): installed as /usr/bin/sharp9 (scripts/package.sh) it loads
# libraries from the system's folders only.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --product sharp9)
[[ "$(uname -s)" == Linux ]] && flags+=(--static-swift-stdlib --disable-local-rpath)
# Quiet: the compiler's progress (hundreds of lines on a first build) goes to a log, and stderr
# gets one line, updated in place on a terminal; a failed build prints the log in full, less the
# per-file progress lines, so every error and warning is still shown.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
if [[ -t 2 ]]; then
  swift build "${flags[@]}" 2>&1 | tee "$log" | while IFS= read -r line; do
    [[ "$line" =~ ^\[([0-9]+)/([0-9]+)\] ]] \
      && printf '\r\033[Ksharp9: building the release binary: step %s of %s' \
        "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" >&2
  done
  status=${PIPESTATUS[0]}
  printf '\r\033[K' >&2
else
  echo "sharp9: building the release binary (a first build takes several minutes)" >&2
  swift build "${flags[@]}" >"$log" 2>&1
  status=$?
fi
set -e
if ((status != 0)); then
  grep -Ev '^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Linking|Write|Wrapping|Applying)' "$log" >&2
  echo "sharp9: the release build failed (status $status); its output is above" >&2
  exit "$status"
fi
echo "$(swift build "${flags[@]}" --show-bin-path)/sharp9"
