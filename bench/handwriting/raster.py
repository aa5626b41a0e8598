"""Rasterises canvas strokes (NOTATION.md canvas JSON) to a binary PGM with the standard library."""

import math


def writing_strokes(canvas):
    """The writing strokes' point lists ([x, y] pairs): stroke ids starting with `sw` (WordComposer's
    writing; `sb` strokes are the box drawn around a button's word)."""
    return [[(p[0], p[1]) for p in s["points"]] for s in canvas["strokes"] if s["id"].startswith("sw")]


def render(strokes, ink_height, stroke_width, margin=16, supersample=1):
    """Draws `strokes` black on white, scaled so the ink is `ink_height` pixels tall, with pens of
    `stroke_width` pixels and `margin` pixels of white around. Returns (width, height, bytes):
    8-bit grey rows. With `supersample` > 1 the image is drawn that many times larger and averaged
    down, which gives anti-aliased (grey) edges instead of binary ones."""
    xs = [x for s in strokes for x, _ in s]
    ys = [y for s in strokes for _, y in s]
    min_x, min_y = min(xs), min(ys)
    scale = ink_height / max(max(ys) - min_y, 1e-6)
    k = supersample
    radius = stroke_width * k / 2
    pad = margin * k + math.ceil(radius)
    width = int((max(xs) - min_x) * scale * k) + 2 * pad + 1
    height = int((max(ys) - min_y) * scale * k) + 2 * pad + 1
    ink = bytearray(width * height)
    disk = [(dx, dy) for dy in range(-math.ceil(radius), math.ceil(radius) + 1)
            for dx in range(-math.ceil(radius), math.ceil(radius) + 1) if dx * dx + dy * dy <= radius * radius + 0.25]
    for stroke in strokes:
        points = [((x - min_x) * scale * k + pad, (y - min_y) * scale * k + pad) for x, y in stroke]
        if len(points) == 1:
            points = points * 2
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / 0.5))
            for i in range(steps + 1):
                cx = round(x0 + (x1 - x0) * i / steps)
                cy = round(y0 + (y1 - y0) * i / steps)
                for dx, dy in disk:
                    ink[(cy + dy) * width + cx + dx] = 1
    if k == 1:
        return width, height, bytes(255 if v == 0 else 0 for v in ink)
    out_w, out_h = width // k, height // k
    grey = bytearray(out_w * out_h)
    for oy in range(out_h):
        for ox in range(out_w):
            covered = sum(ink[(oy * k + j) * width + ox * k + i] for j in range(k) for i in range(k))
            grey[oy * out_w + ox] = 255 - covered * 255 // (k * k)
    return out_w, out_h, bytes(grey)


def write_pgm(path, image):
    width, height, pixels = image
    with open(path, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (width, height))
        f.write(pixels)
