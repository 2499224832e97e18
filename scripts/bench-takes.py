"""Scores `scripts/bench-takes.sh`: where the bursts or notes of a take heard at another speed land.

Reads the directory the TakeStretchBenchmark test wrote (cases.tsv, the takes, sharp9's first
pass of each case, the ideal of each plucked case), stretches each take with the peer
(rubberband R3, offline, its key-frame map for a take whose speed changed while it was recorded,
its pitch shift for a take heard at another pitch) and measures both the same way. Bursts: the
centre of energy within 10 ms of each expected burst centre, its distance from it in frames.
Plucked notes, against the ideal: where each attack's energy rises fastest (5 ms RMS), in frames
from where the ideal's does, and the fundamental's pitch in the 46 ms after it, in cents from the
ideal's.
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


def envelope(signal):
    """RMS over 5 ms (220 frames, a 196 Hz note's period), centred."""
    return np.sqrt(np.convolve(signal ** 2, np.ones(220) / 220, mode="same"))


def attack(env, onset):
    """Where `env` rises fastest within 10 ms of `onset` (None: silence there)."""
    low, high = max(0, int(onset) - 441), min(len(env), int(onset) + 441)
    if high - low < 2 or env[low:high].max() <= 1e-4:
        return None
    return low + int(np.argmax(np.diff(env[low:high])))


def fundamental(signal, start, near=None):
    """The strongest frequency (Hz) in the 2048 frames from `start`, within a semitone of
    `near` when given; parabolic interpolation on a 16384-point spectrum."""
    segment = signal[start:start + 2048]
    if len(segment) < 2048:
        return None
    spectrum = np.abs(np.fft.rfft(segment * np.hanning(2048), 16384))
    hertz = np.fft.rfftfreq(16384, 1 / 44100)
    band = (hertz > 60) if near is None else (
        (hertz > near * 2 ** (-1 / 12)) & (hertz < near * 2 ** (1 / 12)))
    index = int(np.flatnonzero(band)[np.argmax(spectrum[band])])
    a, b, c = np.log(spectrum[index - 1:index + 2] + 1e-12)
    shift = 0.5 * (a - c) / (a - 2 * b + c) if a - 2 * b + c != 0 else 0
    return (index + shift) * 44100 / 16384


def notes(signal, ideal, onsets):
    """Per note: frames from the ideal's attack, cents from its pitch (None: silent)."""
    env, ideal_env = envelope(signal), envelope(ideal)
    timing, pitch = [], []
    for onset in onsets:
        expected = attack(ideal_env, onset)
        if expected is None:
            continue
        found = attack(env, onset)
        timing.append(None if found is None else float(found - expected))
        want = fundamental(ideal, expected + 220)
        got = fundamental(signal, expected + 220, near=want) if want else None
        if want and got:
            pitch.append(float(1200 * np.log2(got / want)))
    return timing, pitch


def peer(directory, case, take, shift, duration, timemap):
    output = directory / f"{case}-rubberband.wav"
    command = ["rubberband", "-3", "-q", "-D", duration]
    if float(shift) != 0:
        command += ["-p", shift]
    if timemap:
        keys = directory / f"{case}.map"
        keys.write_text("".join(f"{pair.replace(':', ' ')}\n" for pair in timemap.split(",")))
        command += ["-M", str(keys)]
    subprocess.run(
        command + [str(directory / take), str(output)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return mono(output)


def ratio(ours, theirs):
    return ours / theirs if theirs not in (0, float("inf")) else float("nan")


def main():
    directory = Path(sys.argv[1])
    rows = [line.split("\t") for line in (directory / "cases.tsv").read_text().splitlines()[1:]]
    print("| take, heard at | bursts | sharp9 take voice: median / worst frames |"
          " rubberband R3 (offline, same take): median / worst | worst ratio |")
    print("| --- | --- | --- | --- | --- |")
    for case, take, speed, pitch, shift, duration, timemap, expected, ideal in rows:
        if ideal:
            continue
        expected = [float(value) for value in expected.split(",")]
        theirs_signal = peer(directory, case, take, shift, duration, timemap)
        ours, ours_worst = summary(errors(mono(directory / f"{case}-sharp9.wav"), expected))
        theirs, theirs_worst = summary(errors(theirs_signal, expected))
        name = case.rsplit("-", 1)[0]
        print(f"| {name}, {float(speed):.2f}× | {len(expected)} | {ours} | {theirs} |"
              f" {ratio(ours_worst, theirs_worst):.2f} |")
    print()
    print("| plucked take (played at 0.50×, +2 st), heard at | notes |"
          " sharp9: attack median / worst frames; pitch median / worst cents |"
          " rubberband R3: attack; pitch | worst attack ratio |")
    print("| --- | --- | --- | --- | --- |")
    for case, take, speed, pitch, shift, duration, timemap, expected, ideal in rows:
        if not ideal:
            continue
        onsets = [float(value) for value in expected.split(",")]
        reference = mono(directory / ideal)
        figures = []
        for signal in (mono(directory / f"{case}-sharp9.wav"),
                       peer(directory, case, take, shift, duration, timemap)):
            timing, cents = notes(signal, reference, onsets)
            attack, worst = summary(timing)
            figures.append((f"{attack}; {np.median(np.abs(cents)):.1f} / "
                            f"{np.max(np.abs(cents)):.1f}", worst))
        print(f"| {float(speed):.2f}×, {float(pitch):+.0f} st | {len(onsets)} |"
              f" {figures[0][0]} | {figures[1][0]} | {ratio(figures[0][1], figures[1][1]):.2f} |")


if __name__ == "__main__":
    main()
