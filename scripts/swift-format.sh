# Sourced by scripts/lint.sh and scripts/format.sh (from the repository root): sets
# `swift_format`, the command (`swift format` from the toolchain, else a `swift-format` on PATH),
# and `swift_files`, the Swift files formatted and checked.

if swift format --version >/dev/null 2>&1; then
  swift_format=(swift format)
elif command -v swift-format >/dev/null 2>&1; then
  swift_format=(swift-format)
else
  echo "swift-format not found: neither \`swift format\` nor \`swift-format\` runs (it ships with the Swift toolchain)" >&2
  exit 1
fi

# Sources, tests, benches, fuzzers and the manifest; never the exporter's golden files, the
# generated code that tests compare byte for byte.
swift_roots=(Sources Tests bench Fuzz Package.swift)
swift_files=()
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Tracked files and new ones not yet added (never ignored ones such as .build).
  while IFS= read -r -d '' file; do
    [ -f "$file" ] && swift_files+=("$file")
  done < <(git ls-files -z --cached --others --exclude-standard -- "${swift_roots[@]}" \
    | grep -zE '\.swift$' | grep -zvE '^Tests/ExporterTests/Golden/' | sort -zu)
else
  while IFS= read -r -d '' file; do
    swift_files+=("$file")
  done < <(find "${swift_roots[@]}" -name '*.swift' -not -path 'Tests/ExporterTests/Golden/*' -print0 | sort -z)
fi
