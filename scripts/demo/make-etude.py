#!/usr/bin/env python3
"""Regenerates scripts/demo/etude.flac, the demo track (16.5 s, 22.05 kHz mono): a two-voice
étude with a harmonic melody, a bass line and hi-hat ticks at 120 bpm, so loops, slow-downs and
transpositions are easy to hear. Needs numpy; writes etude.wav, then `sox etude.wav etude.flac`."""
import wave

import numpy as np

RATE = 22050
BEAT = 0.5  # seconds (120 bpm)
NOTES = [60, 64, 67, 72, 71, 67, 64, 62, 60, 62, 64, 65, 67, 69, 71, 72,
         74, 72, 71, 69, 67, 65, 64, 62, 64, 67, 72, 76, 79, 76, 72, 67]


def hz(midi):
    return 440 * 2 ** ((midi - 69) / 12)


frames = int(len(NOTES) * BEAT * RATE) + RATE // 2
out = np.zeros(frames)
t = np.arange(int(BEAT * RATE * 1.6)) / RATE
for i, note in enumerate(NOTES):
    start = int(i * BEAT * RATE)
    envelope = np.minimum(1, t / 0.005) * np.exp(-t * 3.0)
    tone = sum(0.6 ** k * np.sin(2 * np.pi * hz(note) * (k + 1) * t) for k in range(6))
    tone = tone * envelope * 0.25
    out[start:start + len(tone)] += tone[:frames - start]
    if i % 2 == 0:
        tb = np.arange(int(BEAT * 2 * RATE)) / RATE
        bass = np.sin(2 * np.pi * hz(note - 12) * tb) + 0.3 * np.sin(4 * np.pi * hz(note - 12) * tb)
        out[start:start + len(tb)] += bass * np.minimum(1, tb / 0.01) * np.exp(-tb * 1.5) * 0.2
    noise = np.random.default_rng(i).standard_normal(int(0.03 * RATE))
    out[start:start + len(noise)] += noise * np.exp(-np.arange(len(noise)) / RATE * 150) * 0.08
out[-RATE // 2:] *= np.linspace(1, 0, RATE // 2)
out /= max(1.0, np.abs(out).max() / 0.9)
with wave.open("etude.wav", "wb") as file:
    file.setnchannels(1)
    file.setsampwidth(2)
    file.setframerate(RATE)
    file.writeframes((out * 32767).astype("<i2").tobytes())
