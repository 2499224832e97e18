#!/usr/bin/env python3
"""The practice page (`sharp9 app`) driven in Debian's headless Chromium through Playwright, for
scripts/test-app-audio.sh and scripts/bench-app.sh. Run with the browser tests' virtual
environment (.build-venv, made by scripts/test-browser.sh or those scripts).

  app-browser.py practise URL OUT          a session practised in the page with clicks: play,
                                           speed -, pitch +, A and B tapped on the waveform, loop
                                           on, pause; writes the session id to OUT
  app-browser.py record URL OUT PNG [N]    takes recorded in the page (the app records from an input):
                                           Record, then N times (3 unless told) play 2 s and
                                           pause (the first: the input meters hear the song; the
                                           last: a screenshot to PNG), Record (stop); waits for the N
                                           takes' rows; writes the session id to OUT
  app-browser.py nothing-to-record URL PNG
                                           on a system with no input the stream can take: plays,
                                           Record twice (each: the line says there is nothing to
                                           record from; pressed or not, the input meters shown or
                                           not), the clock before and after, a screenshot, pause
  app-browser.py stall URL PID             plays, stops the sound server PID (SIGSTOP): the page
                                           must say the device stopped calling back; then lets it
                                           go on (SIGCONT): the playhead must move again; pauses
  app-browser.py latency URL OUT.json      Space, then 40 speed keys (- and =) and 40 clicks on
                                           SPEED -/+ at uneven intervals; writes each input's
                                           event time on the wall clock (performance.timeOrigin +
                                           event.timeStamp, ms), the page's clock offset and the
                                           device line (its latency as PortAudio reports it)
  app-browser.py open URL SONG             imports SONG through the file chooser: ms from the
                                           chooser's change event to the first waveform frame
                                           drawn with the song's peaks (and the steps between)
  app-browser.py library URL               opens the library's first song (practised before:
                                           Continue in the offer), ms from the click on the song
                                           to the offer and from Continue to the first waveform
                                           frame drawn with its peaks
  app-browser.py reads URL SONG            the open's peer: the same requests without a browser
                                           (upload SONG, its peaks, the first state naming the
                                           session), ms
  app-browser.py playing URL SECONDS       plays; waveform frames/s (frames drawn, and frames
                                           showing a new span, and those drawn backwards)
                                           beside the browser's own requestAnimationFrame
                                           rate in the same span, and the device time the
                                           states' motion covered in it
  app-browser.py zoom URL                  wheel zooms in and out over the waveform (120 wheel
                                           events as fast as Playwright sends them): frame times
Each prints one JSON object on standard output.
"""
import contextlib
import json
import os
import random
import signal
import sys
import time
import urllib.request
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

# Recorded from the first script on: each input event's wall time (ms since the epoch), each
# frame of the waveform canvas (its first clearRect: when drawn, the span shown, the rects the
# previous frame filled), each requestAnimationFrame of the browser, the peaks' arrival.
PROBE = """
window.sharp9Probe = { inputs: [], waves: [], frames: [], peaksAt: null, clockSec: null };
// The device time of the last state received while playing (its `motion.clockSec`).
const PageEventSource = window.EventSource;
window.EventSource = class extends PageEventSource {
  constructor(...args) {
    super(...args);
    this.addEventListener("state", (message) => {
      const motion = JSON.parse(message.data).motion;
      if (motion) window.sharp9Probe.clockSec = motion.clockSec;
    });
  }
};
for (const type of ["keydown", "click", "change"]) {
  window.addEventListener(type, (event) => {
    window.sharp9Probe.inputs.push({ type, key: event.key ?? null,
      wallMs: performance.timeOrigin + event.timeStamp, atMs: event.timeStamp });
  }, { capture: true });
}
const clearRect = CanvasRenderingContext2D.prototype.clearRect;
CanvasRenderingContext2D.prototype.clearRect = function (...args) {
  if (this.canvas.id === "wave") {
    window.sharp9Probe.waves.push({ atMs: performance.now(), from: this.canvas.dataset.from,
      to: this.canvas.dataset.to, rects: 0, clockSec: window.sharp9Probe.clockSec });
  }
  return clearRect.apply(this, args);
};
const fillRect = CanvasRenderingContext2D.prototype.fillRect;
CanvasRenderingContext2D.prototype.fillRect = function (...args) {
  const waves = window.sharp9Probe.waves;
  if (this.canvas.id === "wave" && waves.length) waves[waves.length - 1].rects++;
  return fillRect.apply(this, args);
};
const fetchOriginal = window.fetch;
window.fetch = async function (...args) {
  const response = await fetchOriginal.apply(this, args);
  if (String(args[0]).startsWith("/api/app/peaks")) window.sharp9Probe.peaksAt = performance.now();
  return response;
};
const tick = (atMs) => { window.sharp9Probe.frames.push(atMs); requestAnimationFrame(tick); };
requestAnimationFrame(tick);
"""


