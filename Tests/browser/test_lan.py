"""`sharp9 serve` and `sharp9 app` bound beyond loopback (`--host 0.0.0.0`), as on a LAN for a
tablet on the music stand: the API answers no read without the token, and the pages, opened from
the printed URL, read everything with it (JSON, the live streams, the render's <audio>, the
download links) without a console error."""
import re
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import open_page, wait_until


def started(command, name):
    """Starts `command` and returns (process, port, token) from the URL it prints."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in process.stdout:
        match = re.match(rf"{name} at http://0\.0\.0\.0:(\d+)/\S*\?token=([0-9a-f]+)", line)
        if match:
            return process, int(match.group(1)), match.group(2)
    process.kill()
    raise AssertionError(f"{command[1]} printed no URL")


def status(url, headers={}):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture
def lan_serve(server, tmp_path):
    db = tmp_path / "sharp9.sqlite"
    shutil.copy(server["db"], db)
    process, port, token = started(
        [server["bin"], "serve", "--db", str(db), "--host", "0.0.0.0", "--port", "0"], "sharp9 inspector")
    yield {"base": f"http://127.0.0.1:{port}", "token": token, "url": f"http://127.0.0.1:{port}/?token={token}"}
    process.terminate()
    process.wait(timeout=10)


def test_the_inspector_beyond_loopback_reads_only_with_the_token(browser, lan_serve, session_id):
    base, token = lan_serve["base"], lan_serve["token"]
    assert status(f"{base}/api/sessions") == 401
    assert status(f"{base}/api/sessions/{session_id}/render.wav") == 401
    assert status(f"{base}/api/sessions", {"X-Sharp9-Token": token}) == 200

    context, page = open_page(browser, lan_serve)
    page.goto(lan_serve["url"])
    page.click(f"a[href='/sessions/{session_id}']")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#list .row[data-kind]")
    wait_until(page, "window.sharp9.peaks !== null && window.sharp9.timeline !== null")
    # The render plays through an <audio> source and downloads through links, which send no
    # header: the token is in their query.
    page.evaluate("document.getElementById('audio').play()")
    wait_until(page, "document.getElementById('audio').readyState >= 1", 20000)
    for link in ("wav", "jsonl", "bundle"):
        assert status(page.evaluate(f"document.getElementById('{link}').href")) == 200, link
    assert page.console_errors == [], f"console errors: {page.console_errors}"
    assert page.evaluate("window.cspViolations") == []
    context.close()


def test_the_practice_page_beyond_loopback_works_with_the_token(browser, server, tmp_path):
    work = Path(server["work"])
    process, port, token = started(
        [server["bin"], "app", "--no-device", "--db", str(tmp_path / "app.sqlite"), "--host", "0.0.0.0",
         "--port", "0"], "sharp9 app")
    try:
        base = f"http://127.0.0.1:{port}"
        assert status(f"{base}/api/app/live") == 401
        app = {"base": base}
        context, page = open_page(browser, app)
        page.goto(f"{base}/app?token={token}")
        page.wait_for_selector("#import-empty")
        page.set_input_files("#file", str(work / "tone.wav"))
        page.wait_for_selector("#practice:not([hidden])")
        # The state arrives over the live stream (server-sent events, the token in its query).
        wait_until(page, "document.body.dataset.session && document.body.dataset.session.length > 0")
        page.click("#play")
        wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Pause'")
        page.click("#play")
        wait_until(page, "document.getElementById('play').getAttribute('aria-label') === 'Play'")
        assert page.console_errors == [], f"console errors: {page.console_errors}"
        assert page.evaluate("window.cspViolations") == []
        context.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
