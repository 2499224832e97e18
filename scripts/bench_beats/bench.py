"""Runs the beat benchmark and prints its tables (Markdown) for docs/benchmarks/beats.md.

Usage (through scripts/bench-beats.sh): python -m bench_beats --sharp9 PATH [--runs N]
[--work DIR] [--variants N] [--quick]. --quick: half the synthetic set, no variants, no timing.
"""

import argparse
import datetime
import glob
import os
import platform
import subprocess
import sys

import numpy as np
import soundfile

from . import metrics, signals, trackers

BENCH_CACHE = os.path.join(
    os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "sharp9-bench")
"""Where scripts/setup.sh --bench unpacks the Debian music tracks."""
RECORDINGS = {
    "funnyboat": "funnyboat/usr/share/games/funnyboat/data/*Funny_Boat.ogg",
    "foxrun": "xmoto-data/usr/share/games/xmoto/Textures/Musics/foxrun.ogg",
}
"""The real recordings: Debian's funnyboat ("Trip on the Funny Boat" by JDruid, 3:05) and
xmoto-data ("foxrun", 1:40), whole."""
SONG_SECONDS = 300
"""Length of the timing song: the two recordings joined and looped to 5 minutes."""
TRACKERS = ("sharp9", "aubio", "librosa")

RAWREAD_C = r"""
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
/* Decodes every frame as float in 16384-frame chunks, the way sharp9 reads, and nothing else. */
int main(int argc, char **argv) {
  SF_INFO info = {0};
  SNDFILE *file = sf_open(argv[1], SFM_READ, &info);
  if (!file) { fprintf(stderr, "%s\n", sf_strerror(NULL)); return 1; }
  float *buffer = malloc(sizeof(float) * 16384 * info.channels);
  sf_count_t got, total = 0;
  float sink = 0;
  while ((got = sf_readf_float(file, buffer, 16384)) > 0) { total += got; sink += buffer[0]; }
  printf("%lld %g\n", (long long)total, sink);
  sf_close(file);
  free(buffer);
  return 0;
}
"""


def machine():
    """One line: CPU model, cores, OS."""
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def run_all(path, binary):
    """The three trackers' results for one file."""
    return {"sharp9": trackers.sharp9(binary, path), "aubio": trackers.aubio(path),
            "librosa": trackers.librosa_track(path)}


