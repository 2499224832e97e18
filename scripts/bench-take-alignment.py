#!/usr/bin/env python3
"""For scripts/bench-take-alignment.sh: where a take lands against what was played.

  bench-take-alignment.py TEE.wav TAKES.wav
      Both from session frame 0 (the tee: what was sent to the device, which the input heard;
      the takes rendered alone, 32-bit float). Every 0.5 s of the take's sound, the offset within
      +-1,200 frames at which its next 8,192 frames differ least from the tee, and whether they
      match there to 24 bits. Prints "offsets F..G frames (A..B ms), N windows, M not exact" and
      "over 1 ms" when any offset is more than 44 frames.
"""
import subprocess
import sys

import numpy as np

RATE = 44100
WINDOW = 8192
REACH = 1200
STEP = 2.0**-23


def mono(path):
    raw = subprocess.run(
        ["sox", path, "-t", "f32", "-c", "1", "-"], capture_output=True, check=True
    ).stdout
    return np.frombuffer(raw, dtype=np.float32)


def main():
    tee, take = mono(sys.argv[1]), mono(sys.argv[2])
    sound = np.nonzero(np.abs(take) > 1e-5)[0]
    if len(sound) == 0:
        print("the take is silent")
        return
    offsets, inexact = [], 0
    end = min(sound[-1], len(tee)) - WINDOW - REACH
    for start in range(sound[0] + REACH, end, RATE // 2):
        piece = take[start : start + WINDOW]
        if np.abs(piece).max() < 1e-4:
            continue
        errors = [
            np.sum((piece - tee[start - lag : start - lag + WINDOW]) ** 2)
            for lag in range(-REACH, REACH + 1)
        ]
        best = int(np.argmin(errors))
        lag = best - REACH
        offsets.append(lag)
        matched = tee[start - lag : start - lag + WINDOW]
        if np.abs(piece - matched).max() > 2 * STEP:
            inexact += 1
    if not offsets:
        print("no window with sound")
        return
    low, high = min(offsets), max(offsets)
    worst = max(abs(low), abs(high))
    print(
        f"offsets {low}..{high} frames ({low / 44.1:.2f}..{high / 44.1:.2f} ms),"
        f" {len(offsets)} windows, {inexact} not exact" + (", over 1 ms" if worst > 44 else "")
    )


main()
