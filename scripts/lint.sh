#!/usr/bin/env bash
# Checks that the Swift sources are formatted as `.swift-format` says (swift-format, from the
# toolchain), strictly: prints every violation and exits non-zero if there is any. CI runs it
# first (scripts/test.sh); scripts/format.sh fixes what the formatter can.
# Checked: Sources, Tests, bench, Fuzz and Package.swift, without the exporter's golden files
# (generated code, compared byte for byte).
#
# `.swift-format` is swift-format's default configuration with 120 columns, four-space
# indentation and one rule off: ReplaceForEachWithForLoop (one-line `forEach { free($0) }` is
# this code's style, and the formatter cannot rewrite it). Its `rules` list is written out in
# full because a `rules` object replaces the default rule set rather than amending it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/swift-format.sh

if [ ${#swift_files[@]} -eq 0 ]; then
  echo "lint: no Swift files found" >&2
  exit 1
fi
if ! output=$("${swift_format[@]}" lint --strict --parallel --configuration .swift-format "${swift_files[@]}" 2>&1); then
  [ -n "$output" ] || output="swift-format lint failed"
fi
if [ -n "$output" ]; then
  printf '%s\n' "$output" >&2
  echo "lint: $(grep -c ': \(warning\|error\):' <<<"$output" || true) violation(s); scripts/format.sh fixes most" >&2
  exit 1
fi
echo "lint: ${#swift_files[@]} Swift files formatted as .swift-format says"
