#!/usr/bin/env bash
# Formats the Swift sources in place as `.swift-format` says (swift-format, from the toolchain):
# the files scripts/lint.sh checks. What is left afterwards, scripts/lint.sh reports.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/swift-format.sh

"${swift_format[@]}" format --in-place --parallel --configuration .swift-format "${swift_files[@]}"
echo "format: ${#swift_files[@]} Swift files formatted"
