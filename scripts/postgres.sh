#!/usr/bin/env bash
# A private PostgreSQL cluster for the store's contract tests and benchmarks: initdb in a new
# temporary directory, listening only on a Unix socket in that directory (no TCP port to collide
# with), trust authentication for the one user sharp9, database sharp9.
#
#   eval "$(scripts/postgres.sh start)"   # creates and starts it; prints the exports:
#                                          #   SHARP9_TEST_POSTGRES=postgres://sharp9@/sharp9?host=DIR
#                                          #   SHARP9_POSTGRES_DIR=DIR
#   scripts/postgres.sh stop [DIR]         # stops it and removes DIR (default $SHARP9_POSTGRES_DIR)
#   scripts/postgres.sh kill DIR           # SIGKILLs the server and its backends (crash tests)
#   scripts/postgres.sh restart DIR        # starts a killed or stopped cluster again (recovery)
#
# As root (CI), the server runs as the postgres user (PostgreSQL refuses to run as root).
set -euo pipefail

pg_bin() { # the directory holding initdb and pg_ctl: Debian's newest, else PATH
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [[ -n "$found" && -x "$found/initdb" ]]; then echo "$found"; return; fi
  command -v initdb >/dev/null || {
    echo "sharp9 postgres: initdb not found; run scripts/setup.sh (installs postgresql-15)" >&2
    exit 69
  }
  dirname "$(command -v initdb)"
}

as_server_user() { # runs a server command as postgres when root, else as the caller
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_server() { # DIR: starts the cluster in DIR/data, listening on a socket in DIR only
  local dir=$1
  # fsync and synchronous_commit stay on: the durability tests and benchmarks measure them.
  as_server_user "$(pg_bin)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $dir -c max_connections=200" start >/dev/null \
    || { tail -20 "$dir/server.log" >&2; exit 1; }
}

case "${1:-}" in
  start)
    bin=$(pg_bin)
    dir=$(mktemp -d /tmp/sharp9-pg.XXXXXX)
    if [[ $(id -u) -eq 0 ]]; then
      id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
      chown postgres "$dir"
    fi
    as_server_user "$bin/initdb" -D "$dir/data" -U sharp9 --auth=trust -E UTF8 \
      --no-instructions >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    start_server "$dir"
    as_server_user "$bin/createdb" -h "$dir" -U sharp9 sharp9
    echo "export SHARP9_TEST_POSTGRES='postgres://sharp9@/sharp9?host=$dir'"
    echo "export SHARP9_POSTGRES_DIR='$dir'"
    ;;
  stop)
    dir=${2:-${SHARP9_POSTGRES_DIR:-}}
    [[ -n "$dir" && -d "$dir/data" ]] || { echo "sharp9 postgres: no cluster to stop" >&2; exit 0; }
    as_server_user "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  kill)
    dir=${2:?usage: scripts/postgres.sh kill DIR}
    postmaster=$(head -1 "$dir/data/postmaster.pid")
    backends=$(ps -o pid= --ppid "$postmaster" || true)
    # The postmaster first, so it cannot restart a backend; then every backend it had.
    kill -9 "$postmaster" $backends 2>/dev/null || true
    for pid in $postmaster $backends; do # wait until each is gone or a zombie (nothing reaps it
      while [[ -e /proc/$pid ]] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; do
        sleep 0.05 # in some sandboxes, and PostgreSQL would take a zombie for a live server)
      done
    done
    rm -f "$dir/data/postmaster.pid"
    ;;
  restart)
    dir=${2:?usage: scripts/postgres.sh restart DIR}
    # A killed cluster's orphaned backends may hold its shared memory for a moment.
    for _ in $(seq 50); do
      (start_server "$dir") 2>/dev/null && exit 0
      sleep 0.2
    done
    start_server "$dir"
    ;;
  *)
    echo "usage: scripts/postgres.sh start | stop [DIR] | kill DIR | restart DIR" >&2
    exit 64
    ;;
esac
