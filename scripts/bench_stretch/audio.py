"""16-bit PCM WAV I/O and small signal helpers shared by every module."""

import numpy as np
from scipy.io import wavfile

RATE = 44100
"""Sample rate of every benchmark signal (Hz)."""


def to_int16(x):
    """Quantize float samples in [-1, 1] to int16 with rounding and clipping."""
    return np.clip(np.round(np.asarray(x) * 32767.0), -32768, 32767).astype(np.int16)


def write_wav(path, x, rate=RATE):
    """Write float samples (frames, or frames x channels) as 16-bit PCM WAV."""
    wavfile.write(str(path), rate, to_int16(x))


def read_wav(path):
    """Read a WAV file as float64 in [-1, 1]; returns (samples, rate). Stereo stays 2-D."""
    rate, data = wavfile.read(str(path))
    if data.dtype == np.int16:
        x = data.astype(np.float64) / 32768.0
    elif data.dtype == np.int32:
        x = data.astype(np.float64) / 2147483648.0
    elif data.dtype == np.uint8:
        x = (data.astype(np.float64) - 128.0) / 128.0
    else:
        x = data.astype(np.float64)
    return x, rate


def mono(x):
    """Average the channels of a 2-D signal; 1-D signals pass through."""
    return x.mean(axis=1) if x.ndim == 2 else x


def channels(x):
    """The list of channels of a signal (one entry for mono)."""
    return [x[:, c] for c in range(x.shape[1])] if x.ndim == 2 else [x]


def frames(x, size, hop, window):
    """Frames of x (1-D) as a (count, size) array multiplied by window; no padding."""
    count = 1 + (len(x) - size) // hop if len(x) >= size else 0
    if count <= 0:
        return np.zeros((0, size))
    index = np.arange(size)[None, :] + hop * np.arange(count)[:, None]
    return x[index] * window[None, :]


def middle_half(x):
    """The middle half of a 1-D signal (drops the first and last quarter)."""
    n = len(x)
    return x[n // 4 : n - n // 4]
