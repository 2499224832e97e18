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
# song's beat grid (analysed as it loads).
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


def toast_shows(page, text):
    wait_until(page, f"document.getElementById('toast').textContent === {json.dumps(text)}", 5000)


def test_practising_in_the_page_records_each_action_in_order(browser, app):
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
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
    screenshot(page, "app-phone.png")
    # Every control fits on the screen and is large enough to tap.
    for button in page.locator("#practice button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, button.get_attribute("aria-label")
        assert box["height"] >= 44, button.get_attribute("aria-label")
    assert page.console_errors == [], page.console_errors
    context.close()
