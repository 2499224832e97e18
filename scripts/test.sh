#!/usr/bin/env bash
# Runs the whole test suite (and the format lint) after installing what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --build-tests
swift test --skip-build
python3 scripts/check-docs.py "$(swift build --show-bin-path)/sharp9"
if swift format --version >/dev/null 2>&1; then
  swift format lint --strict --recursive Package.swift Sources Tests
fi
