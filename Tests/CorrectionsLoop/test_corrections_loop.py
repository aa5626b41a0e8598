"""The corrections loop end to end (docs/CORRECTIONS.md, issue 39), through a real daemon.

People draw a style the shipped classifier misreads (a round checkbox: a circle with a tick,
which it takes for a close icon), relabel it in consented sessions, export the sessions as
datasets, retrain with `sketchctl train --corrections`, and deploy the model with `sketchd
--model`. New drawings of that style are then read right, and the validation fold holds.

Training is real (30 epochs over DoodleUINet), so this runs the release build:
`swift build -c release --product sketchd` and `... --product sketchctl` (one product a build), then
`python3 -m pytest Tests/CorrectionsLoop` (scripts/test.sh does both). SKETCHD_RELEASE_DIR
names another build folder.
"""

import math
import os
import random
import re
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "Support"))
from sketchd_client import Client  # noqa: E402

BUILD = Path(os.environ.get("SKETCHD_RELEASE_DIR", REPO / ".build" / "release"))
SKETCHD = BUILD / "sketchd"
SKETCHCTL = BUILD / "sketchctl"


class Daemon:
    """A release sketchd on a free loopback port with its own data directory."""

    def __init__(self, data_dir, *flags):
        self.data_dir = data_dir
        web = tempfile.mkdtemp(prefix="sketchd-web-")
        Path(web, "index.html").write_text("<!doctype html><title>sketchd test</title>")
        self.process = subprocess.Popen(
            [str(SKETCHD), "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir, "--web-root", web, *flags],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)/", line)
        assert match, f"sketchd did not print its URL: {line!r}"
        self.url = f"ws://127.0.0.1:{match.group(1)}/ws"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def round_checkbox(rng, x, y):
    """A circle drawn in one stroke and a tick inside it, as a person draws a round checkbox."""
    radius = rng.uniform(11, 16)
    start, count, t = rng.uniform(0, 2 * math.pi), 28, 0
    circle = []
    for i in range(count + 2):
        angle = start + 2 * math.pi * i / count
        r = radius * (1 + rng.uniform(-0.04, 0.04))
        circle.append([round(x + r * math.cos(angle), 2), round(y + r * math.sin(angle), 2), t])
        t += 12
    t += 200
    a = (x - radius * 0.45 + rng.uniform(-2, 2), y + rng.uniform(-2, 2))
    b = (x - radius * 0.1, y + radius * 0.4)
    c = (x + radius * 0.5 + rng.uniform(-2, 2), y - radius * 0.45 + rng.uniform(-2, 2))
    tick = []
    for p, q in ((a, b), (b, c)):
        for k in range(6):
            f = k / 6
            tick.append([round(p[0] + (q[0] - p[0]) * f, 2), round(p[1] + (q[1] - p[1]) * f, 2), t])
            t += 12
    tick.append([round(c[0], 2), round(c[1], 2), t])
    return circle, tick


def stroke_op(stroke_id, points):
    return {"kind": "strokeAdded", "stroke": {"id": stroke_id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"}}


def draw_round_checkboxes(client, prefix, seed, count):
    """Draws `count` round checkboxes down the screen; returns their (circle, tick) stroke ids
    and the seq of the last stroke."""
    rng = random.Random(seed)
    pairs, seq = [], 0
    for i in range(count):
        circle, tick = round_checkbox(rng, rng.uniform(60, 330), 90 + i * (700 / count))
        ids = (f"{prefix}c{i}", f"{prefix}t{i}")
        for stroke_id, points in zip(ids, (circle, tick)):
            op_id = f"{client.client_id}:{stroke_id}"
            client.send({"type": "op", "clientOpId": op_id, "event": stroke_op(stroke_id, points)})
            seq = client.wait_for("ack", lambda m, op_id=op_id: m["clientOpId"] == op_id)["seq"]
        pairs.append(ids)
    return pairs, seq


def types_read(client, pairs, seq):
    """What the daemon's recognition at `seq` or later made of each pair of strokes."""
    message = client.wait_for("recognition", lambda m: m["seq"] >= seq, timeout=120)
    elements, stack = [], list(message["elements"])
    while stack:
        element = stack.pop()
        elements.append(element)
        stack.extend(element.get("children") or [])
    read = []
    for pair in pairs:
        owner = next((e for e in elements if set(pair) <= set(e.get("strokeIds") or [])), None)
        read.append(owner["type"] if owner else None)
    return read


def open_session(daemon, client_id, consent):
    client = Client(daemon.url, client_id)
    created = client.create("s-" + secrets.token_hex(16))
    client.join(created["session"], created["editToken"])
    if consent:
        client.send({"type": "op", "clientOpId": f"{client_id}:consent", "event": {"kind": "metadataSet", "trainingConsent": True}})
        client.wait_for("ack", lambda m: m["clientOpId"] == f"{client_id}:consent")
    return client, created["session"]


def sketchctl(*arguments, timeout=1800):
    done = subprocess.run([str(SKETCHCTL), *arguments], cwd=REPO, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"sketchctl {' '.join(arguments)}: {done.stderr[-2000:]}"
    return done.stdout


def validation_accuracies(report):
    """The two models' accuracy on the DoodleUINet validation fold, from `evaluate --against`."""
    section = report.split("DoodleUINet validation", 1)[1]
    match = re.search(r"accuracy\s+([\d.]+)%\s+([\d.]+)%", section)
    assert match, report
    return float(match.group(1)), float(match.group(2))


def test_relabelled_round_checkboxes_retrain_a_model_that_reads_them(tmp_path):
    data = str(tmp_path / "data")
    daemon = Daemon(data)
    try:
        # Two consented sessions of relabelled round checkboxes, and one without consent whose
        # relabels must teach nothing.
        sessions = []
        for n, consent in enumerate((True, True, False)):
            client, session = open_session(daemon, f"designer{n}", consent)
            pairs, seq = draw_round_checkboxes(client, f"d{n}", seed=100 + n, count=15)
            said = types_read(client, pairs, seq)
            assert said.count("checkbox") <= 1, f"the shipped model already reads the style: {said}"
            for i, pair in enumerate(pairs):
                op_id = f"designer{n}:relabel{i}"
                client.send({"type": "op", "clientOpId": op_id, "event": {"kind": "labelCorrected", "strokeIds": list(pair), "label": "checkbox"}})
                client.wait_for("ack", lambda m, op_id=op_id: m["clientOpId"] == op_id)
            client.close()
            sessions.append((session, consent))

        # A session drawn and never corrected: uncorrected output, never taught as truth.
        client, untouched = open_session(daemon, "bystander", True)
        draw_round_checkboxes(client, "u", seed=300, count=5)
        client.close()
    finally:
        daemon.stop()

    exports = []
    for session, consent in sessions:
        out = str(tmp_path / f"{session}.zip")
        done = subprocess.run([str(SKETCHCTL), "export", "--data-dir", data, "--session", session, "--format", "dataset", "--zip", "--out", out],
                              capture_output=True, text=True, timeout=600)
        if consent:
            assert done.returncode == 0, done.stderr
            exports.append(out)
        else:
            assert done.returncode != 0 and "consent" in done.stderr, f"an unconsented session was exported: {done.stderr}"
    untouched_export = str(tmp_path / "untouched")
    sketchctl("export", "--data-dir", data, "--session", untouched, "--format", "dataset", "--out", untouched_export)
    refused = subprocess.run([str(SKETCHCTL), "train", "--out", str(tmp_path / "none.skcl"), "--corrections", untouched_export],
                             cwd=REPO, capture_output=True, text=True, timeout=600)
    assert refused.returncode != 0 and "no corrected or confirmed drawing" in refused.stderr, refused.stderr

    model = str(tmp_path / "retrained.skcl")
    trained = subprocess.run([str(SKETCHCTL), "train", "--out", model, "--corrections", *exports, untouched_export],
                             cwd=REPO, capture_output=True, text=True, timeout=1800)
    assert trained.returncode == 0, trained.stderr[-2000:]
    assert "corrections: 30 drawings" in trained.stderr, trained.stderr[-2000:]

    comparison = sketchctl("evaluate", "--against", model, "--corrections", *exports)
    shipped, retrained = validation_accuracies(comparison)
    print(f"validation fold: shipped {shipped}%, retrained {retrained}%")
    assert abs(retrained - shipped) <= 0.3, f"the validation fold moved from {shipped}% to {retrained}%:\n{comparison}"

    # New drawings of the style, by another hand (another seed), on the shipped and the deployed model.
    for flags, expected in (((), "icon"), (("--model", model), "checkbox")):
        daemon = Daemon(str(tmp_path / f"fresh{len(flags)}"), *flags)
        try:
            client, _ = open_session(daemon, "newcomer", False)
            pairs, seq = draw_round_checkboxes(client, "n", seed=777, count=20)
            said = types_read(client, pairs, seq)
            client.close()
        finally:
            daemon.stop()
        right = said.count(expected)
        print(f"{' '.join(flags) or 'shipped'}: {right}/20 new round checkboxes read as {expected}")
        assert right >= 18, f"{' '.join(flags) or 'shipped'}: {right}/20 read as {expected}: {said}"
