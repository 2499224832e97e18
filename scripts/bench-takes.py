"""Scores `scripts/bench-takes.sh`: where the bursts of a take heard at another speed land.

Reads the directory the TakeStretchBenchmark test wrote (cases.tsv, the takes, sharp9's first
pass of each case), stretches each take with the peer (rubberband R3, offline, its key-frame
map for a take whose speed changed while it was recorded) and measures both the same way: the
centre of energy within 10 ms of each expected burst centre, its distance from it in frames.
"""

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
from scipy.io import wavfile


def mono(path):
    with warnings.catch_warnings():
        # libsndfile's float WAV carries a PEAK chunk scipy does not read.
        warnings.simplefilter("ignore", wavfile.WavFileWarning)
        rate, data = wavfile.read(path)
    data = np.asarray(data, dtype=np.float64)
    return data if data.ndim == 1 else data.mean(axis=1)


def errors(signal, expected):
    """Frames from each expected centre to the centre of energy around it (None: silence)."""
    found = []
    for centre in expected:
        low, high = int(centre) - 441, int(centre) + 441
        if low < 0 or high >= len(signal):
            continue
        power = signal[low:high] ** 2
        energy = power.sum()
        if energy <= 1e-6:
            found.append(None)
        else:
            found.append(float((power * np.arange(low, high)).sum() / energy - centre))
    return found


def summary(found):
    absolute = [abs(e) for e in found if e is not None]
    missing = sum(e is None for e in found)
    if not absolute:
        return "all missing", float("inf")
    worst = max(absolute) if not missing else float("inf")
    return (f"{np.median(absolute):.1f} / {max(absolute):.1f}"
            + (f", {missing} missing" if missing else "")), worst


def main():
    directory = Path(sys.argv[1])
    lines = (directory / "cases.tsv").read_text().splitlines()[1:]
    print("| take, heard at | bursts | sharp9 take voice: median / worst frames |"
          " rubberband R3 (offline, same take): median / worst | worst ratio |")
    print("| --- | --- | --- | --- | --- |")
    for line in lines:
        case, take, heard, duration, timemap, expected = line.split("\t")
        expected = [float(value) for value in expected.split(",")]
        peer = directory / f"{case}-rubberband.wav"
        command = ["rubberband", "-3", "-q", "-D", duration]
        if timemap:
            keys = directory / f"{case}.map"
            keys.write_text("".join(f"{pair.replace(':', ' ')}\n" for pair in timemap.split(",")))
            command += ["-M", str(keys)]
        subprocess.run(
            command + [str(directory / take), str(peer)],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ours, ours_worst = summary(errors(mono(directory / f"{case}-sharp9.wav"), expected))
        theirs, theirs_worst = summary(errors(mono(peer), expected))
        ratio = ours_worst / theirs_worst if theirs_worst not in (0, float("inf")) else float("nan")
        name, speed = case.rsplit("-", 1)
        print(f"| {name}, {float(speed):.2f}× | {len(expected)} | {ours} | {theirs} |"
              f" {ratio:.2f} |")


if __name__ == "__main__":
    main()
