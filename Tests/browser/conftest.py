"""Fixtures of the browser tests: the server scripts/test-browser.sh started, Debian's Chromium
through Playwright, a page that records console errors, and the imported session's id."""
import json
import os
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


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server["base"], bypass_csp=True)
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server["url"])  # the printed URL: the page keeps its token
    page.console_errors = errors
    yield page
    assert errors == [], f"console errors: {errors}"
    context.close()


def screenshot(page, name):
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / name))
