#!/usr/bin/env bash
# Tesseract against sketchd's handwriting reader on the held-out Chars74k writers (32-35).
# Installs Tesseract if missing, builds sketchctl, dumps every composed word, reads them.
# Extra arguments go to tesseract_bench.py (default: the grid of configurations on every 3rd word).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/setup.sh tesseract-ocr tesseract-ocr-eng
swift build -c release --product sketchctl
DUMP="${DUMP:-/tmp/sketchd-words}"
rm -rf "$DUMP"
.build/release/sketchctl evaluate-words --glyphs "${GLYPHS:-data/chars74k-hnd/train.ndjson.gz}" --passes 2 --dump "$DUMP" --dump-all > "$DUMP.report.json"
if [ $# -eq 0 ]; then set -- --every 3 --jobs 2; fi
python3 bench/handwriting/tesseract_bench.py "$DUMP" "$@"
