"""The practice app (`sharp9 app --no-device`) in a real Chromium: a song imported through the
file chooser, transport buttons, keys and taps in modes, each one action in the session log in
order; the toasts; a reload that keeps the session; the screen at 1280×800 and at phone size."""
import json
import os
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import open_page, screenshot, wait_until

# What the log holds besides the musician's actions: the device's ticks, the toast timer and the
# song's beat grid (analysed while it plays).
NOT_THE_MUSICIANS = {"tick", "clearToastIfExpired", "beatGridDetected"}


@pytest.fixture(scope="module")
def app():
    url = os.environ["SHARP9_APP_URL"]
    parts = urlsplit(url)
    return {"url": url, "base": f"{parts.scheme}://{parts.netloc}", "db": os.environ["SHARP9_APP_DB"],
            "bin": os.environ["SHARP9_BIN"], "work": os.environ["SHARP9_WORK"]}


def open_app(browser, app, viewport):
    context, page = open_page(browser, app, viewport)
    page.goto(app["url"])  # the printed URL: the page keeps its token
    return context, page


def logged(app, session):
    """The musician's actions in the session's log, as JSON objects, in order."""
    out = subprocess.run([app["bin"], "log", session, "--json", "--db", app["db"]],
                         check=True, capture_output=True, text=True).stdout
    actions = [json.loads(line)["action"] for line in out.splitlines()]
    return [a for a in actions if a["type"] not in NOT_THE_MUSICIANS]


def toast_shows(page, text, within_ms=5000):
    wait_until(page, f"document.getElementById('toast').textContent === {json.dumps(text)}", within_ms)


