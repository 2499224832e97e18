"""The stretchers compared: command lines for each peer and for sharp9, and how to run them.

Every tool reads a 16-bit PCM WAV and writes a WAV. `speed` s means output duration = input / s
(s > 1 is faster); `pitch` is in semitones. Each tool runs single-threaded (see docs/benchmarks/stretch.md).
"""

import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field


@dataclass
class Tool:
    """One stretcher: a name, a command builder and whether it can run here."""

    name: str
    build: object
    """build(in_path, out_path, speed, pitch) -> argv."""
    available: bool = True
    note: str = ""
    reference: bool = False
    """True for rubberband's default engine, the speed reference."""
    extra: dict = field(default_factory=dict)

    def run(self, in_path, out_path, speed, pitch):
        """Run once; returns (cpu seconds of the child, wall seconds). Raises on failure."""
        argv = self.build(in_path, out_path, speed, pitch)
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        stderr = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0 or not os.path.exists(out_path):
            raise RuntimeError(failure(self.name, proc.returncode, speed, pitch, stderr))
        return usage.ru_utime + usage.ru_stime, wall


def failure(name, code, speed, pitch, stderr):
    """One line saying how a tool failed: exit code or signal, and its last stderr line."""
    how = f"exit {code}" if code >= 0 else f"killed by {signal.Signals(-code).name}"
    if code == 0:
        how = "no output file"
    last = stderr.strip().splitlines()[-1] if stderr.strip() else "no message"
    return f"{name} failed ({how}) at speed {speed:g}, pitch {pitch:+g}: {last[:160]}"


def fmt(value):
    """A number as a short exact decimal for a command line."""
    return f"{value:.10g}"


def rubberband(engine):
    """rubberband -T <speed> -p <semitones>; R2 with --no-threads (it otherwise runs one thread
    per channel on a multi-core machine), R3 is single-threaded."""
    flags = ["-3"] if engine == 3 else ["--no-threads"]

    def build(src, dst, speed, pitch):
        return ["rubberband", "-q", *flags, "-T", fmt(speed), "-p", fmt(pitch), src, dst]

    return build


def soundstretch(src, dst, speed, pitch):
    """soundstretch -tempo=<percent change> -pitch=<semitones>."""
    return ["soundstretch", src, dst, f"-tempo={fmt((speed - 1.0) * 100.0)}",
            f"-pitch={fmt(pitch)}"]


def sox(src, dst, speed, pitch):
    """sox tempo <factor> pitch <cents> (effects omitted when they are identity)."""
    effects = []
    if speed != 1.0:
        effects += ["tempo", fmt(speed)]
    if pitch != 0:
        effects += ["pitch", fmt(pitch * 100.0)]
    return ["sox", src, "-b", "16", dst, *effects]


def sox_speed(src, dst, speed, pitch):
    """Deliberately wrong 'stretcher' for validating the metrics: sox speed changes duration and
    pitch together (like a tape), then resamples back to 44.1 kHz."""
    factor = speed if speed != 1.0 else 2.0 ** (pitch / 12.0)
    return ["sox", src, "-b", "16", dst, "speed", fmt(factor), "rate", "-v", "44100"]


def sharp9_tool(path):
    """sharp9 stretch IN OUT --speed S --pitch K, skipped with a note when unavailable."""

    def build(src, dst, speed, pitch):
        # `--pitch=-3`, not `--pitch -3`: the argument parser would read -3 as an option;
        # `--force`: the benchmark reuses its output paths, which sharp9 otherwise refuses.
        return [path, "stretch", src, dst, f"--speed={fmt(speed)}", f"--pitch={fmt(pitch)}",
                "--force"]

    tool = Tool("sharp9", build)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        tool.available, tool.note = False, f"sharp9 skipped: no executable at {path}"
        return tool
    probe = subprocess.run([path, "stretch", "--help"], capture_output=True, text=True)
    if probe.returncode != 0:
        tool.available = False
        tool.note = f"sharp9 skipped: `{path} stretch` does not exist yet ({probe.stderr.strip()[:120]})"
    return tool


def which_note(tool, program):
    """Mark a tool unavailable when its program is not on PATH."""
    if shutil.which(program) is None:
        tool.available = False
        tool.note = f"{tool.name} skipped: {program} not found (run scripts/setup.sh --bench)"
    return tool


def all_tools(sharp9_path):
    """Every tool in table order: sharp9 first, then the peers."""
    return [
        sharp9_tool(sharp9_path),
        which_note(Tool("rubberband-r2", rubberband(2), reference=True), "rubberband"),
        which_note(Tool("rubberband-r3", rubberband(3)), "rubberband"),
        which_note(Tool("soundstretch", soundstretch), "soundstretch"),
        which_note(Tool("sox", sox), "sox"),
    ]


def validation_tools():
    """Pseudo-tools that must score badly (sox-speed); see validate.py for the ideal ones."""
    return [which_note(Tool("bad:sox-speed", sox_speed), "sox")]
