#!/usr/bin/env python3
"""The practice page's figures for scripts/bench-app.sh (standard library only): its inputs'
way to the device, and the page's opening and frames.

  bench-app-figures.py summary LOG SENT.json LABEL RESULTS.jsonl
      `sharp9 app --latency-log` with the page's inputs (scripts/app-browser.py latency): the
      percentiles of each stage, keys and clicks apart and together; event -> DAC's p50 and p99
      appended to RESULTS as JSON lines
  bench-app-figures.py table RESULTS.jsonl
      the medians over the runs of each front end's p50 and p99 (event or key sent -> DAC), the
      app's beside the terminal player's, with their ratio
  bench-app-figures.py pages PAGES.jsonl
      the medians over the runs of the page's opening (beside its requests over HTTP; and again
      from the library), its
      waveform frames while playing and while zooming (beside the browser's own frames)

Stages of an input (seconds on CLOCK_MONOTONIC): event (the browser's event timestamp,
performance.timeOrigin + event.timeStamp, moved from the page's wall clock to this machine's
monotonic clock) -> received (the server's route handed it to the practice thread) -> claimed
(its frame, on the practice thread) -> queued (its command in the audio thread's ring, after the
reduce and the event's rows; the SQLite commit follows) -> callback (the device callback that rendered its frame
began) -> DAC (PortAudio's outputBufferDacTime for that frame).
"""
import importlib.util
import json
import re
import statistics
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
spec = importlib.util.spec_from_file_location(
    "bench_player_keys", Path(__file__).with_name("bench-player-keys.py"))
player_keys = importlib.util.module_from_spec(spec)
spec.loader.exec_module(player_keys)
percentiles, pick = player_keys.percentiles, player_keys.pick


def summary(log, sent_path, label, results):
    keys = [list(map(float, line.split()[1:])) for line in open(log) if line.startswith("key ")]
    sent = json.load(open(sent_path))
    # The page's wall clock -> this process's wall clock -> CLOCK_MONOTONIC.
    shift = sent["pageMinusPythonMs"] / 1000 + sent["pythonWallMinusMonotonic"]
    events = [(i["type"], i["wallMs"] / 1000 - shift) for i in sent["inputs"]]
    # "device pulse (23.2 ms)": the stream latency PortAudio reports.
    found = re.search(r"\(([0-9.]+) ms\)", sent["device"])
    device = float(found.group(1)) if found else float("nan")
    print(f"== {label}: {len(keys)} inputs resolved of {len(events)} sent; stream latency "
          f"PortAudio reports {device:.1f} ms; page clock offset known to "
          f"±{sent['offsetUncertaintyMs']:.2f} ms")
    # Keys resolve in the order they were sent (frames only grow), so the resolved ones are the
    # first inputs; more keys than inputs means something else sent actions.
    if len(keys) > len(events) or not keys:
        print("  more keys in the log than inputs sent, or none: not matched")
        return
    if len(keys) < len(events):
        print(f"  the last {len(events) - len(keys)} inputs' frames were not rendered before the app "
              "stopped: left out")
    pairs = list(zip(events, keys))
    for name, kinds in [("keys and clicks", ("keydown", "click")), ("keys", ("keydown",)),
                        ("clicks", ("click",))]:
        chosen = [(at, k) for (kind, at), k in pairs if kind in kinds]
        print(f"  {name} ({len(chosen)}): event -> DAC (bound 15 + {device:.1f}) "
              f"{percentiles([k[4] - at for at, k in chosen])}")
    print(f"    event -> received (the page's handler, its socket)  {percentiles([k[0] - at for (_, at), k in pairs])}")
    print(f"    received -> claimed (the practice thread's turn)    {percentiles([k[1] - k[0] for k in keys])}")
    print(f"    claimed -> queued (reduce, rows; commit after)      {percentiles([k[2] - k[1] for k in keys])}")
    print(f"    queued -> callback                                  {percentiles([k[3] - k[2] for k in keys])}")
    print(f"    callback -> DAC                                     {percentiles([k[4] - k[3] for k in keys])}")
    print(f"  event -> callback rendering its frame (bound 15)      {percentiles([k[3] - at for (_, at), k in pairs])}")
    late = sum(1 for k in keys if k[2] > k[3])
    print(f"    queued after its callback began (late): {late}")
    taken_back = [k[5] for k in keys if len(k) > 5]
    print(f"    claims taken back (the audio thread began the block first; claimed again): "
          f"{int(sum(taken_back))} ({sum(1 for n in taken_back if n > 0)} inputs)")
    # The three slowest, each with its place in the run and where its time went.
    slowest = sorted(range(len(pairs)), key=lambda i: pairs[i][1][4] - pairs[i][0][1])[-3:]
    for i in reversed(slowest):
        (kind, at), k = pairs[i]
        print(f"    slowest: input {i} ({kind}) {1000 * (k[4] - at):.1f} ms: event -> received "
              f"{1000 * (k[0] - at):.1f}, queued -> callback {1000 * (k[3] - k[2]):.1f}, "
              f"callback -> DAC {1000 * (k[4] - k[3]):.1f}")
    to_dac = sorted(k[4] - at for (_, at), k in pairs)
    with open(results, "a") as out:
        out.write(json.dumps({"front": "app", "label": label, "deviceMs": device,
                              "p50": pick(to_dac, 0.5) * 1000,
                              "p99": pick(to_dac, 0.99) * 1000}) + "\n")


