#!/usr/bin/env bash
# Sets up and runs every test: Swift unit and end-to-end tests, node unit tests of the web
# client's pure modules, and the browser tests in headless Chromium against a real sketchd.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh chromium chromium-driver
python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium

swift build --build-tests
swift test --skip-build --parallel --num-workers 2

if [ -d web/tests/unit ] && ls web/tests/unit/*.test.mjs >/dev/null 2>&1; then
  node --test web/tests/unit/
fi

if [ -d web/tests/browser ] && ls web/tests/browser/test_*.py >/dev/null 2>&1; then
  swift build --product sketchd
  python3 -m pytest -q web/tests/browser
fi
