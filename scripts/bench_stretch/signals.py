"""The benchmark inputs: synthetic signals whose ideal output is known, and real recordings."""

import glob
import os
import subprocess

import numpy as np

from .audio import RATE, read_wav, write_wav

TONE_F0 = 220.0
"""Fundamental of the harmonic complex tone (Hz)."""
TONE_PARTIALS = 12
"""Number of harmonics; amplitudes fall as 1/k."""
TONE_PEAK = 0.5
"""Peak level of the tone (-6 dBFS): leaves headroom so no peer rescales to avoid clipping."""
CLICK_PERIOD = 0.25
"""Seconds between click-train bursts."""
CLICK_LENGTH = 0.004
"""Length of one decaying noise burst (s)."""
CLICK_PEAK = 0.5
"""Peak envelope of a burst."""
SEED = 9
"""Seed for every random choice (tone phases, burst noise), so runs repeat exactly."""

SPEECH_TEXT = (
    "Slow the solo down to half speed, loop the second bar, and play along until every note "
    "sits. Then bring the tempo back up, a few percent at a time."
)
BENCH_CACHE = os.path.join(
    os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "sharp9-bench")
"""Where ``scripts/setup.sh --bench`` unpacks the music tracks."""
MUSIC_TRACKS = {
    "music": ("funnyboat/usr/share/games/funnyboat/data/*Funny_Boat.ogg", 30.0),
    "bright": ("xmoto-data/usr/share/games/xmoto/Textures/Musics/foxrun.ogg", 20.0),
}
"""Recording name -> (track under BENCH_CACHE, start of the excerpt in s). `music`: Debian's
funnyboat, past the intro, drums and melody playing (content to about 18 kHz). `bright`:
xmoto-data's "foxrun", with content to 21 kHz (the band-retention material of issue 13)."""


def tone_phases():
    """Fixed pseudo-random start phases of the partials (a realistic crest factor)."""
    return np.random.default_rng(SEED).uniform(0, 2 * np.pi, TONE_PARTIALS)


def harmonic_tone(frames, f0=TONE_F0):
    """The harmonic complex tone: partials k*f0 (k=1..12) with amplitude 1/k, peak TONE_PEAK.

    The same amplitudes and phases at any f0, so the ideal pitch-shifted output is this function
    at the shifted f0 and the ideal stretched output is this function at the output length.
    """
    t = np.arange(frames) / RATE
    phases = tone_phases()
    x = np.zeros(frames)
    for k in range(1, TONE_PARTIALS + 1):
        if k * f0 < RATE / 2:
            x += np.sin(2 * np.pi * k * f0 * t + phases[k - 1]) / k
    return x * (TONE_PEAK / tone_scale())


def tone_scale():
    """Peak of the unscaled tone over one period at 220 Hz (fixes one gain for every f0)."""
    t = np.arange(4096) / 4096.0
    phases = tone_phases()
    x = sum(np.sin(2 * np.pi * k * t + phases[k - 1]) / k for k in range(1, TONE_PARTIALS + 1))
    return float(np.max(np.abs(x)))


def click_positions(seconds, speed=1.0):
    """Burst start times (s): input burst k at (k + 0.5) * period, output at that time / speed."""
    count = int(round(seconds / CLICK_PERIOD))
    return [(k + 0.5) * CLICK_PERIOD / speed for k in range(count)]


def burst_shapes(count):
    """The decaying noise bursts, a different seeded noise for each (float arrays)."""
    n = int(round(CLICK_LENGTH * RATE))
    envelope = CLICK_PEAK * np.exp(-np.arange(n) / (n / 5.0))
    rng = np.random.default_rng(SEED + 1)
    shapes = []
    for _ in range(count):
        noise = rng.uniform(-1.0, 1.0, n)
        shapes.append(noise * envelope)
    return shapes


def click_train(seconds, speed=1.0):
    """Click train of the given input length; with speed != 1 it is the ideal stretched output:
    the same bursts, unchanged, at the stretched positions, round(N / speed) frames long."""
    frames = int(round(round(seconds * RATE) / speed))
    x = np.zeros(frames)
    positions = click_positions(seconds, speed)
    for start, shape in zip(positions, burst_shapes(len(positions))):
        i = int(round(start * RATE))
        x[i : i + len(shape)] += shape[: max(0, frames - i)]
    return x


def speech(seconds, workdir):
    """espeak-ng speech, resampled to 44.1 kHz mono with sox, cut to at most `seconds`."""
    raw = os.path.join(workdir, "speech-espeak.wav")
    out = os.path.join(workdir, "speech-44k.wav")
    subprocess.run(["espeak-ng", "-w", raw, "-s", "150", SPEECH_TEXT], check=True)
    subprocess.run(
        ["sox", raw, "-r", str(RATE), "-b", "16", out, "rate", "-v", "trim", "0", str(seconds)],
        check=True,
    )
    x, _ = read_wav(out)
    return x


def music(seconds, workdir, name="music"):
    """An excerpt of a music track (see MUSIC_TRACKS), decoded by sox to 44.1 kHz stereo 16-bit."""
    pattern, offset = MUSIC_TRACKS[name]
    matches = sorted(glob.glob(os.path.join(BENCH_CACHE, pattern)))
    if not matches:
        raise FileNotFoundError(
            f"music track {name} missing: run scripts/setup.sh --bench (it unpacks the Debian "
            "packages funnyboat and xmoto-data)"
        )
    out = os.path.join(workdir, f"{name}.wav")
    subprocess.run(
        ["sox", matches[0], "-r", str(RATE), "-b", "16", "-c", "2", out,
         "trim", str(offset), str(seconds)],
        check=True,
    )
    x, _ = read_wav(out)
    return x


def save(path, x):
    """Write a benchmark input as 16-bit PCM WAV (what every tool is fed)."""
    write_wav(path, x)
    return path