def table(results):
    rows = [json.loads(line) for line in open(results)]
    median = {}
    for front in ("app", "player"):
        mine = [r for r in rows if r["front"] == front]
        if not mine:
            print(f"{front}: no runs")
            return
        median[front] = {q: statistics.median(r[q] for r in mine) for q in ("p50", "p99", "deviceMs")}
        median[front]["runs"] = len(mine)
    app, player = median["app"], median["player"]
    print(f"input -> DAC, medians over runs: page event {app['p50']:.1f} / {app['p99']:.1f} ms "
          f"(p50 / p99, {app['runs']} runs; bound p99 15 + {app['deviceMs']:.1f} = "
          f"{15 + app['deviceMs']:.1f}); terminal key {player['p50']:.1f} / {player['p99']:.1f} ms "
          f"({player['runs']} runs); ratio {app['p50'] / player['p50']:.2f} / "
          f"{app['p99'] / player['p99']:.2f}")


def pages(path):
    rows = [json.loads(line) for line in open(path)]
    median = lambda values: statistics.median(values) if values else float("nan")
    loads = lambda kind: ", ".join(r["load"] for r in rows if r["kind"] == kind)
    opened = [r for r in rows if r["kind"] == "open"]
    if opened:
        page = median([r["page"]["interactiveMs"] for r in opened])
        peer = median([r["peer"]["readsMs"] for r in opened])
        print(f"opening a 10-minute song, page interactive (median of {len(opened)}): {page:.0f} ms "
              f"(bound 1000); peer, the same requests over HTTP: {peer:.0f} ms; ratio "
              f"{page / peer:.2f} (load {loads('open')})")
    again = [r["page"] for r in rows if r["kind"] == "library"]
    if again:
        page = median([r["interactiveMs"] for r in again])
        print(f"opening it again from the library, page interactive (median of {len(again)}): "
              f"{page:.0f} ms (bound 1000; each: "
              f"{', '.join(str(round(r['interactiveMs'])) for r in again)}; the click to the offer "
              f"{median([r['offerMs'] for r in again]):.0f}, Continue to the peaks "
              f"{median([r['continueToPeaksMs'] for r in again]):.0f}) (load {loads('library')})")
    hours = [r for r in rows if r["kind"] == "hour"]
    if hours:
        pick = lambda key: median([r[key] for r in hours])
        app, player = pick("appSec"), pick("playerSec")
        uploads = [r["upload"]["readsMs"] / 1000 for r in hours if r["upload"]]
        upload = (f"{median(uploads):.2f} s, peak {pick('uploadMiB'):.0f} MiB" if uploads
                  else "refused")
        print(f"opening a 1-hour song (medians of {len(hours)}): sharp9 app HOUR {app:.2f} s to its "
              f"URL, peak {pick('appMiB'):.0f} MiB; through the page's upload over HTTP "
              f"{upload}; peer, sharp9 play HOUR "
              f"{player:.2f} s to its screen, peak {pick('playerMiB'):.0f} MiB; ratios "
              f"{app / player:.2f} (time), {pick('appMiB') / pick('playerMiB'):.2f} (memory) "
              f"(load {loads('hour')})")
    for kind, what in [("playing", "waveform while playing"), ("zoom", "waveform while zooming")]:
        runs = [r["result"] for r in rows if r["kind"] == kind]
        if not runs:
            continue
        drawn = median([r["drawn"]["perSec"] for r in runs])
        browser = median([r["browser"]["perSec"] for r in runs])
        line = (f"{what} (median of {len(runs)}): {drawn:.1f} frames/s drawn, frame time p99 "
                f"{median([r['drawn']['p99Ms'] for r in runs]):.1f} ms, max "
                f"{median([r['drawn']['maxMs'] for r in runs]):.1f} ms; peer, the browser's own "
                f"frames: {browser:.1f}/s, p99 {median([r['browser']['p99Ms'] for r in runs]):.1f} ms; "
                f"ratio {drawn / browser:.2f}")
        if kind == "playing":
            line += (f"; frames showing a new span {median([r['newSpan'].get('perSec', 0) for r in runs]):.1f}/s"
                     " (bound 50)")
            back = [r["backwards"] for r in runs if "backwards" in r]
            if back:
                line += (f", of which drawn backwards {median([b['frames'] for b in back]):.0f} a page"
                         f" (the largest step {max(b['maxMs'] for b in back):.1f} ms of the song)")
            played = [f"{r['deviceSec']} of {r['spanSec']}" for r in runs if r.get("deviceSec") is not None]
            if played:
                line += f"; device seconds played per page: {', '.join(played)} s"
        else:
            line += f"; widest span {median([r['widestSpanSec'] for r in runs]):.0f} s"
        print(f"{line} (load {loads(kind)})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["summary"]:
        summary(*sys.argv[2:6])
    elif sys.argv[1:2] == ["table"]:
        table(sys.argv[2])
    elif sys.argv[1:2] == ["pages"]:
        pages(sys.argv[2])
    else:
        raise SystemExit(__doc__)