def launch(playwright, url):
    browser = playwright.chromium.launch(
        executable_path="/usr/bin/chromium", headless=True,
        args=["--autoplay-policy=no-user-gesture-required", "--no-sandbox"])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return browser, page, errors


def wait_until(page, expression, timeout_ms=10000):
    # Polled with evaluate (wait_for_function's eval is refused by the page's policy).
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        if page.evaluate(expression):
            return
        time.sleep(0.02)
    raise SystemExit(f"app-browser: timed out waiting for {expression}")


def open_song(page):
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, "document.body.dataset.session && document.body.dataset.session.length > 0")
    # The peaks drawn: a frame of the waveform with more than the playhead in it.
    wait_until(page, "window.sharp9Probe.waves.slice(-3).some((w) => w.rects > 50)")


def playing(page):
    return page.evaluate("document.getElementById('play').getAttribute('aria-label') === 'Pause'")


def press_play(page, then):
    # Play (then "playing") or Pause ("paused"), and wait for the button to turn over.
    label = "Pause" if then == "playing" else "Play"
    page.click("#play")
    wait_until(page, f"document.getElementById('play').getAttribute('aria-label') === '{label}'")


@contextlib.contextmanager
def playing_song(url):
    # The page with its song open and playing; the browser closed after, and any page error
    # raised then.
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        open_song(page)
        press_play(page, "playing")
        yield page
        browser.close()
    if errors:
        raise SystemExit(f"app-browser: page errors: {errors}")


def practise(url, out):
    with playing_song(url) as page:
        page.wait_for_timeout(1500)
        page.click("[aria-label='Speed down']")
        wait_until(page, "document.getElementById('speed').textContent === '0.95 x'")
        page.wait_for_timeout(800)
        page.click("[aria-label='Pitch up']")
        wait_until(page, "document.getElementById('pitch').textContent === '+1.00 st'")
        page.wait_for_timeout(800)
        # A just ahead of the playhead, B 2 s after it (the detail view spans 10 s).
        box = page.locator("#wave").bounding_box()
        for mode, label, fraction in (("setA", "set A", 0.55), ("setB", "set B", 0.75)):
            page.click(f"[aria-label='Mode: {label}']")
            wait_until(page, f"document.querySelector('[data-mode={mode}]')"
                             ".getAttribute('aria-checked') === 'true'")
            page.mouse.click(box["x"] + box["width"] * fraction, box["y"] + box["height"] / 2)
        page.click("#loop")
        wait_until(page, "document.getElementById('loop').getAttribute('aria-pressed') === 'true'")
        page.wait_for_timeout(5000)  # two passes or more of the 2 s loop at 0.95 x
        press_play(page, "paused")
        page.wait_for_timeout(800)  # the fade after the pause reaches the device
        session = page.evaluate("document.body.dataset.session")
    open(out, "w").write(session + "\n")
    print(json.dumps({"session": session}))


def stall(url, pid):
    with playing_song(url) as page:
        page.wait_for_timeout(1000)
        os.kill(int(pid), signal.SIGSTOP)
        try:
            wait_until(page, "document.getElementById('toast').textContent"
                             ".includes('the device stopped calling back')", 8000)
            told = page.evaluate("document.getElementById('toast').textContent")
        finally:
            os.kill(int(pid), signal.SIGCONT)
        at = page.evaluate("document.getElementById('time').textContent")
        wait_until(page, f"document.getElementById('time').textContent !== {json.dumps(at)}")
        press_play(page, "paused")
    print(json.dumps({"told": told}))


