"""The inspector in a real Chromium: the pages, the slider, the overlays against the API, the
render playing, filters, a bundle upload and a live recording."""
import base64
import json
import subprocess
import time
import urllib.request

from conftest import get_json, open_page, screenshot, wait_until


def open_session(page, session_id, at=None, indexed=True):
    page.goto(f"/sessions/{session_id}" + (f"?at={at}" if at is not None else ""))
    page.wait_for_selector("body[data-ready='1']")
    if indexed:  # the page is usable before the index; the filters apply once it is here
        wait_until(page, "window.sharp9.indexed === true")


def test_the_sessions_page_lists_and_searches(page, session_id):
    page.wait_for_selector(f"a[href='/sessions/{session_id}']")
    screenshot(page, "inspector-sessions.png")
    page.fill("#search", "no such title")
    assert page.locator("#sessions tr").count() == 0
    page.fill("#search", "browser test")
    assert page.locator("#sessions tr").count() == 1


def test_the_slider_selects_an_event_and_the_panels_follow(page, server, session_id):
    open_session(page, session_id)
    events = get_json(server, f"/api/sessions/{session_id}")["events"]
    assert page.locator("#slider").get_attribute("max") == str(events)
    page.locator("#slider").focus()
    page.keyboard.press("Home")
    wait_until(page, "window.sharp9.drawnAt === 0")
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    wait_until(page, "window.sharp9.at === 40")
    expected = get_json(server, f"/api/sessions/{session_id}/state?at=40")
    wait_until(page, "window.sharp9.drawnAt === 40")
    shown = page.evaluate("window.sharp9.state")
    assert shown == expected
    # The tree shows the state's playhead position.
    assert page.locator(f"#tree [data-path='transport.currentTimeSec']").inner_text().endswith(
        json.dumps(expected["transport"]["currentTimeSec"]))
    page.keyboard.press("End")
    wait_until(page, f"window.sharp9.at === {events}")


def test_the_waveform_overlays_are_the_states(page, server, session_id):
    open_session(page, session_id, at=200)
    wait_until(page, "window.sharp9.peaks !== null && window.sharp9.timeline !== null")
    page.wait_for_timeout(200)
    state = get_json(server, f"/api/sessions/{session_id}/state?at=200")
    drawn = json.loads(page.locator("#wave").get_attribute("data-drawn"))
    width = page.locator("#wave").bounding_box()["width"]
    duration = state["track"]["durationSec"]
    assert abs(drawn["a"] - state["loop"]["aSec"] / duration * width) < 1
    assert abs(drawn["b"] - state["loop"]["bSec"] / duration * width) < 1
    expected = [m["timeSec"] / duration * width for m in state["markers"]]
    assert len(drawn["markers"]) == len(expected) == 2
    assert all(abs(x - e) < 1 for x, e in zip(drawn["markers"], expected))
    assert abs(drawn["playhead"] - state["transport"]["currentTimeSec"] / duration * width) < 1
    screenshot(page, "inspector-session.png")


def test_the_render_plays_and_the_list_follows(page, session_id):
    open_session(page, session_id, at=1)
    page.check("#kinds input[data-code='%d']" % page.evaluate("window.sharp9.kinds.indexOf('tick')"))
    page.evaluate("document.getElementById('audio').play()")
    wait_until(page, "window.sharp9.audioSec > 1.5", timeout=15000)
    page.evaluate("document.getElementById('audio').pause()")
    page.wait_for_timeout(100)
    at = page.evaluate("window.sharp9.at")
    assert at > 20  # ticks at 30 Hz from 0.5 s: about 30 by 1.5 s
    played = page.evaluate("window.sharp9.audioSec")
    assert page.evaluate(f"window.sharp9.times[{at - 1}]") <= played
    page.wait_for_selector(f"#list .row.sel[data-seq='{at}']", timeout=5000)
    screenshot(page, "inspector-playing.png")


