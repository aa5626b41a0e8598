#!/usr/bin/env bash
# Retrains the handwriting reader from IAM-OnDB lines that you bring, then calibrates its
# confidence on the validation writers. IAM-OnDB's terms forbid redistribution: never commit the
# lines or anything cut from them; the model trained on them may ship with its citation and terms
# (Sources/Recognize/Resources/ink-reader.NOTICE).
#
#   scripts/train-reader.sh PATH/TO/lines.ndjson.gz OUT.skir [--minutes 65] [--epochs 80]
#
# To go on from a model (the shipped one, say) rather than from scratch, name it first; its batch
# norms are unfolded (scripts/handwriting/import_model.py) and training resumes from it:
#
#   scripts/train-reader.sh PATH/TO/lines.ndjson.gz OUT.skir --continue \
#       Sources/Recognize/Resources/ink-reader.skir --lr 3e-4 --anneal --epochs 150 --minutes 82
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
from=
if [ "${1:-}" = --continue ]; then
  from=${2:?--continue needs a .skir model}
  shift 2
fi
scripts/setup.sh python3-venv
venv=.build/train-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c "import torch, numpy" 2>/dev/null || "$venv/bin/pip" install -q torch numpy
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$from" ]; then
  "$venv/bin/python" scripts/handwriting/import_model.py "$from" --iam "$iam" "$work/continued.pt"
  set -- --resume "$work/continued.pt" "$@"
fi
"$venv/bin/python" scripts/handwriting/train_reader.py --iam "$iam" --out "$work/uncalibrated.skir" "$@"
if [ ! -f "$work/uncalibrated.skir" ]; then
  # train_reader.py writes a model only for an epoch that beats the best validation CER so far
  # (with --continue, the starting model's).
  echo "train-reader: no epoch beat the starting validation CER; nothing written" >&2
  exit 1
fi
swift build -c release --product sketchctl
.build/release/sketchctl calibrate-reader --iam "$iam" --model "$work/uncalibrated.skir" --out "$out"
echo "train-reader: wrote $out"
