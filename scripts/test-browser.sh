#!/usr/bin/env bash
# Browser tests of `sharp9 serve` in a real headless Chromium (Debian's /usr/bin/chromium, driven
# by Playwright for Python from a virtual environment; `playwright install` is never run).
# Builds sharp9, imports the test session, starts the server on a free loopback port, runs pytest,
# stops the server. Screenshots go to docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

venv=.build-venv
requirements=Tests/browser/requirements.txt
if ! cmp -s "$requirements" "$venv/installed-requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r "$requirements"
  cp "$requirements" "$venv/installed-requirements.txt"
fi

swift build --product sharp9 >/dev/null
bin="$(swift build --show-bin-path)/sharp9"
work=$(mktemp -d)
server=""
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

python3 Tests/browser/make_fixture.py "$work"
(cd "$work" && "$bin" import practice.jsonl --db "$work/sharp9.sqlite" >/dev/null)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" serve --db "$work/sharp9.sqlite" --port "$port" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  grep -q "^sharp9 inspector at " "$work/serve.log" && break
  sleep 0.1
done
url=$(sed -n 's/^sharp9 inspector at //p' "$work/serve.log")
[[ -n "$url" ]] || { cat "$work/serve.log" >&2; echo "test-browser: serve did not start" >&2; exit 1; }

status=0
SHARP9_URL="$url" SHARP9_BIN="$bin" SHARP9_DB="$work/sharp9.sqlite" SHARP9_WORK="$work" \
  "$venv/bin/pytest" -q Tests/browser "$@" || status=$?
if [[ $status -eq 5 ]]; then
  echo "test-browser: pytest collected no tests" >&2
fi
exit $status
