"""Pseudo-tools that check the metrics themselves (``--validate``).

`ideal` writes the known ideal output (the tone at the target pitch and length, the bursts at
the stretched positions, the recording unchanged so its round trip is exact): it must score
~0 error, ~0 wobble, 100 % bursts, crest 1.0 and 0 dB round trip. `bad:noise` is that ideal plus
white noise 30 dB below it, and `bad:sox-speed` (tools.py) changes pitch with speed like a tape:
both must score badly where their damage lies.
"""

import numpy as np

from .signals import TONE_F0, click_train, harmonic_tone

NOISE_DB = -30.0
"""Level of the added noise relative to the signal's RMS."""


class PyTool:
    """A pseudo-tool computed in Python from the benchmark's knowledge of the input."""

    available = True
    note = ""
    reference = False

    def __init__(self, name, noisy):
        self.name = name
        self.noisy = noisy

    def process(self, kind, x, seconds, speed, pitch):
        """The output for input `x` of the given kind ('tone', 'click' or 'recording')."""
        frames = int(round(len(x) / speed))
        if kind == "tone":
            y = harmonic_tone(frames, TONE_F0 * 2 ** (pitch / 12.0))
        elif kind == "click":
            y = click_train(seconds, speed)
        else:
            y = x.copy()
        if self.noisy:
            rng = np.random.default_rng(len(y))
            rms = np.sqrt(np.mean(y**2))
            y = y + rng.normal(0.0, rms * 10 ** (NOISE_DB / 20), y.shape)
        return y


def pseudo_tools():
    """The ideal and the ideal-plus-noise pseudo-tools."""
    return [PyTool("ideal", noisy=False), PyTool("bad:noise", noisy=True)]