def test_practising_in_the_page_records_each_action_in_order(browser, app):
    context, page = open_page(browser, app, {"width": 1280, "height": 800})
    # The inputs go over the page's WebSocket, not by POST (appinputs.js).
    sockets, posted = [], []

    def opened(socket):
        sent = []
        sockets.append({"url": socket.url, "sent": sent})
        socket.on("framesent", lambda payload: sent.append(payload))
    page.on("websocket", opened)
    page.on("request", lambda request: posted.append(request.url)
            if request.method == "POST" and "/api/app/input" in request.url else None)
    page.goto(app["url"])
    page.wait_for_selector("#import-empty")
    assert page.locator("#practice").is_hidden()
    screenshot(page, "app-empty.png")

    # Something that is not audio: one toast, nothing recorded.
    bogus = Path(app["work"]) / "notes.wav"
    bogus.write_text("not audio")
    page.set_input_files("#file", str(bogus))
    toast_shows(page, "Unable to open file")
    assert page.locator("#practice").is_hidden()
    # The browser logs the refusal itself; it is the one error this test expects.
    assert [e for e in page.console_errors if "415" in e] != []
    page.console_errors[:] = [e for e in page.console_errors if "415" not in e]

    page.set_input_files("#file", str(Path(app["work"]) / "tone.wav"))
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, "document.body.dataset.session && document.body.dataset.session.length > 0")
    session = page.evaluate("document.body.dataset.session")
    assert page.locator("#track-name").inner_text() == "tone.wav"
    assert page.locator("#speed").inner_text() == "1.00 x"
    assert page.locator("#pitch").inner_text() == "0.00 st"

    page.click("[aria-label='Speed up']")
    toast_shows(page, "Speed 1.05 x")
    assert page.locator("#speed").inner_text() == "1.05 x"
    page.click("[aria-label='Pitch up']")
    toast_shows(page, "Pitch +1.00 st")
    page.click("#loop")
    toast_shows(page, "Set A and B")
    page.click("#play")
    wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Pause'")
    page.keyboard.press("m")
    toast_shows(page, "Mark added")
    page.keyboard.press("[")
    toast_shows(page, "Pitch 0.00 st")
    page.keyboard.press("Space")
    wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Play'")

    # Taps in modes: A at a quarter of the detail view, B at three quarters.
    box = page.locator("#wave").bounding_box()
    page.click("[aria-label='Mode: set A']")
    wait_until(page, "document.querySelector('[data-mode=setA]').getAttribute('aria-checked') === 'true'")
    page.mouse.click(box["x"] + box["width"] * 0.55, box["y"] + box["height"] / 2)
    page.click("[aria-label='Mode: set B']")
    wait_until(page, "document.querySelector('[data-mode=setB]').getAttribute('aria-checked') === 'true'")
    page.mouse.click(box["x"] + box["width"] * 0.75, box["y"] + box["height"] / 2)
    page.keyboard.press("l")
    wait_until(page, "document.getElementById('loop').getAttribute('aria-pressed') === 'true'")
    page.click("#undo")
    wait_until(page, "document.getElementById('loop').getAttribute('aria-pressed') === 'false'")
    page.click("[aria-label='Previous: to A, else the start']")
    page.keyboard.press("?")
    page.wait_for_selector("#keys[open]")
    assert "play / pause" in page.locator("#keys-table").inner_text()
    page.keyboard.press("Escape")

    # The practice row: stop after one pass, the speed trainer from 1.05 x, the metronome.
    page.click("#passes")
    toast_shows(page, "Stop after 1 pass")
    wait_until(page, "document.getElementById('passes').textContent === 'Passes 1'")
    page.click("#trainer")
    toast_shows(page, "Speed trainer 1.05 x to 1.30 x")
    wait_until(page, "document.getElementById('trainer').getAttribute('aria-pressed') === 'true'")
    page.click("#metronome")
    wait_until(page, "document.getElementById('metronome').getAttribute('aria-pressed') === 'true'")
    line = page.locator("#practice-line").inner_text()
    assert "metronome on 50 %" in line and "passes 0 of 1" in line, line
    assert "trainer 1.05 x → 1.30 x, +0.05 every 2" in line, line
    page.wait_for_timeout(300)
    screenshot(page, "app-1280x800.png")

    # Lock: every control and key ignored (nothing recorded) until Lock is held for a second.
    page.click("#lock")
    wait_until(page, "document.body.classList.contains('locked')")
    page.click("[aria-label='Speed up']")
    page.keyboard.press("m")
    page.wait_for_timeout(300)
    assert page.locator("#speed").inner_text() == "1.05 x"
    box = page.locator("#lock").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(1300)
    page.mouse.up()
    wait_until(page, "!document.body.classList.contains('locked')")

    types = [a["type"] for a in logged(app, session)]
    assert types == [
        "importPicked", "importSucceeded", "speedDelta", "pitchDelta", "toggleLoopEnabled",
        "togglePlay", "markNow", "pitchDelta", "togglePlay", "setMode", "tapWaveform", "setMode",
        "tapWaveform", "toggleLoopEnabled", "undo", "seekToStart", "setLoopPasses",
        "setSpeedTrainer", "setMetronome", "setLocked", "setLocked"], types
    assert posted == [], posted
    inputs = [s for s in sockets if "/api/app/inputs?token=" in s["url"]]
    assert len(inputs) == 1 and len(inputs[0]["sent"]) >= len(types) - 2, sockets

    # A reload keeps the session: the same song, the same state.
    page.reload()
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, f"document.body.dataset.session === {json.dumps(session)}")
    assert page.locator("#speed").inner_text() == "1.05 x"
    assert page.console_errors == [], page.console_errors
    assert page.evaluate("window.cspViolations") == []
    context.close()


def test_the_screen_at_phone_size(browser, app):
    context, page = open_app(browser, app, {"width": 390, "height": 844})
    page.wait_for_selector("#practice:not([hidden])")
    page.wait_for_timeout(300)
    # A toast (the previous test's, or one put up here) covers neither the track's name, the
    # waveform nor the transport, and a tap passes through it.
    page.evaluate("""(() => { const toast = document.getElementById('toast');
        if (toast.hidden) { toast.textContent = 'Unlocked'; toast.hidden = false; } })()""")
    toast = page.locator("#toast").bounding_box()
    for name in ("#track-name", "#wave", "#play"):
        other = page.locator(name).bounding_box()
        assert (toast["y"] >= other["y"] + other["height"] or other["y"] >= toast["y"] + toast["height"]
                or toast["x"] >= other["x"] + other["width"] or other["x"] >= toast["x"] + toast["width"]), name
    assert page.evaluate("getComputedStyle(document.getElementById('toast')).pointerEvents") == "none"
    screenshot(page, "app-phone.png")
    # Every control shown fits on the screen and is large enough to tap (the take list shows
    # only with takes: test_app_takes checks it at this size).
    for button in page.locator("#practice button:visible").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, button.get_attribute("aria-label")
        assert box["height"] >= 44, button.get_attribute("aria-label")
    assert page.console_errors == [], page.console_errors
    context.close()


