#!/usr/bin/env bash
# Waveform peaks speed and memory: `sharp9 peaks` on a 1-hour stereo 44.1 kHz 16-bit WAV, against
# (a) a bare C loop that sf_readf_float()s the whole file through libsndfile (the speed floor the
# issue names) and (b) `sox FILE -n stat` (a peer that also scans every sample), in the same run.
#
# Usage: scripts/bench-peaks.sh [RUNS]   (default 5; env BENCH_DIR, BENCH_SECONDS to change the
# scratch directory and the file length). Reports median wall seconds, ratios to the raw read and
# peak resident memory (max RSS from /usr/bin/time -v).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
seconds="${BENCH_SECONDS:-3600}"
dir="${BENCH_DIR:-/tmp/sharp9-bench-peaks}"
mkdir -p "$dir"
wav="$dir/hour-${seconds}s.wav"

sharp9=$(bash scripts/build-release.sh 2>/dev/null)

if [[ ! -f "$wav" ]]; then
  echo "generating ${seconds} s of stereo pink noise at 44.1 kHz, 16-bit: $wav" >&2
  sox -n -r 44100 -c 2 -b 16 "$wav" synth "$seconds" pinknoise vol 0.5
fi

cat >"$dir/rawread.c" <<'C'
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
/* Reads every frame as float in 16384-frame chunks, the way sharp9 does, and touches the data
   so the loop cannot be optimised away. */
int main(int argc, char **argv) {
  SF_INFO info = {0};
  SNDFILE *file = sf_open(argv[1], SFM_READ, &info);
  if (!file) { fprintf(stderr, "%s\n", sf_strerror(NULL)); return 1; }
  enum { CHUNK = 16384 };
  float *buffer = malloc(sizeof(float) * CHUNK * info.channels);
  sf_count_t got, total = 0;
  float sink = 0;
  while ((got = sf_readf_float(file, buffer, CHUNK)) > 0) { total += got; sink += buffer[0]; }
  printf("%lld frames %g\n", (long long)total, sink);
  sf_close(file);
  free(buffer);
  return 0;
}
C
cc -O2 -o "$dir/rawread" "$dir/rawread.c" -lsndfile

# Warm the page cache so every contender reads from memory, not disk.
cat "$wav" >/dev/null

measure() {  # name command...: appends "name seconds maxrss_kib" to $dir/results
  local name="$1"; shift
  /usr/bin/time -f "%e %M" -o "$dir/time.txt" "$@" >/dev/null 2>"$dir/stderr.txt" || {
    cat "$dir/stderr.txt" >&2; exit 1; }
  echo "$name $(cat "$dir/time.txt")" >>"$dir/results"
}

: >"$dir/results"
for ((run = 1; run <= runs; run++)); do
  measure raw-libsndfile-read "$dir/rawread" "$wav"
  measure sharp9-peaks-text "$sharp9" peaks "$wav" --buckets 2000
  measure sharp9-peaks-json "$sharp9" peaks "$wav" --buckets 2000 --json
  measure sox-stat sox "$wav" -n stat
done

python3 - "$dir/results" "$runs" "$seconds" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
names = list(dict.fromkeys(row[0] for row in rows))
median = {n: statistics.median(float(r[1]) for r in rows if r[0] == n) for n in names}
memory = {n: max(int(r[2]) for r in rows if r[0] == n) for n in names}
base = median["raw-libsndfile-read"]
print(f"{int(sys.argv[3])} s stereo 44.1 kHz 16-bit WAV, median of {sys.argv[2]} runs")
print(f"| contender | median s | × raw read | peak RSS MiB |")
print(f"| --- | ---: | ---: | ---: |")
for n in names:
    print(f"| {n} | {median[n]:.3f} | {median[n] / base:.2f} | {memory[n] / 1024:.1f} |")
PY
