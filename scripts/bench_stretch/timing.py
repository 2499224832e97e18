"""Speed: CPU and wall seconds per minute of 44.1 kHz stereo, medians over several runs."""

import statistics

import numpy as np

from .audio import write_wav


def timing_input(music, seconds, path):
    """Tile the music excerpt to `seconds` of stereo and write it (what every tool is timed on)."""
    frames = int(round(seconds * 44100))
    reps = int(np.ceil(frames / len(music)))
    write_wav(path, np.concatenate([music] * reps)[:frames])
    return path


def time_tools(tools, settings, in_path, out_path, seconds, runs):
    """Run every (tool, setting) `runs` times, interleaving tools within each run so the shared
    machine's load falls on all of them alike. Returns {(tool, setting): {cpu, wall}} in seconds
    per minute of audio (medians), or {error} when the tool failed."""
    samples = {}
    for _ in range(runs):
        for setting in settings:
            for tool in tools:
                key = (tool.name, setting)
                if "error" in samples.get(key, {}):
                    continue
                try:
                    cpu, wall = tool.run(in_path, out_path, *setting)
                except RuntimeError as error:
                    samples[key] = {"error": str(error)}
                    continue
                samples.setdefault(key, {"cpu": [], "wall": []})
                samples[key]["cpu"].append(cpu)
                samples[key]["wall"].append(wall)
    per_minute = 60.0 / seconds
    result = {}
    for key, value in samples.items():
        if "error" in value:
            result[key] = value
        else:
            result[key] = {
                "cpu_s_per_min": statistics.median(value["cpu"]) * per_minute,
                "wall_s_per_min": statistics.median(value["wall"]) * per_minute,
                "runs": len(value["cpu"]),
            }
    return result
