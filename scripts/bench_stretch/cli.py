"""Command line: choose tools and mode, build inputs, measure, print tables, write JSON."""

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time

from . import signals
from .bench import Inputs, measure
from .config import FULL, QUICK, SANITY, TARGETS
from .band_run import band_retention, quality_bands
from .report import (aggregate, calibration_lines, mark_roundtrip_losses, quality_table,
                     retention_table, setting_label, setting_tables, summary_table)
from .timing import time_tools, timing_input
from .tools import all_tools, validation_tools
from .validate import pseudo_tools


def parse(argv):
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        prog="bench-stretch.sh",
        description="Side-by-side quality and speed of sharp9's stretch and its peers (issue 4).",
    )
    parser.add_argument("--quick", action="store_true",
                        help="3 settings, short signals, 1 timing run (the tuning loop)")
    parser.add_argument("--only", default="",
                        help="comma-separated tools, e.g. sharp9,rubberband-r3")
    parser.add_argument("--sharp9", default=os.environ.get("SHARP9", ".build/release/sharp9"),
                        help="sharp9 binary (default $SHARP9 or .build/release/sharp9)")
    parser.add_argument("--json", metavar="PATH", help="also write all figures as JSON")
    parser.add_argument("--runs", type=int, help="timing runs per tool and setting")
    parser.add_argument("--no-timing", action="store_true", help="skip the speed measurement")
    parser.add_argument("--validate", action="store_true",
                        help="add pseudo-tools that check the metrics (ideal, noise, sox speed)")
    parser.add_argument("--setting", action="append", metavar="SPEED:SEMITONES",
                        help="measure these settings instead (repeatable), e.g. 0.5:0")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--qualities", action="store_true",
                        help="only sharp9's pass- and stopband at each --quality (issue 13)")
    return parser.parse_args(argv)


def parse_setting(text):
    """'0.8:+2' -> (0.8, 2)."""
    speed, _, pitch = text.partition(":")
    return (float(speed), int(pitch or 0))


def select_tools(args):
    """The tools to measure, with notes for the ones skipped."""
    tools = all_tools(args.sharp9)
    if args.validate:
        tools += pseudo_tools() + validation_tools()
    notes = [t.note for t in tools if not t.available]
    if args.only:
        wanted = [name.strip() for name in args.only.split(",") if name.strip()]
        unknown = [w for w in wanted if w not in {t.name for t in tools}]
        if unknown:
            raise SystemExit(f"bench-stretch: unknown tool(s) {', '.join(unknown)}; "
                             f"known: {', '.join(t.name for t in tools)}")
        tools = [t for t in tools if t.name in wanted]
    return [t for t in tools if t.available], notes


def build_inputs(mode, workdir):
    """Synthesize and load every input."""
    tone = signals.harmonic_tone(int(mode.tone_seconds * 44100))
    click = signals.click_train(mode.click_seconds)
    speech = signals.speech(mode.speech_seconds, workdir)
    music = signals.music(mode.music_seconds, workdir)
    bright = signals.music(mode.music_seconds, workdir, "bright")
    seconds = {"tone": mode.tone_seconds, "click": mode.click_seconds}
    return Inputs(workdir, tone, click, speech, music, bright, seconds), music, bright


def run_timing(args, mode, tools, all_available, settings, music, workdir, results):
    """Time the real tools (plus rubberband R2 as reference) and merge into results."""
    timed = [t for t in tools if hasattr(t, "build")]
    reference = next((t for t in all_available if t.reference), None)
    if reference and reference not in timed:
        timed.append(reference)
    path = timing_input(music, mode.timing_seconds, os.path.join(workdir, "timing.wav"))
    out = os.path.join(workdir, "timing-out.wav")
    timings = time_tools(timed, settings, path, out, mode.timing_seconds, args.runs or mode.runs)
    for (tool, setting), value in timings.items():
        ref = timings.get((reference.name, setting), {}) if reference else {}
        if "cpu_s_per_min" in value and "cpu_s_per_min" in ref:
            value["speedup_vs_r2"] = ref["cpu_s_per_min"] / value["cpu_s_per_min"]
        target = results.setdefault((tool, setting), {})
        if "error" not in target:
            target.update({k: v for k, v in value.items() if k != "error"})
    ref_cpu = [timings[(reference.name, s)]["cpu_s_per_min"] for s in settings
               if reference and "cpu_s_per_min" in timings.get((reference.name, s), {})]
    return statistics.median(ref_cpu) if ref_cpu else None


