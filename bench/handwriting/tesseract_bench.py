#!/usr/bin/env python3
"""Reads the words `sketchctl evaluate-words --dump DIR --dump-all` wrote with Tesseract and scores
them next to sketchd's own reader (index.json's `read`) and pipeline (`pipelineText`).

Each canvas's writing strokes (ids `sw...`) are rasterised (raster.py) at an ink height, pen width
and anti-aliasing given by each configuration, and read by `tesseract IMAGE - --psm N [--user-words
FILE]`, one process per word (its wall time is Tesseract's time per word, model load included).

    tesseract_bench.py DIR [--every K] [--jobs J] [--config h=40,w=3,psm=7,words=0,aa=1 ...]
                           [--tesseract-arg -c --tesseract-arg tessedit_char_whitelist=...]

Without --config a grid of configurations is tried. Prints a markdown table, best first.
"""

import argparse
import concurrent.futures
import json
import math
import os
import statistics
import subprocess
import tempfile
import time

import raster

LEXICON = os.path.join(os.path.dirname(__file__), "../../Sources/Recognize/Resources/ui-lexicon.txt")
# Ink height and pen width first (binary, psm 7, no user words); then vary the rest with --config.
GRID = [f"h={h},w={w},psm=7,words=0,aa=0" for h in (24, 40, 64) for w in (2, 4, 7)]


def parse_config(text):
    values = dict(part.split("=") for part in text.split(","))
    return {"h": int(values.get("h", 40)), "w": float(values.get("w", 3)), "psm": int(values.get("psm", 7)),
            "words": int(values.get("words", 0)), "aa": int(values.get("aa", 1)), "name": text}


def user_words_file(directory):
    """The UI lexicon as Tesseract user words: one word a line (phrases split, comments dropped)."""
    path = os.path.join(directory, "ui-words.txt")
    words = set()
    with open(LEXICON, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                words.update(line.split())
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(sorted(words)) + "\n")
    return path


def levenshtein(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
    return row[-1]


def normalise(text):
    return " ".join((text or "").split())


def score(pairs):
    """Case-blind and exact word accuracy, and character error rate (edits over expected
    characters; case counts), over (expected, read) pairs."""
    n = len(pairs)
    blind = sum(normalise(r).lower() == e.lower() for e, r in pairs)
    exact = sum(normalise(r) == e for e, r in pairs)
    edits = sum(levenshtein(normalise(r), e) for e, r in pairs)
    blind_edits = sum(levenshtein(normalise(r).lower(), e.lower()) for e, r in pairs)
    chars = sum(len(e) for e, _ in pairs)
    return {"n": n, "blind": blind / n, "exact": exact / n, "cer": edits / chars, "cer_blind": blind_edits / chars}


def read_word(dump, name, config, workdir, words_path):
    with open(os.path.join(dump, name), encoding="utf-8") as f:
        strokes = raster.writing_strokes(json.load(f))
    image_path = os.path.join(workdir, f"{name}.{config['name']}.pgm")
    raster.write_pgm(image_path, raster.render(strokes, config["h"], config["w"], supersample=3 if config["aa"] else 1))
    command = ["tesseract", image_path, "-", "--psm", str(config["psm"])]
    if config["words"]:
        command += ["--user-words", words_path]
    command += config["extra"]
    started = time.monotonic()
    out = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"}, check=True)
    elapsed = time.monotonic() - started
    os.remove(image_path)
    return out.stdout.strip(), elapsed


def percentile(values, q):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dump")
    parser.add_argument("--every", type=int, default=1, help="read every K-th word only (a grid search on a subset)")
    parser.add_argument("--jobs", type=int, default=1, help="Tesseract processes at once (1 for honest times)")
    parser.add_argument("--config", action="append", help="h=INK_PX,w=PEN_PX,psm=7|8,words=0|1,aa=0|1 (repeatable)")
    parser.add_argument("--tesseract-arg", action="append", default=[], help="passed to every tesseract run (repeatable)")
    parser.add_argument("--show", type=int, default=0, help="print this many words Tesseract read wrong, per config")
    args = parser.parse_args()
    with open(os.path.join(args.dump, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    names = sorted(index, key=lambda name: int(name.split("-")[0]))[::args.every]
    rows = []
    ours_read = score([(index[n]["expected"], index[n].get("read")) for n in names])
    ours_pipeline = score([(index[n]["expected"], index[n].get("pipelineText")) for n in names])
    with tempfile.TemporaryDirectory() as workdir:
        words_path = user_words_file(workdir)
        for config in map(parse_config, args.config or GRID):
            config["extra"] = args.tesseract_arg
            config["name"] += "".join(f" {arg}" for arg in args.tesseract_arg)
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                results = list(pool.map(lambda n: read_word(args.dump, n, config, workdir, words_path), names))
            pairs = [(index[n]["expected"], text) for n, (text, _) in zip(names, results)]
            times = [elapsed for _, elapsed in results]
            rows.append((config["name"], score(pairs), times))
            if args.show:
                wrong = [f"{e!r}->{r!r}" for e, r in pairs if normalise(r).lower() != e.lower()]
                print(f"# {config['name']}: " + ", ".join(wrong[:args.show]))
    print(f"{len(names)} words from {args.dump} (every {args.every}), {args.jobs} Tesseract process(es) at once, "
          f"load average {open('/proc/loadavg').read().split()[:3]}")
    print()
    print("| reader | words | case-blind | exact | CER | CER case-blind | time per word p50 / p95 |")
    print("|---|---|---|---|---|---|---|")
    for label, s in (("sketchd reader (`read`)", ours_read), ("sketchd pipeline (`pipelineText`)", ours_pipeline)):
        print(f"| {label} | {s['n']} | {s['blind']:.1%} | {s['exact']:.1%} | {s['cer']:.1%} | {s['cer_blind']:.1%} | see bench-recognize |")
    for name, s, times in sorted(rows, key=lambda row: (-row[1]["blind"], row[1]["cer_blind"])):
        print(f"| tesseract {name} | {s['n']} | {s['blind']:.1%} | {s['exact']:.1%} | {s['cer']:.1%} | {s['cer_blind']:.1%} "
              f"| {statistics.median(times) * 1000:.0f} / {percentile(times, 0.95) * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
