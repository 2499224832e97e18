#!/usr/bin/env bash
# Installs the system packages sharp9 builds against (and, with --bench, the peers its benchmarks
# compare with), using apt with sudo when not root. Installs only what is missing.
set -euo pipefail

# Build: the system libraries the C shims wrap. Test: what the live player's and the inspector's
# tests start (a private PulseAudio server with a null sink and its ALSA plugin, tmux for the
# terminal player, Chromium and a Python virtual environment for the browser tests).
packages=(pkg-config libsqlite3-dev libsndfile1-dev libsamplerate0-dev libfftw3-dev
  portaudio19-dev libncurses-dev
  pulseaudio pulseaudio-utils libasound2-plugins tmux chromium python3-venv)
if [[ "${1:-}" == "--bench" ]]; then
  packages+=(rubberband-cli soundstretch sox libsox-fmt-base espeak-ng sqlite3 python3-numpy
    python3-scipy)
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

# The stretch benchmark's music recording: one Ogg Vorbis track from a small Debian data package
# (funnyboat, 3.7 MB download; "Trip on the Funny Boat" by JDruid, 44.1 kHz stereo). Only the
# track is needed, so the .deb is fetched and unpacked into a cache instead of installing the game
# and its SDL dependencies.
if [[ "${1:-}" == "--bench" ]]; then
  bench_music_package=funnyboat
  bench_music_cache="${XDG_CACHE_HOME:-$HOME/.cache}/sharp9-bench/$bench_music_package"
  if ! compgen -G "$bench_music_cache/usr/share/games/funnyboat/data/*.ogg" >/dev/null; then
    echo "sharp9 setup: fetching the benchmark music ($bench_music_package)" >&2
    bench_music_tmp=$(mktemp -d)
    if ! (cd "$bench_music_tmp" && apt-get download -qq "$bench_music_package" >/dev/null 2>&1); then
      sudo=""
      [[ $(id -u) -eq 0 ]] || sudo="sudo"
      $sudo apt-get update -qq
      (cd "$bench_music_tmp" && apt-get download -qq "$bench_music_package" >/dev/null)
    fi
    mkdir -p "$bench_music_cache"
    dpkg-deb -x "$bench_music_tmp/$bench_music_package"_*.deb "$bench_music_cache"
    rm -rf "$bench_music_tmp"
  fi
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
