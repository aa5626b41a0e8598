#!/usr/bin/env bash
# End-to-end export timing: a 200-stroke session through `sketchctl export` (recognition plus
# export, one process per run), every format, plus the library-only benchmark (export-bench).
# Usage: bench/export/run.sh [runs]   (from the repository root; builds release binaries)
set -euo pipefail
runs=${1:-10}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product sketchctl >/dev/null
swift build -c release --product export-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/export/make_canvas.py "$work/canvas.json" 200
"$bin/sketchctl" import --data-dir "$work/data" --session bench "$work/canvas.json" >/dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "sketchctl export, 200 strokes, $runs runs per format"
echo "(wall ms per process p50 p95 max; CPU ms = mean user+system per process, all threads)"
for format in swift swiftpm playground png compose json; do
  times=()
  cpu=0
  for i in $(seq "$runs"); do
    start=$(date +%s%N)
    /usr/bin/time -f "%U %S" -o "$work/time" \
      "$bin/sketchctl" export --data-dir "$work/data" --session bench --format "$format" --out "$work/out-$format-$i" --zip >/dev/null
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
    cpu=$(awk -v c="$cpu" '{ printf "%d", c + ($1 + $2) * 1000 }' "$work/time")
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  n=${#sorted[@]}
  p95=$(( (n * 95 + 99) / 100 - 1 ))
  printf '%-11s %6s %6s %6s   CPU %5s\n' "$format" "${sorted[$(( (n + 1) / 2 - 1 ))]}" "${sorted[$p95]}" "${sorted[$((n - 1))]}" "$((cpu / n))"
done
if "$bin/sketchctl" export --data-dir "$work/data" --session bench --format dataset --out "$work/ds" 2>"$work/err"; then
  echo "dataset: exported"
else
  echo "dataset (no consent recorded by import): $(cat "$work/err")"
fi
echo
"$bin/export-bench" "$runs"
