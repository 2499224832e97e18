#!/usr/bin/env python3
"""Audio helpers for scripts/test-player.sh, standard library only (a fresh machine has no numpy).

  player-audio.py track OUT.wav SECONDS          a synthetic 44.1 kHz stereo practice track
  player-audio.py perturb IN.wav OUT.wav         IN (32-bit float WAV) with its middle sounding
                                                  sample made 1e-3 louder: what compare must
                                                  tell apart
  player-audio.py compare A B                     A (up to its last sound) and B aligned on their
                                                  first non-zero frame: prints "identical N" or
                                                  "ser DB N"; each underrun (B, the device's
                                                  capture, departing from A, silent or not, then
                                                  resuming further on or back in A) is cut out of
                                                  both and counted
A and B are 32-bit float WAV files, or raw float32le stereo (.f32, what parec --raw writes).
"""
import array
import math
import struct
import sys
import wave


def track(path, seconds):
    rate = 44100
    frames = int(seconds * rate)
    samples = array.array("h")
    for n in range(frames):
        t = n / rate
        # A slow tremolo over two tones, plus a click every half second: a waveform worth seeing
        # and onsets for the stretcher.
        envelope = 0.35 + 0.25 * math.sin(2 * math.pi * 0.25 * t)
        click = 0.3 if n % (rate // 2) < 200 else 0.0
        left = envelope * math.sin(2 * math.pi * 220 * t) + click * math.sin(2 * math.pi * 1760 * t)
        right = envelope * math.sin(2 * math.pi * 330 * t) + click * math.sin(2 * math.pi * 1760 * t)
        samples.append(int(max(-1, min(1, left)) * 32767))
        samples.append(int(max(-1, min(1, right)) * 32767))
    with wave.open(path, "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())


def floats(path):
    data = open(path, "rb").read()
    if path.endswith(".f32"):
        body = data
    else:
        if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
            raise SystemExit(f"{path}: not a WAV file")
        offset, body = 12, None
        while offset + 8 <= len(data):
            kind, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
            if kind == b"fmt " and struct.unpack("<H", data[offset + 8:offset + 10])[0] not in (3, 0xFFFE):
                raise SystemExit(f"{path}: not 32-bit float")
            if kind == b"data":
                body = data[offset + 8:offset + 8 + size]
                break
            offset += 8 + size + (size & 1)
        if body is None:
            raise SystemExit(f"{path}: no data chunk")
    values = array.array("f")
    values.frombytes(body[: len(body) // 8 * 8])
    return values


def first_sound(values):
    for index, value in enumerate(values):
        if value != 0:
            return index - index % 2
    return len(values)


def align_underruns(a, b):
    """A and B with each underrun cut out of both. Where B (the device) departs from A, B's run of
    zeros (the silence the device played) is dropped and B is matched again in A by its next 64
    frames (fewer where the device fell silent again), up to 1 s back (the sound server rewound and played frames twice) or 4 s on (frames
    the device never received, or a starved capture client lost). Where no match is found, the
    frames are compared as they are for the next 4096 frames. Returns (A', B', gaps, frames lost,
    frames repeated)."""
    silent = array.array("f", [0, 0])
    a_bytes, b_bytes = a.tobytes(), b.tobytes()
    # Samples: back 1 s (a rewind replays little), on 4 s (a starved capture client can lose
    # seconds of the monitor, with no silence to mark it).
    back, ahead, probe = 2 * 44100, 2 * 4 * 44100, 128
    out_a, out_b = array.array("f"), array.array("f")
    gaps, lost, repeated, i, j, compare_until = 0, 0, 0, 0, 0, 0
    while i < len(a) and j < len(b):
        if j < compare_until or b[j:j + 2] == a[i:i + 2]:
            out_a.extend(a[i:i + 2])
            out_b.extend(b[j:j + 2])
            i, j = i + 2, j + 2
            continue
        z = j
        while z < len(b) and b[z:z + 2] == silent:
            z += 2
        # The probe: up to 64 frames, ending where the device next fell silent: a starved device
        # plays a few frames between runs of silence, and a probe across that silence matches
        # nothing.
        end = z
        while end < min(z + probe, len(b)) and b[end:end + 2] != silent:
            end += 2
        resume = None
        if end > z and (end - z == probe or end < len(b)):
            target = b_bytes[4 * z:4 * end]
            # The nearest match on (frames lost) first; only without one, the nearest back (a
            # rewind): a loop's passes can be bit-identical, so a match back may be a pass early.
            at = a_bytes.find(target, 4 * i, 4 * (i + ahead + probe))
            while at >= 0 and at % 8 != 0:
                at = a_bytes.find(target, at + 1, 4 * (i + ahead + probe))
            if at >= 0:
                resume = at // 4
            else:
                at = a_bytes.rfind(target, 4 * max(0, i - back), 4 * i + len(target) - 4)
                while at >= 0 and at % 8 != 0:
                    at = a_bytes.rfind(target, 4 * max(0, i - back), at + len(target) - 1)
                resume = at // 4 if at >= 0 else None
        if resume is None:
            compare_until = j + 2 * 4096
            continue
        gaps += 1
        lost, repeated = lost + max(0, resume - i) // 2, repeated + max(0, i - resume) // 2
        i, j = resume, z
    return out_a, out_b, gaps, lost, repeated


def last_sound(values):
    """The end of VALUES' last non-zero frame."""
    for index in range(len(values) - 1, -1, -1):
        if values[index] != 0:
            return index + 2 - index % 2
    return 0


def compare(path_a, path_b):
    a, b = floats(path_a), floats(path_b)
    # A ends with its last sound: a render runs on, silent, to the session's last event, while the
    # device's capture goes on with what later runs played.
    a, b = a[first_sound(a):last_sound(a)], b[first_sound(b):]
    a, b, gaps, lost, repeated = align_underruns(a, b)
    note = (f" underruns {gaps} ({lost} frames never reached the device, {repeated} played twice)"
            if gaps else "")
    count = min(len(a), len(b))
    if count == 0:
        raise SystemExit("nothing to compare: one of the files is silent")
    a, b = a[:count], b[:count]
    if a == b:
        print(f"identical {count // 2}{note}")
        return
    signal = sum(x * x for x in a)
    error = sum((x - y) * (x - y) for x, y in zip(a, b))
    print(f"ser {10 * math.log10(signal / error):.1f} {count // 2}{note}")


def perturb(path_in, path_out):
    data = bytearray(open(path_in, "rb").read())
    values = floats(path_in)
    body = data.find(b"data") + 8
    sounding = [index for index, value in enumerate(values) if value != 0]
    if body < 8 or not sounding:
        raise SystemExit(f"{path_in}: no sound to change")
    at = body + 4 * sounding[len(sounding) // 2]
    value = struct.unpack("<f", data[at:at + 4])[0]
    data[at:at + 4] = struct.pack("<f", value + 1e-3)
    open(path_out, "wb").write(data)


if __name__ == "__main__":
    if sys.argv[1] == "track":
        track(sys.argv[2], float(sys.argv[3]))
    elif sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "perturb":
        perturb(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)
