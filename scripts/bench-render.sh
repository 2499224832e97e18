#!/usr/bin/env bash
# Render benchmark: `sharp9 render` against the stretch engine's own speed on the same material
# (`sharp9 stretch` at the same speed and pitch), measured in the same run with hyperfine
# (medians), and the peak memory of rendering a short and a 1-hour session (/usr/bin/time -v):
# flat memory means the two peaks are about equal.
#
# Usage: scripts/bench-render.sh [runs]   (default 5 runs per command)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh --bench
runs="${1:-5}"
sharp9=$(bash scripts/build-release.sh)
work="$(mktemp -d "${TMPDIR:-/tmp}/sharp9-bench-render.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"

# Material: 60 s of 44.1 kHz stereo music-like signal (chords with plucked envelopes and noise
# hits), the same file for both commands.
sox -n -r 44100 -c 2 -b 16 tone.wav synth 60 pluck C3 pluck E3 pluck G3 pluck C4 \
  pluck E4 tremolo 2 40 remix 1,3,5 2,4,5 gain -6 2>/dev/null

# Session A (speed comparison): play the whole track at 0.75x, -2 st: 80 s of wall time.
cat >steady.jsonl <<'JSONL'
{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav","title":"steady"}}
{"type":"importPicked","url":"tone.wav","t":0}
{"type":"importSucceeded","track":{"name":"tone.wav","durationSec":60},"t":0}
{"type":"speedDelta","delta":-0.25,"t":0}
{"type":"pitchDelta","delta":-2,"t":0}
{"type":"togglePlay","t":0}
{"type":"clearToastIfExpired","t":80}
JSONL

# Sessions B and C (memory): realistic practice on the same track, 5 minutes and 1 hour of wall
# time: 30 Hz ticks, a loop moved every 20 s, speed and pitch changes, seeks and pauses.
python3 - <<'PY'
import json
def session(name, seconds):
    with open(name, "w") as f:
        w = lambda **a: f.write(json.dumps(a, separators=(",", ":")) + "\n")
        f.write('{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"tone.wav"}}\n')
        w(type="importPicked", url="tone.wav", t=0)
        w(type="importSucceeded", track={"name": "tone.wav", "durationSec": 60}, t=0)
        w(type="togglePlay", t=0)
        playing = True
        for step in range(1, int(seconds * 30)):
            t = round(step / 30, 4)
            w(type="tick", currentTimeSec=round(t % 60, 3), t=t)
            if step % 600 == 0:
                a = (step // 600 * 7) % 50
                w(type="setA", timeSec=a, t=t)
                w(type="setB", timeSec=a + 4.5, t=t)
                w(type="toggleLoopEnabled", enabled=True, t=t)
            if step % 450 == 0:
                w(type="speedDelta", delta=-0.05 if step % 900 else 0.05, t=t)
            if step % 1350 == 0:
                w(type="pitchDelta", delta=1 if step % 2700 else -1, t=t)
            if step % 1050 == 0:
                w(type="dragScrub", timeSec=(step // 1050 * 11) % 55, t=t)
            if step % 2400 == 0 or (not playing and step % 2400 == 60):
                w(type="togglePlay", t=t)
                playing = not playing
        w(type="clearToastIfExpired", t=seconds)
session("short.jsonl", 300)
session("hour.jsonl", 3600)
PY

db="$work/bench.sqlite"
steady=$("$sharp9" import --db "$db" steady.jsonl | tail -n 1)
short=$("$sharp9" import --db "$db" short.jsonl | tail -n 1)
hour=$("$sharp9" import --db "$db" hour.jsonl | tail -n 1)

echo "== speed: render (80 s of wall time = 60 s of source at 0.75x, -2 st) vs stretch (same)"
hyperfine --runs "$runs" --warmup 1 --export-json speed.json \
  -n "sharp9 render" "$sharp9 render --db $db $steady -o render.wav" \
  -n "sharp9 stretch" "$sharp9 stretch tone.wav stretch.wav --speed 0.75 --pitch=-2 --bits 24" \
  >/dev/null
python3 - <<'PY'
import json
r = {x["command"]: x for x in json.load(open("speed.json"))["results"]}
render, stretch = r["sharp9 render"]["median"], r["sharp9 stretch"]["median"]
print(f"sharp9 render   median {render:.3f} s  ({80 / render:.1f}x real time, 80 s of output)")
print(f"sharp9 stretch  median {stretch:.3f} s  ({80 / stretch:.1f}x real time, 80 s of output)")
print(f"render / stretch time ratio: {render / stretch:.2f}")
PY

echo "== memory: peak RSS of rendering a 5-minute and a 1-hour practice session"
for name in short hour; do
  id=$([[ $name == short ]] && echo "$short" || echo "$hour")
  /usr/bin/time -v "$sharp9" render --db "$db" "$id" -o "$name.flac" 2>time.txt >/dev/null
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' time.txt)
  elapsed=$(awk -F': ' '/Elapsed/ {print $2}' time.txt)
  events=$(grep -c '"t"' "$name.jsonl")
  echo "$name session: $events events, peak RSS ${rss} KiB, elapsed $elapsed"
done
