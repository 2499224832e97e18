"""Round-trip log-spectral distance on real recordings (no ideal output exists for them).

The tool processes the recording at (speed s, pitch +k), then its own output at (1/s, -k); the
result is aligned to the original and compared spectrally. A perfect stretcher returns the
original (0 dB); smearing, phasiness, dropped or doubled detail raise the distance. A plain
resampler also comes back nearly intact, so this complements, never replaces, the tone and
click metrics.

The headline distance is computed on third-octave band energies (50 Hz-16 kHz) of 46 ms frames:
per-bin distances of noise-like content fluctuate by ~5 dB for any process that does not keep
the waveform (each bin's magnitude is a new Rayleigh draw), which swamps the differences
between stretchers; bands average that away and keep spectral envelope and timing damage. The
plain per-bin distance is kept in the JSON as `*_bins`.
"""

import numpy as np
from scipy.signal import correlate, get_window

from .audio import RATE, channels, frames, mono

LSD_SIZE = 2048
LSD_HOP = 512
FLOOR_DB = 80.0
"""Power below the original's loudest value minus 80 dB is clamped (quantization, silence)."""
ACTIVE_DB = 50.0
"""Frames more than 50 dB below the original's loudest frame are left out (pauses)."""
BAND_LOW, BAND_HIGH = 50.0, 16000.0
"""Range of the third-octave bands (Hz); Vorbis and espeak material has little above 16 kHz."""
ALIGN_SIZE, ALIGN_HOP = 1024, 64
"""Envelope frames for alignment: waveforms of a phase-vocoder round trip do not correlate (their
phases are new), but their energy envelopes do. Resolution 64 samples (1.5 ms)."""
MAX_LAG = 0.5
"""Largest alignment shift searched (s)."""


def log_envelope(x):
    """Log RMS envelope of the first difference (emphasizes onsets over sustained bass)."""
    power = np.concatenate([[0.0], np.cumsum(np.diff(mono(x)) ** 2)])
    starts = np.arange(0, len(power) - ALIGN_SIZE, ALIGN_HOP)
    e = np.log(np.sqrt((power[starts + ALIGN_SIZE] - power[starts]) / ALIGN_SIZE) + 1e-5)
    return e - e.mean()


def align(original, processed):
    """Shift `processed` to best match `original` by envelope cross-correlation within +-MAX_LAG;
    returns (processed, original) trimmed to their common span, and the lag in frames."""
    a, b = log_envelope(original), log_envelope(processed)
    corr = correlate(b, a, mode="full", method="fft")
    zero, span = len(a) - 1, int(MAX_LAG * RATE / ALIGN_HOP)
    lo, hi = max(0, zero - span), min(len(corr), zero + span + 1)
    lag = (lo + int(np.argmax(corr[lo:hi])) - zero) * ALIGN_HOP
    lag += refine(mono(original), mono(processed), lag)
    if lag >= 0:
        processed = processed[lag:]
    else:
        original = original[-lag:]
    n = min(len(original), len(processed))
    return processed[:n], original[:n], lag


def refine(a, b, lag):
    """Sample-exact correction within +-ALIGN_HOP by waveform correlation, for outputs that keep
    the waveform (a resampler, the identity); harmless for those that do not."""
    n = min(len(a), len(b)) - 2 * ALIGN_HOP - abs(lag)
    if n <= 0:
        return 0
    start = ALIGN_HOP + max(0, -lag)
    ref = a[start : start + n]
    scores = [np.dot(ref, b[start + lag + d : start + lag + d + n]) for d in range(-ALIGN_HOP, ALIGN_HOP + 1)]
    return int(np.argmax(scores)) - ALIGN_HOP


def band_matrix():
    """(bins x bands) 0/1 matrix summing FFT bins into third-octave bands."""
    freqs = np.fft.rfftfreq(LSD_SIZE, 1.0 / RATE)
    count = int(np.floor(3 * np.log2(BAND_HIGH / BAND_LOW)))
    edges = BAND_LOW * 2.0 ** (np.arange(count + 1) / 3.0)
    return np.stack([(freqs >= lo) & (freqs < hi) for lo, hi in zip(edges[:-1], edges[1:])], 1)


def log_spectral_distance(original, processed, banded=True):
    """Mean over active frames of the RMS over bins (or bands) of the dB difference of the power
    spectra, averaged over channels."""
    window = get_window("hann", LSD_SIZE)
    bands = band_matrix().astype(float) if banded else None
    distances = []
    for x, y in zip(channels(original), channels(processed)):
        px = np.abs(np.fft.rfft(frames(x, LSD_SIZE, LSD_HOP, window), axis=1)) ** 2
        py = np.abs(np.fft.rfft(frames(y, LSD_SIZE, LSD_HOP, window), axis=1)) ** 2
        if banded:
            px, py = px @ bands, py @ bands
        floor = px.max() * 10 ** (-FLOOR_DB / 10)
        diff = 10 * np.log10(np.maximum(px, floor)) - 10 * np.log10(np.maximum(py, floor))
        energy = px.sum(axis=1)
        active = energy >= energy.max() * 10 ** (-ACTIVE_DB / 10)
        distances.append(np.sqrt(np.mean(diff**2, axis=1))[active].mean())
    return float(np.mean(distances))


def roundtrip_distance(original, returned):
    """Align the round-tripped signal to the original; returns {banded, bins, lag} (dB, frames)."""
    if returned.ndim != original.ndim:
        returned = mono(returned) if returned.ndim == 2 else np.stack([returned] * 2, 1)
    aligned, reference, lag = align(original, returned)
    return {
        "banded": log_spectral_distance(reference, aligned, banded=True),
        "bins": log_spectral_distance(reference, aligned, banded=False),
        "lag": lag,
    }
