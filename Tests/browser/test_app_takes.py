"""Listening back in the practice page: a session with takes (recorded by the player beside the
same database; here imported, its take's file put in `takes/` under its SHA-256) continued in
the page lists its takes; hearing one mixed or alone, the balance, the song alone and deleting a
take are each one action in the session's log, and the page shows what is heard."""
import hashlib
import json
import math
import struct
import subprocess
import wave
from pathlib import Path

from conftest import wait_until
from test_app import app, logged, open_app  # noqa: F401  (the app fixture)


def write_take(path, rate, seconds):
    """A mono 16-bit WAV of a 440 Hz tone (libsndfile reads a take by its header, not its name)."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / rate)))
                                 for i in range(int(rate * seconds))))


def test_takes_are_heard_mixed_or_alone_and_deleted(browser, app):
    work = Path(app["work"])
    song = work / "tone.wav"
    with wave.open(str(song)) as tone:
        rate = tone.getframerate()
    takes_dir = Path(app["db"]).parent / "takes"
    takes_dir.mkdir(exist_ok=True)
    hashes = []
    for index, seconds in enumerate([1.0, 1.5]):
        made = work / f"take{index}.wav"
        write_take(made, rate, seconds)
        digest = hashlib.sha256(made.read_bytes()).hexdigest()
        made.replace(takes_dir / f"{digest}.flac")
        hashes.append((digest, int(rate * seconds)))
    # The latest session of the song (started last), so opening the song offers it.
    lines = [{"session": {"startedAt": "2099-01-01T00:00:00.000Z", "audio": str(song), "title": "takes"}},
             {"type": "importPicked", "url": str(song), "t": 0},
             {"type": "importSucceeded", "track": {"name": "tone.wav", "durationSec": 10}, "t": 0.1}]
    for index, (digest, frames) in enumerate(hashes):
        lines.append({"type": "takeRecorded", "t": 1 + index, "take": {
            "startFrame": index * rate * 2, "endFrame": index * rate * 2 + frames, "pass": index + 1,
            "input": "test", "sha256": digest, "dropouts": 0, "latencyFrames": 0}})
    script = work / "takes.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = subprocess.run([app["bin"], "import", str(script), "--db", app["db"]],
                         check=True, capture_output=True, text=True).stdout
    session = out.split()[-1]

    context, page = open_app(browser, app, {"width": 1280, "height": 800})
    page.set_input_files("#file", str(song))
    page.wait_for_selector("#offer[open]")
    page.click("#offer-continue")
    wait_until(page, f"document.body.dataset.session && document.body.dataset.session.startsWith({json.dumps(session[:8])})")
    page.wait_for_selector("#takes:not([hidden])")
    items = page.locator("#take-list li")
    assert items.count() == 2
    assert items.nth(0).locator("span").inner_text() == "Take 1 · pass 1 · 1.0 s"
    assert page.locator("#take-song").is_disabled()

    # At phone size every take's buttons fit and are large enough to tap.
    page.set_viewport_size({"width": 390, "height": 844})
    for button in page.locator("#takes button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, button.get_attribute("aria-label")
        assert box["height"] >= 44, button.get_attribute("aria-label")
    page.set_viewport_size({"width": 1280, "height": 800})
    items.nth(1).locator("button", has_text="Mixed").click()
    wait_until(page, "document.querySelector('#take-list li:nth-child(2)').getAttribute('aria-current') === 'true'")
    wait_until(page, "document.getElementById('practice-line').textContent.includes('hearing take 2 (pass 2)')")
    items.nth(0).locator("button", has_text="Alone").click()
    wait_until(page, "document.querySelector('#take-list li:nth-child(1)').getAttribute('aria-current') === 'true'")
    wait_until(page, "document.getElementById('take-balance').value === '1'")
    page.locator("#take-balance").fill("-0.5")
    wait_until(page, "document.getElementById('practice-line').textContent.includes('song 100 %, take 50 %')")
    page.click("#take-song")
    wait_until(page, "document.getElementById('take-song').disabled")
    items.nth(1).locator("button", has_text="Delete").click()
    wait_until(page, "document.querySelectorAll('#take-list li').length === 1")

    take_ids = [item["id"] for item in json.loads(subprocess.run(
        [app["bin"], "state", session, "--json", "--db", app["db"]],
        check=True, capture_output=True, text=True).stdout)["recording"]["takes"]]
    assert len(take_ids) == 1
    listening = [a for a in logged(app, session) if a["type"] in
                 ("listenToTake", "setTakeBalance", "listenToSong", "deleteTake")]
    assert [a["type"] for a in listening] == [
        "listenToTake", "setTakeBalance", "listenToTake", "setTakeBalance", "setTakeBalance",
        "listenToSong", "deleteTake"], listening
    assert [a.get("balance") for a in listening if a["type"] == "setTakeBalance"] == [0, 1, -0.5]
    assert listening[2]["id"] == take_ids[0]
    assert page.console_errors == [], page.console_errors
    context.close()
