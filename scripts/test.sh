#!/usr/bin/env bash
# Checks the Swift sources' formatting (scripts/lint.sh), then sets up and runs every test: Swift
# unit and end-to-end tests, node unit tests of the web client's pure modules, the corrections
# loop (release build: it retrains the classifier), the browser tests in headless Chromium
# against a real sketchd, and the cluster tests (three nodes behind a real HAProxy).
# Ends with one summary line "all: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
# Formatting first (.swift-format; scripts/format.sh fixes it): a violation fails before any build.
scripts/lint.sh
scripts/setup.sh chromium chromium-driver haproxy curl postgresql patroni etcd-server etcd-client
python3 -c "import pytest" 2>/dev/null || python3 -m pip install -q pytest
python3 -c "import numpy" 2>/dev/null || python3 -m pip install -q numpy  # scripts/handwriting/test_augment.py
python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
python3 -c "import websocket" 2>/dev/null || python3 -m pip install -q websocket-client  # Tests/Support/sketchd_client.py

logs=$(mktemp -d)
status=0
passed=0
failed=0

swift build --build-tests
swift test --skip-build --disable-swift-testing 2>&1 | tee "$logs/swift.log" || status=1
summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?" "$logs/swift.log" | tail -1 || true)
if [ -n "$summary" ]; then
  total=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
  fails=$(sed -E 's/.*with ([0-9]+) failures?.*/\1/' <<<"$summary")
  passed=$((passed + total - fails)); failed=$((failed + fails))
else
  status=1
fi

if ls web/tests/unit/*.test.mjs >/dev/null 2>&1; then
  node --test web/tests/unit/ 2>&1 | tee "$logs/node.log" || status=1
  passed=$((passed + $(grep -E "^# pass [0-9]+" "$logs/node.log" | awk '{print $3}' || echo 0)))
  failed=$((failed + $(grep -E "^# fail [0-9]+" "$logs/node.log" | awk '{print $3}' || echo 0)))
fi

if ls scripts/handwriting/test_*.py >/dev/null 2>&1; then
  python3 -m pytest -q -p no:cacheprovider scripts/handwriting 2>&1 | tee "$logs/handwriting.log" || status=1
  line=$(grep -E "[0-9]+ (passed|failed)" "$logs/handwriting.log" | tail -1 || true)
  passed=$((passed + $(grep -oE "[0-9]+ passed" <<<"$line" | awk '{print $1}' || echo 0)))
  failed=$((failed + $(grep -oE "[0-9]+ failed" <<<"$line" | awk '{print $1}' || echo 0)))
fi

# The corrections loop retrains the classifier for real, so it runs the release build.
if ls Tests/CorrectionsLoop/test_*.py >/dev/null 2>&1; then
  swift build -c release --product sketchd
  swift build -c release --product sketchctl
  python3 -m pytest -q -p no:cacheprovider Tests/CorrectionsLoop 2>&1 | tee "$logs/corrections.log" || status=1
  line=$(grep -E "[0-9]+ (passed|failed)" "$logs/corrections.log" | tail -1 || true)
  passed=$((passed + $(grep -oE "[0-9]+ passed" <<<"$line" | awk '{print $1}' || echo 0)))
  failed=$((failed + $(grep -oE "[0-9]+ failed" <<<"$line" | awk '{print $1}' || echo 0)))
fi

if ls web/tests/browser/test_*.py >/dev/null 2>&1; then
  swift build --product sketchd
  swift build --product sketchctl
  python3 -m pytest -q -p no:cacheprovider web/tests/browser 2>&1 | tee "$logs/browser.log" || status=1
  line=$(grep -E "[0-9]+ (passed|failed)" "$logs/browser.log" | tail -1 || true)
  passed=$((passed + $(grep -oE "[0-9]+ passed" <<<"$line" | awk '{print $1}' || echo 0)))
  failed=$((failed + $(grep -oE "[0-9]+ failed" <<<"$line" | awk '{print $1}' || echo 0)))
fi

if ls Tests/Cluster/test_*.py >/dev/null 2>&1; then
  python3 -m pytest -q -p no:cacheprovider Tests/Cluster 2>&1 | tee "$logs/cluster.log" || status=1
  line=$(grep -E "[0-9]+ (passed|failed)" "$logs/cluster.log" | tail -1 || true)
  passed=$((passed + $(grep -oE "[0-9]+ passed" <<<"$line" | awk '{print $1}' || echo 0)))
  failed=$((failed + $(grep -oE "[0-9]+ failed" <<<"$line" | awk '{print $1}' || echo 0)))
fi

rm -rf "$logs"
[ "$failed" -eq 0 ] || status=1
echo "all: $passed passed, $failed failed"
exit $status