def fmt(value, digits=2, signed=False):
    if value is None:
        return "—"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def synthetic(binary, work, quick):
    """The synthetic set: per track and overall tables."""
    rows = []
    chosen = signals.SET[::2] if quick else signals.SET
    for name, bpm, pattern, drift in chosen:
        samples, beats, downbeats = signals.render(bpm, pattern, drift)
        path = os.path.join(work, f"{name}.wav")
        soundfile.write(path, samples, signals.RATE, subtype="PCM_16")
        truth = 60.0 / float(np.median(np.diff(beats)))
        results = run_all(path, binary)
        row = {"name": name, "truth": truth}
        for tracker in TRACKERS:
            result = results[tracker]
            row[tracker] = {
                "error": metrics.tempo_error(result["tempo"], truth),
                "f": metrics.f_measure(result["beats"], beats),
                "f5": metrics.f_measure(result["beats"], beats, skip=metrics.SKIP),
                "offset": metrics.offset(result["beats"], beats),
                "down": metrics.f_measure(result["downbeats"], downbeats)
                if result["downbeats"] is not None else None,
            }
        rows.append(row)
        print(f"  {name}: " + ", ".join(
            f"{t} {fmt(row[t]['error'], signed=True)} % F {row[t]['f']:.3f}" for t in TRACKERS),
            file=sys.stderr)
    print("### Synthetic set\n")
    print("Tempo error (%) and beat F-measure (±70 ms): every beat counted / beats from 5 s on "
          "(mir_eval's convention); sharp9's downbeat F-measure (every bar) last.\n")
    print("| track | true BPM | sharp9 % | sharp9 F | aubio % | aubio F | librosa % | "
          "librosa F | sharp9 bars F |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        s, a, lr = row["sharp9"], row["aubio"], row["librosa"]
        print(f"| {row['name']} | {row['truth']:.2f} | {fmt(s['error'], signed=True)} | "
              f"{s['f']:.3f} / {s['f5']:.3f} | {fmt(a['error'], signed=True)} | "
              f"{a['f']:.3f} / {a['f5']:.3f} | {fmt(lr['error'], signed=True)} | "
              f"{lr['f']:.3f} / {lr['f5']:.3f} | {fmt(s['down'], 3)} |")
    print("\n| tracker | tempo within 1 % | within 1 % up to ×2/×½ | F ≥ 0.95 | mean F | "
          "min F | mean F from 5 s | beat offset, ms (median per track: lowest, highest) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for tracker in TRACKERS:
        errors = [row[tracker]["error"] for row in rows]
        fs = [row[tracker]["f"] for row in rows]
        exact = sum(e is not None and abs(e) <= 1 for e in errors)
        octave = sum(
            e is not None and min(abs((1 + e / 100) * k - 1) for k in (1, 2, 0.5)) <= 0.01
            for e in errors)
        f5 = [row[tracker]["f5"] for row in rows]
        offsets = [1000 * row[tracker]["offset"] for row in rows
                   if row[tracker]["offset"] is not None]
        print(f"| {tracker} | {exact}/{len(rows)} | {octave}/{len(rows)} | "
              f"{sum(f >= 0.95 for f in fs)}/{len(rows)} | {np.mean(fs):.3f} | {min(fs):.3f} | "
              f"{np.mean(f5):.3f} | {min(offsets):+.0f}, {max(offsets):+.0f} |")
    print()


def ambiguity(binary, work, count):
    """Random variants of the patterns: how often each tracker lands on the true tempo, on an
    octave of it, or elsewhere (3:2 and the rest)."""
    counts = {tracker: {"exact": 0, "octave": 0, "other": 0, "f": []} for tracker in TRACKERS}
    for name, bpm, pattern, drift, levels, seed in signals.variants(count):
        samples, beats, _ = signals.render(bpm, pattern, drift, seconds=20.0, seed=seed,
                                           levels=levels)
        path = os.path.join(work, "variant.wav")
        soundfile.write(path, samples, signals.RATE, subtype="PCM_16")
        truth = 60.0 / float(np.median(np.diff(beats)))
        results = run_all(path, binary)
        for tracker in TRACKERS:
            tempo = results[tracker]["tempo"]
            ratio = tempo / truth if tempo else 0.0
            kind = "exact" if abs(ratio - 1) <= 0.01 else "octave" if min(
                abs(ratio * k - 1) for k in (2, 0.5)) <= 0.01 else "other"
            counts[tracker][kind] += 1
            counts[tracker]["f"].append(metrics.f_measure(results[tracker]["beats"], beats))
    print(f"### Octave ambiguity: {count} random variants\n")
    print("Tempo uniform in 60-200 BPM, the four patterns in turn, drift 0 or ±3 %, the kick, "
          "snare, hi-hat and off-beat piano levels each ×0.6-1.4, 20 s each (seeded: the same "
          "tracks every run). Tempo within 1 % of the truth, within 1 % of twice or half of it, "
          "or neither (3:2 readings, misses), and the mean beat F-measure.\n")
    print("| tracker | tempo within 1 % | an octave off | other | mean F |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for tracker in TRACKERS:
        row = counts[tracker]
        print(f"| {tracker} | {row['exact']}/{count} | {row['octave']}/{count} | "
              f"{row['other']}/{count} | {np.mean(row['f']):.3f} |")
    print()


def recordings(binary, work):
    """The Debian recordings: tempi, how they relate, agreement and onset alignment."""
    import librosa

    print("### Real recordings\n")
    print("Tempo (BPM) and its relation to sharp9's; F-measure of each tracker's beats against "
          "sharp9's (agreement, ±70 ms); onset alignment judged with librosa's onset detector, "
          "independent of sharp9 and aubio: the share of beats within 70 ms of a detected onset, "
          "and the mean of the strongest onset strength within 70 ms of each beat over that "
          "quantity's mean over the track (1 = no better than chance); the autocorrelation of "
          "the same onset envelope at 1, 2, 3 and 4 beats of the tracker's tempo (a beat that "
          "also repeats at the half bar and the bar scores at 2 and 4).\n")
    print("| recording | tracker | BPM | vs sharp9 | beats | F vs sharp9 | on an onset | "
          "strength at beats | autocorrelation at 1, 2, 3, 4 beats |")
    print("| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | --- |")
    for name, pattern in RECORDINGS.items():
        found = glob.glob(os.path.join(BENCH_CACHE, pattern))
        if not found:
            print(f"| {name} | (missing: run scripts/setup.sh --bench) | | | | | | |")
            continue
        path = found[0]
        results = run_all(path, binary)
        y, sr = librosa.load(path, sr=22050, mono=True)
        strength = librosa.onset.onset_strength(y=y, sr=sr)
        onsets = librosa.onset.onset_detect(onset_envelope=strength, sr=sr, units="time")
        rate = sr / 512
        reference = results["sharp9"]
        for tracker in TRACKERS:
            result = results[tracker]
            near, strong = metrics.onset_alignment(result["beats"], onsets, strength, rate)
            agreement = metrics.f_measure(result["beats"], reference["beats"])
            repeats = metrics.periodicity(strength, rate, result["tempo"]) \
                if result["tempo"] else []
            print(f"| {name} | {tracker} | {fmt(result['tempo'])} | "
                  f"{metrics.relation(result['tempo'], reference['tempo'])} | "
                  f"{len(result['beats'])} | {agreement:.3f} | {near:.2f} | {strong:.2f} | "
                  + ", ".join(fmt(value) for value in repeats) + " |")
    print()


def song(work):
    """The 5-minute timing song (44.1 kHz stereo) as WAV and Ogg Vorbis; their paths."""
    parts = []
    for pattern in RECORDINGS.values():
        found = glob.glob(os.path.join(BENCH_CACHE, pattern))
        if found:
            data, rate = soundfile.read(found[0], always_2d=True)
            if rate == 44100:
                parts.append(data[:, :2])
    if not parts:
        rng = np.random.default_rng(signals.SEED)
        parts = [0.1 * rng.standard_normal((44100 * 10, 2))]
    audio = np.concatenate(parts)
    audio = np.tile(audio, (SONG_SECONDS * 44100 // len(audio) + 1, 1))[:SONG_SECONDS * 44100]
    wav = os.path.join(work, "song-5min.wav")
    ogg = os.path.join(work, "song-5min.ogg")
    soundfile.write(wav, audio, 44100, subtype="PCM_16")
    # sox, not soundfile: libsndfile 1.2 crashes writing minutes of Vorbis in one call.
    subprocess.run(["sox", wav, "-C", "5", ogg], check=True)
    return wav, ogg


def timing(binary, work, runs):
    """Wall time to analyse the 5-minute song, sharp9 against aubio and librosa."""
    import librosa

    wav, ogg = song(work)
    rawread = os.path.join(work, "rawread")
    with open(rawread + ".c", "w") as source:
        source.write(RAWREAD_C)
    subprocess.run(["cc", "-O2", "-o", rawread, rawread + ".c", "-lsndfile"], check=True)
    for path in (wav, ogg):
        with open(path, "rb") as warm:
            warm.read()
    commands = {
        "decode WAV": [rawread, wav], "decode Ogg": [rawread, ogg],
        "sharp9 WAV": [binary, "beats", wav, "--json"],
        "sharp9 Ogg": [binary, "beats", ogg, "--json"],
        "aubio tempo": ["aubio", "tempo", wav], "aubio beat": ["aubio", "beat", wav],
    }
    # Interleaved: every contender once per round, so a change in the machine's load falls on
    # all of them alike.
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            times[name].append(trackers.wall(argv, 1))
    median = {name: float(np.median(values)) for name, values in times.items()}
    rows = [
        ("sharp9 beats, WAV", median["sharp9 WAV"], median["decode WAV"]),
        ("sharp9 beats, Ogg Vorbis", median["sharp9 Ogg"], median["decode Ogg"]),
        ("aubio tempo, WAV", median["aubio tempo"], None),
        ("aubio beat, WAV", median["aubio beat"], None),
    ]
    process = trackers.wall([sys.executable, "-c", (
        "import librosa; y, sr = librosa.load(%r, sr=22050); "
        "librosa.beat.beat_track(y=y, sr=sr)") % wav], max(1, runs // 2))
    rows.append(("librosa load + beat_track, new process (import included), WAV", process, None))
    trackers.librosa_track(wav)  # compile numba's functions once
    in_process, _ = trackers.timed(trackers.librosa_track, wav, runs=runs)
    rows.append(("librosa load + beat_track in a warm process, WAV", in_process, None))
    y, sr = librosa.load(wav, sr=22050, mono=True)
    analysis, _ = trackers.timed(lambda: librosa.beat.beat_track(y=y, sr=sr), runs=runs)
    rows.append(("librosa beat_track alone (decoded, resampled), WAV", analysis, None))
    base = rows[0][1]
    print(f"### Speed: a {SONG_SECONDS // 60}-minute song\n")
    print(f"44.1 kHz stereo, the two recordings joined and looped; median wall seconds of {runs} "
          "runs, the command-line contenders interleaved round by round (page cache warm). "
          "Decode: a C loop reading the file through libsndfile as sharp9 does; analysis = "
          "total − decode (process start included).\n")
    print("| contender | total s | decode s | analysis s | × sharp9 (WAV) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, total, decode in rows:
        analysis_text = fmt(total - decode, 3) if decode is not None else "—"
        print(f"| {name} | {total:.3f} | {fmt(decode, 3)} | {analysis_text} | "
              f"{total / base:.2f} |")
    print()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="bench-beats")
    parser.add_argument("--sharp9", required=True, help="the sharp9 binary (a release build)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default="/tmp/sharp9-bench-beats")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--variants", type=int, default=80,
                        help="random variants for the octave-ambiguity table (0: none)")
    args = parser.parse_args(argv)
    os.makedirs(args.work, exist_ok=True)
    import librosa

    aubio_version = subprocess.run(["aubio", "-V"], capture_output=True, text=True).stdout.strip()
    sharp9_version = subprocess.run([args.sharp9, "--version"], capture_output=True,
                                    text=True).stdout.strip()
    start = datetime.datetime.now(datetime.timezone.utc)
    load_start = os.getloadavg()[0]
    print(f"## Run of {start:%Y-%m-%d %H:%M} UTC\n")
    print(f"{machine()}; {sharp9_version}; aubio {aubio_version.split()[-1] if aubio_version else '?'}"
          f"; librosa {librosa.__version__}.\n")
    synthetic(args.sharp9, args.work, args.quick)
    if args.variants and not args.quick:
        ambiguity(args.sharp9, args.work, args.variants)
    recordings(args.sharp9, args.work)
    if not args.quick:
        timing(args.sharp9, args.work, args.runs)
    print(f"Load average (1 min) {load_start:.2f} at the start, {os.getloadavg()[0]:.2f} at the "
          "end.")
    return 0