def record(url, out, png, takes="3"):
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        open_song(page)
        page.click("#record")
        wait_until(page, "document.getElementById('record').getAttribute('aria-pressed') === 'true'")
        wait_until(page, "!document.getElementById('input-meters').hidden")
        # The stream the session plays on now, with the input the first Record opened.
        device = page.evaluate("fetch('/api/app/devices').then(r => r.json()).then(c => c.playing)")
        line = page.text_content("#record-line")
        for take in range(int(takes)):
            page.click("#play")
            wait_until(page, "document.getElementById('record').classList.contains('taking')")
            if take == 0:
                # The input is the sink's monitor: its meters hear the song being played.
                wait_until(page, "parseFloat(document.querySelector('#input-left .level').style.width) > 0")
            if take == int(takes) - 1:
                # In the last take: a screenshot keeps the machine busy, and the first take is
                # the one compared to what was played.
                page.wait_for_timeout(1000)
                page.screenshot(path=png)
                page.wait_for_timeout(1000)
            else:
                page.wait_for_timeout(2000)
            press_play(page, "paused")
            wait_until(page, "!document.getElementById('record').classList.contains('taking')")
        page.click("#record")
        wait_until(page, "document.getElementById('record').getAttribute('aria-pressed') === 'false'")
        # Listed once written: after the stream's round trip has settled (up to 24 s into it).
        wait_until(
            page, f"document.querySelectorAll('#take-list li').length === {int(takes)}", 30000
        )
        labels = page.eval_on_selector_all("#take-list li span", "spans => spans.map(s => s.textContent)")
        session = page.evaluate("document.body.dataset.session")
    open(out, "w").write(session + "\n")
    print(json.dumps({"session": session, "takes": labels, "device": device, "line": line}))


def nothing_to_record(url, png):
    """Record pressed while the song plays, on a system with no input the stream can take: the
    line under the practice line, whether Record is pressed and the input's meters show, after
    the first press and after a second; the song's clock before and after (it plays on)."""
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        open_song(page)
        page.click("#play")
        page.wait_for_timeout(1000)
        before = page.evaluate("document.getElementById('time').textContent")
        presses = []
        for _ in range(2):
            page.click("#record")
            wait_until(page, "document.getElementById('record-line').textContent.includes('nothing to record from')")
            page.wait_for_timeout(1000)
            presses.append({
                "line": page.text_content("#record-line"),
                "pressed": page.get_attribute("#record", "aria-pressed"),
                "meters": not page.evaluate("document.getElementById('input-meters').hidden"),
            })
        after = page.evaluate("document.getElementById('time').textContent")
        page.screenshot(path=png)
        press_play(page, "paused")
        device = page.evaluate("fetch('/api/app/devices').then(r => r.json()).then(c => c.playing)")
        session = page.evaluate("document.body.dataset.session")
    print(json.dumps({"session": session, "presses": presses, "before": before, "after": after,
                      "device": device, "errors": errors}))


def clock_offset_ms(page):
    """The page's wall clock (timeOrigin + now) minus this process's time.time(), ms: the
    midpoint of the tightest of 20 round trips, with its half-width."""
    best = None
    for _ in range(20):
        before = time.time()
        page_ms = page.evaluate("performance.timeOrigin + performance.now()")
        after = time.time()
        half = (after - before) * 500
        offset = page_ms - (before + after) * 500
        if best is None or half < best[1]:
            best = (offset, half)
    return best


def first_state(url, done=lambda state: True):
    """The first state on the page's live stream for which `done` holds."""
    parts = urlsplit(url)
    with urllib.request.urlopen(f"{parts.scheme}://{parts.netloc}/api/app/live") as live:
        for line in live:
            if line.startswith(b"data: ") and done(state := json.loads(line[6:])):
                return state


