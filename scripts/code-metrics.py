#!/usr/bin/env python3
"""Counts what a developer would have to clean up in generated SwiftUI files.

Usage: scripts/code-metrics.py DIR [DIR ...]

Reads every .swift file below the folders (for example `sketchctl export-screens --out DIR` or
Tests/ExporterTests/Golden) and prints one JSON object:

- namesFromIDs: declared members (`@State private var`, `func`) whose name ends in an element id
  (a capital letter then digits: `buttonS13`, `menuN1a`, `sliderValueB2`);
- internalIDsInData: string `id:` arguments in list data (`SettingsItem(id: "r1", ...)`);
- previewProviders / previewMacros: `PreviewProvider` structs and `#Preview` blocks;
- spacerPairAlignments: HStacks whose first and last views are `Spacer()` around one view;
- singleChildStacks: VStacks, HStacks and ZStacks with exactly one view inside;
- screens: `...Screen.swift` files (one per screen), to read the counts per screen;
- paddings: every `.padding(...)` with an amount (the base of the shares below);
- paddingsOver16: `.padding(...)` amounts above 16 points (the drawing's offsets copied as space);
- paddingsOver64: `.padding(...)` amounts above 64 points, and horizontalPaddingsOver64 those of
  them on a leading or trailing edge (a vertical one is an empty band drawn above a view);
- listWidthPins: `List` with a `.frame(width:)` or a numeric `.frame(maxWidth:)` modifier;
- fixedWidthsOver64: `.frame(width: N...)` with N above 64, a width that cannot shrink on a
  narrower phone.

The generated code is indented four spaces per level, so a stack's children are the lines one
level deeper than its opening line that start a view (not a modifier or a closing brace).
"""
import json
import os
import re
import sys

ID_NAME = re.compile(r"(?:@State private var|func) ([A-Za-z_][A-Za-z0-9_]*)")
ID_TAIL = re.compile(r"[A-Z][0-9]+[a-z0-9]*$")
STACK = re.compile(r"^( *)(VStack|HStack|ZStack)\b.*\{$")
PADDING = re.compile(r"\.padding\((?:(\.[a-z]+), )?([0-9.]+)\)")


def direct_children(lines, start, indent):
    """The lines one level deeper than `lines[start]` that begin a view, up to its closing brace."""
    children = []
    for line in lines[start + 1:]:
        stripped = line.strip()
        depth = len(line) - len(line.lstrip(" "))
        if depth <= indent and stripped.startswith("}"):
            break
        if depth == indent + 4 and stripped and not stripped.startswith((".", "}", "//", ")", "ForEach")):
            children.append(stripped)
    return children


def measure(text, totals):
    lines = text.split("\n")
    for name in ID_NAME.findall(text):
        if ID_TAIL.search(name):
            totals["namesFromIDs"] += 1
    totals["internalIDsInData"] += len(re.findall(r'\(id: "', text))
    totals["previewProviders"] += len(re.findall(r": PreviewProvider\b", text))
    totals["previewMacros"] += len(re.findall(r"^#Preview\b", text, re.M))
    for edges, amount in PADDING.findall(text):
        totals["paddings"] += 1
        if float(amount) > 16:
            totals["paddingsOver16"] += 1
        if float(amount) > 64:
            totals["paddingsOver64"] += 1
            if edges in (".leading", ".trailing", ".horizontal"):
                totals["horizontalPaddingsOver64"] += 1
    for index, line in enumerate(lines):
        match = STACK.match(line)
        if match:
            children = direct_children(lines, index, len(match.group(1)))
            if len(children) == 1:
                totals["singleChildStacks"] += 1
            spacer = lambda c: c.startswith("Spacer(")
            if match.group(2) == "HStack" and len(children) == 3 and spacer(children[0]) and spacer(children[-1]):
                totals["spacerPairAlignments"] += 1
        if re.match(r"^ *List\(", line) and any(m.startswith(".frame(width:") or re.match(r"\.frame\(maxWidth: [0-9]", m) for m in own_modifiers(lines, index)):
            totals["listWidthPins"] += 1
    for amount in re.findall(r"\.frame\(width: ([0-9.]+)", text):
        if float(amount) > 64:
            totals["fixedWidthsOver64"] += 1


def own_modifiers(lines, start):
    """The modifiers after the closing brace of the block opened at `lines[start]`, at its indentation."""
    indent = len(lines[start]) - len(lines[start].lstrip(" "))
    index = start + 1
    while index < len(lines) and not (lines[index].strip().startswith("}") and len(lines[index]) - len(lines[index].lstrip(" ")) == indent):
        index += 1
    modifiers = []
    for line in lines[index + 1:]:
        if not line.strip().startswith(".") or len(line) - len(line.lstrip(" ")) != indent:
            break
        modifiers.append(line.strip())
    return modifiers


def main(folders):
    keys = ["files", "namesFromIDs", "internalIDsInData", "previewProviders", "previewMacros",
            "spacerPairAlignments", "singleChildStacks", "screens",
            "paddings", "paddingsOver16", "paddingsOver64", "horizontalPaddingsOver64", "listWidthPins", "fixedWidthsOver64"]
    totals = dict.fromkeys(keys, 0)
    for folder in folders:
        for root, _, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith(".swift"):
                    totals["files"] += 1
                    totals["screens"] += name.endswith("Screen.swift")
                    with open(os.path.join(root, name), encoding="utf-8") as handle:
                        measure(handle.read(), totals)
    print(json.dumps(totals, indent=2))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: scripts/code-metrics.py DIR [DIR ...]")
    main(sys.argv[1:])
