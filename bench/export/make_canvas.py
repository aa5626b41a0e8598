#!/usr/bin/env python3
"""Writes a deterministic 200-stroke canvas file (NOTATION.md) of a sketched login/feed screen:
rectangles (fields, buttons, cards) with squiggles inside, circles, lines and ticks.
Usage: make_canvas.py OUT.json [strokes]"""
import json
import math
import sys

def rect(x, y, w, h):
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y + 0.5]]

def squiggle(x, y, w, amp=3.0):
    n = max(8, int(w / 3))
    return [[round(x + w * i / (n - 1), 3), round(y + (amp if i % 2 else -amp), 3)] for i in range(n)]

def circle(cx, cy, r, n=24):
    return [[round(cx + r * math.cos(2 * math.pi * i / n), 3), round(cy + r * math.sin(2 * math.pi * i / n), 3)] for i in range(n + 1)]

def main():
    out = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    strokes = []
    def add(points, color=None):
        stroke = {"id": "s%d" % (len(strokes) + 1), "points": points}
        if color:
            stroke["color"] = color
        strokes.append(stroke)
    add([[0, 90], [390, 90]])                      # navigation bar line
    add(squiggle(150, 55, 90))                     # title
    y = 110
    row = 0
    while len(strokes) < limit:
        kind = row % 6
        if kind == 0:                              # text field with placeholder
            add(rect(24, y, 342, 44)); add(squiggle(36, y + 22, 80))
        elif kind == 1:                            # two buttons side by side
            add(rect(24, y, 160, 48), "#1f6feb"); add(squiggle(70, y + 24, 70), "#1f6feb")
            add(rect(206, y, 160, 48)); add(squiggle(250, y + 24, 70))
        elif kind == 2:                            # avatar + two text lines
            add(circle(48, y + 24, 22)); add(squiggle(84, y + 14, 180)); add(squiggle(84, y + 34, 120))
        elif kind == 3:                            # toggle row
            add(squiggle(24, y + 20, 150)); add(rect(300, y + 6, 60, 28)); add(circle(346, y + 20, 11))
        elif kind == 4:                            # paragraph: five squiggle lines
            for i in range(5):
                add(squiggle(24, y + 8 + i * 14, 330 if i < 4 else 200, 2.5))
        else:                                      # two image placeholders: boxes with an X
            for x in (24, 206):
                add(rect(x, y, 160, 100)); add([[x, y], [x + 160, y + 100]]); add([[x + 160, y], [x, y + 100]])
        y += {0: 60, 1: 64, 2: 60, 3: 48, 4: 84, 5: 116}[kind]
        row += 1
    strokes = strokes[:limit]
    height = max(844, int(y + 40))
    with open(out, "w") as f:
        json.dump({"canvas": {"width": 390, "height": height}, "strokes": strokes}, f, separators=(",", ":"))

main()
