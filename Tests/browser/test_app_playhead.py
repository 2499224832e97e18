"""The practice page's playhead between the server's states, in a real Chromium on the app
scripts/test-browser.sh started (`sharp9 app --no-device`): drawn every animation frame, it moves
on nearly every frame that no new state came before, wraps from B to A inside the loop, stops at
the song's end and holds still while paused."""
import json
from pathlib import Path

from conftest import open_page, wait_until
from test_app import app  # noqa: F401 (the fixture)

# Counts the states the page receives (an EventSource of the page's own, as the page makes it)
# and records, for each frame of the waveform drawn while `recording`, when it was drawn, the
# playhead it shows and how many states had come by then.
PROBE = """
window.playheadProbe = { states: 0, last: null, recording: false, frames: [] };
const PageEventSource = window.EventSource;
window.EventSource = class extends PageEventSource {
  constructor(...args) {
    super(...args);
    this.addEventListener("state", (message) => {
      window.playheadProbe.states += 1;
      window.playheadProbe.last = JSON.parse(message.data);
    });
  }
};
const clearRect = CanvasRenderingContext2D.prototype.clearRect;
CanvasRenderingContext2D.prototype.clearRect = function (...args) {
  const probe = window.playheadProbe;
  if (this.canvas.id === "wave" && probe.recording) {
    probe.frames.push({ atMs: performance.now(), sec: Number(this.canvas.dataset.playhead),
      states: probe.states });
  }
  return clearRect.apply(this, args);
};
"""

LAST = "window.playheadProbe.last"


def send(page, body):
    """Sends `body` as the page sends an input (its token, JSON) and waits for the answer."""
    status = page.evaluate(
        """async (body) => (await fetch("/api/app/input", { method: "POST", body: JSON.stringify(body),
             headers: { "X-Sharp9-Token": sessionStorage.getItem("sharp9-token"),
                        "Content-Type": "application/json" } })).status""", body)
    assert status == 200, (body, status)


def record(page, milliseconds):
    """The frames drawn during the next `milliseconds`."""
    page.evaluate("window.playheadProbe.frames = []; window.playheadProbe.recording = true")
    page.wait_for_timeout(milliseconds)
    return page.evaluate("window.playheadProbe.recording = false; window.playheadProbe.frames")


def play(page):
    # (A song that played to its end is paused there: one press plays it again.)
    send(page, {"action": {"type": "togglePlay"}})
    wait_until(page, f"{LAST}.motion != null", 5000)


def pause(page):
    if page.evaluate(f"{LAST}.isPlaying"):
        send(page, {"action": {"type": "togglePlay"}})
    wait_until(page, f"!{LAST}.isPlaying", 5000)


