"""Metrics on the harmonic complex tone: pitch error, spectral error, partial wobble, length.

All analyses use the middle half of the output (the steady state, away from start-up and
flush) and of the ideal tone synthesized at the target pitch and the output's length.
"""

import numpy as np
from scipy.signal import get_window

from .audio import RATE, frames, middle_half, mono
from .signals import TONE_F0, harmonic_tone

ANALYSIS_SIZE = 4096
"""FFT size of the spectral analysis (Hann window, 10.8 Hz bins, 93 ms frames)."""
ANALYSIS_HOP = 1024
SPECTRUM_RANGE_DB = 60.0
"""Bins where the ideal spectrum is within this range of its peak are compared."""
WOBBLE_PARTIALS = 5
WOBBLE_SEARCH = 2
"""A partial's magnitude is the largest bin within this many bins of k*f0 (the Hann main lobe)."""


def f0_autocorrelation(x, rough_f0):
    """f0 (Hz) by autocorrelation: the peak near the largest whole number of periods that fits in
    half the segment, refined by parabolic interpolation. Using m periods divides the
    interpolation error by m, which is what makes ~0.01 cent resolution possible."""
    x = x - x.mean()
    n = len(x)
    size = 1 << int(np.ceil(np.log2(2 * n)))
    spectrum = np.fft.rfft(x, size)
    ac = np.fft.irfft(spectrum * np.conj(spectrum), size)[:n]
    ac = ac / (n - np.arange(n))  # unbiased: compensate the shrinking overlap
    period = RATE / rough_f0
    # Coarse period: the autocorrelation maximum within +-3 % of the expected period.
    lo, hi = int(period * 0.97), int(np.ceil(period * 1.03)) + 1
    coarse = lo + int(np.argmax(ac[lo:hi]))
    coarse = coarse + parabolic(ac, coarse)
    periods = max(1, int((n // 2) / coarse))
    lag = int(round(coarse * periods))
    lo, hi = max(1, lag - 3), min(n - 1, lag + 4)
    peak = lo + int(np.argmax(ac[lo:hi]))
    return RATE * periods / (peak + parabolic(ac, peak))


def parabolic(y, i):
    """Sub-sample offset of the peak at index i from the parabola through i-1, i, i+1."""
    a, b, c = y[i - 1], y[i], y[i + 1]
    denominator = a - 2 * b + c
    return 0.0 if denominator == 0 else 0.5 * (a - c) / denominator


def magnitudes(x, window_name="hann"):
    """Magnitude STFT (frames x bins), no padding."""
    window = get_window(window_name, ANALYSIS_SIZE)
    return np.abs(np.fft.rfft(frames(x, ANALYSIS_SIZE, ANALYSIS_HOP, window), axis=1))


def mean_spectrum_db(x, window_name="hann"):
    """Time-averaged magnitude spectrum (dB)."""
    return 20 * np.log10(np.maximum(magnitudes(x, window_name).mean(axis=0), 1e-12))


def spectral_error_db(out, ideal):
    """RMS of the dB difference of the time-averaged spectra over the bins where the ideal's
    spectrum is within 60 dB of its peak (the partials and their window skirts)."""
    a, b = mean_spectrum_db(out), mean_spectrum_db(ideal)
    mask = b >= b.max() - SPECTRUM_RANGE_DB
    return float(np.sqrt(np.mean((a - b)[mask] ** 2)))


def spurious_db(out, ideal):
    """Energy of the output's time-averaged spectrum outside those bins, in dB relative to its
    total: noise and sidebands between the partials that spectral_error_db does not see.
    Blackman-Harris here (sidelobes -92 dB), so the ideal tone itself scores about -90 dB."""
    a = magnitudes(out, "blackmanharris").mean(axis=0) ** 2
    b = mean_spectrum_db(ideal, "blackmanharris")
    mask = b >= b.max() - SPECTRUM_RANGE_DB
    return float(10 * np.log10(max(a[~mask].sum(), 1e-20) / a.sum()))


def wobble_percent(x, f0):
    """Mean over the first five partials of std/mean (%) over frames of the partial's magnitude
    (the largest bin within +-2 bins of k*f0)."""
    mags = magnitudes(x)
    values = []
    for k in range(1, WOBBLE_PARTIALS + 1):
        centre = int(round(k * f0 * ANALYSIS_SIZE / RATE))
        track = mags[:, centre - WOBBLE_SEARCH : centre + WOBBLE_SEARCH + 1].max(axis=1)
        values.append(track.std() / track.mean())
    return float(100 * np.mean(values))


def tone_metrics(out, input_frames, speed, pitch):
    """All tone metrics for one output; `out` is the tool's output (any channel count)."""
    out = mono(out)
    target_f0 = TONE_F0 * 2 ** (pitch / 12.0)
    ideal = harmonic_tone(len(out), target_f0)
    segment, ideal_segment = middle_half(out), middle_half(ideal)
    f0 = f0_autocorrelation(segment, target_f0)
    return {
        "pitch_cents": float(1200 * np.log2(f0 / target_f0)),
        "spectral_db": spectral_error_db(segment, ideal_segment),
        "spurious_db": spurious_db(segment, ideal_segment),
        "wobble_pct": wobble_percent(segment, target_f0),
        "length_err": int(len(out) - round(input_frames / speed)),
    }
