# Sourced by the benchmarks that start `sharp9 serve --port 0` themselves (bench-sync.sh,
# bench-store-postgres.sh): `serve_port LOG` waits up to 30 s for the line the server prints on
# standard output ("sharp9 inspector at http://127.0.0.1:PORT/?token=…") and prints PORT, or
# nothing when it never came.
serve_port() {
  local port=
  for _ in $(seq 1 300); do
    port=$(sed -n 's|^sharp9 inspector at http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$1")
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  echo "$port"
}
