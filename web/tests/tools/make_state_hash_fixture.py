"""Regenerates web/tests/unit/fixtures/state-hash.json: records of a session that exercises
every event kind, two authors and undo/redo, with the state hash sketchd computed after each
seq (`sketchctl replay --to-seq N --json`). The JS state hash must match them byte for byte.

Usage: python3 web/tests/tools/make_state_hash_fixture.py  (needs .build/debug/sketchd and sketchctl)
"""

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "Tests" / "Support"))
from sketchd_client import Client  # noqa: E402
OUT = REPO / "web" / "tests" / "unit" / "fixtures" / "state-hash.json"


def stroke(sid, pts, color="#1B1F24", width=2.5, screen="main"):
    return {"kind": "strokeAdded", "stroke": {"id": sid, "points": pts, "color": color, "width": width, "screen": screen}}


def main(port):
    url = f"ws://127.0.0.1:{port}/ws"
    a = Client(url, "c-alice")
    a.send({"type": "createSession"})
    created = a.wait_for("sessionCreated")
    session, token = created["session"], created["editToken"]
    a.join(session, token)
    b = Client(url, "c-bob")
    b.join(session, token)

    n = 0

    def op(client, event):
        nonlocal n
        n += 1
        client.send({"type": "op", "clientOpId": f"op{n}", "event": event})
        client.wait_for("ack", lambda m: m["clientOpId"] == f"op{n}")

    op(a, stroke("a1", [[10.3, 20.1, 0], [40.26, 20.9, 16], [80, 22.5, 33]]))
    op(a, stroke("a2", [[10, 60, 40, 0.2], [200.123, 61, 70, 0.9], [300, 62, 90]], color="#1f6feb"))
    op(b, stroke("b1", [[50, 300, 100], [340, 300, 130], [340, 350, 160], [50, 350, 190], [50, 300, 220]], width=1.5))
    op(b, {"kind": "labelCorrected", "strokeIds": ["b1"], "label": "button"})
    op(a, {"kind": "textSet", "strokeIds": ["a1"], "text": "Hello, wörld"})
    op(a, {"kind": "strokesMerged", "strokeIds": ["a1", "a2"]})
    op(b, {"kind": "strokesSplit", "strokeIds": ["b1"]})
    op(b, {"kind": "strokesIgnored", "strokeIds": ["a2"], "ignored": True})
    op(a, {"kind": "strokesErased", "strokeIds": ["a2"]})
    op(a, {"kind": "screenAdded", "screen": {"id": "two", "name": "Settings", "width": 390, "height": 1266}})
    op(a, stroke("a3", [[5, 5, 300]], screen="two"))
    op(b, {"kind": "screenRenamed", "screenId": "two", "name": "Prefs"})
    op(b, {"kind": "metadataSet", "title": "Login flow", "trainingConsent": True})
    op(a, {"kind": "metadataSet", "theme": {"accent": "#FF0000", "background": "#ffffff", "cornerRadius": 12.5, "typeScale": 1.25}})
    op(a, {"kind": "undo"})
    op(a, {"kind": "undo"})
    op(b, {"kind": "undo"})
    op(a, {"kind": "redo"})
    op(b, {"kind": "strokesIgnored", "strokeIds": ["a2"], "ignored": False})
    op(a, {"kind": "undo"})
    op(a, {"kind": "undo"})
    op(a, {"kind": "undo"})
    op(a, {"kind": "undo"})
    op(a, {"kind": "redo"})
    op(b, {"kind": "undo"})
    op(b, {"kind": "redo"})
    op(b, {"kind": "redo"})
    op(a, {"kind": "strokesMoved", "strokeIds": ["a1", "b1"], "dx": 12.3, "dy": -40})
    op(b, {"kind": "strokesMoved", "strokeIds": ["b1"], "dx": -0.125, "dy": 7.5})
    op(a, {"kind": "undo"})
    op(b, {"kind": "strokesErased", "strokeIds": ["b1"]})
    op(b, {"kind": "undo"})
    op(a, {"kind": "redo"})
    op(a, {"kind": "strokesMoved", "strokeIds": ["a1", "a3"], "dx": 99.875, "dy": 0})

    c = Client(url, "c-carol")
    c.send({"type": "join", "session": session, "token": token, "lastSeq": 0})
    records = []
    while True:
        message = c.next()
        if message["type"] == "events":
            records += message["records"]
        if message["type"] == "caughtUp":
            head_hash = message.get("stateHash")
            break
    for client in (a, b, c):
        client.close()
    return session, records, head_hash


def wait_for_port(port, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"sketchd did not listen on {port} within {seconds} s")


def run():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = Path(tempfile.mkdtemp(prefix="hash-fixture-"))
    daemon = subprocess.Popen([str(REPO / ".build/debug/sketchd"), "--port", str(port), "--data-dir", str(data),
                               "--web-root", str(REPO / "web")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        session, records, head_hash = main(port)
    finally:
        daemon.terminate()
        daemon.wait()
    hashes = {}
    for record in records:
        seq = record["seq"]
        out = subprocess.run([str(REPO / ".build/debug/sketchctl"), "replay", "--data-dir", str(data), "--session", session,
                              "--to-seq", str(seq), "--json"], capture_output=True, text=True, check=True)
        hashes[seq] = json.loads(out.stdout)["stateHash"]
    assert head_hash in (None, hashes[records[-1]["seq"]]), "caughtUp and sketchctl disagree"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"records": records, "hashes": hashes}, indent=1) + "\n")
    print(f"wrote {len(records)} records to {OUT}")


if __name__ == "__main__":
    run()
