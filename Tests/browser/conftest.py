"""Fixtures of the browser tests: the server scripts/test-browser.sh started, Debian's Chromium
through Playwright, a page that records console errors and policy violations, and the imported
session's id."""
import json
import os
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="session")
def server():
    url = os.environ["SHARP9_URL"]
    parts = urlsplit(url)
    return {
        "url": url,
        "base": f"{parts.scheme}://{parts.netloc}",
        "token": parts.query.split("token=", 1)[1],
        "bin": os.environ["SHARP9_BIN"],
        "db": os.environ["SHARP9_DB"],
        "work": os.environ["SHARP9_WORK"],
    }


def get_json(server, path):
    with urllib.request.urlopen(server["base"] + path) as response:
        return json.load(response)


@pytest.fixture(scope="session")
def session_id(server):
    sessions = get_json(server, "/api/sessions")
    return next(s["id"] for s in sessions if s["title"] == "Browser test practice")


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True,
            args=["--autoplay-policy=no-user-gesture-required", "--no-sandbox"])
        yield browser
        browser.close()


# Every page runs with its Content-Security-Policy in force, and a violation fails the test.
RECORD_VIOLATIONS = (
    "window.cspViolations = [];"
    "document.addEventListener('securitypolicyviolation',"
    " (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));")


def open_page(browser, server, viewport={"width": 1280, "height": 800}):
    """A new context (1280×800 unless `viewport` says otherwise) and its page, recording policy
    violations in `window.cspViolations` and console errors in `page.console_errors`."""
    context = browser.new_context(viewport=viewport, base_url=server["base"])
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.console_errors = errors
    return context, page


@pytest.fixture
def page(browser, server):
    context, page = open_page(browser, server)
    page.goto(server["url"])  # the printed URL: the page keeps its token
    yield page
    assert page.console_errors == [], f"console errors: {page.console_errors}"
    assert page.evaluate("window.cspViolations") == []
    context.close()


def wait_until(page, expression, timeout=30000):
    """Waits until `expression` is true in the page. Playwright's wait_for_function compiles its
    string with eval, which the pages' policy forbids; evaluate is not governed by it."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true within {timeout} ms: {expression}")
        time.sleep(0.02)


def screenshot(page, name):
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / name))
