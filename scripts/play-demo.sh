#!/usr/bin/env bash
# Plays the bundled étude in the live player through the default output device (or --device
# NAME): practise on it, quit with q, then render what you heard with the command it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(bash scripts/build-release.sh)
exec "$bin" play scripts/demo/etude.flac "$@"