def latency(url, out):
    random.seed(14)
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        open_song(page)
        # The stream's start left behind, as the terminal peer's (it presses its first key 2 s
        # after the player starts): PulseAudio's null sink holds a new stream's callbacks for up
        # to 2 s (docs/benchmarks/player.md), which is the test rig's, not the input's way.
        time.sleep(2.0)
        offset, uncertainty = clock_offset_ms(page)
        page.locator("#wave").focus()
        page.keyboard.press(" ")
        wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Pause'")
        time.sleep(1.0)
        for index in range(40):
            page.keyboard.press("=" if index % 2 == 0 else "-")
            time.sleep(random.uniform(0.1, 0.39))
        for index in range(40):
            page.click("[aria-label='Speed up']" if index % 2 == 0 else "[aria-label='Speed down']")
            time.sleep(random.uniform(0.1, 0.39))
        time.sleep(2)  # the last input's frame rendered, also on a device that stalls
        inputs = page.evaluate("window.sharp9Probe.inputs")
        browser.close()
    sent = [i for i in inputs if i["type"] in ("keydown", "click")]
    if errors:
        raise SystemExit(f"app-browser: page errors: {errors}")
    json.dump({"inputs": sent, "device": first_state(url)["device"], "pageMinusPythonMs": offset, "offsetUncertaintyMs": uncertainty,
               "pythonWallMinusMonotonic": time.time() - time.monotonic()}, open(out, "w"))
    print(json.dumps({"inputs": len(sent), "pageMinusPythonMs": round(offset, 3),
                      "offsetUncertaintyMs": round(uncertainty, 3)}))


def open_timing(url, song):
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        page.wait_for_selector("#import-empty")
        page.set_input_files("#file", song)
        open_song(page)
        probe = page.evaluate("window.sharp9Probe")
        browser.close()
    change = next(i["atMs"] for i in probe["inputs"] if i["type"] == "change")
    first = next(w for w in probe["waves"] if w["rects"] > 50)
    waves = probe["waves"]
    # The frame after the one that filled the peaks' rects is when they were on screen; the
    # rects are counted on the frame that drew them, so its start is the draw.
    print(json.dumps({
        "interactiveMs": round(first["atMs"] - change, 1),
        "peaksArrivedMs": round(probe["peaksAt"] - change, 1) if probe["peaksAt"] else None,
        "firstPracticeFrameMs": round(waves[0]["atMs"] - change, 1) if waves else None,
        "errors": errors}))


def library_timing(url):
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        page.wait_for_selector("#import-empty")
        page.click("#menu-button")
        page.click("#menu-library")
        page.wait_for_selector("#library[open]")
        page.locator("#library-list button.song").first.click()
        page.wait_for_selector("#offer[open]")
        offered = page.evaluate("performance.now()")
        page.click("#offer-continue")
        open_song(page)
        probe = page.evaluate("window.sharp9Probe")
        browser.close()
    clicks = [i["atMs"] for i in probe["inputs"] if i["type"] == "click"]
    song, chosen = clicks[-2], clicks[-1]
    first = next(w for w in probe["waves"] if w["atMs"] > chosen and w["rects"] > 50)
    offer = offered - song
    shown = first["atMs"] - chosen
    print(json.dumps({
        "interactiveMs": round(offer + shown, 1), "offerMs": round(offer, 1),
        "continueToPeaksMs": round(shown, 1), "errors": errors}))


def reads(url, song):
    parts = urlsplit(url)
    base, token = f"{parts.scheme}://{parts.netloc}", parts.query.split("token=", 1)[1]
    body = open(song, "rb").read()
    began = time.monotonic()
    request = urllib.request.Request(
        f"{base}/api/app/songs?name={song.rsplit('/', 1)[-1]}", data=body, method="POST",
        headers={"X-Sharp9-Token": token, "Content-Type": "audio/wav"})
    # A socket that makes no progress for 60 s fails the run: a server that refused the body
    # early (413) and stopped reading it would otherwise hold the upload forever.
    urllib.request.urlopen(request, timeout=60).read()
    uploaded = time.monotonic()
    urllib.request.urlopen(f"{base}/api/app/peaks").read()
    peaks = time.monotonic()
    first_state(url, lambda state: state.get("session"))
    state = time.monotonic()
    print(json.dumps({"readsMs": round((state - began) * 1000, 1),
                      "uploadMs": round((uploaded - began) * 1000, 1),
                      "peaksMs": round((peaks - uploaded) * 1000, 1),
                      "stateMs": round((state - peaks) * 1000, 1)}))


