"""Writes Tests/RecognizeTests/Fixtures/ink-parity/: a small untrained ink reader (random weights
and batch-norm statistics) and, for a few inks, the features and log-probabilities that PyTorch
computes, so the Swift features, model file reader and network are checked against the training
code without the shipped model or any data set.

    python3 scripts/handwriting/make_parity_fixture.py
"""
import json
import math
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
import data  # noqa: E402
import ink_features  # noqa: E402
import train_reader  # noqa: E402

OUT = os.path.join(data.ROOT, "Tests/RecognizeTests/Fixtures/ink-parity")


def inks():
    wave = [[(10 + i * 3.0, 50 + 8 * math.sin(i * 0.7)) for i in range(40)]]
    letters = [[(0, 0), (0, 30)], [(0, 0), (12, 0)], [(0, 15), (9, 15)], [(0, 30), (12, 30)],
               [(20, 10), (28, 30), (36, 10)], [(42, 12), (42, 30)], [(42, 4), (42.5, 4.5)]]
    dot = [[(5, 5)]]
    loop = [[(math.cos(t / 6) * 20 + 100, math.sin(t / 6) * 9 + 200) for t in range(80)], [(90, 190), (130, 215)]]
    return [wave, letters, dot, loop]


def main():
    torch.manual_seed(3)
    model = train_reader.InkReader(len(data.CHARSET), width=8, dilations=(1, 2))
    with torch.no_grad():
        for layer in model.layers:
            layer.norm.running_mean.uniform_(-0.5, 0.5)
            layer.norm.running_var.uniform_(0.5, 2.0)
            layer.norm.weight.uniform_(0.5, 1.5)
            layer.norm.bias.uniform_(-0.2, 0.2)
    model.eval()
    os.makedirs(OUT, exist_ok=True)
    train_reader.export(model, os.path.join(OUT, "tiny.skir"), {"terms": "untrained: random weights for a test"})
    model.eval()
    cases = []
    for strokes in inks():
        rows = ink_features.features(strokes)
        x = torch.tensor([rows], dtype=torch.float32)
        with torch.no_grad():
            logits, lengths = model(x, torch.tensor([len(rows)]))
            logp = logits.log_softmax(-1)[0, : int(lengths[0])]
        cases.append({"strokes": [[[float(p[0]), float(p[1])] for p in s] for s in strokes],
                      "features": [[float(v) for v in r] for r in rows],
                      "logProbabilities": [[round(float(v), 6) for v in r] for r in logp.numpy()]})
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump(cases, f)


if __name__ == "__main__":
    main()
