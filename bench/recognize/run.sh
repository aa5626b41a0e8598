#!/bin/sh
# Recognising a ~40-element screen after one more stroke: wall and thread-CPU percentiles,
# first call vs hundredth, model load and a cold full recognition. Run from the repo root;
# extra arguments go to bench-recognize (--no-handwriting, --screen boxes).
set -eu
swift build -c release --product sketchctl
DOODLES="${DOODLES:-data/doodleuinet/train.ndjson.gz}"
.build/release/sketchctl bench-recognize --doodles "$DOODLES" --iterations "${ITERATIONS:-1000}" --elements "${ELEMENTS:-40}" "$@"
