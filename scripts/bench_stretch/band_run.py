"""Runs every tool through the band-retention and aliasing measurements of band.py."""

import os

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
            levels["alias_db"] = band.alias_level(swept)
            result[tool.name] = levels
        except (RuntimeError, OSError, ValueError) as error:
            result[tool.name] = {"error": str(error).splitlines()[0][:300]}
    for path in (up, back):
        if os.path.exists(path):
            os.remove(path)
    return result
