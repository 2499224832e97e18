"""The three trackers, each as {"tempo": BPM or None, "beats": [s], "downbeats": [s] or None}."""

import json
import re
import subprocess
import time

import numpy as np


def sharp9(binary, path):
    """`sharp9 beats FILE --json`."""
    out = subprocess.run([binary, "beats", path, "--json"], capture_output=True, text=True,
                         check=True).stdout
    grid = json.loads(out)
    return {"tempo": grid["tempo"], "beats": grid["beats"], "downbeats": grid["downbeats"]}


def aubio(path):
    """`aubio tempo FILE` (its tempo) and `aubio beat FILE` (its beats); defaults throughout."""
    tempo_text = subprocess.run(["aubio", "tempo", path], capture_output=True, text=True,
                                check=True).stdout
    match = re.search(r"([0-9.]+)\s*bpm", tempo_text)
    beats_text = subprocess.run(["aubio", "beat", path], capture_output=True, text=True,
                                check=True).stdout
    beats = [float(line.split()[0]) for line in beats_text.splitlines() if line.strip()]
    tempo = float(match.group(1)) if match else None
    return {"tempo": tempo if tempo else None, "beats": beats, "downbeats": None}


def librosa_track(path):
    """librosa.beat.beat_track on the file loaded at librosa's default 22.05 kHz mono."""
    import librosa

    y, sr = librosa.load(path, sr=22050, mono=True)
    tempo, beats = librosa.beat.beat_track(y=y, sr=sr, units="time")
    tempo = float(np.atleast_1d(tempo)[0])
    return {"tempo": tempo if len(beats) else None, "beats": [float(b) for b in beats],
            "downbeats": None}


def timed(function, *arguments, runs=5):
    """(median wall seconds over `runs` calls, the last result)."""
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = function(*arguments)
        times.append(time.perf_counter() - start)
    return float(np.median(times)), result


def wall(argv, runs=5):
    """Median wall seconds of a command run `runs` times (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return float(np.median(times))
