"""The ink reader's input features, exactly as Sources/Recognize/Handwriting/Ink/InkFeatures.swift
computes them (a test in RecognizeTests pins the two together through a fixture).

Strokes are lists of (x, y) in drawing order, y growing downwards. The ink is scaled by the
arc-length-weighted standard deviation of its y values, resampled along each stroke every
STEP units, and each resampled point becomes
[dx, dy, cos, sin, y, pen_down_start]:
- dx, dy: the move from the previous resampled point (for a stroke's first point, the pen-up
  jump from the previous stroke's last point), clipped to +-CLIP;
- cos, sin: that move's direction (0, 0 when it has no length);
- y: the point's height about the ink's weighted mean, clipped to +-YCLIP;
- pen_down_start: 1 for a stroke's first point, else 0.
"""
import math

import numpy as np

VERSION = 1
STEP = 0.6
CLIP = 10.0
YCLIP = 4.0
COUNT = 6
MAX_POINTS = 4000


def _finite(strokes):
    out = []
    for s in strokes:
        pts = [(float(x), float(y)) for x, y in s if math.isfinite(x) and math.isfinite(y)]
        if pts:
            out.append(pts)
    return out


def scale_and_mean(strokes):
    """The arc-length-weighted mean and standard deviation of y (a stroke's segments weigh by
    their length; a lone point weighs nothing); the scale is never below a floor."""
    total = 0.0
    mean = 0.0
    for s in strokes:
        for (x0, y0), (x1, y1) in zip(s, s[1:]):
            w = math.hypot(x1 - x0, y1 - y0)
            total += w
            mean += w * (y0 + y1) / 2
    if total <= 0:
        ys = [p[1] for s in strokes for p in s]
        return sum(ys) / len(ys), 1.0
    mean /= total
    var = 0.0
    for s in strokes:
        for (x0, y0), (x1, y1) in zip(s, s[1:]):
            w = math.hypot(x1 - x0, y1 - y0)
            m = (y0 + y1) / 2 - mean
            # The variance of y along a straight segment: the midpoint's plus the spread along it.
            var += w * (m * m + (y1 - y0) ** 2 / 12)
    var /= total
    std = math.sqrt(var)
    return mean, max(std, total * 0.002, 1e-6)


def resample(stroke, step):
    """Points every `step` of arc length from the stroke's start, and its last point when over
    0.3 steps remain after the last of them; repeated points are dropped first."""
    pts = [stroke[0]]
    for p in stroke[1:]:
        if p != pts[-1]:
            pts.append(p)
    if len(pts) == 1:
        return pts
    xs = np.array([p[0] for p in pts])
    ys = np.array([p[1] for p in pts])
    cum = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(xs), np.diff(ys)))])
    total = cum[-1]
    n = int(math.floor(total / step))
    targets = step * np.arange(0, n + 1)
    out = list(zip(np.interp(targets, cum, xs), np.interp(targets, cum, ys)))
    out[0] = pts[0]
    if total - n * step > 0.3 * step:
        out.append(pts[-1])
    return out


def features(strokes):
    """The feature rows of `strokes`, or [] when there is no ink."""
    strokes = _finite(strokes)
    if not strokes:
        return []
    mean, scale = scale_and_mean(strokes)
    min_x = min(p[0] for s in strokes for p in s)
    rows = []
    prev = None
    for s in strokes:
        norm = [((x - min_x) / scale, (y - mean) / scale) for x, y in s]
        for i, (x, y) in enumerate(resample(norm, STEP)):
            if prev is None:
                dx = dy = 0.0
            else:
                dx = max(-CLIP, min(CLIP, x - prev[0]))
                dy = max(-CLIP, min(CLIP, y - prev[1]))
            d = math.hypot(dx, dy)
            c, sn = (dx / d, dy / d) if d > 1e-9 else (0.0, 0.0)
            rows.append([dx, dy, c, sn, max(-YCLIP, min(YCLIP, y)), 1.0 if i == 0 else 0.0])
            prev = (x, y)
            if len(rows) >= MAX_POINTS:
                return rows
    return rows
