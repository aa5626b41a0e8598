"""Writes a training checkpoint (.pt) as a .skir model, for a checkpoint other than the one with
the best validation CER (which train_reader.py writes itself).

    python3 scripts/handwriting/export_checkpoint.py CHECKPOINT.pt OUT.skir
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
import data  # noqa: E402
import train_reader  # noqa: E402


def main():
    checkpoint, out = sys.argv[1], sys.argv[2]
    state = torch.load(checkpoint)
    model = train_reader.InkReader(len(data.CHARSET))
    model.load_state_dict(state["model"])
    train_reader.export(model, out, dict(train_reader.META, epoch=state["epoch"]))


if __name__ == "__main__":
    main()
