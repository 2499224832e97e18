#!/usr/bin/env python3
"""Key presses and their way to the device, for scripts/bench-player.sh (standard library only).

  bench-player-keys.py drive SOCKET TARGET SENT.txt   Space, then 40 speed keys (-, =) at uneven
                                                      intervals through `tmux send-keys`; writes
                                                      when each was sent (time.monotonic(), the
                                                      player's MonotonicClock)
  bench-player-keys.py summary LOG SENT.txt DEVICE_MS LABEL [RESULTS.jsonl]
                                                      the player's --latency-log with the sent
                                                      times: percentiles of each stage, the run
                                                      loop's turns and the device callbacks;
                                                      sent -> DAC's p50 and p99 appended to
                                                      RESULTS as one JSON line

Stages of a key (seconds on CLOCK_MONOTONIC): sent (tmux send-keys started) -> read (the player
read its bytes) -> claimed (its frame) -> queued (its command in the audio thread's ring, after
the reduce and the event's rows; the SQLite commit follows) -> callback (the device callback that rendered its
frame began) -> DAC (PortAudio's outputBufferDacTime for that frame).
"""
import json
import random
import subprocess
import sys
import time


def drive(socket, target, out):
    keys = ["Space"] + ["=" if i % 2 == 0 else "-" for i in range(1, 41)]
    random.seed(14)
    with open(out, "w") as sent:
        for index, key in enumerate(keys):
            began = time.monotonic()
            subprocess.run(["tmux", "-L", socket, "send-keys", "-t", target, key], check=True)
            sent.write(f"{began}\n")
            time.sleep(1.0 if index == 0 else random.uniform(0.1, 0.39))


def pick(values, q):
    """The q-quantile of sorted `values` (nearest rank)."""
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def percentiles(values):
    values = sorted(values)
    if not values:
        return "none"
    return (f"p50 {pick(values, 0.5) * 1000:.1f}  p90 {pick(values, 0.9) * 1000:.1f}  p99 {pick(values, 0.99) * 1000:.1f}"
            f"  max {values[-1] * 1000:.1f} ms")


def summary(log, sent_path, device_ms, label, results=None):
    keys, turns, callbacks = [], [], []
    for line in open(log):
        kind, *fields = line.split()
        values = list(map(float, fields))
        {"key": keys, "turn": turns, "callback": callbacks}[kind].append(values)
    sent = [float(line) for line in open(sent_path)]
    device = float(device_ms or "nan")
    print(f"== {label}: {len(keys)} keys resolved of {len(sent)} sent; stream latency PortAudio "
          f"reports {device:.1f} ms")
    if len(keys) == len(sent):
        print(f"  sent -> read (tmux, the pty, the loop's turn)  {percentiles([k[0] - s for k, s in zip(keys, sent)])}")
        print(f"  sent -> callback rendering its frame           {percentiles([k[3] - s for k, s in zip(keys, sent)])}")
        print(f"  sent -> DAC                                    {percentiles([k[4] - s for k, s in zip(keys, sent)])}")
        if results:
            to_dac = sorted(k[4] - s for k, s in zip(keys, sent))
            with open(results, "a") as out:
                out.write(json.dumps({"front": "player", "label": label, "deviceMs": device,
                                      "p50": pick(to_dac, 0.5) * 1000,
                                      "p99": pick(to_dac, 0.99) * 1000}) + "\n")
    print(f"  read -> callback rendering its frame (bound 15) {percentiles([k[3] - k[0] for k in keys])}")
    print(f"  read -> DAC (bound 15 + {device:.1f})             {percentiles([k[4] - k[0] for k in keys])}")
    print(f"    read -> claimed                              {percentiles([k[1] - k[0] for k in keys])}")
    print(f"    claimed -> queued (reduce, rows)             {percentiles([k[2] - k[1] for k in keys])}")
    print(f"    queued -> callback                           {percentiles([k[3] - k[2] for k in keys])}")
    late = sum(1 for k in keys if k[2] > k[3])
    print(f"    queued after its callback began (late): {late}")
    taken_back = [k[5] for k in keys if len(k) > 5]
    print(f"    claims taken back (the audio thread began the block first; claimed again): "
          f"{int(sum(taken_back))} ({sum(1 for n in taken_back if n > 0)} inputs)")
    print(f"  run-loop turn {percentiles([t[0] for t in turns])}")
    print(f"    collect     {percentiles([t[1] for t in turns])}")
    print(f"    draw        {percentiles([t[2] for t in turns])}")
    gaps = [b[0] - a[0] for a, b in zip(callbacks, callbacks[1:])]
    # The device's period: its median interval (a callback's frames over the rate, when regular).
    period = pick(sorted(gaps), 0.5) if gaps else 0
    print(f"  device callback interval (median {period * 1000:.1f} ms) {percentiles(gaps)}; "
          f"> 2 periods: {sum(1 for g in gaps if g > 2 * period)} of {len(gaps)}")


if __name__ == "__main__":
    if sys.argv[1] == "drive":
        drive(*sys.argv[2:5])
    else:
        summary(*sys.argv[2:7])
