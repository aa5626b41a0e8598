"""Real handwriting for the browser tests: words set from the vendored Chars74k pen trajectories.

Only writers 32-35 are used: the handwriting reader never trained or tuned on them
(data/chars74k-hnd/README.md). Letters are placed as people print a word: capitals and
ascenders `cap` points tall, the other lower-case letters at x-height, descenders below the
baseline, left to right with `gap` points between letters.
"""

import gzip
import json
import math
from functools import lru_cache

from conftest import REPO

CHARS74K = REPO / "data" / "chars74k-hnd" / "train.ndjson.gz"
HELD_OUT_WRITERS = (32, 33, 34, 35)
ASCENDERS = set("bdfhklt")
DESCENDERS = set("gjpqy")
X_HEIGHT = 0.62  # of the capital height


@lru_cache(maxsize=None)
def _hands():
    hands = {}
    with gzip.open(CHARS74K, "rt") as lines:
        for line in lines:
            glyph = json.loads(line)
            if glyph["writer"] in HELD_OUT_WRITERS:
                hands.setdefault(glyph["writer"], {})[glyph["label"]] = glyph["strokes"]
    return hands


def _fit(strokes, height, left, top):
    """A glyph's strokes ([[xs], [ys]] each) scaled to `height` with its top left at (left, top)."""
    xs = [x for s in strokes for x in s[0]]
    ys = [y for s in strokes for y in s[1]]
    x0, y0 = min(xs), min(ys)
    scale = height / max(max(ys) - y0, (max(xs) - x0) * 0.25, 1e-9)
    return [[(left + (x - x0) * scale, top + (y - y0) * scale) for x, y in zip(*s)] for s in strokes]


def _lifted(placed, pieces):
    """The glyph with its longest stroke cut into `pieces` strokes: pen lifts inside a letter
    (an "m" as a stem and two humps)."""
    k = max(range(len(placed)), key=lambda i: len(placed[i]))
    stroke = placed[k]
    if pieces < 2 or len(stroke) < 3 * pieces:
        return placed
    cuts = [round(len(stroke) * i / pieces) for i in range(pieces + 1)]
    parts = [stroke[cuts[i]:cuts[i + 1] + (1 if i < pieces - 1 else 0)] for i in range(pieces)]
    return placed[:k] + parts + placed[k + 1:]


def word(text, writer, left, top, cap=28.0, gap=5.0, lifts=None, joined=False):
    """The strokes (lists of (x, y) canvas points) of `text` in the hand of a held-out `writer`.

    `lifts` maps letters to the strokes each is written in (its longest stroke cut so); `joined`
    writes each word in one stroke, the pen going on from one letter to the next."""
    assert writer in HELD_OUT_WRITERS, f"writer {writer} is not held out from training"
    hand = _hands()[writer]
    lifts = lifts or {}
    strokes, x, chain = [], left, False
    for character in text:
        if character == " ":
            x += cap * 0.7
            chain = False
            continue
        height, y = cap, top
        if character.islower() and character not in ASCENDERS:
            height = cap * X_HEIGHT * (1.55 if character in DESCENDERS else 1)
            y = top + cap * (1 - X_HEIGHT)
        placed = _lifted(_fit(hand[character], height, x, y), lifts.get(character, 1))
        right = max(px for s in placed for px, _ in s)
        if joined and chain:
            strokes[-1] = strokes[-1] + [p for s in placed for p in s]
        elif joined:
            strokes.append([p for s in placed for p in s])
        else:
            strokes += placed
        chain = True
        x = right + (gap * 0.4 if joined else gap)
    return strokes


def bounds(strokes):
    xs = [x for s in strokes for x, _ in s]
    ys = [y for s in strokes for _, y in s]
    return min(xs), min(ys), max(xs), max(ys)


def box_around(strokes, pad_x, pad_y):
    """A hand-drawn box around strokes: one closed stroke whose sides waver a little."""
    x0, y0, x1, y1 = bounds(strokes)
    x0, y0, x1, y1 = x0 - pad_x, y0 - pad_y, x1 + pad_x, y1 + pad_y
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    points = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:]):
        steps = max(8, int(math.hypot(bx - ax, by - ay) / 6))
        points += [(ax + (bx - ax) * i / steps + math.sin(i * 1.9) * 0.6, ay + (by - ay) * i / steps + math.cos(i * 1.3) * 0.6)
                   for i in range(steps)]
    return points + [corners[-1]]


def canvas_file(strokes, width=390, height=844):
    """The strokes as a canvas file (docs/NOTATION.md), for `sketchctl recognize`."""
    timed, t = [], 0
    for i, stroke in enumerate(strokes):
        timed.append({"id": f"s{i + 1}", "points": [[round(x, 3), round(y, 3), t + k * 8] for k, (x, y) in enumerate(stroke)]})
        t += len(stroke) * 8 + 120
    return {"canvas": {"width": width, "height": height}, "strokes": timed}