def test_a_song_opened_again_offers_its_last_session(browser, app):
    """Importing the same audio again asks: continue the last session, or a new one that starts
    with its markers, speed and pitch (recorded as one action in the new session's log)."""
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    page.wait_for_selector("#practice:not([hidden])")
    first = page.evaluate("document.body.dataset.session")
    speed = page.locator("#speed").inner_text()
    assert speed != "1.00 x"
    song = str(Path(app["work"]) / "tone.wav")

    page.set_input_files("#file", song)
    page.wait_for_selector("#offer[open]")
    assert "tone.wav" in page.locator("#offer-text").inner_text()
    page.wait_for_timeout(200)
    screenshot(page, "app-offer.png")
    page.click("#offer-new")
    page.wait_for_selector("#offer:not([open])", state="attached")
    wait_until(page, f"document.body.dataset.session && document.body.dataset.session !== {json.dumps(first)}")
    second = page.evaluate("document.body.dataset.session")
    assert page.locator("#speed").inner_text() == speed
    actions = logged(app, second)
    assert [a["type"] for a in actions] == ["importPicked", "importSucceeded", "songSettingsRestored"], actions
    settings = actions[2]["settings"]
    assert len(settings["markers"]) == 1 and f"{settings['speed']:.2f} x" == speed, settings

    # Again, and continue: the same session goes on, nothing new recorded at the start.
    page.click("[aria-label='Speed down']")
    wait_until(page, f"document.getElementById('speed').textContent !== {json.dumps(speed)}")
    slower = page.locator("#speed").inner_text()
    page.set_input_files("#file", song)
    page.wait_for_selector("#offer[open]")
    page.click("#offer-continue")
    wait_until(page, f"document.body.dataset.session === {json.dumps(second)}")
    assert page.locator("#speed").inner_text() == slower
    types = [a["type"] for a in logged(app, second)]
    assert types == ["importPicked", "importSucceeded", "songSettingsRestored", "speedDelta"], types
    assert page.console_errors == [], page.console_errors
    context.close()


