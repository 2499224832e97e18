# Sourced by scripts/test-browser.sh and scripts/bench-serve.sh: a work directory removed on exit,
# `start_serve BIN DB`, which starts `sharp9 serve` on a free loopback port and sets $url (with
# the token) and $server (its pid, stopped on exit), and `start_app BIN DB`, the same for
# `sharp9 app` on the null clock ($app_url, $app); `start_recording_app BIN DB` starts one that
# records ($rec_app_url, $rec_app); the pids in `pids` are stopped on exit too.
work=$(mktemp -d)
server=""
app=""
rec_app=""
pids=()
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [[ -n "$app" ]] && kill "$app" 2>/dev/null && wait "$app" 2>/dev/null
  [[ -n "$rec_app" ]] && kill "$rec_app" 2>/dev/null && wait "$rec_app" 2>/dev/null
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits for "$2 at URL" in the log $1 and prints the URL.
printed_url() {
  for _ in $(seq 100); do
    grep -qs "^$2 at " "$1" && break
    sleep 0.1
  done
  sed -n "s/^$2 at //p" "$1"
}

start_app() {
  "$1" app --no-device --db "$2" --port "$(free_port)" >"$work/app.log" 2>&1 &
  app=$!
  app_url=$(printed_url "$work/app.log" "sharp9 app")
  [[ -n "$app_url" ]] || { cat "$work/app.log" >&2; echo "app did not start" >&2; exit 1; }
}
trap cleanup EXIT

# `sharp9 app` on the private PulseAudio server's null sink, recording from its monitor
# ($rec_app_url, $rec_app): start_private_pulse first.
start_recording_app() {
  "$1" app --device pulse --input pulse --buffer 100 --db "$2" --port "$(free_port)" >"$work/rec-app.log" 2>&1 &
  rec_app=$!
  rec_app_url=$(printed_url "$work/rec-app.log" "sharp9 app")
  [[ -n "$rec_app_url" ]] || { cat "$work/rec-app.log" >&2; echo "app did not start" >&2; exit 1; }
}

start_serve() {
  "$1" serve --db "$2" --port "$(free_port)" >"$work/serve.log" 2>&1 &
  server=$!
  url=$(printed_url "$work/serve.log" "sharp9 inspector")
  [[ -n "$url" ]] || { cat "$work/serve.log" >&2; echo "serve did not start" >&2; exit 1; }
}
