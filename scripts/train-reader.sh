#!/usr/bin/env bash
# Retrains the handwriting reader from IAM-OnDB lines that you bring, then calibrates its
# confidence on the validation writers. IAM-OnDB's terms forbid redistribution: never commit the
# lines or anything cut from them; the model trained on them may ship with its citation and terms
# (Sources/Recognize/Resources/ink-reader.NOTICE).
#
#   scripts/train-reader.sh PATH/TO/lines.ndjson.gz OUT.skir [--minutes 65] [--epochs 80]
#
# Training runs on the CPU (PyTorch from PyPI in .build/train-venv), about an hour on 2 cores.
# Writers are split by number (scripts/handwriting/data.py): test writers are never read here.
# Measure the result with:
#   .build/release/sketchctl evaluate-handwriting --iam PATH/TO/lines.ndjson.gz --model OUT.skir
set -euo pipefail
cd "$(dirname "$0")/.."
iam=${1:?usage: scripts/train-reader.sh PATH/TO/lines.ndjson.gz OUT.skir [train_reader.py options]}
out=${2:?usage: scripts/train-reader.sh PATH/TO/lines.ndjson.gz OUT.skir [train_reader.py options]}
shift 2
scripts/setup.sh python3-venv
venv=.build/train-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import torch, numpy" 2>/dev/null || "$venv/bin/pip" install -q torch numpy
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" scripts/handwriting/train_reader.py --iam "$iam" --out "$work/uncalibrated.skir" "$@"
swift build -c release --product sketchctl
.build/release/sketchctl calibrate-reader --iam "$iam" --model "$work/uncalibrated.skir" --out "$out"
echo "train-reader: wrote $out"
