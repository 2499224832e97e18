"""The journal page: the browser test's session drawn as a day of practice, the table equal to
what `sharp9 journal --json` prints, the filters, and a bad filter answered in one sentence."""
import json
import subprocess

from conftest import get_json, screenshot, wait_until


def journal_lines(server, *flags):
    out = subprocess.run([server["bin"], "journal", "--json", "--db", server["db"], *flags],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_the_journal_page_draws_the_days_the_command_lists(page, server):
    entries = get_json(server, "/api/journal")
    assert entries == journal_lines(server)
    practice = next(e for e in entries if e["song"] == "tone.wav")
    assert practice["practisedSec"] > 0
    page.goto(server["base"] + "/journal")
    page.wait_for_selector("figure.journal svg rect.bar")
    assert page.locator("figure.journal figcaption").first.text_content() == "tone.wav"
    first = page.locator("#days tr").first.locator("td")
    assert first.nth(0).text_content() == practice["day"]
    assert first.nth(1).text_content() == "tone.wav"
    assert first.nth(3).text_content() == str(practice["loopPasses"])
    assert page.locator("#days tr.loop").count() == len(practice["loops"])
    screenshot(page, "journal-1280x800.png")
    page.fill("#song", "no such song")
    page.locator("#song").dispatch_event("change")
    wait_until(page, "document.getElementById('status').textContent === 'no practice recorded'")
    assert page.locator("figure.journal").count() == 0
    page.fill("#song", "")
    page.fill("#inARow", "0")
    page.locator("#inARow").dispatch_event("change")
    wait_until(page, "document.getElementById('status').textContent.includes('1 to 99')")
    # The refused request is the one console error the browser logs ("status of 400"); any other
    # still fails the test.
    page.console_errors[:] = [e for e in page.console_errors if "status of 400" not in e]
