#!/usr/bin/env python3
"""Audio check for scripts/test-record.sh, standard library only (a fresh machine has no numpy).

  record-audio.py align HEARD.wav TAKES.wav START END [FRAMES]
      HEARD is what was sent to the device (the tee, 32-bit float), TAKES the session's takes
      rendered alone (`sharp9 render --takes-only --sample float`), both from session frame 0;
      the take spans session frames START..END. The round trip (output -> input) is measured as
      the distance between the first sound in HEARD from START on and the first sound in the
      take (above a few 24-bit steps, and then the nearby distance, within 44 frames (1 ms),
      where the first 2048 frames agree best: a fade-in's first samples round to 0 in 24 bits,
      which moved a first non-zero sample by a frame, and a take that begins inside the sound has
      no first sound of its own, which once put the estimate 9 or more frames off); then every take frame from there to END must equal
      HEARD that many frames earlier, to 24 bits (the take is 24-bit FLAC). Prints "offset N frames (M ms) max-error E over F
      frames" and exits 1 when a frame differs by more than one 24-bit step or nothing matched.
      FRAMES: compare at most that many frames from the take's first sound.
  record-audio.py similar HEARD.wav TAKES.wav START END
      The same for a take that went through resamplers (an input at another rate), so equal
      only in sound: the distance (within 64 frames of the first sound's) where the take's
      8192 frames from 2048 frames into its sound differ least from HEARD, and the
      signal-to-error ratio there. Prints "offset N frames (M ms) snr S dB".
"""
import math
import struct
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
player_audio = __import__("player-audio")

CHANNELS = 2
RATE = 44100
STEP = 2.0 ** -23  # one 24-bit step


def first_sound(values, start, end):
    for frame in range(start, end):
        if any(abs(values[frame * CHANNELS + c]) > 4 * STEP for c in range(CHANNELS)):
            return frame
    return None


def compared(heard, takes, take_start, end, offset):
    """The largest difference between the take from `take_start` (to `end`) and HEARD `offset`
    frames earlier, how many frames were compared, and the first frame off by more than one
    24-bit step (None when none is)."""
    worst, frames, first_bad = 0.0, 0, None
    for frame in range(take_start, min(end, len(takes) // CHANNELS)):
        source = frame - offset
        if source < 0 or source * CHANNELS + CHANNELS > len(heard):
            break
        error = max(
            abs(takes[frame * CHANNELS + c] - heard[source * CHANNELS + c]) for c in range(CHANNELS))
        if error > STEP and first_bad is None:
            first_bad = frame
        worst = max(worst, error)
        frames += 1
    return worst, frames, first_bad


def sounds(heard_path, takes_path, start, end):
    """Both files' samples and the first frame of sound in each within START..END, or None
    (said on standard output) when either is silent there."""
    heard = player_audio.floats(heard_path)
    takes = player_audio.floats(takes_path)
    heard_sound = first_sound(heard, start, min(end, len(heard) // CHANNELS))
    take_sound = first_sound(takes, start, min(end, len(takes) // CHANNELS))
    if heard_sound is None or take_sound is None:
        print("no sound in the take's span")
        return None
    return heard, takes, heard_sound, take_sound


def align(heard_path, takes_path, start, end, limit=None):
    found = sounds(heard_path, takes_path, start, end)
    if found is None:
        return 1
    heard, takes, heard_sound, take_sound = found
    estimate = take_sound - heard_sound
    offset = min(range(estimate - 44, estimate + 45),
                 key=lambda o: compared(heard, takes, take_sound, take_sound + 2048, o)[0])
    if limit is not None:
        end = min(end, take_sound + limit)
    worst, frames, first_bad = compared(heard, takes, take_sound, end, offset)
    where = "" if first_bad is None else f", first off at session frame {first_bad}"
    print(f"offset {offset} frames ({offset * 1000 / RATE:.1f} ms) max-error {worst:.3g}"
          f" over {frames} frames{where}")
    return 0 if frames > RATE // 2 and worst <= STEP else 1


def similar(heard_path, takes_path, start, end):
    found = sounds(heard_path, takes_path, start, end)
    if found is None:
        return 1
    heard, takes, heard_sound, take_sound = found
    # From a moment into the sound (the resamplers' filters blur its start), 8192 frames.
    first = take_sound + 2048
    frames = range(first, min(first + 8192, end, len(takes) // CHANNELS))
    estimate = take_sound - heard_sound

    def energies(offset):
        signal = error = 0.0
        for frame in frames:
            source = (frame - offset) * CHANNELS
            for c in range(CHANNELS):
                value = heard[source + c] if 0 <= source < len(heard) - CHANNELS else 0.0
                signal += value * value
                difference = takes[frame * CHANNELS + c] - value
                error += difference * difference
        return signal, error

    best = min(range(estimate - 64, estimate + 65), key=lambda o: energies(o)[1])
    signal, error = energies(best)
    if signal == 0:
        print("no sound to compare in the take's span")
        return 1
    snr = 10 * math.log10(signal / error) if error > 0 else float("inf")
    level = 10 * math.log10(signal / (len(frames) * CHANNELS))
    print(f"offset {best} frames ({best * 1000 / RATE:.1f} ms) snr {snr:.1f} dB"
          f" (heard at {level:.1f} dBFS)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "similar":
        sys.exit(similar(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])))
    if len(sys.argv) in (6, 7) and sys.argv[1] == "align":
        limit = int(sys.argv[6]) if len(sys.argv) == 7 else None
        sys.exit(align(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), limit))
    sys.exit(__doc__)
