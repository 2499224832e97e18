"""Runs every tool through the band-retention and aliasing measurements of band.py."""

import os
import subprocess

import numpy as np

from . import band
from .audio import read_wav, write_wav


def band_retention(tools, bright, workdir):
    """{tool: {'pink': levels, 'bright': levels, 'alias_db': dB}} or {tool: {'error': ...}}."""
    inputs = {"pink": band.pink_noise(), "bright": bright}
    paths = {}
    for name, x in inputs.items():
        paths[name] = os.path.join(workdir, f"band-{name}.wav")
        write_wav(paths[name], x)
    sweep_path = os.path.join(workdir, "band-sweep.wav")
    write_wav(sweep_path, band.sweep())
    up = os.path.join(workdir, "band-up.wav")
    back = os.path.join(workdir, "band-back.wav")
    result = {}
    for tool in tools:
        try:
            levels = {}
            for name, path in paths.items():
                x, _ = read_wav(path)
                tool.run(path, up, 1.0, band.SHIFT)
                shifted, _ = read_wav(up)
                tool.run(up, back, 1.0, -band.SHIFT)
                returned, _ = read_wav(back)
                levels[name] = band.retention(x, shifted, returned)
            tool.run(sweep_path, up, 1.0, band.SWEEP_SHIFT)
            swept, _ = read_wav(up)
            levels["alias_db"], levels["spurious_db"] = band.alias_level(swept)
            result[tool.name] = levels
        except (RuntimeError, OSError, ValueError) as error:
            result[tool.name] = {"error": str(error).splitlines()[0][:300]}
    for path in (up, back):
        if os.path.exists(path):
            os.remove(path)
    return result


QUALITIES = ("fast", "standard", "best")
EDGES = (0.95, 0.96, 0.97, 0.98)
"""Fractions of the band top (the lower of the two Nyquist frequencies) whose level is listed."""


def quality_bands(sharp9_path, workdir):
    """sharp9's passband and stopband at each --quality: white noise at +3 and -3 st (largest
    deviation from flat up to 95 % of the band top, and the level at EDGES), and the sweep's alias
    level at +5 st. Returns {quality: {...}}."""
    noise = np.random.default_rng(band.PINK_SEED).uniform(-0.5, 0.5, int(8 * band.RATE))
    src = os.path.join(workdir, "white.wav")
    write_wav(src, noise)
    sweep_path = os.path.join(workdir, "band-sweep.wav")
    write_wav(sweep_path, band.sweep())
    dst = os.path.join(workdir, "quality-out.wav")
    result = {}
    for quality in QUALITIES:
        row = {}
        for semitones in (3, -3):
            subprocess.run([sharp9_path, "stretch", src, dst, "--speed=1",
                            f"--pitch={semitones}", f"--quality={quality}", "--force"], check=True)
            y, _ = read_wav(dst)
            f, p = band.psd(y)
            ratio = 2.0 ** (semitones / 12.0)
            top = band.RATE / 2 * min(1.0, ratio)
            level = lambda lo, hi: 10 * np.log10(p[(f >= lo * top) & (f < hi * top)].mean())
            reference = level(0.2, 0.5)
            flat = [level(x, x + 0.05) - reference for x in np.arange(0.05, 0.95, 0.05)]
            row[f"{semitones:+d}_ripple"] = float(max(abs(v) for v in flat))
            for edge in EDGES:
                row[f"{semitones:+d}_{edge}"] = float(level(edge, edge + 0.005) - reference)
        subprocess.run([sharp9_path, "stretch", sweep_path, dst, "--speed=1",
                        f"--pitch={band.SWEEP_SHIFT}", f"--quality={quality}", "--force"],
                       check=True)
        y, _ = read_wav(dst)
        row["alias_db"], row["spurious_db"] = band.alias_level(y)
        result[quality] = row
    return result
