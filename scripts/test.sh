#!/usr/bin/env bash
# Runs the whole test suite (and the format lint) after installing what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# Zero warnings in sharp9's own code: a fresh build (CI's) prints every file's warnings, an
# incremental one those of the files it compiled again.
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
swift build --build-tests 2>&1 | tee "$build_log"
if grep -E "^$(pwd)/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$build_log"; then
  echo "test.sh: sharp9's code builds with warnings (above); fix them" >&2
  exit 1
fi
rm -f "$build_log"
# The store's contract suite runs against PostgreSQL as well as SQLite: a private cluster for this
# run, stopped on exit; SHARP9_REQUIRE_POSTGRES makes a missing cluster fail the tests.
postgres_env=$(bash scripts/postgres.sh start)
eval "$postgres_env"
trap 'bash scripts/postgres.sh stop "$SHARP9_POSTGRES_DIR"' EXIT
export SHARP9_REQUIRE_POSTGRES=1
swift test --skip-build
python3 scripts/check-docs.py "$(swift build --show-bin-path)/sharp9"
if swift format --version >/dev/null 2>&1; then
  swift format lint --strict --recursive Package.swift Sources Tests
fi
