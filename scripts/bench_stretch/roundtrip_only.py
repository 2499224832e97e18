"""Round trips only, for tuning: `python3 -m bench_stretch.roundtrip_only [--sharp9 PATH]
[--setting S:K]... [--material speech,music,bright] [--cache DIR] [--bands]`.

Runs sharp9 and rubberband R3 on the full run's recordings at the given settings (default: the
full run's non-identity ones) and prints each round trip's log-spectral distance beside R3's.
R3's round trips are cached in `--cache` (it takes most of the time). `--bands` adds where
sharp9's error sits: per third-octave band, and on frames near onsets against the rest.
"""

import argparse
import os

import numpy as np

from . import signals
from .audio import RATE, channels, frames, read_wav, to_int16, write_wav
from .config import FULL, SANITY
from .roundtrip import (LSD_HOP, LSD_SIZE, FLOOR_DB, ACTIVE_DB, align, band_matrix,
                        roundtrip_distance)
from .tools import Tool, rubberband, sharp9_tool
from scipy.signal import get_window


def round_trip(tool, src, workdir, tag, speed, pitch):
    """Forward then back; returns the returned signal."""
    out = os.path.join(workdir, f"fwd-{tag}.wav")
    back = os.path.join(workdir, f"back-{tag}.wav")
    for path in (out, back):
        if os.path.exists(path):
            os.remove(path)
    tool.run(src, out, speed, pitch)
    tool.run(out, back, 1.0 / speed, -pitch)
    y, _ = read_wav(back)
    return y


def band_errors(original, returned):
    """Per-band RMS dB error over active frames, and the mean per-frame distance on frames with a
    rising envelope (onsets) and on the rest."""
    aligned, reference, _ = align(original, returned)
    window = get_window("hann", LSD_SIZE)
    bands = band_matrix().astype(float)
    per_band, onset, steady = [], [], []
    for x, y in zip(channels(reference), channels(aligned)):
        px = np.abs(np.fft.rfft(frames(x, LSD_SIZE, LSD_HOP, window), axis=1)) ** 2 @ bands
        py = np.abs(np.fft.rfft(frames(y, LSD_SIZE, LSD_HOP, window), axis=1)) ** 2 @ bands
        floor = px.max() * 10 ** (-FLOOR_DB / 10)
        diff = 10 * np.log10(np.maximum(px, floor)) - 10 * np.log10(np.maximum(py, floor))
        energy = px.sum(axis=1)
        active = energy >= energy.max() * 10 ** (-ACTIVE_DB / 10)
        rising = np.concatenate([[False], energy[1:] > 2.0 * energy[:-1]])
        rising = rising | np.roll(rising, 1)
        per_frame = np.sqrt(np.mean(diff**2, axis=1))
        per_band.append(np.sqrt(np.mean(diff[active] ** 2, axis=0)))
        onset.append(per_frame[active & rising].mean() if (active & rising).any() else 0)
        steady.append(per_frame[active & ~rising].mean())
    return np.mean(per_band, axis=0), float(np.mean(onset)), float(np.mean(steady))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sharp9", default=".build/release/sharp9")
    parser.add_argument("--setting", action="append")
    parser.add_argument("--material", default="speech,music,bright")
    parser.add_argument("--cache", default="/tmp/bench-stretch-rt-cache")
    parser.add_argument("--bands", action="store_true")
    args = parser.parse_args()
    settings = ([(float(s.split(":")[0]), int(s.split(":")[1] or 0)) for s in args.setting]
                if args.setting else [s for s in FULL.settings if s != SANITY])
    materials = args.material.split(",")
    os.makedirs(args.cache, exist_ok=True)
    makers = {"speech": lambda: signals.speech(FULL.speech_seconds, args.cache),
              "music": lambda: signals.music(FULL.music_seconds, args.cache),
              "bright": lambda: signals.music(FULL.music_seconds, args.cache, "bright")}
    inputs = {}
    for name in materials:
        path = os.path.join(args.cache, f"in-{name}.wav")
        if not os.path.exists(path):
            write_wav(path, makers[name]())
        x, _ = read_wav(path)
        inputs[name] = (path, to_int16(x) / 32768.0)
    sharp9 = sharp9_tool(args.sharp9)
    r3 = Tool("rubberband-r3", rubberband(3))
    freqs = 50.0 * 2.0 ** (np.arange(band_matrix().shape[1]) / 3.0)
    for speed, pitch in settings:
        for name in materials:
            path, x = inputs[name]
            tag = f"{name}-{speed}-{pitch}"
            r3_path = os.path.join(args.cache, f"r3-{tag}.wav")
            if not os.path.exists(r3_path):
                write_wav(r3_path, round_trip(r3, path, args.cache, "r3", speed, pitch))
            z3, _ = read_wav(r3_path)
            if not sharp9.available:
                print(f"{speed:>4}x {pitch:+d} {name:6s} R3 cached", flush=True)
                continue
            z = round_trip(sharp9, path, args.cache, f"s9-{os.getpid()}", speed, pitch)
            d, d3 = roundtrip_distance(x, z)["banded"], roundtrip_distance(x, z3)["banded"]
            mark = "LOSS" if d > d3 + 0.005 else "ok"
            print(f"{speed:>4}x {pitch:+d} {name:6s} sharp9 {d:5.2f}  R3 {d3:5.2f}  {mark}", flush=True)
            if args.bands:
                b, on, st = band_errors(x, z)
                b3, on3, st3 = band_errors(x, z3)
                print(f"    onset frames {on:5.2f} (R3 {on3:5.2f})  other {st:5.2f} (R3 {st3:5.2f})")
                print("    band Hz  " + " ".join(f"{f:6.0f}" for f in freqs))
                print("    sharp9   " + " ".join(f"{v:6.2f}" for v in b))
                print("    R3       " + " ".join(f"{v:6.2f}" for v in b3))


if __name__ == "__main__":
    main()
