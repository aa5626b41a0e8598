"""Reads a .skir model back into a training checkpoint (.pt), so that training can go on from the
model that ships (train_reader.py --resume) without the checkpoint it was exported from.

    python3 scripts/handwriting/import_model.py MODEL.skir --iam PATH/lines.ndjson.gz OUT.pt

Export folds each batch norm into its convolution. Here every norm is unfolded so that it passes
its input through unchanged in both modes: its scale and shift are set to the standard deviation
and mean of the convolution's output over a few hundred training lines, and its running
statistics to the same, so training resumes from the shipped model's readings.
"""
import argparse
import json
import os
import random
import struct
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
import data  # noqa: E402
import ink_features  # noqa: E402
import train_reader  # noqa: E402


def read_skir(path):
    """The header and the tensors of a .skir file, checked against its checksum."""
    raw = open(path, "rb").read()
    if raw[:4] != b"SKIR":
        sys.exit(f"import_model: {path} is not a .skir model")
    body, (stored,) = raw[:-4], struct.unpack("<I", raw[-4:])
    if train_reader.fnv1a(body) != stored:
        sys.exit(f"import_model: {path}: checksum mismatch")
    _, length = struct.unpack("<II", raw[4:12])
    header = json.loads(raw[12:12 + length])
    floats = np.frombuffer(body[12 + length:], dtype="<f4")
    return header, floats


def unfold(model, header, floats, samples, reduction):
    specs = header["convolutions"]
    at = 0

    def take(shape):
        nonlocal at
        n = int(np.prod(shape))
        out = torch.from_numpy(floats[at:at + n].copy()).reshape(shape)
        at += n
        return out

    for layer, spec in zip(model.layers, specs):
        if layer.spec() != spec:
            sys.exit(f"import_model: layer {spec} does not match the network ({layer.spec()})")
        layer.conv.weight.data = take(layer.conv.weight.shape)
        layer.conv.bias.data = take(layer.conv.bias.shape)
        n = layer.norm
        n.weight.data.fill_(1.0)
        n.bias.data.zero_()
        n.running_mean.zero_()
        n.running_var.fill_(1.0 - n.eps)
    model.out.weight.data = take(model.out.weight.shape)
    model.out.bias.data = take(model.out.bias.shape)
    if at != len(floats):
        sys.exit(f"import_model: {len(floats) - at} floats left over")

    sums = [None] * len(model.layers)
    hooks = []
    for k, layer in enumerate(model.layers):
        def record(_module, _inputs, output, k=k):
            z = output.detach().double()
            mean = z.mean(dim=(0, 2))
            square = (z * z).mean(dim=(0, 2))
            prev = sums[k]
            sums[k] = (mean, square, 1) if prev is None else (prev[0] + mean, prev[1] + square, prev[2] + 1)
        hooks.append(layer.conv.register_forward_hook(record))
    model.eval()
    rng = random.Random(1)
    items = train_reader.make_items(samples, rng, augment=False, reduction=reduction)
    with torch.no_grad():
        for idx in train_reader.batches(items, 40000, rng):
            x, lengths, _, _ = train_reader.collate(items, idx)
            model(x, lengths)
    for h in hooks:
        h.remove()
    for layer, (mean, square, count) in zip(model.layers, sums):
        mean, square = mean / count, square / count
        var = (square - mean * mean).clamp(min=1e-6)
        n = layer.norm
        n.running_mean.copy_(mean.float())
        n.running_var.copy_(var.float())
        n.weight.data = torch.sqrt(var + n.eps).float()
        n.bias.data = mean.float().clone()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model", help="the .skir model to read")
    ap.add_argument("--iam", required=True, help="IAM-OnDB lines, for the norms' statistics; never committed")
    ap.add_argument("--lines", type=int, default=400, help="training lines the statistics are taken over")
    ap.add_argument("out", help="the checkpoint (.pt) to write")
    args = ap.parse_args()
    header, floats = read_skir(args.model)
    if header["charset"] != data.CHARSET or header["featureVersion"] != ink_features.VERSION:
        sys.exit("import_model: the model's charset or features differ from this trainer's")
    specs = header["convolutions"]
    quarter = sum(1 for s in specs if s["stride"] == 2) == 2
    model = train_reader.InkReader(len(data.CHARSET), width=specs[-1]["out"], quarter=quarter)
    lines = [l for l in data.load_iam(args.iam) if data.writer_part(l["writer"]) == "train"]
    random.Random(1).shuffle(lines)
    unfold(model, header, floats, [(l["strokes"], l["text"]) for l in lines[:args.lines]], 4 if quarter else 2)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    epoch = header.get("epoch", 0)
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": epoch,
                "best": header.get("validationCER", float("inf"))}, args.out)
    print(f"import_model: {args.model} (epoch {epoch}, quarter={quarter}) -> {args.out}")


if __name__ == "__main__":
    main()
