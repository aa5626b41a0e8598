"""The training augmentation changes how ink looks, never what it says: `python3 -m pytest
scripts/handwriting`."""
import random

import numpy as np

from data import augment


def a_line_of_writing():
    """Two strokes: a long flat zigzag along x (a joined-up word) and a short upright stroke."""
    zigzag = [(i * 2.0, 20.0 + (6.0 if i % 2 else 0.0)) for i in range(120)]
    stem = [(100.0, 0.0), (100.0, 26.0)]
    return [zigzag, stem]


def test_augmented_ink_keeps_every_stroke_and_point():
    ink = a_line_of_writing()
    for seed in range(50):
        np.random.seed(seed)
        out = augment(ink, random.Random(seed))
        assert [len(s) for s in out] == [len(s) for s in ink]
        assert all(np.isfinite(c) for s in out for p in s for c in p)


def test_the_writer_waves_never_fold_the_ink_back_on_itself():
    # A flat stroke drawn left to right stays in order along x however the letters widen and
    # narrow (slant barely moves a flat line; jitter is at most 0.012 of its 1-unit span).
    flat = [[(i * 1.0, 10.0) for i in range(200)]]
    for seed in range(200):
        np.random.seed(seed)
        out = augment(flat, random.Random(seed))
        xs = np.array([p[0] for p in out[0]])
        ys = np.array([p[1] for p in out[0]])
        # Undo the rotation (at most 0.08 rad) before reading the order along x.
        slope = np.polyfit(xs, ys, 1)[0]
        along = xs + slope * ys
        assert np.all(np.diff(along) > -0.05), f"seed {seed} folds the line back"


def test_a_writers_size_changes_stay_modest():
    ink = a_line_of_writing()
    height = 26.0
    for seed in range(100):
        np.random.seed(seed)
        out = augment(ink, random.Random(seed))
        ys = [p[1] for s in out for p in s]
        xs = [p[0] for s in out for p in s]
        # Letters grow by an eighth at most and the baseline drifts by 0.08 of the height; the
        # rest of the height is the rotation (0.08 rad at most) over the line's width.
        assert max(ys) - min(ys) < height * 1.6
        assert 0.6 * 200 < max(xs) - min(xs) < 1.5 * 200
