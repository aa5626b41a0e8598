"""Trains the ink reader: dilated 1-D convolutions over the resampled pen
trajectory, with CTC (Graves et al., TPAMI 2009), on IAM-OnDB lines that the user brings and
words set from the vendored Chars74k letters. Writes the model for Swift inference
(Sources/Recognize/Resources/ink-reader.skir, format in InkReaderModel.swift).

    python3 scripts/handwriting/train_reader.py --iam PATH/lines.ndjson.gz --out model.skir

Writers are split by number (data.writer_part): test writers are never read here.
"""
import argparse
import json
import math
import os
import random
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(__file__))
import corrections  # noqa: E402
import data  # noqa: E402
import ink_features  # noqa: E402


class ConvBlock(nn.Module):
    """A 1-D convolution, batch norm (folded into the convolution for inference) and ReLU; added
    to its input when it keeps the width."""
    def __init__(self, cin, cout, kernel, stride=1, dilation=1, residual=False, dropout=0.0):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel, stride=stride, dilation=dilation, padding=dilation * (kernel // 2))
        self.norm = nn.BatchNorm1d(cout)
        self.residual = residual
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        h = self.drop(torch.relu(self.norm(self.conv(x))))
        return x + h if self.residual else h

    def folded(self):
        w = self.conv.weight.detach()
        b = self.conv.bias.detach()
        n = self.norm
        s = n.weight.detach() / torch.sqrt(n.running_var + n.eps)
        return (w * s[:, None, None]).numpy(), ((b - n.running_mean) * s + n.bias.detach()).numpy()

    def spec(self):
        c = self.conv
        return {"in": c.in_channels, "out": c.out_channels, "kernel": c.kernel_size[0], "stride": c.stride[0],
                "dilation": c.dilation[0], "residual": self.residual}


class InkReader(nn.Module):
    """Two convolutions (the second halves the frame rate) and dilated residual convolutions,
    then a linear layer to the characters and CTC's blank.

    `quarter`: after four residual blocks at half rate, a convolution halves the rate again and
    widens to `width`; eight more residual blocks run there. About the same cost per point as
    the half-rate model with 2.7 times its weights, and about two output frames per letter."""
    def __init__(self, classes, width=128, dilations=(1, 2, 4, 8, 1, 2, 4, 8), kernel=3, quarter=False):
        super().__init__()
        if quarter:
            layers = [ConvBlock(ink_features.COUNT, 64, 5), ConvBlock(64, 128, 5, stride=2)]
            layers += [ConvBlock(128, 128, kernel, dilation=d, residual=True, dropout=0.1) for d in (1, 2, 4, 1)]
            layers += [ConvBlock(128, width, 3, stride=2)]
        else:
            layers = [ConvBlock(ink_features.COUNT, 64, 5), ConvBlock(64, width, 5, stride=2)]
        layers += [ConvBlock(width, width, kernel, dilation=d, residual=True, dropout=0.1) for d in dilations]
        self.layers = nn.ModuleList(layers)
        self.drop = nn.Dropout(0.1)
        self.out = nn.Linear(width, classes + 1)

    def frames(self, lengths):
        """Output frames for inputs of `lengths` rows (each convolution pads to keep
        (n - 1) // stride + 1)."""
        for layer in self.layers:
            lengths = (lengths - 1) // layer.conv.stride[0] + 1
        return lengths

    def forward(self, x, lengths):
        h = x.transpose(1, 2)
        for layer in self.layers:
            h = layer(h)
        return self.out(self.drop(h.transpose(1, 2))), self.frames(lengths)


META = {"citation": "M. Liwicki and H. Bunke, IAM-OnDB - an On-Line English Sentence Database Acquired from "
        "Handwritten Text on a Whiteboard, ICDAR 2005, vol. 2, pp. 956-961; T. E. de Campos, B. R. Babu and "
        "M. Varma, Character recognition in natural images, VISAPP 2009",
        "terms": "Trained on IAM-OnDB: inherits its non-commercial research terms."}


def encode_text(text):
    return [data.CHARSET.index(c) + 1 for c in text]


def greedy(logits, length):
    best = logits[:length].argmax(-1).tolist()
    out, prev = [], 0
    for k in best:
        if k != prev and k != 0:
            out.append(data.CHARSET[k - 1])
        prev = k
    return "".join(out)


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def batches(items, batch_points, rng):
    """Batches of similar length (at most `batch_points` padded rows each), shuffled."""
    order = sorted(range(len(items)), key=lambda i: len(items[i][0]) + rng.random() * 40)
    out, cur, longest = [], [], 0
    for i in order:
        n = len(items[i][0])
        if cur and max(longest, n) * (len(cur) + 1) > batch_points:
            out.append(cur)
            cur, longest = [], 0
        cur.append(i)
        longest = max(longest, n)
    if cur:
        out.append(cur)
    rng.shuffle(out)
    return out


def collate(items, idx):
    feats = [items[i][0] for i in idx]
    T = max(len(f) for f in feats)
    x = np.zeros((len(idx), T, ink_features.COUNT), dtype=np.float32)
    for k, f in enumerate(feats):
        x[k, : len(f)] = f
    lengths = torch.tensor([len(f) for f in feats])
    targets = torch.tensor([c for i in idx for c in items[i][1]], dtype=torch.long)
    target_lengths = torch.tensor([len(items[i][1]) for i in idx])
    return torch.from_numpy(x), lengths, targets, target_lengths


def make_items(samples, rng, augment, reduction=2):
    items = []
    for strokes, text in samples:
        s = data.augment(strokes, rng) if augment else strokes
        f = np.array(ink_features.features(s), dtype=np.float32)
        labels = encode_text(text)
        # CTC needs a frame per label and one between repeats.
        frames = (len(f) - 1) // reduction + 1 if len(f) else 0
        repeats = sum(1 for a, b in zip(labels, labels[1:]) if a == b)
        if len(f) == 0 or frames < len(labels) + repeats:
            continue
        items.append((f, labels, text))
    return items


def fnv1a(data):
    """The .skir checksum: 32-bit FNV-1a of `data`."""
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def export(model, path, meta):
    """The .skir container: magic, u32 format, u32 header length, JSON header (charset, feature
    version, layer shapes), the Float32 tensors in header order, and an FNV-1a checksum."""
    model.eval()
    tensors, specs = [], []
    for layer in model.layers:
        w, b = layer.folded()
        tensors += [w, b]
        specs.append(layer.spec())
    tensors += [model.out.weight.detach().numpy(), model.out.bias.detach().numpy()]
    model.train()
    header = dict(meta)
    header.update({
        "charset": data.CHARSET,
        "featureVersion": ink_features.VERSION,
        "featureCount": ink_features.COUNT,
        "convolutions": specs,
        "classes": len(data.CHARSET) + 1,
    })
    head = json.dumps(header, sort_keys=True).encode()
    body = bytearray(b"SKIR")
    body += struct.pack("<II", 1, len(head))
    body += head
    for t in tensors:
        body += np.ascontiguousarray(t, dtype="<f4").tobytes()
    body += struct.pack("<I", fnv1a(bytes(body)))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(body)
    os.replace(tmp, path)


def evaluate(model, items):
    model.eval()
    errors = chars = right = 0
    with torch.no_grad():
        for start in range(0, len(items), 32):
            idx = list(range(start, min(start + 32, len(items))))
            x, lengths, _, _ = collate(items, idx)
            logits, out_lengths = model(x, lengths)
            for k, i in enumerate(idx):
                guess = greedy(logits[k], out_lengths[k])
                truth = items[i][2]
                errors += edit_distance(guess, truth)
                chars += len(truth)
                right += guess == truth
    model.train()
    return errors / max(chars, 1), right / max(len(items), 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iam", required=True, help="IAM-OnDB lines (lines.ndjson[.gz]); never committed")
    ap.add_argument("--out", required=True, help="where to write the .skir model")
    ap.add_argument("--minutes", type=float, default=70, help="training time budget")
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--width", type=int, default=128)
    ap.add_argument("--quarter", action="store_true",
                    help="the quarter-rate network (InkReader's docs); pass it again with --resume")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--composed", type=int, default=2500, help="Chars74k-set words per epoch")
    ap.add_argument("--word-cuts", type=float, default=0.7,
                    help="share of training lines that also give a cut of one to three words each epoch")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--resume", help="a checkpoint (.pt) to continue from")
    ap.add_argument("--lr", type=float, help="the learning rate to continue at (default: the checkpoint's, or 2e-3)")
    ap.add_argument("--corrections", nargs="*", default=[],
                    help="dataset exports (folders or zips) whose retyped readings are learned (docs/CORRECTIONS.md)")
    ap.add_argument("--corrections-weight", type=int, default=4, help="times each correction is seen per epoch")
    ap.add_argument("--anneal", action="store_true",
                    help="lower the learning rate along a cosine to a thirtieth of it by the last epoch")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    np.random.seed(args.seed)

    lines = data.load_iam(args.iam)
    train = [(l["strokes"], l["text"]) for l in lines if data.writer_part(l["writer"]) == "train"]
    valid = [(l["strokes"], l["text"]) for l in lines if data.writer_part(l["writer"]) == "validation"]
    print(f"iam: {len(train)} train lines, {len(valid)} validation lines "
          f"(test writers' lines are not read)", flush=True)
    corrected = [(s, t) for s, t in corrections.load_corrections(args.corrections) if all(c in data.CHARSET for c in t)]
    if args.corrections:
        if not corrected:
            sys.exit("train_reader: --corrections: no retyped reading of handwriting found in " + ", ".join(args.corrections))
        print(f"corrections: {len(corrected)} retyped readings, each seen {args.corrections_weight} times an epoch", flush=True)
    glyphs = data.load_chars74k(set(range(1, 29)))
    words, ui = data.load_words()
    short_words = [w for w in words if len(w) <= 7 and w.isalpha()]

    def composed(n):
        out = []
        while len(out) < n:
            if rng.random() < 0.15:
                w = data.numbered(rng, short_words)
            elif rng.random() < 0.3:
                w = rng.choice(ui)
                w = w if rng.random() < 0.5 else data.case_pattern(w, rng)
            else:
                w = data.case_pattern(rng.choice(words), rng)
                if rng.random() < 0.15:
                    w += " " + data.case_pattern(rng.choice(words), rng).lower()
            s = data.compose_word(w, glyphs, rng, join=0.7 if rng.random() < 0.35 else 0.0)
            if s:
                out.append((s, w))
        return out

    reduction = 4 if args.quarter else 2
    valid_items = make_items(valid, rng, augment=False, reduction=reduction)
    model = InkReader(len(data.CHARSET), width=args.width, quarter=args.quarter)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    start_epoch = 0
    best = float("inf")
    ckpt = args.out + ".pt"
    if args.resume:
        state = torch.load(args.resume)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        start_epoch = state["epoch"] + 1
        best = state["best"]
    if args.lr:
        for g in opt.param_groups:
            g["lr"] = args.lr
    began = time.time()
    meta = META
    first_lr = opt.param_groups[0]["lr"]
    for epoch in range(start_epoch, args.epochs):
        t0 = time.time()
        if args.anneal:
            progress = (epoch - start_epoch) / max(args.epochs - 1 - start_epoch, 1)
            for g in opt.param_groups:
                g["lr"] = first_lr * (1 / 30 + (1 - 1 / 30) * 0.5 * (1 + math.cos(math.pi * progress)))
        cuts = data.word_cuts(train, rng, args.word_cuts)
        items = make_items(train + cuts + composed(args.composed) + corrected * args.corrections_weight, rng,
                           augment=True, reduction=reduction)
        t_feat = time.time() - t0
        total, count = 0.0, 0
        for idx in batches(items, 40000, rng):
            x, lengths, targets, target_lengths = collate(items, idx)
            logits, out_lengths = model(x, lengths)
            logp = logits.log_softmax(-1).transpose(0, 1)
            loss = ctc(logp, targets, out_lengths, target_lengths)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            total += loss.item()
            count += 1
        cer, line_acc = evaluate(model, valid_items)
        elapsed = (time.time() - began) / 60
        print(f"epoch {epoch}: loss {total / max(count, 1):.3f}, validation CER {cer:.4f}, lines {line_acc:.3f}, "
              f"features {t_feat:.0f}s, epoch {time.time() - t0:.0f}s, {elapsed:.1f} min", flush=True)
        if cer < best:
            best = cer
            export(model, args.out, dict(meta, validationCER=round(cer, 4), epoch=epoch))
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": epoch, "best": best}, ckpt)
        if not args.lr and not args.anneal and (epoch == int(args.epochs * 0.6) or (elapsed > args.minutes * 0.7 and opt.param_groups[0]["lr"] > 5e-4)):
            for g in opt.param_groups:
                g["lr"] = 5e-4
        if elapsed > args.minutes:
            break
    print(f"best validation CER {best:.4f}; model at {args.out}", flush=True)


if __name__ == "__main__":
    main()
