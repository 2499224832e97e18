#!/usr/bin/env python3
"""The librosa peer of the sounding-notes benchmark (scripts/bench-notes.sh runs it).

Reads the synthetic set NotesBenchmark left in DIR (WAVs, cases.tsv, sharp9.tsv) and scores
sharp9's answers and librosa's on the same frames, per category and timbre:
- librosa-cqt: the magnitude CQT (88 bins from A0, 12 per octave, hop 512), at each frame the
  bins that are local maxima with at least 0.2 of the frame's loudest bin (sharp9's relative
  threshold) and above an absolute floor (1e-3 of the file's loudest bin);
- librosa-pyin: pyin's voiced f0, rounded to the nearest key (one note per frame: a
  monophonic tracker, shown for single notes mostly).
Usage: bench-notes.py DIR
"""
import csv
import sys
import time
from collections import defaultdict

import librosa
import numpy as np

RELATIVE = 0.2
HOP = 512


def read_tsv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def notes(text):
    return {int(x) for x in text.split()} if text.strip() else set()


def cqt_notes(magnitude, column, floor):
    frame = magnitude[:, column]
    loudest = frame.max()
    if loudest < floor:
        return set()
    found = set()
    for index in range(len(frame)):
        value = frame[index]
        left = frame[index - 1] if index > 0 else 0
        right = frame[index + 1] if index + 1 < len(frame) else 0
        if value >= left and value > right and value >= RELATIVE * loudest and value >= floor:
            found.add(21 + index)
    return found


def main():
    directory = sys.argv[1]
    cases = read_tsv(f"{directory}/cases.tsv")
    ours = defaultdict(dict)
    for row in read_tsv(f"{directory}/sharp9.tsv"):
        ours[int(row["index"])][float(row["time"])] = notes(row["notes"])
    scores = defaultdict(lambda: np.zeros(3, dtype=int))  # (peer, category, timbre) -> tp fp fn
    seconds = defaultdict(float)
    windows = 0
    for row in cases:
        index = int(row["index"])
        truth = notes(row["truth"])
        times = [float(t) for t in row["times"].split()]
        y, sr = librosa.load(f"{directory}/{index}.wav", sr=None, mono=True)
        start = time.perf_counter()
        magnitude = np.abs(
            librosa.cqt(y, sr=sr, hop_length=HOP, fmin=librosa.note_to_hz("A0"), n_bins=88,
                        bins_per_octave=12))
        seconds["librosa-cqt"] += time.perf_counter() - start
        floor = 1e-3 * magnitude.max()
        start = time.perf_counter()
        f0, voiced, _ = librosa.pyin(y, sr=sr, hop_length=HOP, fmin=librosa.note_to_hz("E2") * 0.9,
                                     fmax=librosa.note_to_hz("C6") * 1.1, frame_length=4096)
        seconds["librosa-pyin"] += time.perf_counter() - start
        windows += len(times)
        for t in times:
            column = min(int(round(t * sr / HOP)), magnitude.shape[1] - 1)
            answers = {
                "sharp9": ours[index][min(ours[index], key=lambda x: abs(x - t))],
                "librosa-cqt": cqt_notes(magnitude, column, floor),
                "librosa-pyin": ({int(round(librosa.hz_to_midi(f0[column])))}
                                 if voiced[column] and np.isfinite(f0[column]) else set()),
            }
            for peer, found in answers.items():
                hits = len(found & truth)
                counts = np.array([hits, len(found) - hits, len(truth) - hits])
                for key in [(peer, row["category"], row["timbre"]), (peer, "all", "all")]:
                    scores[key] += counts
    categories = ["single notes", "intervals", "triads", "4-note chords", "transposed",
                  "slowed 0.5x", "all"]
    peers = ["sharp9", "librosa-cqt", "librosa-pyin"]
    print("| category | timbre | " + " | ".join(f"{p} P / R" for p in peers) + " |")
    print("| --- | --- |" + " --- |" * len(peers))
    for category in categories:
        for timbre in (["piano", "guitar"] if category != "all" else ["all"]):
            cells = []
            for peer in peers:
                tp, fp, fn = scores[(peer, category, timbre)]
                precision = tp / (tp + fp) if tp + fp else 1.0
                recall = tp / (tp + fn) if tp + fn else 1.0
                cells.append(f"{precision:.3f} / {recall:.3f}")
            print(f"| {category} | {timbre} | " + " | ".join(cells) + " |")
    print(f"\nlibrosa windows: {windows}; whole-file analysis time per window: "
          + ", ".join(f"{p} {1000 * s / windows:.2f} ms" for p, s in seconds.items()))


if __name__ == "__main__":
    main()
