"""The synthetic set: drum-, click- and piano-like tracks whose beats and downbeats are known.

Every track is built from a list of beat times (constant tempo, or drifting +-3 % around it) and
a bar pattern of 4 beats, with seeded noise, so a run repeats exactly. The same recipes, smaller,
are the Swift tests' (Tests/Sharp9AudioTests/Analysis/SyntheticTrack.swift).
"""

import numpy as np

RATE = 44100
SECONDS = 30.0
"""Length of each synthetic track."""
FIRST_BEAT = 0.37
"""Time of the first beat (s): not zero, so a tracker must find the phase."""
DRIFT = 0.03
"""Tempo drift of the drifting tracks: tempo(t) = bpm * (1 + DRIFT * sin(2 pi t / DRIFT_PERIOD))."""
DRIFT_PERIOD = 17.0
SEED = 23


def beat_times(bpm, seconds=SECONDS, drift=0.0):
    """Beat times (s) from FIRST_BEAT to the end: the phase is the integral of tempo / 60."""
    dt = 1e-4
    t = np.arange(0, seconds, dt)
    tempo = bpm * (1 + drift * np.sin(2 * np.pi * t / DRIFT_PERIOD))
    phase = np.cumsum(tempo / 60.0) * dt
    phase -= phase[int(FIRST_BEAT / dt)]
    beats = []
    k = 0
    while True:
        index = np.searchsorted(phase, k)
        if index >= len(t) or t[index] > seconds - 0.2:
            break
        beats.append(float(t[index]))
        k += 1
    return beats


def _decay(seconds, tau):
    n = int(seconds * RATE)
    return np.exp(-np.arange(n) / (tau * RATE)), np.arange(n) / RATE


def click(accent, rng):
    env, t = _decay(0.03, 0.006)
    f = 2000.0 if accent else 1500.0
    return (1.0 if accent else 0.6) * env * np.sin(2 * np.pi * f * t)


def kick(accent, rng):
    env, t = _decay(0.35, 0.12)
    freq = 50 + 110 * np.exp(-t / 0.03)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return (1.0 if accent else 0.8) * env * np.sin(phase)


def snare(accent, rng):
    env, t = _decay(0.25, 0.06)
    tone, _ = _decay(0.25, 0.04)
    noise = rng.standard_normal(len(t)) * 0.5
    return 0.7 * (env * noise + 0.5 * tone * np.sin(2 * np.pi * 190 * t))


def hat(accent, rng):
    env, t = _decay(0.06, 0.012)
    noise = np.diff(rng.standard_normal(len(t) + 1))
    return (0.25 if accent else 0.15) * env * noise


def piano(freqs, velocity):
    """A decaying harmonic note or chord: partials k*f with 1/k amplitudes, higher ones shorter."""
    n = int(1.2 * RATE)
    t = np.arange(n) / RATE
    attack = np.minimum(1.0, t / 0.004)
    out = np.zeros(n)
    for f in freqs:
        for k in range(1, 9):
            if k * f < RATE / 2:
                out += np.sin(2 * np.pi * k * f * t) / k * np.exp(-t * (1.5 + 0.6 * k))
    return velocity * 0.25 * attack * out


CHORDS = [
    [130.81, 164.81, 196.00],  # C
    [110.00, 130.81, 164.81],  # Am
    [87.31, 110.00, 130.81],  # F
    [98.00, 123.47, 146.83],  # G
]


