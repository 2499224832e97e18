"""The practice app's menu beyond the session, in a real Chromium, on an app of its own (so it
can be restarted on the same database): MIDI learn through a stub `navigator.requestMIDIAccess`,
a bound message doing exactly what its control does (one action in the log), the bindings
surviving a reload and a restart, deleting one, hostile binding requests; the settings' output
device; the song library opening a song practised before."""
import json
import os
import re
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import open_page, screenshot, wait_until
from test_app import logged, toast_shows

# A MIDI input the page finds through Web MIDI; `window.sendMIDI([status, data1, data2])`
# delivers a message from it as a pedal or controller would.
STUB_MIDI = """
(() => {
  const input = { id: "stub", name: "Stub pedal", type: "input", state: "connected", onmidimessage: null };
  const access = { inputs: new Map([["stub", input]]), outputs: new Map(), sysexEnabled: false, onstatechange: null };
  window.midiRequests = 0;
  Object.defineProperty(Navigator.prototype, "requestMIDIAccess", {
    configurable: true, value: async () => { window.midiRequests += 1; return access; } });
  window.sendMIDI = (bytes) => { if (input.onmidimessage) input.onmidimessage({ data: new Uint8Array(bytes) }); };
})();
"""


class App:
    """`sharp9 app --no-device` on a database of its own, restartable."""

    def __init__(self, work):
        self.bin = os.environ["SHARP9_BIN"]
        self.work = Path(work) / "settings-app"
        self.work.mkdir(exist_ok=True)
        self.db = str(self.work / "sharp9.sqlite")
        self.song = str(Path(work) / "tone.wav")
        self.process = None
        self.start()

    def start(self):
        log = open(self.work / "app.log", "w")
        self.process = subprocess.Popen(
            [self.bin, "app", "--no-device", "--db", self.db, "--port", "0"], stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = re.search(r"^sharp9 app at (\S+)", (self.work / "app.log").read_text(), re.M)
            if found:
                self.url = found.group(1)
                parts = urlsplit(self.url)
                self.base = f"{parts.scheme}://{parts.netloc}"
                self.token = parts.query.split("token=", 1)[1]
                return
            time.sleep(0.1)
        raise RuntimeError("sharp9 app did not start: " + (self.work / "app.log").read_text())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def request(self, method, path, body=None):
        """(status, JSON answer) of a request carrying the token."""
        data = body.encode() if isinstance(body, str) else body
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={
            "X-Sharp9-Token": self.token, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    # `logged` of test_app reads these.
    def __getitem__(self, name):
        return {"bin": self.bin, "db": self.db}[name]


@pytest.fixture(scope="module")
def app():
    app = App(os.environ["SHARP9_WORK"])
    yield app
    app.stop()


def open_app(browser, app, viewport={"width": 1280, "height": 800}):
    context, page = open_page(browser, {"base": app.base}, viewport)
    context.add_init_script(STUB_MIDI)
    page.goto(app.url)
    return context, page


def finish(page, context):
    assert page.console_errors == [], page.console_errors
    assert page.evaluate("window.cspViolations") == []
    context.close()


def bindings(app):
    status, answer = app.request("GET", "/api/app/midi-bindings")
    assert status == 200
    return answer


def test_midi_learn_binds_a_control_and_a_press_sends_its_action(browser, app):
    context, page = open_app(browser, app)
    page.set_input_files("#file", app.song)
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, "document.body.dataset.session && document.body.dataset.session.length > 0")
    session = page.evaluate("document.body.dataset.session")
    assert page.evaluate("window.midiRequests") == 0, "no MIDI asked for before a binding exists"

    # Learn by pressing a control: Speed up, then the sustain pedal (CC 64 on channel 1).
    page.click("#menu-button")
    page.click("#menu-settings")
    page.wait_for_selector("#settings[open]")
    page.click("#learn")
    page.wait_for_selector("#learn-banner:not([hidden])")
    assert "press the control" in page.locator("#learn-text").inner_text()
    page.click("[aria-label='Speed up']")
    wait_until(page, "document.getElementById('learn-text').textContent.includes('Speed up')")
    assert page.locator("#speed").inner_text() == "1.00 x", "choosing the control sends nothing"
    wait_until(page, "window.midiRequests === 1")
    page.wait_for_timeout(100)
    screenshot(page, "app-midi-learn.png")
    page.evaluate("window.sendMIDI([0xB0, 64, 127])")
    toast_shows(page, "CC 64, channel 1 → Speed up")
    assert page.locator("#learn-banner").is_hidden()
    assert page.locator("#speed").inner_text() == "1.00 x", "the learned press sends nothing"
    page.evaluate("window.sendMIDI([0xB0, 64, 0])")  # the pedal comes up

    # Learn from the list: Play / pause on note 60 of channel 3.
    page.click("#menu-button")
    page.click("#menu-settings")
    page.select_option("#learn-action", " ")
    page.click("#learn")
    wait_until(page, "document.getElementById('learn-text').textContent.includes('Play / pause')")
    page.evaluate("window.sendMIDI([0x92, 60, 100])")
    toast_shows(page, "Note 60, channel 3 → Play / pause")
    page.evaluate("window.sendMIDI([0x82, 60, 0])")
    assert bindings(app) == [
        {"kind": "controlChange", "channel": 1, "number": 64, "key": "="},
        {"kind": "note", "channel": 3, "number": 60, "key": " "}]

    # Presses: each bound one is its control's action, once; releases, a knob staying above the
    # middle and unbound messages are nothing.
    before = len(logged(app, session))
    page.evaluate("window.sendMIDI([0xB0, 64, 127])")
    wait_until(page, "document.getElementById('speed').textContent === '1.05 x'")
    for message in ([0xB0, 64, 100], [0xB0, 64, 0], [0x90, 61, 100], [0x91, 60, 100], [0x92, 60, 0],
                    [0xC0, 5], [0xF8], [0xFE]):
        page.evaluate(f"window.sendMIDI({message})")
    page.evaluate("window.sendMIDI([0x92, 60, 90])")
    wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Pause'")
    page.evaluate("window.sendMIDI([0x92, 60, 90])")
    wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Play'")
    page.wait_for_timeout(300)
    assert [a["type"] for a in logged(app, session)[before:]] == ["speedDelta", "togglePlay", "togglePlay"]
    assert page.locator("#speed").inner_text() == "1.05 x"

    # A reload keeps them: MIDI is asked for at once, and the pedal works.
    page.reload()
    page.wait_for_selector("#practice:not([hidden])")
    wait_until(page, "window.midiRequests === 1")
    page.wait_for_timeout(200)
    page.evaluate("window.sendMIDI([0xB0, 64, 127])")
    wait_until(page, "document.getElementById('speed').textContent === '1.10 x'")
    page.click("#menu-button")
    page.click("#menu-settings")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 2")
    assert "MIDI inputs: Stub pedal" in page.locator("#midi-status").inner_text()
    page.wait_for_timeout(200)
    screenshot(page, "app-settings.png")
    finish(page, context)


def test_bindings_survive_a_restart_and_one_is_deleted(browser, app):
    app.stop()
    app.start()
    context, page = open_app(browser, app)
    page.wait_for_selector("#import-empty")
    page.click("#menu-button")
    page.click("#menu-settings")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 2")
    assert "Note 60, channel 3 → Play / pause" in page.locator("#midi-list").inner_text()
    page.click("[aria-label='Delete the binding of Note 60, channel 3 to Play / pause']")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 1")
    assert bindings(app) == [{"kind": "controlChange", "channel": 1, "number": 64, "key": "="}]
    # Deleting it again: not bound, nothing to delete.
    status, answer = app.request("DELETE", "/api/app/midi-bindings/note/3/60")
    assert status == 404 and answer["error"] == "that MIDI message is not bound; nothing to delete"
    finish(page, context)


@pytest.mark.parametrize("body", [
    {"kind": "note", "channel": 1, "number": 60, "key": "z"},
    {"kind": "note", "channel": 1, "number": 60, "key": "q"},
    {"kind": "note", "channel": 1, "number": 60, "key": "?"},
    {"kind": "note", "channel": 1, "number": 60, "key": "F13"},
    {"kind": "note", "channel": 1, "number": 60, "key": "deleteEverything"},
    {"kind": "sysex", "channel": 1, "number": 60, "key": "m"},
    {"kind": "note", "channel": 0, "number": 60, "key": "m"},
    {"kind": "note", "channel": 17, "number": 60, "key": "m"},
    {"kind": "note", "channel": 1, "number": -1, "key": "m"},
    {"kind": "note", "channel": 1, "number": 128, "key": "m"},
    {"kind": "note", "channel": 1, "number": 1e300, "key": "m"},
    {"kind": "note", "channel": 1, "number": 9223372036854775808, "key": "m"},
    {"kind": "note", "channel": 1, "number": 1.5, "key": "m"},
    {"kind": "note", "channel": "1", "number": 60, "key": "m"},
    {"kind": "note", "channel": 1, "number": 60, "key": "m", "extra": 1},
    {"kind": "note", "channel": 1, "number": 60},
    "not json",
])
def test_a_hostile_binding_is_refused_with_a_sentence_and_nothing_stored(app, body):
    before = bindings(app)
    status, answer = app.request("POST", "/api/app/midi-bindings",
                                 body if isinstance(body, str) else json.dumps(body))
    assert status == 400, answer
    assert re.fullmatch(r"[a-z][^\n]+", answer["error"]) and "SQL" not in answer["error"], answer
    assert bindings(app) == before
    for path in ["/api/app/midi-bindings/sysex/1/60", "/api/app/midi-bindings/note/0/60",
                 "/api/app/midi-bindings/note/1/99999999999999999999"]:
        status, answer = app.request("DELETE", path)
        assert status == 400, (path, answer)
    assert bindings(app) == before


def test_the_settings_list_the_output_devices(browser, app):
    """The server's outputs (PortAudio's; maybe none on a machine without audio) or why there
    are none; a device that does not exist is refused with a sentence."""
    context, page = open_app(browser, app)
    page.click("#menu-button")
    page.click("#menu-settings")
    status, answer = app.request("GET", "/api/app/devices")
    if status == 200:
        names = [device["name"] for device in answer["devices"]]
        wait_until(page, f"document.querySelectorAll('#device-select option').length === {len(names) + 1}")
        assert answer.get("next") is None  # --no-device: the null clock until one is chosen
    else:
        assert status == 503 and "audio outputs cannot be listed" in answer["error"], answer
        wait_until(page, "document.getElementById('device-now').textContent.includes('cannot be listed')")
        page.console_errors[:] = [e for e in page.console_errors if "503" not in e]
    status, answer = app.request("POST", "/api/app/device", json.dumps({"name": "no such device \u2603"}))
    assert status == 422 and answer["error"].startswith("no "), answer
    finish(page, context)


def test_the_song_library_opens_a_song_practised_before(browser, app):
    context, page = open_app(browser, app, {"width": 390, "height": 844})
    page.wait_for_selector("#import-empty")
    # The settings fit a phone too: every control on the screen, large enough to tap.
    page.click("#menu-button")
    page.click("#menu-settings")
    page.wait_for_selector("#settings[open]")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 1")
    for control in page.locator("#settings button, #settings select").all():
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, control.inner_text()
        assert box["height"] >= 44, control.inner_text()
    page.wait_for_timeout(200)
    screenshot(page, "app-settings-phone.png")
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.click("#menu-library")
    page.wait_for_selector("#library[open]")
    songs = page.locator("#library-list button.song")
    assert songs.count() == 1
    words = songs.first.inner_text()
    assert "tone.wav" in words and "00:10.00" in words and "last practised" in words, words
    page.wait_for_timeout(200)
    screenshot(page, "app-library-phone.png")
    songs.first.click()
    page.wait_for_selector("#offer[open]")
    page.click("#offer-continue")
    page.wait_for_selector("#practice:not([hidden])")
    assert page.locator("#track-name").inner_text() == "tone.wav"
    assert page.locator("#speed").inner_text() == "1.10 x"  # where the pedal left it
    # The pedal learned before the restart still presses Speed up.
    wait_until(page, "window.midiRequests === 1")
    page.evaluate("window.sendMIDI([0xB0, 64, 0])")
    page.evaluate("window.sendMIDI([0xB0, 64, 127])")
    wait_until(page, "document.getElementById('speed').textContent === '1.15 x'")
    finish(page, context)


def test_a_song_not_in_the_library_is_refused(app):
    for body in ['{"song": "' + "0" * 64 + '"}', '{"song": "../../etc/passwd"}', '{"song": 1}', "[]"]:
        status, answer = app.request("POST", "/api/app/library/open", body)
        assert status in (400, 404), (body, answer)
        assert "library" in answer["error"] or "choose a song" in answer["error"], answer


NAMES_JS = """
[...document.querySelectorAll('#menu a, #menu button, #settings button, #settings select, '
  + '#library button, #learn-banner button')]
  .filter((node) => !node.hidden)
  .filter((node) => !(node.getAttribute('aria-label') || node.textContent.trim()
    || (node.labels && node.labels.length)))
  .map((node) => node.outerHTML)
"""


def test_the_sheets_work_from_the_keyboard_and_every_control_is_named(browser, app):
    context, page = open_app(browser, app)
    page.wait_for_selector("#practice:not([hidden])")
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    for _ in range(10):
        if page.evaluate("document.activeElement.id") == "menu-settings":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "menu-settings"
    page.keyboard.press("Enter")
    page.wait_for_selector("#settings[open]")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 1")
    wait_until(page, "document.getElementById('settings').contains(document.activeElement)", 2000)
    assert page.evaluate(NAMES_JS) == []
    # A key in a sheet is the sheet's: N does not open the typing line behind it.
    page.keyboard.press("N")
    assert page.evaluate("document.getElementById('settings').contains(document.activeElement)")

    # Learning from the keyboard: an action chosen in the list, Learn pressed with Space, then
    # Escape stops it with nothing bound.
    page.focus("#learn-action")
    page.keyboard.press("ArrowDown")
    assert page.input_value("#learn-action") != ""
    page.focus("#learn")
    page.keyboard.press("Space")
    page.wait_for_selector("#learn-banner:not([hidden])")
    page.keyboard.press("Escape")
    page.wait_for_selector("#learn-banner", state="hidden")
    assert len(bindings(app)) == 1

    # Space presses a sheet's button: the last binding's Delete.
    page.click("#menu-button")
    page.click("#menu-settings")
    page.wait_for_selector("#settings[open]")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 1")
    page.focus("#midi-list button")
    page.keyboard.press("Space")
    wait_until(page, "document.querySelectorAll('#midi-list button').length === 0")
    assert bindings(app) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings:not([open])", state="attached")

    page.click("#menu-button")
    page.click("#menu-library")
    page.wait_for_selector("#library[open]")
    assert page.evaluate(NAMES_JS) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#library:not([open])", state="attached")
    # Keys reach the session again once the sheets are closed.
    page.keyboard.press("=")
    wait_until(page, "document.getElementById('speed').textContent === '1.20 x'")
    finish(page, context)
