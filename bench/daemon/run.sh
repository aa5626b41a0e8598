#!/usr/bin/env bash
# Builds sketchd and the benchmark in release mode and runs 50 clients in one session.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product sketchd
swift build -c release --product sketchd-bench
.build/release/sketchd-bench --sketchd .build/release/sketchd "$@"
