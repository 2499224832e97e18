"""Scores: the beat F-measure, tempo agreement up to octaves, and how well beats sit on onsets."""

import numpy as np

TOLERANCE = 0.07
"""A beat within 70 ms of a reference beat is a hit (MIREX)."""


SKIP = 5.0
"""mir_eval's convention: beats in the first 5 s are left out (trackers may take a few seconds to
lock on). The tables give F both ways."""


def f_measure(estimated, reference, tolerance=TOLERANCE, skip=0.0):
    """F = 2PR / (P + R), each reference beat matched to at most one estimated beat (the
    nearest within the tolerance). With `skip`, beats before that time (s) are left out of
    both lists; by default every beat counts."""
    estimated = np.asarray(estimated, float)
    reference = np.asarray(reference, float)
    estimated, reference = estimated[estimated >= skip], reference[reference >= skip]
    if len(estimated) == 0 or len(reference) == 0:
        return 0.0
    used = np.zeros(len(estimated), bool)
    hits = 0
    for beat in reference:
        distance = np.abs(estimated - beat)
        distance[used] = np.inf
        nearest = int(np.argmin(distance))
        if distance[nearest] <= tolerance:
            used[nearest] = True
            hits += 1
    if hits == 0:
        return 0.0
    precision, recall = hits / len(estimated), hits / len(reference)
    return 2 * precision * recall / (precision + recall)


def offset(estimated, reference, tolerance=TOLERANCE):
    """Median time (s) from each reference beat to the nearest estimated beat within the
    tolerance (negative: early), or None when none is that close."""
    estimated = np.asarray(estimated, float)
    if len(estimated) == 0:
        return None
    gaps = [estimated[np.argmin(np.abs(estimated - beat))] - beat for beat in reference]
    gaps = [gap for gap in gaps if abs(gap) <= tolerance]
    return float(np.median(gaps)) if gaps else None


def tempo_error(estimate, truth):
    """Relative error of a tempo, in percent (None when there is no estimate)."""
    if estimate is None:
        return None
    return 100.0 * (estimate / truth - 1.0)


def relation(a, b):
    """How two tempi relate: "same" (within 2 %), "x2", "x1/2", "x3/2", "x2/3" or "other"."""
    if a is None or b is None:
        return "none"
    for name, factor in (("same", 1.0), ("x2", 2.0), ("x1/2", 0.5), ("x3/2", 1.5),
                         ("x2/3", 2 / 3), ("x3", 3.0), ("x1/3", 1 / 3)):
        if abs(a / (b * factor) - 1.0) <= 0.02:
            return name
    return "other"


def onset_alignment(beats, onset_times, strength, strength_rate):
    """(fraction of beats within 70 ms of a detected onset, mean over the beats of the strongest
    onset strength within 70 ms, over the same quantity's mean over every frame): 1.0 on the
    second means beats sit no better than chance. Both use the 70 ms tolerance, so a tracker's
    constant offset (librosa's beats come 26-43 ms after the true ones on the synthetic set,
    sharp9's 0-10 ms before) does not count."""
    beats = np.asarray(beats, float)
    if len(beats) == 0:
        return 0.0, 0.0
    onsets = np.asarray(onset_times, float)
    near = np.array([np.min(np.abs(onsets - b)) <= TOLERANCE for b in beats]) if len(onsets) \
        else np.zeros(len(beats), bool)
    radius = int(TOLERANCE * strength_rate)
    widest = np.array([strength[max(0, f - radius):f + radius + 1].max()
                       for f in range(len(strength))])
    frames = np.clip(np.round(beats * strength_rate).astype(int), 0, len(strength) - 1)
    return float(near.mean()), float(widest[frames].mean() / max(1e-12, widest.mean()))


def periodicity(strength, strength_rate, bpm, multiples=(1, 2, 3, 4)):
    """The onset envelope's normalized autocorrelation at 1, 2, 3 and 4 beats of `bpm`: a beat
    that also repeats at the half bar and the bar scores at 2 and 4 as well as at 1."""
    x = np.asarray(strength, float) - np.mean(strength)
    n = len(x)
    spectrum = np.fft.rfft(x, 2 * n)
    correlation = np.fft.irfft(np.abs(spectrum) ** 2)[:n]
    correlation = correlation / np.maximum(n - np.arange(n), 1) * n / correlation[0]
    lag = 60.0 / bpm * strength_rate
    return [float(correlation[int(round(k * lag))]) if k * lag < n else None for k in multiples]
