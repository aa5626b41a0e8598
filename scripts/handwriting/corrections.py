"""Handwriting examples from people's corrections: in a dataset export of a consented session
(`sketchctl export --format dataset`, a folder or its zip; docs/CORRECTIONS.md), every element
whose text a person typed over writing the reader had read is the truth for those strokes.

    load_corrections(["study.zip", "other-study/"]) -> [(strokes, text), ...]

Strokes are lists of (x, y) points in drawing order, as data.load_iam gives them. Standard
library only, so the tests run without the training's numerical packages.
"""
import json
import os
import zipfile


def _screens(path):
    """The strokes/<screen>.json records of one export (folder or zip)."""
    if os.path.isdir(path):
        for root, _, files in sorted(os.walk(path)):
            for name in sorted(files):
                if name.endswith(".json") and name != "dataset.json":
                    with open(os.path.join(root, name), encoding="utf-8") as f:
                        yield json.load(f)
    elif zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for name in sorted(archive.namelist()):
                if name.endswith(".json") and not name.endswith("dataset.json"):
                    yield json.loads(archive.read(name).decode("utf-8"))
    else:
        raise ValueError(f"{path} is neither an export folder nor a zip export")


def examples(record):
    """(strokes, text) for each element of one screen record whose text a person typed over
    strokes the reader had read (`recognized.text`), in drawing order."""
    strokes = {s["id"]: [(p[0], p[1]) for p in s["points"]] for s in record.get("strokes", [])}
    order = {s["id"]: i for i, s in enumerate(record.get("strokes", []))}
    out = []
    for element in record.get("elements", []):
        said = (element.get("recognized") or {}).get("text")
        if element.get("textSource") != "typed" or not said or not element.get("text"):
            continue
        ids = sorted((i for i in element.get("strokeIds", []) if i in strokes), key=order.get)
        ink = [strokes[i] for i in ids if strokes[i]]
        if ink:
            out.append((ink, element["text"]))
    return out


def load_corrections(paths):
    """Every handwriting example in the exports at `paths`."""
    out = []
    for path in paths:
        for record in _screens(path):
            if isinstance(record, dict) and "elements" in record:
                out += examples(record)
    return out
