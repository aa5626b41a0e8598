"""Training data for the ink reader: IAM-OnDB lines (a path the user brings; never in the
repository), and words set from the vendored Chars74k letters of the training writers."""
import gzip
import json
import math
import os
import random

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Output classes after CTC's blank (index 0). Kept in Sources/Recognize/Resources/ink-reader.skir.
CHARSET = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,'-!?:;/&()\"@"


def writer_part(writer):
    """Which part a writer's lines belong to: 'test' (never trained or tuned on), 'validation'
    (tuning: calibration, the decoder's weights) or 'train'. By the writer's number, so the
    same in every tool (sketchctl evaluate-handwriting uses the same rule)."""
    n = int(str(writer).rsplit("-", 1)[-1])
    if n % 8 == 0:
        return "test"
    if n % 8 == 1:
        return "validation"
    return "train"


def load_iam(path):
    lines = []
    with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
        for raw in f:
            d = json.loads(raw)
            text = d["text"].strip()
            if not text or any(c not in CHARSET for c in text):
                continue
            strokes = [list(zip(s[0], s[1])) for s in d["strokes"] if s and s[0]]
            if not strokes:
                continue
            lines.append({"id": d["id"], "writer": d["writer"], "text": text, "strokes": strokes})
    return lines


def load_chars74k(writers):
    glyphs = {}
    with gzip.open(os.path.join(ROOT, "data/chars74k-hnd/train.ndjson.gz"), "rt") as f:
        for raw in f:
            d = json.loads(raw)
            if d["writer"] in writers:
                strokes = [list(zip(s[0], s[1])) for s in d["strokes"] if s and s[0]]
                glyphs.setdefault(d["label"], []).append(strokes)
    return glyphs


