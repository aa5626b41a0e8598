#!/usr/bin/env bash
# Sets up, builds in release mode and starts sketchd on http://127.0.0.1:8080 with data in ./data.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product sketchd
swift build -c release --product sketchctl
exec .build/release/sketchd --host 127.0.0.1 --port "${PORT:-8080}" --data-dir ./data --web-root web "$@"
