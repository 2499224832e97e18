# Sourced by the scripts that drive Chromium (test-browser.sh, test-app-audio.sh, bench-app.sh):
# Playwright for Python and pytest in a virtual environment under the checkout ($venv), made
# again when Tests/browser/requirements.txt changes. `playwright install` is never run: the pages
# are opened in Debian's /usr/bin/chromium.
venv=.build-venv
browser_requirements=Tests/browser/requirements.txt
if ! cmp -s "$browser_requirements" "$venv/installed-requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r "$browser_requirements"
  cp "$browser_requirements" "$venv/installed-requirements.txt"
fi
