#!/usr/bin/env bash
# Installs the system packages sharp9 builds against (and, with --bench, the peers its benchmarks
# compare with), using apt with sudo when not root. Installs only what is missing.
set -euo pipefail

# Build: the system libraries the C shims wrap. Test: what the live player's and the inspector's
# tests start (a private PulseAudio server with a null sink and its ALSA plugin, tmux for the
# terminal player, Chromium and a Python virtual environment for the browser tests, and the
# sqlite3 shell the store tests use to damage databases, and groff, which checks the man page). Packaging: dpkg-shlibdeps (dpkg-dev)
# for the .deb's dependencies, strip and readelf (binutils), man for checking the man page.
# ladspa-sdk's delay line: the known delay scripts/test-record.sh calibrates through.
# PostgreSQL 15's server (initdb, pg_ctl): the store's contract tests run against a private
# cluster of it too (scripts/postgres.sh). libcurl4-openssl-dev: Foundation's URLSession on Linux,
# which `sharp9 push` and `pull` send with, is built on libcurl, and the release binary links it.
packages=(pkg-config libsqlite3-dev libsndfile1-dev libfftw3-dev
  portaudio19-dev libncurses-dev sqlite3 postgresql-15 libcurl4-openssl-dev
  pulseaudio pulseaudio-utils libasound2-plugins ladspa-sdk tmux chromium python3-venv
  groff-base dpkg-dev binutils man-db)
if [[ "${1:-}" == "--bench" ]]; then
  packages+=(rubberband-cli soundstretch sox libsox-fmt-base espeak-ng python3-numpy
    python3-scipy aubio-tools)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  if ! command -v apt-get >/dev/null; then
    echo "sharp9 setup: please install ${missing[*]} with your package manager" >&2
    exit 1
  fi
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "sharp9 setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# The stretch benchmark's music recordings: one Ogg Vorbis track each from two Debian data
# packages, 44.1 kHz stereo: funnyboat (3.7 MB download; "Trip on the Funny Boat" by JDruid, content
# to about 18 kHz) and xmoto-data (32 MB; "foxrun", content to 21 kHz, for the band-retention
# table). Only the tracks are needed, so each .deb is fetched and unpacked into a cache instead of
# installing the games and their SDL dependencies; everything but the track is dropped.
bench_fetch_track() { # package, path of the track inside it
  local package=$1 track=$2
  local cache="${XDG_CACHE_HOME:-$HOME/.cache}/sharp9-bench/$package"
  [[ -f "$cache/$track" ]] && return 0
  echo "sharp9 setup: fetching the benchmark music ($package)" >&2
  local tmp
  tmp=$(mktemp -d)
  if ! (cd "$tmp" && apt-get download -qq "$package" >/dev/null 2>&1); then
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    (cd "$tmp" && apt-get download -qq "$package" >/dev/null)
  fi
  dpkg-deb -x "$tmp/$package"_*.deb "$tmp/root"
  mkdir -p "$cache/$(dirname "$track")"
  mv "$tmp/root/$track" "$cache/$track"
  rm -rf "$tmp"
}
# The beat benchmark's other peer, librosa, comes from PyPI (Debian has no package): a virtual
# environment under the checkout, rebuilt when scripts/bench_beats/requirements.txt changes.
bench_venv="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.build-venv-bench"
bench_python_peers() {
  local requirements
  requirements="$(dirname "$bench_venv")/scripts/bench_beats/requirements.txt"
  cmp -s "$requirements" "$bench_venv/installed-requirements.txt" && return 0
  echo "sharp9 setup: installing librosa into $bench_venv" >&2
  python3 -m venv "$bench_venv"
  "$bench_venv/bin/pip" install -q -r "$requirements"
  cp "$requirements" "$bench_venv/installed-requirements.txt"
}
if [[ "${1:-}" == "--bench" ]]; then
  bench_python_peers
  bench_fetch_track funnyboat "usr/share/games/funnyboat/data/JDruid-Trip_on_the_Funny_Boat.ogg"
  bench_fetch_track xmoto-data "usr/share/games/xmoto/Textures/Musics/foxrun.ogg"
fi

if ! command -v swift >/dev/null; then
  for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [[ -x "$candidate/swift" ]] && export PATH="$candidate:$PATH"
  done
fi
command -v swift >/dev/null || {
  echo "sharp9 setup: a Swift 6 toolchain is required (https://swift.org/install)" >&2
  exit 1
}