def load_words():
    words = []
    with gzip.open(os.path.join(ROOT, "data/english-words/words.txt.gz"), "rt") as f:
        for w in f:
            w = w.strip()
            if 2 <= len(w) <= 12 and all(c in CHARSET for c in w):
                words.append(w)
    ui = []
    with open(os.path.join(ROOT, "Sources/Recognize/Resources/ui-lexicon.txt")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and all(c in CHARSET for c in line):
                ui.append(line)
    return words, ui


ASCENDERS = set("bdfhklt")
DESCENDERS = set("gjpqy")


def compose_word(word, glyphs, rng, join=0.0):
    """`word` set from single Chars74k letters side by side on one baseline: capitals, digits
    and ascenders a letter tall, small letters 0.6 of it, descenders below the line. With
    `join`, each letter is joined to the one before it with that probability: the pen goes on
    from the last stroke of a letter to the first of the next, as in joined-up writing."""
    strokes = []
    joined_next = False
    x = 0.0
    height = 100.0
    # Some people print every letter at one height.
    one_height = rng.random() < 0.35
    x_height = rng.uniform(0.5, 0.72)
    for ch in word:
        if ch == " ":
            x += height * rng.uniform(0.5, 1.0)
            continue
        samples = glyphs.get(ch)
        if not samples:
            return None
        g = rng.choice(samples)
        xs = [p[0] for s in g for p in s]
        ys = [p[1] for s in g for p in s]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        if one_height and ch not in ".,":
            target, top = 1.0, 0.0
        elif ch.islower() and ch not in ASCENDERS and ch not in DESCENDERS:
            target, top = x_height, 1 - x_height
        elif ch in DESCENDERS:
            target, top = x_height * 1.55, 1 - x_height
        elif ch in ".,":
            target, top = 0.12, 0.88
        else:
            target, top = 1.0, 0.0
        target *= height * rng.uniform(0.9, 1.1)
        s = target / max(h, 1e-6)
        if w * s > 1.6 * height:
            s = 1.6 * height / max(w, 1e-6)
        ox, oy = min(xs), min(ys)
        top_y = top * height + rng.uniform(-0.05, 0.05) * height
        placed = [[(x + (px - ox) * s, top_y + (py - oy) * s) for px, py in st] for st in g]
        if rng.random() < 0.25:
            # A pen lift inside the letter: its longest stroke in two.
            k = max(range(len(placed)), key=lambda i: len(placed[i]))
            if len(placed[k]) >= 8:
                cut = rng.randint(len(placed[k]) * 3 // 10, len(placed[k]) * 7 // 10)
                placed[k:k + 1] = [placed[k][:cut + 1], placed[k][cut + 1:]]
        if joined_next and strokes:
            strokes[-1] = strokes[-1] + placed[0]
            placed = placed[1:]
        strokes += placed
        joined_next = rng.random() < join
        x += w * s + height * rng.uniform(0.05, 0.35) * (0.5 if joined_next else 1.0)
    return strokes


def numbered(rng, words):
    """What screens write with digits: a number alone, or a word and a number."""
    n = str(rng.choice([rng.randint(0, 9), rng.randint(10, 99), rng.randint(100, 9999)]))
    r = rng.random()
    if r < 0.3:
        return n
    word = rng.choice(words)
    return word[:1].upper() + word[1:].lower() + " " + n if r < 0.85 else n + " " + word.lower()


def case_pattern(word, rng):
    r = rng.random()
    if r < 0.45:
        return word.lower()
    if r < 0.8:
        return word[:1].upper() + word[1:].lower()
    return word.upper()


def augment(strokes, rng):
    """Slant, rotation, stretch, and a little jitter; and, as one writer differs from another
    along a line, letters that widen and narrow, grow and shrink, and a baseline that wanders
    (smooth waves along x, never folding the ink back on itself)."""
    shear = rng.uniform(-0.35, 0.35)
    angle = rng.uniform(-0.08, 0.08)
    sx = rng.uniform(0.8, 1.2)
    ca, sa = math.cos(angle), math.sin(angle)
    ys = [p[1] for s in strokes for p in s]
    xs = [p[0] for s in strokes for p in s]
    span = max(max(ys) - min(ys), 1.0)
    mid = (max(ys) + min(ys)) / 2
    jitter = rng.uniform(0.0, 0.012) * span
    waves = rng.random() < 0.6
    width_wave = (rng.uniform(0.0, 0.12) * span, rng.uniform(2.0, 5.0) * span, rng.uniform(0, 2 * math.pi))
    size_wave = (rng.uniform(0.0, 0.12), rng.uniform(2.0, 6.0) * span, rng.uniform(0, 2 * math.pi))
    drift = (rng.uniform(0.0, 0.08) * span, rng.uniform(3.0, 8.0) * span, rng.uniform(0, 2 * math.pi))
    out = []
    for s in strokes:
        a = np.array(s, dtype=np.float64)
        x = a[:, 0] - xs[0]
        y = a[:, 1]
        if waves:
            def wave(params):
                size, length, phase = params
                return size * np.sin(2 * math.pi * x / length + phase)
            y = mid + (y - mid) * (1 + wave(size_wave)) + wave(drift)
            x = x + wave(width_wave)
        x = x * sx
        x = x - shear * y
        x, y = ca * x - sa * y, sa * x + ca * y
        if jitter > 0:
            x = x + np.random.normal(0, jitter, len(x))
            y = y + np.random.normal(0, jitter, len(y))
        out.append(list(zip(x.tolist(), y.tolist())))
    return out


def letter_width(text):
    """How wide `text` is written, in letters: "i", "l" and their like count half, "m" and "w"
    1.4, punctuation 0.3 (IAMOnDBLine.letterWidth in Swift)."""
    return sum(0.3 if c in ".,;:'!\"-" else 0.5 if c in "iljtfr|I1" else 1.4 if c in "mwMW" else 1.0 for c in text)


def ink_runs(strokes):
    """Runs of strokes that overlap horizontally, left to right: [minX, maxX, minY, maxY, members];
    then each mark of punctuation standing alone (narrower than a quarter and shorter than half
    the runs' median height) joined to the nearer neighbour."""
    boxes = sorted(([min(p[0] for p in s), max(p[0] for p in s), min(p[1] for p in s), max(p[1] for p in s), [i]]
                    for i, s in enumerate(strokes)), key=lambda b: (b[0], b[4][0]))
    runs = []
    for box in boxes:
        if runs and box[0] <= runs[-1][1]:
            runs[-1] = joined(runs[-1], box)
        else:
            runs.append(box)
    if len(runs) < 2:
        return runs
    typical = sorted(r[3] - r[2] for r in runs)[len(runs) // 2]
    k = 0
    while k < len(runs) and len(runs) > 1:
        run = runs[k]
        if not (run[1] - run[0] < 0.25 * typical and run[3] - run[2] < 0.5 * typical):
            k += 1
            continue
        left = run[0] - runs[k - 1][1] if k > 0 else None
        right = runs[k + 1][0] - run[1] if k + 1 < len(runs) else None
        if left is not None and (right is None or left <= right):
            runs[k - 1] = joined(runs[k - 1], run)
        else:
            runs[k + 1] = joined(run, runs[k + 1])
        del runs[k]
    return runs


def joined(a, b):
    """Two runs of `ink_runs` as one."""
    return [min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3]), a[4] + b[4]]


def line_words(strokes, text):
    """The words of a line of writing, each with its strokes, when the ink says clearly where each
    word ends (IAMOnDBLine.words() in Swift, which the evaluation uses, documents the rule); None
    when it does not."""
    texts = text.split()
    if not texts or not strokes:
        return None
    runs = ink_runs(strokes)
    if len(runs) < len(texts):
        return None
    gaps = sorted(((runs[k][0] - runs[k - 1][1], k - 1) for k in range(1, len(runs))), key=lambda g: -g[0])
    cuts = {after for _, after in gaps[:len(texts) - 1]}
    if len(texts) > 1 and len(gaps) >= len(texts) and not gaps[len(texts) - 2][0] > 1.4 * gaps[len(texts) - 1][0]:
        return None
    words, current = [], None
    for k, run in enumerate(runs):
        current = joined(current, run) if current else run
        if k in cuts or k == len(runs) - 1:
            words.append(current)
            current = None
    per_letter = [(w[1] - w[0]) / letter_width(t) for t, w in zip(texts, words)]
    ordered = sorted(per_letter)
    typical = (ordered[(len(ordered) - 1) // 2] + ordered[len(ordered) // 2]) / 2
    if typical <= 0 or not all(0.4 <= p / typical <= 2.2 for p in per_letter):
        return None
    return [(t, [strokes[i] for i in sorted(w[4])]) for t, w in zip(texts, words)]


def word_cuts(lines, rng, share=0.7):
    """For a `share` of `lines` (strokes, text), one to three words in a row cut from the line,
    as a reader meets them on a screen: a label, a button's title."""
    out = []
    for strokes, text in lines:
        if rng.random() >= share:
            continue
        words = line_words(strokes, text)
        if not words:
            continue
        first = rng.randrange(len(words))
        count = rng.choice([1, 1, 1, 2, 2, 3])
        chosen = words[first:first + count]
        ink = [s for _, ss in chosen for s in ss]
        if ink:
            out.append((ink, " ".join(t for t, _ in chosen)))
    return out
