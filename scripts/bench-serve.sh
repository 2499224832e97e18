#!/usr/bin/env bash
# Speed of `sharp9 serve` on a 1,000,000-event session (scripts/bench-store-gen.py), against the
# issue's targets and, in the same run, its peer: the replay engine alone on an open store
# (`state --time-random-points`, no HTTP, no JSON).
#   1. the state at 1000 seeded random events over HTTP (keep-alive), p50 / p99 ms  (target p99 ≤ 20)
#   2. the session page interactive: navigation until the slider, the state and the first page of
#      events are usable, ms (target ≤ 1000), beside the same reads over HTTP without a browser
#   3. the slider dragged across the range by the mouse, and moved by a page script on every
#      frame: redraws/s (frames that painted a new slider position) counted by
#      requestAnimationFrame (target ≥ 30), beside the browser's own frame rate in the same span
# usage: [CONFIG=debug] [BIN=path/to/sharp9] scripts/bench-serve.sh [EVENTS]   (needs scripts/test-browser.sh's venv
# for 2 and 3; CONFIG=debug measures the debug build, when a release build is out of reach)
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-1000000}
config=${CONFIG:-release}
if [[ -n "${BIN:-}" ]]; then
  bin=$BIN  # a sharp9 built elsewhere (e.g. scripts/build-release.sh's flags in another scratch path)
elif [[ "$config" == release ]]; then
  bin=$(scripts/build-release.sh)
else
  swift build -c "$config" --product sharp9 >/dev/null
  bin="$(swift build -c "$config" --show-bin-path)/sharp9"
fi
source scripts/serve-helpers.sh

python3 scripts/bench-store-gen.py "$events" >"$work/session.jsonl"
id=$("$bin" import "$work/session.jsonl" --db "$work/db.sqlite" 2>/dev/null | tail -1)
engine=$("$bin" state "$id" --db "$work/db.sqlite" --time-random-points 1000 2>&1 >/dev/null)
start_serve "$bin" "$work/db.sqlite"

python=python3
[[ -x .build-venv/bin/python ]] && python=.build-venv/bin/python
ENGINE="$engine" BASE="${url%%/?token=*}" ID="$id" EVENTS="$events" "$python" - <<'PY'
import http.client, os, random, statistics, time
def load_average():
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())
print("| figure | sharp9 | peer, same run | ratio | target | machine |")
print("| --- | --- | --- | --- | --- | --- |")
base, sid, events = os.environ["BASE"], os.environ["ID"], int(os.environ["EVENTS"])
engine = os.environ["ENGINE"].split()
engine_p50, engine_p99 = int(engine[2]) / 1000, int(engine[4]) / 1000
connection = http.client.HTTPConnection("127.0.0.1", int(base.rsplit(":", 1)[1]))
rng = random.Random(2026)
times = []
for _ in range(1000):
    at = rng.randint(0, events)
    start = time.perf_counter()
    connection.request("GET", f"/api/sessions/{sid}/state?at={at}")
    response = connection.getresponse(); response.read()
    times.append((time.perf_counter() - start) * 1000)
times.sort()
p50, p99 = times[500], times[990]
print(f"| state at a random event over HTTP, p50 / p99 ms | {p50:.2f} / {p99:.2f} | replay engine on an open store {engine_p50:.2f} / {engine_p99:.2f} | {p50 / engine_p50:.2f} / {p99 / engine_p99:.2f} | p99 ≤ 20 | {load_average()} |")
try:
    import sys
    sys.path.insert(0, "Tests/browser")
    from conftest import wait_until  # the browser tests' polling wait, which the policy allows
    from playwright.sync_api import sync_playwright
