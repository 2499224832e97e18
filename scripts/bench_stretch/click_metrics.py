"""Metrics on the click train: bursts kept, and their sharpness (crest factor) per period."""

import numpy as np

from .audio import RATE, mono
from .signals import CLICK_PERIOD, click_positions

ENVELOPE_SIZE = int(0.002 * RATE)
"""RMS envelope window (2 ms): about half a burst, so a sharp burst keeps its full level."""
SEARCH = 0.060
"""A burst is looked for within +-60 ms of where it should be (after the latency estimate)."""
KEPT_DB = -20.0
"""A burst counts as kept when its envelope peak is within 20 dB of the input bursts' peak
(a burst smeared over a 46 ms window loses ~14 dB; a dropped one leaves near silence)."""


def envelope(x):
    """Sliding RMS over ENVELOPE_SIZE samples, centred."""
    kernel = np.ones(ENVELOPE_SIZE) / ENVELOPE_SIZE
    return np.sqrt(np.convolve(x * x, kernel, mode="same"))


def latency(env, expected):
    """Constant offset (samples) of the output's bursts: the median offset of the envelope peak
    from each expected position, searched within +-SEARCH."""
    span = int(SEARCH * RATE)
    offsets = []
    for position in expected:
        lo, hi = max(0, position - span), min(len(env), position + span)
        if hi > lo:
            offsets.append(lo + int(np.argmax(env[lo:hi])) - position)
    return int(np.median(offsets)) if offsets else 0


def crest(segment):
    """Peak over RMS of a segment (0 for silence)."""
    rms = np.sqrt(np.mean(segment**2))
    return float(np.max(np.abs(segment)) / rms) if rms > 0 else 0.0


def period_crests(x, starts, period):
    """Crest factor of each burst period: a window of one period centred on the burst."""
    half = period // 2
    values = []
    for start in starts:
        lo, hi = start - half, start + period - half
        if lo >= 0 and hi <= len(x):
            values.append(crest(x[lo:hi]))
    return values


def click_metrics(out, reference, seconds, speed):
    """Fraction of bursts kept and median period crest factor relative to the ideal output's.

    The ideal output's period is 1/speed times the input's with the same bursts in it, so its
    crest is the input's times sqrt(1/speed); dividing by that makes the ideal score exactly 1.
    `reference` is the input click train (mono), `seconds` its length.
    """
    x = mono(out)
    inputs = [int(round(t * RATE)) for t in click_positions(seconds)]
    expected = [int(round(t * RATE)) for t in click_positions(seconds, speed)]
    reference_env = envelope(reference)
    burst_level = np.median([reference_env[p : p + ENVELOPE_SIZE * 2].max() for p in inputs])
    env = envelope(x)
    shift = latency(env, expected)
    span = int(SEARCH * RATE / 3)
    kept = 0
    for position in expected:
        lo, hi = max(0, position + shift - span), min(len(env), position + shift + span)
        if hi > lo and env[lo:hi].max() >= burst_level * 10 ** (KEPT_DB / 20):
            kept += 1
    period_in = int(round(CLICK_PERIOD * RATE))
    period_out = int(round(CLICK_PERIOD * RATE / speed))
    crest_in = np.median(period_crests(reference, inputs, period_in))
    crest_out = period_crests(x, [p + shift for p in expected], period_out)
    ideal_crest = crest_in * np.sqrt(period_out / period_in)
    return {
        "bursts_kept": kept / len(expected),
        "crest_rel": float(np.median(crest_out) / ideal_crest) if crest_out else 0.0,
        "burst_latency_ms": 1000.0 * shift / RATE,
    }