def frame_stats(times):
    gaps = sorted(b - a for a, b in zip(times, times[1:]))
    if not gaps:
        return {}
    pick = lambda q: gaps[min(len(gaps) - 1, int(q * (len(gaps) - 1) + 0.5))]
    span = times[-1] - times[0]
    return {"perSec": round((len(times) - 1) / span * 1000, 1), "p50Ms": round(pick(0.5), 1),
            "p99Ms": round(pick(0.99), 1), "maxMs": round(gaps[-1], 1), "frames": len(times)}


def in_span(values, began, ended):
    return [v for v in values if began <= v <= ended]


def playing_fps(url, seconds):
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        open_song(page)
        if not playing(page):
            press_play(page, "playing")
        page.wait_for_timeout(1000)
        began = page.evaluate("performance.now()")
        page.wait_for_timeout(int(float(seconds) * 1000))
        ended = page.evaluate("performance.now()")
        probe = page.evaluate("window.sharp9Probe")
        page.click("#play")
        browser.close()
    waves = [w for w in probe["waves"] if began <= w["atMs"] <= ended]
    moved = [w["atMs"] for previous, w in zip(waves, waves[1:]) if w["from"] != previous["from"]]
    # The song plays on without a loop, so a span that starts earlier than the last one is the
    # playhead drawn backwards (a correction by a new state).
    back = [float(previous["from"]) - float(w["from"]) for previous, w in zip(waves, waves[1:])
            if float(w["from"]) < float(previous["from"])]
    new_span = frame_stats(moved)
    if new_span:  # per second of the whole span measured, not of the first to the last moved frame
        new_span["perSec"] = round(len(moved) / (ended - began) * 1000, 1)
    clocks = [w["clockSec"] for w in waves if w["clockSec"] is not None]
    print(json.dumps({
        "drawn": frame_stats([w["atMs"] for w in waves]),
        "newSpan": new_span,
        "backwards": {"frames": len(back), "maxMs": round(max(back, default=0) * 1000, 1)},
        # How much the device played in that span (a device that stalls holds the playhead).
        "deviceSec": round(clocks[-1] - clocks[0], 2) if clocks else None,
        "spanSec": round((ended - began) / 1000, 2),
        "browser": frame_stats(in_span(probe["frames"], began, ended)), "errors": errors}))


def zoom(url):
    with sync_playwright() as playwright:
        browser, page, errors = launch(playwright, url)
        open_song(page)
        box = page.locator("#wave").bounding_box()
        page.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] / 2)
        page.wait_for_timeout(500)
        began = page.evaluate("performance.now()")
        # Out to the whole hour and back in: 60 wheel steps each way (deltaY 100 is ×1.22 a step).
        for delta in [100] * 60 + [-100] * 60:
            page.mouse.wheel(0, delta)
        page.wait_for_timeout(300)
        ended = page.evaluate("performance.now()")
        probe = page.evaluate("window.sharp9Probe")
        browser.close()
    waves = [w for w in probe["waves"] if began <= w["atMs"] <= ended]
    widest = max(float(w["to"]) - float(w["from"]) for w in waves if w["from"])
    print(json.dumps({
        "drawn": frame_stats([w["atMs"] for w in waves]),
        "browser": frame_stats(in_span(probe["frames"], began, ended)),
        "widestSpanSec": round(widest, 1), "errors": errors}))


if __name__ == "__main__":
    command, *arguments = sys.argv[1:] or ["help"]
    commands = {"practise": practise, "record": record, "nothing-to-record": nothing_to_record,
                "stall": stall, "latency": latency, "open": open_timing, "library": library_timing,
                "reads": reads,
                "playing": playing_fps, "zoom": zoom}
    if command not in commands:
        raise SystemExit(__doc__)
    commands[command](*arguments)