def test_clicking_an_event_selects_it(page, session_id):
    open_session(page, session_id, at=0)
    row = page.locator("#list .row").nth(3)
    seq = int(row.get_attribute("data-seq"))
    row.click()
    wait_until(page, f"window.sharp9.at === {seq}")


def test_filters(page, session_id):
    open_session(page, session_id, at=0)
    page.wait_for_selector("#list .row[data-kind]")
    kinds = page.eval_on_selector_all("#list .row[data-kind]", "rows => rows.map(r => r.dataset.kind)")
    assert "tick" not in kinds  # ticks are hidden by default
    page.fill("#search", "marker")
    wait_until(page, """[...document.querySelectorAll('#list .row')].map(r => r.dataset.kind).join()
        === 'addMarker,addMarker'""")
    # The summary's words, in no kind's name: "add marker at 00:02.50" (the tick at 2.5 s is hidden).
    page.fill("#search", "02.50")
    wait_until(page, """[...document.querySelectorAll('#list .row')].map(r => r.dataset.kind).join()
        === 'addMarker'""")
    assert page.locator("#list .row .what").inner_text() == "add marker at 00:02.50"
    page.fill("#search", "")
    page.check("#kinds input[data-code='%d']" % page.evaluate("window.sharp9.kinds.indexOf('tick')"))
    page.wait_for_selector("#list .row[data-kind='tick']")
    page.check("#changedOnly")
    page.wait_for_timeout(300)
    total = page.evaluate("window.sharp9.index.length")
    assert page.evaluate("document.getElementById('spacer').offsetHeight / 24") <= total


def bundle_of_a_fork(server, session_id, at):
    """A bundle of a fork of the session at `at`, the fork deleted again: (its id, the file)."""
    bundle = f"{server['work']}/upload-{at}.sharp9"
    fork = json.loads(urllib.request.urlopen(urllib.request.Request(
        server["base"] + f"/api/sessions/{session_id}/fork?at={at}", method="POST",
        headers={"X-Sharp9-Token": server["token"]})).read())
    subprocess.run([server["bin"], "bundle", fork["id"], "-o", bundle, "--db", server["db"]], check=True,
                   capture_output=True)
    urllib.request.urlopen(urllib.request.Request(
        server["base"] + f"/api/sessions/{fork['id']}", method="DELETE",
        headers={"X-Sharp9-Token": server["token"]}))
    return fork["id"], bundle


def test_a_picked_bundle_is_imported(page, server, session_id):
    fork_id, bundle = bundle_of_a_fork(server, session_id, 10)
    page.reload()
    page.wait_for_selector(f"a[href='/sessions/{session_id}']")
    page.set_input_files("#file", bundle)
    page.wait_for_selector(f"a[href='/sessions/{fork_id}']")
    assert "imported" in page.locator("#status").inner_text()


def test_a_dropped_bundle_is_imported(page, server, session_id):
    fork_id, bundle = bundle_of_a_fork(server, session_id, 20)
    page.reload()
    page.wait_for_selector(f"a[href='/sessions/{session_id}']")
    with open(bundle, "rb") as file:
        data = base64.b64encode(file.read()).decode()
    # A real drag: the file in a DataTransfer, through dragenter, dragover and drop on the zone.
    transfer = page.evaluate_handle("""(data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], "practice.sharp9", { type: "application/vnd.sqlite3" }));
        return transfer;
    }""", data)
    page.dispatch_event("#drop", "dragenter", {"dataTransfer": transfer})
    page.dispatch_event("#drop", "dragover", {"dataTransfer": transfer})
    assert "over" in page.locator("#drop").get_attribute("class")
    page.dispatch_event("#drop", "drop", {"dataTransfer": transfer})
    page.wait_for_selector(f"a[href='/sessions/{fork_id}']")
    assert "imported" in page.locator("#status").inner_text()
    assert "over" not in (page.locator("#drop").get_attribute("class") or "")