def render(bpm, pattern, drift=0.0, seconds=SECONDS, seed=SEED, levels=(1.0, 1.0, 1.0, 1.0)):
    """(samples, beats, downbeats): a stereo track, its beat times and its bar starts (s).

    `levels` scale the kick, the snare, the hi-hats and the piano's off-beat notes."""
    rng = np.random.default_rng(seed)
    beats = beat_times(bpm, seconds, drift)
    out = np.zeros(int(seconds * RATE) + RATE * 2)
    gain = {kick: levels[0], snare: levels[1], hat: levels[2]}

    def put(time, sound, level=1.0):
        start = int(round(time * RATE))
        out[start:start + len(sound)] += level * sound

    def at(index, fraction):
        """Time of beat index + fraction (0 <= fraction < 1), interpolated."""
        if index + 1 < len(beats):
            return beats[index] + fraction * (beats[index + 1] - beats[index])
        return beats[index] + fraction * (beats[index] - beats[index - 1])

    for i, b in enumerate(beats):
        position = i % 4
        bar = (i // 4) % 4
        if pattern == "clicks":
            put(b, click(position == 0, rng))
        elif pattern == "rock":
            if position in (0, 2):
                put(b, kick(position == 0, rng), gain[kick])
            else:
                put(b, snare(True, rng), gain[snare])
            put(b, hat(True, rng), gain[hat])
            put(at(i, 0.5), hat(False, rng), gain[hat])
        elif pattern == "syncopated":
            # Kick on 1, the "and" of 2 and the "and" of 4 (pushed ahead of the bar); snare on 2
            # and 4; 8th hats, louder on the beat; beat 3 has only a hat.
            if position == 0:
                put(b, kick(True, rng), gain[kick])
            if position in (1, 3):
                put(b, snare(True, rng), gain[snare])
                put(at(i, 0.5), kick(False, rng), gain[kick])
            put(b, hat(True, rng), gain[hat])
            put(at(i, 0.5), hat(False, rng), gain[hat])
        elif pattern == "piano":
            # A chord on each beat (its bass note added on the bar's first), a soft chord tone on
            # each offbeat.
            chord = CHORDS[bar]
            notes = chord + ([chord[0] / 2] if position == 0 else [])
            put(b, piano(notes, 1.0 if position == 0 else 0.8))
            put(at(i, 0.5), piano([chord[(position + 1) % 3]], 0.3), levels[3])
        else:
            raise ValueError(pattern)
    out = out[: int(seconds * RATE)]
    out *= 0.5 / max(1e-9, np.max(np.abs(out)))
    stereo = np.stack([out, out * 0.9 + 0.001 * rng.standard_normal(len(out))], axis=1)
    return stereo, beats, beats[0::4]


SET = [
    # (name, bpm, pattern, drift)
    ("clicks-60", 60, "clicks", 0.0),
    ("rock-90", 90, "rock", 0.0),
    ("rock-120", 120, "rock", 0.0),
    ("rock-160", 160, "rock", 0.0),
    ("clicks-200", 200, "clicks", 0.0),
    ("piano-75", 75, "piano", 0.0),
    ("piano-120", 120, "piano", 0.0),
    ("syncopated-100", 100, "syncopated", 0.0),
    ("syncopated-128", 128, "syncopated", 0.0),
    ("rock-110-drift", 110, "rock", DRIFT),
    ("clicks-140-drift", 140, "clicks", DRIFT),
    ("piano-90-drift", 90, "piano", DRIFT),
    ("syncopated-96-drift", 96, "syncopated", DRIFT),
    ("rock-180-drift", 180, "rock", DRIFT),
]
"""The benchmark's synthetic tracks: 60-200 BPM, constant and drifting, plain and syncopated."""


def variants(count, seed=SEED):
    """`count` random tracks for the octave-ambiguity table: (name, bpm, pattern, drift, levels,
    seed), tempo uniform in 60-200 BPM, the four patterns in turn, drift 0 or 3 %, each level
    uniform in 0.6-1.4."""
    rng = np.random.default_rng(seed)
    patterns = ("clicks", "rock", "syncopated", "piano")
    tracks = []
    for index in range(count):
        pattern = patterns[index % len(patterns)]
        bpm = float(rng.uniform(60, 200))
        drift = DRIFT if rng.integers(2) else 0.0
        levels = tuple(float(level) for level in rng.uniform(0.6, 1.4, 4))
        tracks.append((f"{pattern}-{bpm:.0f}{'-drift' if drift else ''}-{index}", bpm, pattern,
                       drift, levels, int(rng.integers(1 << 31))))
    return tracks