def test_the_playhead_moves_every_frame_between_states_wraps_and_holds_when_paused(browser, app):
    context, page = open_page(browser, app, {"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    page.goto(app["url"])
    page.wait_for_timeout(1000)  # the open song's state (none comes before a song is open)
    if not page.evaluate(f"{LAST}?.track"):  # run on its own: the song test_app.py imports
        page.set_input_files("#file", str(Path(app["work"]) / "tone.wav"))
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, "document.body.dataset.session && document.body.dataset.session.length > 0")
    pause(page)

    # A–B from 1 s to 2 s, looped, at speed 1; playing from A.
    send(page, {"action": {"type": "setSpeed", "speed": 1.0}})
    send(page, {"action": {"type": "setA", "timeSec": 1.0}})
    send(page, {"action": {"type": "setB", "timeSec": 2.0}})
    if not page.evaluate(f"{LAST}.loop.enabled"):
        send(page, {"action": {"type": "toggleLoopEnabled", "enabled": True}})
    send(page, {"action": {"type": "overviewTapped", "timeSec": 1.0}})
    play(page)
    motion = page.evaluate(f"{LAST}.motion")
    assert motion["speed"] == 1.0 and motion["loop"] == {"aSec": 1.0, "bSec": 2.0}, motion
    assert motion["holdsAtLoopStart"] is False and motion["endSec"] == 10.0, motion
    page.wait_for_timeout(200)
    frames = record(page, 2500)
    steps = list(zip(frames, frames[1:]))

    # Between two states (no new one came before the frame), the playhead still moved.
    between = [(a, b) for a, b in steps if a["states"] == b["states"]]
    moved = [(a, b) for a, b in between if b["sec"] != a["sec"]]
    print(f"{len(frames)} frames, {len(between)} between states, {len(moved)} of them moved")
    assert len(between) >= 20, f"only {len(between)} frames came between states of {len(frames)}"
    assert len(moved) >= 0.9 * len(between), (
        f"the playhead moved on {len(moved)} of {len(between)} frames between states")
    # Inside the loop, wrapping at B to A (never drawn past B), at least twice in 2.5 s.
    assert all(0.999 <= f["sec"] <= 2.001 for f in frames), [f["sec"] for f in frames]
    wraps = [(a, b) for a, b in steps if a["sec"] > 1.8 and b["sec"] < 1.2]
    assert len(wraps) >= 2, [f["sec"] for f in frames]
    # Otherwise forward at the speed: no step back larger than a state's worth (25 ms) of motion.
    backwards = [a["sec"] - b["sec"] for a, b in steps if (a, b) not in wraps and b["sec"] < a["sec"]]
    assert all(back <= 0.025 for back in backwards), backwards
    # And about as fast as the music: 2.5 s of frames cover about 2.5 s of source (wraps taken out).
    covered = sum(b["sec"] - a["sec"] + (1.0 if (a, b) in wraps else 0) for a, b in steps)
    elapsed = (frames[-1]["atMs"] - frames[0]["atMs"]) / 1000
    assert abs(covered - elapsed) < 0.1, (covered, elapsed)

    # Paused: the playhead stands where the state says, every frame.
    pause(page)
    page.wait_for_timeout(100)
    stopped = page.evaluate(f"{LAST}.playheadSec")
    frames = record(page, 500)
    assert len(frames) >= 10 and all(abs(f["sec"] - stopped) <= 0.00005 for f in frames), (
        stopped, [f["sec"] for f in frames])

    # Without the loop, to the end of the song, where it stops: never drawn past it.
    send(page, {"action": {"type": "toggleLoopEnabled", "enabled": False}})
    send(page, {"action": {"type": "overviewTapped", "timeSec": 9.5}})
    page.evaluate("window.playheadProbe.frames = []; window.playheadProbe.recording = true")
    play(page)
    wait_until(page, f"{LAST}.playheadSec === 10 && !{LAST}.isPlaying", 5000)
    page.wait_for_timeout(100)
    frames = page.evaluate("window.playheadProbe.recording = false; window.playheadProbe.frames")
    assert max(f["sec"] for f in frames) == 10.0 and frames[-1]["sec"] == 10.0, [f["sec"] for f in frames]
    assert page.console_errors == [], page.console_errors
    assert page.evaluate("window.cspViolations") == []
    context.close()


def test_the_state_says_how_the_playhead_moves(browser, app):
    """`motion` while playing (the device time of the report, the speed, the loop ahead, the end);
    null while paused."""
    context, page = open_page(browser, app, {"width": 1280, "height": 800})
    context.add_init_script(PROBE)
    page.goto(app["url"])
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, f"{LAST} !== null && {LAST}.track !== null")
    pause(page)
    assert page.evaluate(f"{LAST}.motion ?? null") is None
    if page.evaluate(f"{LAST}.loop.enabled"):
        send(page, {"action": {"type": "toggleLoopEnabled", "enabled": False}})
    send(page, {"action": {"type": "setSpeed", "speed": 0.5}})
    send(page, {"action": {"type": "overviewTapped", "timeSec": 3.0}})
    play(page)
    first = page.evaluate(LAST)
    page.wait_for_timeout(300)
    later = page.evaluate(LAST)
    assert first["motion"]["speed"] == 0.5 and first["motion"].get("loop") is None, json.dumps(first["motion"])
    # Position advances at speed × device time between the two states.
    device = later["motion"]["clockSec"] - first["motion"]["clockSec"]
    assert device > 0.2
    assert abs((later["playheadSec"] - first["playheadSec"]) - 0.5 * device) < 0.002
    pause(page)
    send(page, {"action": {"type": "setSpeed", "speed": 1.0}})
    context.close()
