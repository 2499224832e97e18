# Sourced by scripts/test-browser.sh and scripts/bench-serve.sh: a work directory removed on exit,
# and `start_serve BIN DB`, which starts `sharp9 serve` on a free loopback port and sets $url
# (with the token) and $server (its pid, stopped on exit).
work=$(mktemp -d)
server=""
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

start_serve() {
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$1" serve --db "$2" --port "$port" >"$work/serve.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do
    grep -q "^sharp9 inspector at " "$work/serve.log" && break
    sleep 0.1
  done
  url=$(sed -n 's/^sharp9 inspector at //p' "$work/serve.log")
  [[ -n "$url" ]] || { cat "$work/serve.log" >&2; echo "serve did not start" >&2; exit 1; }
}
