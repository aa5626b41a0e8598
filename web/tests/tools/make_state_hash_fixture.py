"""Regenerates web/tests/unit/fixtures/state-hash.json: records of a session that exercises
every event kind, two authors and undo/redo, with the state hash sketchd computed after each
seq (`sketchctl replay --to-seq N --json`). The JS state hash must match them byte for byte.

Usage: python3 web/tests/tools/make_state_hash_fixture.py  (needs .build/debug/sketchd and sketchctl)
"""

import os
import base64
import asyncio
import json
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import websockets

REPO = Path(__file__).resolve().parents[3]
OUT = REPO / "web" / "tests" / "unit" / "fixtures" / "state-hash.json"


def stroke(sid, pts, color="#1B1F24", width=2.5, screen="main"):
    return {"kind": "strokeAdded", "stroke": {"id": sid, "points": pts, "color": color, "width": width, "screen": screen}}


async def client(url, client_id):
    ws = await websockets.connect(url, subprotocols=["sketchd"])
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "clientId": client_id, "name": client_id, "color": "#123456",
                              "secret": base64.urlsafe_b64encode(os.urandom(24)).decode().rstrip("=")}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def until(ws, kind):
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message)


async def main(port, sketchd_data):
    url = f"ws://127.0.0.1:{port}/ws"
    a = await client(url, "c-alice")
    await a.send(json.dumps({"type": "createSession"}))
    created = await until(a, "sessionCreated")
    session, token = created["session"], created["editToken"]
    await a.send(json.dumps({"type": "join", "session": session, "token": token, "lastSeq": 0}))
    await until(a, "caughtUp")
    b = await client(url, "c-bob")
    await b.send(json.dumps({"type": "join", "session": session, "token": token, "lastSeq": 0}))
    await until(b, "caughtUp")

    n = 0

    async def op(ws, event):
        nonlocal n
        n += 1
        await ws.send(json.dumps({"type": "op", "clientOpId": f"op{n}", "event": event}))
        await until(ws, "ack")

    await op(a, stroke("a1", [[10.3, 20.1, 0], [40.26, 20.9, 16], [80, 22.5, 33]]))
    await op(a, stroke("a2", [[10, 60, 40, 0.2], [200.123, 61, 70, 0.9], [300, 62, 90]], color="#1f6feb"))
    await op(b, stroke("b1", [[50, 300, 100], [340, 300, 130], [340, 350, 160], [50, 350, 190], [50, 300, 220]], width=1.5))
    await op(b, {"kind": "labelCorrected", "strokeIds": ["b1"], "label": "button"})
    await op(a, {"kind": "textSet", "strokeIds": ["a1"], "text": "Hello, wörld"})
    await op(a, {"kind": "strokesMerged", "strokeIds": ["a1", "a2"]})
    await op(b, {"kind": "strokesSplit", "strokeIds": ["b1"]})
    await op(b, {"kind": "strokesIgnored", "strokeIds": ["a2"], "ignored": True})
    await op(a, {"kind": "strokesErased", "strokeIds": ["a2"]})
    await op(a, {"kind": "screenAdded", "screen": {"id": "two", "name": "Settings", "width": 390, "height": 1266}})
    await op(a, stroke("a3", [[5, 5, 300]], screen="two"))
    await op(b, {"kind": "screenRenamed", "screenId": "two", "name": "Prefs"})
    await op(b, {"kind": "metadataSet", "title": "Login flow", "trainingConsent": True})
    await op(a, {"kind": "metadataSet", "theme": {"accent": "#FF0000", "background": "#ffffff", "cornerRadius": 12.5, "typeScale": 1.25}})
    await op(a, {"kind": "undo"})
    await op(a, {"kind": "undo"})
    await op(b, {"kind": "undo"})
    await op(a, {"kind": "redo"})
    await op(b, {"kind": "strokesIgnored", "strokeIds": ["a2"], "ignored": False})
    await op(a, {"kind": "undo"})
    await op(a, {"kind": "undo"})
    await op(a, {"kind": "undo"})
    await op(a, {"kind": "undo"})
    await op(a, {"kind": "redo"})
    await op(b, {"kind": "undo"})
    await op(b, {"kind": "redo"})
    await op(b, {"kind": "redo"})
    await op(a, {"kind": "strokesMoved", "strokeIds": ["a1", "b1"], "dx": 12.3, "dy": -40})
    await op(b, {"kind": "strokesMoved", "strokeIds": ["b1"], "dx": -0.125, "dy": 7.5})
    await op(a, {"kind": "undo"})
    await op(b, {"kind": "strokesErased", "strokeIds": ["b1"]})
    await op(b, {"kind": "undo"})
    await op(a, {"kind": "redo"})
    await op(a, {"kind": "strokesMoved", "strokeIds": ["a1", "a3"], "dx": 99.875, "dy": 0})

    c = await client(url, "c-carol")
    await c.send(json.dumps({"type": "join", "session": session, "token": token, "lastSeq": 0}))
    records = []
    while True:
        message = json.loads(await c.recv())
        if message["type"] == "events":
            records += message["records"]
        if message["type"] == "caughtUp":
            head_hash = message.get("stateHash")
            break
    for ws in (a, b, c):
        await ws.close()
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
        session, records, head_hash = asyncio.run(main(port, data))
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
