#!/usr/bin/env python3
"""Writes a realistic session script (JSON Lines) for scripts/bench-store.sh.

A musician practising a 4-minute track: the engine reports ticks at 30 Hz while playing, and
between them the musician edits (A/B points, loop on/off, markers), seeks, scrubs, changes speed
and pitch, locks the pad, pauses. Deterministic for a given --seed.

With --form, the same session as another writer writes it: `python` is Python's json.dumps with
`t` first (a space after every ':' and ','), `js` is JSON.stringify of an object built with `t`
first (node writes it when installed, else an equivalent compact dump). `canonical` (the default)
is sharp9's own form: compact, `type` first, `t` last.

usage: bench-store-gen.py EVENTS [--seed N] [--form canonical|python|js] > session.jsonl
"""
import argparse
import json
import random
import shutil
import subprocess


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("events", type=int)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--form", choices=["canonical", "python", "js"], default="canonical")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    duration = 240.0
    out = []
    write = out.append
    write('{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"take.wav","title":"bench"}}')
    write('{"type":"importPicked","url":"take.wav","t":0}')
    write('{"type":"importSucceeded","track":{"name":"take.wav","durationSec":240},"t":0.35}')
    t, pos, speed, playing = 0.35, 0.0, 1.0, False
    loop_a = loop_b = None
    loop_on = False
    markers = 0  # a real session has tens of markers, not thousands
    mode = "loop"
    count = 2
    while count < args.events:
        t += 1 / 30
        roll = rng.random()
        if playing and roll < 0.9:
            pos += speed / 30
            if loop_on and loop_a is not None and loop_b is not None and pos >= loop_b:
                pos = loop_a
            if pos >= duration:
                pos, playing = duration, False
            line = '{"type":"tick","currentTimeSec":%r,"t":%r}' % (round(pos, 4), round(t, 4))
        else:
            kind = rng.randrange(16)
            if kind in (8, 9) or (kind == 7 and mode == "marker"):
                # markNow, addMarker and taps in marker mode each add a marker.
                if markers >= 40:
                    kind = 6
                else:
                    markers += 1
            x = round(rng.uniform(0, duration), 3)
            if kind == 0:
                playing = not playing
                line = '{"type":"togglePlay","t":%r}'
            elif kind == 1:
                delta = rng.choice([0.05, -0.05])
                speed = min(2.0, max(0.25, round(speed + delta, 2)))
                line = '{"type":"speedDelta","delta":%r,"t":%%r}' % delta
            elif kind == 2:
                line = '{"type":"pitchDelta","delta":%d,"t":%%r}' % rng.choice([1, -1])
            elif kind == 3:
                loop_a = x
                line = '{"type":"setA","timeSec":%r,"t":%%r}' % x
            elif kind == 4:
                loop_b = x
                line = '{"type":"setB","timeSec":%r,"t":%%r}' % x
            elif kind == 5:
                loop_on = not loop_on
                line = '{"type":"toggleLoopEnabled","enabled":%s,"t":%%r}' % str(loop_on).lower()
            elif kind == 6:
                pos = x
                line = '{"type":"dragScrub","timeSec":%r,"t":%%r}' % x
            elif kind == 7:
                line = '{"type":"tapWaveform","timeSec":%r,"t":%%r}' % x
            elif kind == 8:
                line = '{"type":"addMarker","timeSec":%r,"t":%%r}' % x
            elif kind == 9:
                line = '{"type":"markNow","t":%r}'
            elif kind == 10:
                line = '{"type":"skip","seconds":%d,"t":%%r}' % rng.choice([5, -5])
            elif kind == 11:
                line = '{"type":"abCycle","t":%r}'
            elif kind == 12:
                line = '{"type":"cycleSpeed","t":%r}'
            elif kind == 13:
                line = '{"type":"clearToastIfExpired","t":%r}'
            elif kind == 14:
                mode = rng.choice(["marker", "setA", "loop", "setB"])
                line = '{"type":"setMode","mode":"%s","t":%%r}' % mode
            else:
                line = '{"type":"%s","t":%%r}' % rng.choice(["seekToStart", "seekToEnd"])
            line = line % round(t, 4)
        write(line)
        count += 1
    if args.form != "canonical":
        out = reform(out, args.form)
    print("\n".join(out))


def reform(lines: list, form: str) -> list:
    """The lines as another writer writes them: action objects rebuilt with `t` first."""
    objects = []
    for line in lines:
        value = json.loads(line)
        if "t" in value:
            value = {"t": value.pop("t"), **value}
        objects.append(value)
    if form == "python":
        return [json.dumps(value) for value in objects]
    if shutil.which("node"):
        script = (
            "const lines = require('fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean);"
            "process.stdout.write(lines.map(l => JSON.stringify(JSON.parse(l))).join('\\n'));"
        )
        source = "\n".join(json.dumps(value) for value in objects)
        done = subprocess.run(["node", "-e", script], input=source, capture_output=True,
                              text=True, check=True)
        return done.stdout.split("\n")
    return [json.dumps(value, separators=(",", ":")) for value in objects]


if __name__ == "__main__":
    main()
