"""Band retention and aliasing of a pitch shift (issue 13): does the top octave survive?

- Retention: pink noise and the bright recording at +3 st, and back at -3 st. The level of the
  15-18 kHz and 18-21 kHz output bands is compared with the input band that maps there (for +3 st
  the input's f / 2^(3/12); for the round trip the same band), in dB (0 = kept). Above
  22050 / 2^(3/12) = 18.5 kHz nothing survives a +3 st step, so the round trip's 18-21 kHz band
  is empty for every tool.
- Aliasing: a linear sine sweep 20 Hz-22 kHz pitched up 5 st. Where the shifted tone lies above
  Nyquist it must vanish; whatever folds back appears at 44100 - f. The alias level is the
  strongest such image over the sweep, relative to the tone's own level, in dB.
"""

import numpy as np
from scipy.signal import get_window, welch

from .audio import RATE, mono

BANDS = [(15000.0, 18000.0), (18000.0, 21000.0)]
"""Output bands whose level is reported (Hz)."""
SHIFT = 3
"""Semitones of the retention step (and back)."""
SWEEP_SHIFT = 5
"""Semitones of the aliasing test."""
SWEEP_SECONDS = 8.0
SWEEP_LOW, SWEEP_HIGH = 20.0, 22000.0
SWEEP_PEAK = 0.5
FRAME = 4096
"""Analysis frame of the sweep (93 ms); a Kaiser window (beta 16) keeps leakage below -110 dB."""
GUARD_BINS = 10
"""Bins either side of the expected tone (or image) beyond the sweep's motion within a frame."""
PINK_SECONDS = 8.0
PINK_SEED = 13


def pink_noise(seconds=PINK_SECONDS):
    """Pink (1/f power) noise to Nyquist, peak 0.5, seeded."""
    n = int(seconds * RATE)
    spectrum = np.fft.rfft(np.random.default_rng(PINK_SEED).standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    spectrum[1:] /= np.sqrt(f[1:])
    spectrum[0] = 0
    x = np.fft.irfft(spectrum, n)
    return x * (0.5 / np.max(np.abs(x)))


def sweep(seconds=SWEEP_SECONDS):
    """The linear sine sweep SWEEP_LOW -> SWEEP_HIGH (Hz)."""
    t = np.arange(int(seconds * RATE)) / RATE
    rate = (SWEEP_HIGH - SWEEP_LOW) / seconds
    return SWEEP_PEAK * np.sin(2 * np.pi * (SWEEP_LOW * t + 0.5 * rate * t * t))


def psd(x):
    """Welch power spectral density of the mono mix (frequencies, powers)."""
    return welch(mono(x), fs=RATE, nperseg=8192)


def band_level(f_out, p_out, f_in, p_in, band, ratio):
    """Output band power over the power of the input band that maps onto it (dB): the mean
    densities' ratio times `ratio`, as the input band is `ratio` times narrower."""
    lo, hi = band
    out = p_out[(f_out >= lo) & (f_out < hi)].mean() * ratio
    source = p_in[(f_in >= lo / ratio) & (f_in < hi / ratio)].mean()
    return float(10 * np.log10(max(out, 1e-30) / max(source, 1e-30)))


def retention(x, shifted, back):
    """{'up_15_18': dB, 'up_18_21': dB, 'rt_15_18': dB, 'rt_18_21': dB}."""
    f_in, p_in = psd(x)
    f_up, p_up = psd(shifted)
    f_rt, p_rt = psd(back)
    ratio = 2.0 ** (SHIFT / 12.0)
    result = {}
    for lo, hi in BANDS:
        tag = f"{int(lo / 1000)}_{int(hi / 1000)}"
        result[f"up_{tag}"] = band_level(f_up, p_up, f_in, p_in, (lo, hi), ratio)
        result[f"rt_{tag}"] = band_level(f_rt, p_rt, f_in, p_in, (lo, hi), 1.0)
    return result


def alias_level(y, seconds=SWEEP_SECONDS, semitones=SWEEP_SHIFT):
    """(fold, spurious) of the sweep pitched by `semitones`, dB relative to the tone: `fold` is
    the strongest image at 44100 - f where the shifted tone f lies above Nyquist; `spurious` the
    strongest component anywhere farther than the guard from the shifted tone (the resampler's
    images land there too, as does any other artifact)."""
    y = mono(y)
    window = get_window(("kaiser", 16.0), FRAME)
    reference = (SWEEP_PEAK * window.sum() / 2) ** 2
    ratio = 2.0 ** (semitones / 12.0)
    bin_hz = RATE / FRAME
    motion = (SWEEP_HIGH - SWEEP_LOW) / seconds * FRAME / RATE * ratio
    guard = motion / 2 + GUARD_BINS * bin_hz
    freqs = np.fft.rfftfreq(FRAME, 1 / RATE)
    fold = spurious = 1e-30
    for start in range(FRAME, len(y) - 2 * FRAME, FRAME // 4):
        centre = (start + FRAME / 2) / RATE
        tone = (SWEEP_LOW + (SWEEP_HIGH - SWEEP_LOW) * centre / seconds) * ratio
        power = np.abs(np.fft.rfft(y[start:start + FRAME] * window)) ** 2
        far = (np.abs(freqs - tone) > guard) & (freqs > 50)
        spurious = max(spurious, float(power[far].max()))
        if tone - guard > RATE / 2 and RATE - tone - guard > 50:
            fold = max(fold, float(power[np.abs(freqs - (RATE - tone)) <= guard].max()))
    return (float(10 * np.log10(fold / reference)), float(10 * np.log10(spurious / reference)))