def test_a_live_recording_adds_events(page, server):
    record = subprocess.Popen([server["bin"], "record", "--title", "live", "--db", server["db"]],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        record.stdin.write('{"type":"onAppear"}\n')
        record.stdin.flush()
        record.stdout.readline()
        live = next(s for s in get_json(server, "/api/sessions") if s["title"] == "live")
        open_session(page, live["id"])
        assert page.evaluate("window.sharp9.session.events") == 1
        for speed in (-0.05, -0.1):
            record.stdin.write(json.dumps({"type": "speedDelta", "delta": speed}) + "\n")
            record.stdin.flush()
            record.stdout.readline()
        started = time.monotonic()
        wait_until(page, "window.sharp9.session.events === 3", timeout=5000)
        assert time.monotonic() - started < 1.5
        wait_until(page, "window.sharp9.at === 3")
    finally:
        record.stdin.close()
        record.wait(timeout=10)


def test_the_pages_keep_to_their_content_security_policy(browser, server, session_id):
    # Every test's page runs with the policy in force and fails on a violation; this one walks
    # every tab and proves that the listener sees one.
    context, page = open_page(browser, server)
    errors = page.console_errors
    response = page.goto(server["url"])
    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector(f"a[href='/sessions/{session_id}']")
    assert page.evaluate("window.cspViolations") == []
    page.click(f"a[href='/sessions/{session_id}']")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#kinds input")  # the index is here
    page.wait_for_selector("#list .row[data-kind]")
    for tab in ("diff", "history", "checks", "state"):
        page.click(f"[role=tab][data-tab='{tab}']")
        page.wait_for_timeout(300)
    page.wait_for_timeout(500)  # the peaks and timeline drawn
    assert page.evaluate("window.sharp9.peaks !== null && window.sharp9.timeline !== null")
    assert page.evaluate("window.cspViolations") == []
    assert errors == [], f"console errors: {errors}"
    # The listener can fail: an inline script is refused and reported.
    page.evaluate("""() => { const s = document.createElement('script'); s.textContent = '1';
        document.body.append(s); }""")
    page.wait_for_timeout(200)
    assert any("script-src" in v for v in page.evaluate("window.cspViolations"))
    context.close()


def test_a_foreign_host_is_refused(server):
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(server["base"])
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    connection.request("GET", "/api/sessions", headers={"Host": "rebound.example"})
    assert connection.getresponse().status == 403


def test_phone_size(browser, server, session_id):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    page.goto(server["base"] + f"/sessions/{session_id}?at=150")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "inspector-phone.png")
    context.close()



def test_another_sites_page_cannot_use_the_api(browser, server, session_id):
    """Issue 21 S3: a page on another site (localhost on another port, against the server's
    127.0.0.1) that points an <audio>, an <img> and a fetch at the API gets 403 for each, from
    the headers Chromium itself sends."""
    import http.server
    import threading
    api = server["base"] + "/api/"
    evil = f"""<!doctype html><audio src="{api}sessions/{session_id}/render.wav" autoplay></audio>
        <img src="{api}sessions/{session_id}/render.flac">
        <script>fetch("{api}sessions", {{mode: "no-cors"}}).catch(() => {{}});</script>"""

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(evil.encode())

        def log_message(self, *args):
            pass

    site = http.server.HTTPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    context = browser.new_context()
    page = context.new_page()
    # Chromium's response blocking hides a refused answer from the page and from Playwright's
    # events, so the statuses are read from the DevTools protocol's raw response headers.
    urls, statuses = {}, {}
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    # The two events of a request may come in either order: both are kept by request id.
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.responseReceivedExtraInfo", lambda e: statuses.__setitem__(
        e["requestId"], e.get("statusCode")))

    def api_statuses():
        return {urls[i]: status for i, status in statuses.items()
                if urls.get(i, "").startswith(api)}
    try:
        page.goto(f"http://localhost:{site.server_address[1]}/")
        deadline = time.time() + 10
        while len(api_statuses()) < 3 and time.time() < deadline:
            page.wait_for_timeout(100)
    finally:
        site.shutdown()
        context.close()
    answers = api_statuses()
    assert len(answers) == 3, (urls, statuses)
    assert set(answers.values()) == {403}, answers
