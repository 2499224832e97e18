#!/usr/bin/env python3
"""Writes the browser tests' session: a 10 s tone (8 kHz mono WAV) and a session script that
plays it with ticks at 30 Hz, sets A-B and a loop, adds markers and changes speed and pitch.

usage: make_fixture.py DIRECTORY   (writes DIRECTORY/tone.wav and DIRECTORY/practice.jsonl)
"""
import json
import math
import struct
import sys
import wave
from pathlib import Path


def main() -> None:
    directory = Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    rate = 8000
    with wave.open(str(directory / "tone.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        frames = bytearray()
        for i in range(rate * 10):
            level = 0.2 + 0.6 * abs(math.sin(math.pi * i / (rate * 2.5)))
            frames += struct.pack("<h", int(12000 * level * math.sin(2 * math.pi * 220 * i / rate)))
        out.writeframes(bytes(frames))
    lines = [{"session": {"startedAt": "2026-11-21T19:00:00.000Z", "audio": "tone.wav", "title": "Browser test practice"}}]

    def add(t: float, action: dict) -> None:
        lines.append({**action, "t": round(t, 4)})

    add(0, {"type": "importPicked", "url": "tone.wav"})
    add(0.2, {"type": "importSucceeded", "track": {"name": "tone.wav", "durationSec": 10}})
    add(0.5, {"type": "togglePlay"})
    t, pos, speed = 0.5, 0.0, 1.0
    for i in range(240):
        t += 1 / 30
        pos += speed / 30
        add(t, {"type": "tick", "currentTimeSec": round(pos, 4)})
        if i == 30:
            add(t, {"type": "setA", "timeSec": 1.0})
        if i == 60:
            add(t, {"type": "addMarker", "timeSec": 2.5})
        if i == 90:
            add(t, {"type": "setB", "timeSec": 4.0})
        if i == 120:
            add(t, {"type": "speedDelta", "delta": -0.25})
            speed = 0.75
        if i == 150:
            add(t, {"type": "pitchDelta", "delta": 2})
        if i == 180:
            add(t, {"type": "addMarker", "timeSec": 6.0})
    add(t + 0.1, {"type": "togglePlay"})
    (directory / "practice.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))


if __name__ == "__main__":
    main()