except ImportError:
    print("(page and slider figures need the browser tests' venv: run scripts/test-browser.sh once)")
    raise SystemExit
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox"])
    # The page's Content-Security-Policy stays in force, as for a user (conditions are polled
    # with wait_until, not wait_for_function, which the policy forbids).
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    # Interactive: navigation until the page says it is (body[data-ready]: the slider set, the state
    # at the selected event drawn, the first page of the event list filled).
    loads = []
    for _ in range(5):
        start = time.perf_counter()
        page.goto(f"{base}/sessions/{sid}")
        page.wait_for_selector("body[data-ready='1']", timeout=60000)
        loads.append((time.perf_counter() - start) * 1000)
    load = statistics.median(loads)
    wait_until(page, "window.sharp9.indexed === true", timeout=120000)
    # Its peer: the same reads over HTTP from Python, no browser (what the page cannot beat).
    api = []
    for _ in range(5):
        start = time.perf_counter()
        for path in (f"/api/sessions/{sid}", f"/api/sessions/{sid}/state?at={events}",
                     f"/api/sessions/{sid}/state?at={events - 1}", f"/api/sessions/{sid}/events?from={events - 199}&limit=200"):
            connection.request("GET", path); connection.getresponse().read()
        api.append((time.perf_counter() - start) * 1000)
    print(f"| session page interactive, first open (nothing cached), ms | {loads[0]:.0f} | its reads alone over HTTP (session, two states, a page of events), median of 5 {statistics.median(api):.0f} | {loads[0] / statistics.median(api):.2f} | ≤ 1000 | {load_average()} |")
    print(f"| session page interactive, median of 5, ms | {load:.0f} | the same reads {statistics.median(api):.0f} | {load / statistics.median(api):.2f} | ≤ 1000 | {load_average()} |")
    # A drag: the mouse takes the slider's thumb from one end to the other in 3 s (a move every
    # 16 ms). Counted by requestAnimationFrame: frames the browser drew, and redraws (frames in
    # which the page painted another slider position than the frame before: page.paintedAt) and
    # state fills (frames in which the state tree showed another event: page.drawnAt). The peer is
    # the browser's own frame rate during the drag: the most redraws there could be. The input
    # events the page received are counted too: Playwright sends each move and waits for it, so
    # a slow round trip would starve the page of positions, not the page be slow.
    box = page.locator("#slider").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 2, y)
    page.evaluate("""() => {
      const s = window.sharp9;
      window.dragCount = { frames: 0, redraws: 0, fills: 0, inputs: 0, painted: s.paintedAt, drawn: s.drawnAt, running: true };
      document.getElementById("slider").addEventListener("input", () => window.dragCount.inputs++);
      const count = () => {
        const c = window.dragCount;
        c.frames++;
        if (s.paintedAt !== c.painted) { c.redraws++; c.painted = s.paintedAt; }
        if (s.drawnAt !== c.drawn) { c.fills++; c.drawn = s.drawnAt; }
        if (c.running) requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
    }""")
    page.mouse.down()
    start = time.perf_counter()
    moves = 180
    for step in range(1, moves + 1):
        page.mouse.move(box["x"] + 2 + (box["width"] - 4) * step / moves, y)
        wait = start + step * 3 / moves - time.perf_counter()
        if wait > 0: time.sleep(wait)
    page.mouse.up()
    seconds = time.perf_counter() - start
    counted = page.evaluate("() => { window.dragCount.running = false; return window.dragCount; }")
    moved = page.evaluate("window.sharp9.at")
    print(f"| slider dragged across the range in 3 s, redraws/s (new slider position painted) | {counted['redraws'] / seconds:.0f} | the browser's frames/s in the same drag {counted['frames'] / seconds:.0f} | {counted['redraws'] / counted['frames']:.2f} | ≥ 30 | {load_average()} |")
    print(f"(in that drag: {counted['inputs'] / seconds:.0f} input events/s reached the page from {moves} moves sent over {seconds:.1f} s, each move a Playwright round trip; the state tree showed {counted['fills'] / seconds:.0f} new events/s; the drag ended at event {moved} of {events})")
    # The same drag without Playwright's round trips: a page script moves the slider on every
    # animation frame for 3 s (value set, `input` dispatched, as the browser does for a drag) and
    # counts the frames in which the page painted the new position. Under load a round trip takes
    # longer than a frame, so the mouse drag above counts Playwright's rate as much as the page's.
    page.mouse.move(box["x"] + 2, y)
    scripted = page.evaluate("""() => new Promise((done) => {
      const s = window.sharp9, slider = document.getElementById("slider");
      const c = { frames: 0, redraws: 0, fills: 0, painted: s.paintedAt, drawn: s.drawnAt };
      const start = performance.now();
      const frame = (now) => {
        c.frames++;
        if (s.paintedAt !== c.painted) { c.redraws++; c.painted = s.paintedAt; }
        if (s.drawnAt !== c.drawn) { c.fills++; c.drawn = s.drawnAt; }
        if (now - start >= 3000) { c.seconds = (now - start) / 1000; done(c); return; }
        slider.value = Math.round(Number(slider.max) * (now - start) / 3000);
        slider.dispatchEvent(new Event("input"));
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })""")
    print(f"| slider moved by a page script every frame for 3 s, redraws/s | {scripted['redraws'] / scripted['seconds']:.0f} | the browser's frames/s in the same span {scripted['frames'] / scripted['seconds']:.0f} | {scripted['redraws'] / scripted['frames']:.2f} | ≥ 30 | {load_average()} |")
    print(f"(in that span the state tree showed {scripted['fills'] / scripted['seconds']:.0f} new events/s)")
    browser.close()
PY