def main(argv=None):
    """Run the benchmark; returns the exit status."""
    args = parse(sys.argv[1:] if argv is None else argv)
    mode = QUICK if args.quick else FULL
    settings = [parse_setting(s) for s in args.setting] if args.setting else mode.settings
    all_available, notes = select_tools(argparse.Namespace(**{**vars(args), "only": ""}))
    tools, _ = select_tools(args)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    if not tools:
        print("bench-stretch: no tool to measure", file=sys.stderr)
        return 1
    workdir = tempfile.mkdtemp(prefix="bench-stretch-")
    if args.qualities:
        try:
            print("#### sharp9's pass- and stopband per quality (dB; white noise, levels relative to"
                  " 20–50 % of the band top; alias of the +5 st sweep)\n")
            print(quality_table(quality_bands(args.sharp9, workdir)))
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        return 0
    started = time.time()
    try:
        inputs, music, bright = build_inputs(mode, workdir)
        results = {}
        for setting in settings:
            for tool in tools:
                print(f"... {tool.name:14s} {setting_label(setting)}", file=sys.stderr)
                results[(tool.name, setting)] = measure(tool, setting, inputs)
        print("... band retention", file=sys.stderr)
        retention = band_retention([t for t in tools if hasattr(t, "build")], bright, workdir)
        r2_cpu = None
        if not args.no_timing:
            print("... timing", file=sys.stderr)
            timed = [s for s in settings if s in mode.timing_settings] or settings
            r2_cpu = run_timing(args, mode, tools, all_available, timed, music, workdir, results)
    finally:
        if args.keep:
            print(f"work directory kept: {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    names = [t.name for t in tools]
    summaries = {name: aggregate(results, name, settings) for name in names}
    mark_roundtrip_losses(summaries, results, names, settings)
    load = os.getloadavg()
    print(f"## Stretch benchmark ({mode.name}, {len(settings)} settings, "
          f"{time.time() - started:.0f} s, load average {load[0]:.1f} on {os.cpu_count()} cores)\n")
    for note in notes:
        print(f"note: {note}\n")
    print(setting_tables(results, names, settings))
    print("\n#### Summary over the non-identity settings (targets: |pitch| <= 0.1 ¢, length exact,"
          " spectral <= 0.3 dB, wobble <= 0.1 %, all bursts with crest >= 0.9, round trip <= R3,"
          " >= 3x R2's speed)\n")
    print(summary_table(summaries))
    print("\n#### Band retention (issue 13): dB of the output band against the input band that maps"
          " there (0 = kept), and the sweep's strongest alias image (dB rel. the tone)\n")
    print(retention_table(retention))
    calibration = calibration_lines(summaries, r2_cpu)
    if calibration:
        print("\n#### Peers against issue 4's figures\n\n" + calibration)
    if args.json:
        write_json(args.json, mode, settings, names, notes, results, summaries, r2_cpu, retention)
    return 0


def write_json(path, mode, settings, names, notes, results, summaries, r2_cpu, retention):
    """All figures, machine-readable."""
    document = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "load_average": os.getloadavg()},
        "mode": mode.name,
        "targets": TARGETS,
        "notes": notes,
        "rubberband_r2_cpu_s_per_min": r2_cpu,
        "settings": [
            {"speed": s, "pitch": p, "identity": (s, p) == SANITY,
             "tools": {n: results.get((n, (s, p)), {}) for n in names}}
            for s, p in settings
        ],
        "summary": summaries,
        "band_retention": retention,
    }
    with open(path, "w") as handle:
        json.dump(document, handle, indent=2, sort_keys=True)