def test_the_waveform_zooms_scrolls_and_its_a_and_b_edges_drag(browser, app):
    """Zoom by buttons, wheel and pinch, scroll sideways; a drag that starts on the A or B line
    moves that edge (the shading follows, one setA/setB on release); a tap on the overview is
    one overviewTapped."""
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    page.wait_for_selector("#practice:not([hidden])")
    session = page.evaluate("document.body.dataset.session")
    before = len(logged(app, session))
    span_js = "(() => { const w = document.getElementById('wave'); return Number(w.dataset.to) - Number(w.dataset.from); })()"
    from_js = "Number(document.getElementById('wave').dataset.from)"
    wait_until(page, "document.getElementById('wave').dataset.from !== undefined")
    assert abs(page.evaluate(span_js) - 10) < 0.01  # the song is 10 s: all of it at first

    def span_becomes(seconds):
        wait_until(page, f"Math.abs({span_js} - {seconds}) < 0.01")

    page.click("#zoom-in")
    span_becomes(10 / 1.5)
    page.click("#zoom-in")
    span_becomes(10 / 1.5 / 1.5)
    page.click("#zoom-out")
    span_becomes(10 / 1.5)
    box = page.locator("#wave").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -300)  # the wheel zooms in about the pointer
    wait_until(page, f"{span_js} < {10 / 1.5 - 0.5}")
    page.click("#zoom-out")
    page.click("#zoom-out")
    page.click("#zoom-out")
    span_becomes(10)  # never wider than the song
    page.click("#zoom-in")
    span_becomes(10 / 1.5)
    start = page.evaluate(from_js)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Shift")
    page.mouse.wheel(0, 200)  # Shift and the wheel scroll sideways
    page.keyboard.up("Shift")
    wait_until(page, f"{from_js} > {start + 0.5}")
    # A two-finger pinch on a touch screen zooms too.
    cdp = context.new_cdp_session(page)
    y = box["y"] + box["height"] / 2
    middle = box["x"] + box["width"] / 2

    def touch(kind, spread):
        points = [] if kind == "touchEnd" else [
            {"x": middle - spread, "y": y, "id": 1}, {"x": middle + spread, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    wide = page.evaluate(span_js)
    touch("touchStart", 100)
    for spread in range(110, 210, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    wait_until(page, f"{span_js} < {wide * 0.7}")
    assert logged(app, session)[before:] == [], "zooming and scrolling record nothing"

    # The overview seeks, whatever the mode, and brings the view back to the playhead.
    page.click("[aria-label='Mode: set A']")
    overview = page.locator("#overview").bounding_box()
    page.mouse.click(overview["x"] + overview["width"] * 0.3, overview["y"] + overview["height"] / 2)
    wait_until(page, "document.getElementById('time').textContent.startsWith('00:03')")
    for _ in range(5):
        page.click("#zoom-out")
    span_becomes(10)
    page.click("#zoom-in")
    span_becomes(10 / 1.5)
    # A at 3 s (the tap in mode A at the playhead's x), B by the B mode at 4.5 s.
    box = page.locator("#wave").bounding_box()

    def x_of(sec):
        start, end = page.evaluate("[Number(document.getElementById('wave').dataset.from), Number(document.getElementById('wave').dataset.to)]")
        return box["x"] + (sec - start) / (end - start) * box["width"]

    page.mouse.click(x_of(3), y)
    page.click("[aria-label='Mode: set B']")
    page.mouse.click(x_of(4.5), y)
    page.click("[aria-label='Mode: loop (a tap seeks)']")
    wait_until(page, "document.querySelector('[data-mode=loop]').getAttribute('aria-checked') === 'true'")
    # Drag B from 4.5 s to 5.5 s: the shading follows while dragging; setB once on release.
    page.mouse.move(x_of(4.5) + 3, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x_of(4.5) + 3 + (x_of(5.5) - x_of(4.5)) * step / 10, y)
    edge = page.evaluate("document.getElementById('wave').dataset.edge")
    assert edge.startswith("bSec ") and abs(float(edge.split()[1]) - 5.5) < 0.1, edge
    page.wait_for_timeout(100)
    screenshot(page, "app-drag-b.png")
    page.mouse.up()
    # And A from 3 s to 2 s.
    page.mouse.move(x_of(3) - 3, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x_of(3) - 3 - (x_of(3) - x_of(2)) * step / 10, y)
    page.mouse.up()
    page.wait_for_timeout(300)
    actions = logged(app, session)[before:]
    assert [a["type"] for a in actions] == [
        "setMode", "overviewTapped", "tapWaveform", "setMode", "tapWaveform", "setMode", "setB",
        "setA"], actions
    assert abs(actions[1]["timeSec"] - 3) < 0.05, actions[1]
    assert abs(actions[6]["timeSec"] - 5.5) < 0.1, actions[6]
    assert abs(actions[7]["timeSec"] - 2) < 0.1, actions[7]
    assert page.console_errors == [], page.console_errors
    context.close()


def wav_frames(data):
    """(frames, rate) of a RIFF WAVE file's bytes, read from its fmt and data chunks."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    offset, rate, align, frames = 12, None, None, None
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], int.from_bytes(data[offset + 4:offset + 8], "little")
        if chunk == b"fmt ":
            rate = int.from_bytes(data[offset + 12:offset + 16], "little")
            align = int.from_bytes(data[offset + 20:offset + 22], "little")
        elif chunk == b"data":
            frames = size // align
        offset += 8 + size + (size & 1)
    return frames, rate


def test_render_what_i_practised_downloads_what_sharp9_render_writes(browser, app):
    """The menu's render of the open session, WAV and FLAC, is byte for byte `sharp9 render` of
    that session up to the time the download covers."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    page.goto(app["url"])
    page.wait_for_selector("#practice:not([hidden])")
    session = page.evaluate("document.body.dataset.session")
    page.click("#play")
    page.wait_for_timeout(700)
    page.click("#play")
    page.click("#menu-button")
    assert page.locator("#menu-render-wav").is_visible()
    screenshot(page, "app-menu.png")
    with page.expect_download() as download:
        page.click("#menu-render-wav")
    assert download.value.suggested_filename == f"sharp9-{session[:8]}.wav"
    wav = Path(download.value.path()).read_bytes()
    frames, rate = wav_frames(wav)
    assert frames > rate  # more than a second practised
    # The session goes on recording (ticks): the CLI renders it to where the download ended.
    until = repr(frames / rate)
    out = Path(app["work"]) / "render-check.wav"
    subprocess.run([app["bin"], "render", session, "-o", str(out), "--to", until, "--force",
                    "--db", app["db"]], check=True, capture_output=True)
    assert out.read_bytes() == wav

    page.click("#menu-button")
    with page.expect_download() as download:
        page.click("#menu-render-flac")
    flac = Path(download.value.path()).read_bytes()
    assert flac[:4] == b"fLaC"
    # The FLAC render covers the session as it stood at its own request: render the CLI's to the
    # same length (the frames in STREAMINFO) and compare.
    info = flac[8:8 + 34]
    total = int.from_bytes(info[13:18], "big") & ((1 << 36) - 1)
    flac_rate = int.from_bytes(info[10:13], "big") >> 4
    out = Path(app["work"]) / "render-check.flac"
    subprocess.run([app["bin"], "render", session, "-o", str(out), "--to", repr(total / flac_rate),
                    "--force", "--db", app["db"]], check=True, capture_output=True)
    assert out.read_bytes() == flac
    context.close()


def test_the_keyboard_strip_lights_the_notes_at_the_playhead(browser, app):
    """The fixture's tone is A3 (220 Hz, MIDI 57): the strip lights it at the playhead, moved by
    the transposition."""
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    page.wait_for_selector("#practice:not([hidden])")
    overview = page.locator("#overview").bounding_box()
    page.mouse.click(overview["x"] + overview["width"] * 0.45, overview["y"] + overview["height"] / 2)
    pitch = round(float(page.locator("#pitch").inner_text().split()[0]))
    strip = "document.getElementById('keyboard')"
    wait_until(page, f"{strip}.dataset.notes === '{57 + pitch}'")
    page.click("[aria-label='Pitch up']")
    wait_until(page, f"{strip}.dataset.notes === '{58 + pitch}'")
    assert "sounding at the playhead" in page.locator("#keyboard").get_attribute("aria-label")
    page.wait_for_timeout(200)
    screenshot(page, "app-keyboard.png")
    page.click("[aria-label='Pitch down']")
    wait_until(page, f"{strip}.dataset.notes === '{57 + pitch}'")
    assert page.console_errors == [], page.console_errors
    context.close()


def test_typed_values_and_sections(browser, app):
    """The typing line is the player's prompt: `N` opens it for a section's name, which names the
    marker at the playhead (drawn beside its line); `:` takes a value; a line that means nothing
    says why in a toast and records nothing."""
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    page.wait_for_selector("#practice:not([hidden])")
    session = page.evaluate("document.body.dataset.session")
    before = len(logged(app, session))
    page.keyboard.press("N")
    assert page.evaluate("document.activeElement.id") == "typed"
    assert page.input_value("#typed") == "section "
    page.keyboard.type("Chorus")
    page.keyboard.press("Enter")
    toast_shows(page, "Section Chorus")
    page.keyboard.press(":")
    page.keyboard.type("speed 73%")
    page.keyboard.press("Enter")
    wait_until(page, "document.getElementById('speed').textContent.startsWith('0.73')", 5000)
    page.keyboard.press(":")
    page.keyboard.type("speed fast")
    page.keyboard.press("Enter")
    # At once, not behind the toast of the speed set just before (it showed for 35 ms, 2 s late).
    toast_shows(page, "Type a speed: speed 0.75 or speed 75%", within_ms=1000)
    added = logged(app, session)[before:]
    assert [a["type"] for a in added] == ["nameSection", "setSpeed"], added
    assert added[0]["name"] == "Chorus" and added[1]["speed"] == 0.73
    screenshot(page, "app-section.png")
    assert page.console_errors == [], page.console_errors
    context.close()
