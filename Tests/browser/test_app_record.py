"""Recording yourself in the practice page: the record button (and R) arms and stops recording as
the terminal player's R does. Without an input (the app on the null clock) the page says there is
nothing to record from and arms nothing; with one (a second app, started by
scripts/test-browser.sh on a private PulseAudio server whose null sink's monitor is the input)
the button shows armed, the input's L/R meters appear and hear the song, a take is written while
the song plays, and stopping lists it among the takes."""
import json
import os
from urllib.parse import urlsplit

import pytest

from conftest import screenshot, wait_until
from test_app import app, logged, open_app  # noqa: F401  (the app fixture)

NO_INPUT = "nothing to record from: no input (see sharp9 devices, --input NAME)"


def open_song(page, song):
    """Opens `song` in the page as a new session (answering the offer when it was practised)."""
    # A state arrives at once when the app ever published one (a session open, or once open);
    # none at all means no session was ever open ("").
    page.wait_for_timeout(1000)
    before = page.evaluate("document.body.dataset.session || ''")
    page.set_input_files("#file", str(song))
    opened = f"document.body.dataset.session && document.body.dataset.session !== {json.dumps(before)}"
    wait_until(page, f"document.getElementById('offer').open || ({opened})")
    if page.evaluate("document.getElementById('offer').open"):
        page.click("#offer-new")
    wait_until(page, opened)
    return page.evaluate("document.body.dataset.session")


def close_session(page):
    """Ends the session, so the app is left as the next test expects it: nothing open."""
    page.click("#close")
    wait_until(page, "document.body.dataset.session === ''")


def record_state(page):
    return page.evaluate("""() => {
      const button = document.getElementById('record');
      return { pressed: button.getAttribute('aria-pressed'), label: button.getAttribute('aria-label'),
               text: button.textContent, taking: button.classList.contains('taking'),
               line: document.getElementById('record-line').textContent,
               meters: !document.getElementById('input-meters').hidden };
    }""")


def test_recording_without_an_input_says_so_and_arms_nothing(browser, app):
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    session = open_song(page, os.path.join(app["work"], "tone.wav"))
    state = record_state(page)
    assert state["pressed"] == "false" and state["line"] == "" and not state["meters"]
    assert state["label"].startswith("Record: arm recording")
    # The `?` sheet lists R as the player's help does.
    page.keyboard.press("?")
    page.wait_for_selector("#keys[open]")
    rows = page.eval_on_selector_all("#keys-table tr", "rows => rows.map(r => r.innerText)")
    assert any(row.startswith("R\t") and "record: arm / stop" in row for row in rows), rows
    page.keyboard.press("?")
    page.click("#record")
    wait_until(page, f"document.getElementById('record-line').textContent === {json.dumps(NO_INPUT)}", 5000)
    state = record_state(page)
    assert state["pressed"] == "false" and not state["meters"] and not state["taking"]
    page.keyboard.press("R")
    page.wait_for_timeout(300)
    assert record_state(page)["pressed"] == "false"
    assert not any(a["type"] == "setRecordingArmed" for a in logged(app, session))
    close_session(page)
    context.close()


@pytest.fixture(scope="module")
def recording_app():
    url = os.environ.get("SHARP9_APP_REC_URL")
    if not url:
        pytest.fail("SHARP9_APP_REC_URL is not set: scripts/test-browser.sh starts an app with an input")
    parts = urlsplit(url)
    return {"url": url, "base": f"{parts.scheme}://{parts.netloc}", "db": os.environ["SHARP9_APP_REC_DB"],
            "bin": os.environ["SHARP9_BIN"], "work": os.environ["SHARP9_WORK"]}


def test_recording_in_the_page_arms_meters_and_lists_the_take(browser, recording_app):
    app = recording_app
    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    session = open_song(page, os.path.join(app["work"], "tone.wav"))
    page.click("#record")
    wait_until(page, "document.getElementById('record').getAttribute('aria-pressed') === 'true'", 5000)
    state = record_state(page)
    assert state["text"] == "Armed" and state["meters"] and not state["taking"]
    assert state["line"].startswith("rec armed"), state
    assert state["label"].startswith("Recording armed")
    # Playing: a take is written, and the input (the sink's monitor) hears the song.
    page.keyboard.press(" ")
    wait_until(page, "document.getElementById('record').classList.contains('taking')", 5000)
    wait_until(page, "parseFloat(document.querySelector('#input-left .level').style.width) > 0", 5000)
    state = record_state(page)
    assert state["text"] == "Recording" and state["line"] == "● rec", state
    page.wait_for_timeout(1500)
    screenshot(page, "app-recording.png")
    # R stops recording (the song plays on); the take is listed once it is written, after the
    # stream's round trip has settled (6.5 s into the stream, up to 24 s while its report drifts).
    page.keyboard.press("R")
    wait_until(page, "document.getElementById('record').getAttribute('aria-pressed') === 'false'", 5000)
    try:
        page.wait_for_selector("#takes:not([hidden]) #take-list li", timeout=30000)
    except Exception:
        raise AssertionError(f"no take listed: {record_state(page)}, {logged(app, session)}")
    label = page.inner_text("#take-list li span")
    assert label.startswith("Take 1"), label
    state = record_state(page)
    assert not state["meters"] and not state["taking"] and state["line"] == ""
    page.keyboard.press(" ")
    kinds = [a["type"] for a in logged(app, session)]
    assert [k for k in kinds if k in ("setRecordingArmed", "takeRecorded")] == \
        ["setRecordingArmed", "setRecordingArmed", "takeRecorded"], kinds
    close_session(page)
    context.close()
