#!/usr/bin/env bash
# Fuzzes the decoders with libFuzzer (swiftc -sanitize=fuzzer, Linux toolchain).
#   scripts/fuzz.sh [SECONDS] [TARGET ...]     default: 60 seconds each, every target
# Targets: event-codec, canvas-file, model-file, client-message (Fuzz/<Name>, checks in Fuzz/Checks).
# Each run starts from Fuzz/corpus/<target> (seeded from Fuzz/Checks/SeedInputs.swift when
# empty), adds what it finds there, and minimises the corpus afterwards. A crash or a broken
# property stops the run, leaves the input in test-output/fuzz/ and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(event-codec canvas-file model-file client-message)

scripts/setup.sh
scratch=.build-fuzz
mkdir -p test-output/fuzz
status=0
for target in "${targets[@]}"; do
  swift build --scratch-path "$scratch" -c release --sanitize fuzzer -Xswiftc -DFUZZING --product "fuzz-$target"
  binary="$scratch/release/fuzz-$target"
  corpus="Fuzz/corpus/$target"
  mkdir -p "$corpus"
  if [ -z "$(ls -A "$corpus")" ]; then
    swift build --product "fuzz-$target" >/dev/null
    ".build/debug/fuzz-$target" --write-seeds "$corpus"
  fi
  case "$target" in
    model-file) max_len=17000 ;;  # a complete model with the real feature count is 16.6 KB
    canvas-file) max_len=2048 ;;
    client-message) max_len=4096 ;;  # room for texts past their limits (a title is 256 bytes)
    *) max_len=512 ;;
  esac
  before=$(ls "$corpus" | wc -l)
  started=$(date +%s)
  if SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="test-output/fuzz/$target-" "$corpus" > "test-output/fuzz/$target.log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
  fi
  ran=$(( $(date +%s) - started ))
  minimised=$(mktemp -d)
  SWIFT_BACKTRACE=enable=no "$binary" -merge=1 -max_len="$max_len" "$minimised" "$corpus" >/dev/null 2>&1 && { rm -f "$corpus"/*; cp "$minimised"/* "$corpus"/; }
  rm -rf "$minimised"
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "test-output/fuzz/$target.log" | grep -oE '[0-9]+$' || echo "?")
  echo "$target: $result after ${ran}s, $runs inputs run, corpus $before -> $(ls "$corpus" | wc -l) files (log: test-output/fuzz/$target.log)"
done
exit $status
