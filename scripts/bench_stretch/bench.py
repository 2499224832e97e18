"""Runs one tool at one setting on every input and collects all metrics."""

import os

from .audio import read_wav, to_int16, write_wav
from .click_metrics import click_metrics
from .roundtrip import roundtrip_distance
from .tone_metrics import tone_metrics
from .validate import PyTool


class Inputs:
    """The benchmark inputs, written once as 16-bit WAV files in `workdir`."""

    RECORDINGS = ("speech", "music", "bright")
    """The round trip's materials."""

    def __init__(self, workdir, tone, click, speech, music, bright, seconds):
        self.workdir = workdir
        self.seconds = seconds
        """{'tone': s, 'click': s} input lengths in seconds."""
        self.signals = {}
        self.paths = {}
        for name, x in [("tone", tone), ("click", click), ("speech", speech), ("music", music),
                        ("bright", bright)]:
            path = os.path.join(workdir, f"in-{name}.wav")
            write_wav(path, x)
            self.signals[name] = to_int16(x) / 32768.0  # what the tools actually read
            self.paths[name] = path


def process(tool, kind, inputs, name, src_path, src, dst_path, speed, pitch):
    """Run a real tool on a file, or a pseudo-tool on the array; returns the output array."""
    if isinstance(tool, PyTool):
        y = tool.process(kind, src, inputs.seconds.get(name, 0.0), speed, pitch)
        write_wav(dst_path, y)
    else:
        tool.run(src_path, dst_path, speed, pitch)
    y, _ = read_wav(dst_path)
    return y


def measure(tool, setting, inputs):
    """All quality metrics of `tool` at `setting` (speed, semitones). A failing tool yields
    {'error': message} instead of metrics."""
    speed, pitch = setting
    tag = f"{tool.name}-{speed}-{pitch}".replace(":", "_")
    out = os.path.join(inputs.workdir, f"out-{tag}.wav")
    back = os.path.join(inputs.workdir, f"back-{tag}.wav")
    result = {}
    try:
        tone = inputs.signals["tone"]
        y = process(tool, "tone", inputs, "tone", inputs.paths["tone"], tone, out, speed, pitch)
        result.update(tone_metrics(y, len(tone), speed, pitch))
        result["passthrough_exact"] = bool(
            setting == (1.0, 0) and y.shape == tone.shape and (y == tone).all()
        )
        click = inputs.signals["click"]
        y = process(tool, "click", inputs, "click", inputs.paths["click"], click, out, speed, pitch)
        result.update(click_metrics(y, click, inputs.seconds["click"], speed))
        for name in Inputs.RECORDINGS:
            x = inputs.signals[name]
            process(tool, "recording", inputs, name, inputs.paths[name], x, out, speed, pitch)
            forward, _ = read_wav(out)
            z = process(tool, "recording", inputs, name, out, forward, back, 1.0 / speed, -pitch)
            distance = roundtrip_distance(x, z)
            result[f"rt_{name}_db"] = distance["banded"]
            result[f"rt_{name}_bins_db"] = distance["bins"]
            result[f"rt_{name}_lag"] = distance["lag"]
    except (RuntimeError, OSError, ValueError) as error:
        result = {"error": str(error).splitlines()[0][:300]}
    finally:
        for path in (out, back):
            if os.path.exists(path):
                os.remove(path)
    return result
