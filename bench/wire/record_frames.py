#!/usr/bin/env python3
"""Records every frame two clients of one scripted session get from a sketchd binary, so two
builds can be compared byte for byte (a change meant to leave the wire alone must give the
same file):

    python3 bench/wire/record_frames.py /tmp/before-sketchd /tmp/before.frames
    python3 bench/wire/record_frames.py .build/release/sketchd /tmp/after.frames
    cmp /tmp/before.frames /tmp/after.frames

The script sends one op at a time and waits, with a deadline, for the recognition of its seq
(every op here changes the screen), and asks for the code at the end, so no result is coalesced or cancelled and the frames do
not depend on timing. Only what differs between runs anyway is replaced: server times, the
session's tokens and the clients' secrets. Needs websocket-client (scripts/setup.sh).
"""

import json
import os
import queue
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

import websocket

SESSION = "s-" + "5e" * 16


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def box(stroke_id, cell):
    x, y, width, height = 10 + (cell % 4) * 97.5, 60 + (cell // 4) * 74, 77, 54
    corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)]
    points, t = [], 0
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        for step in range(10):
            points.append([x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10, t])
            t += 8
    points.append([x, y, t])
    return {"kind": "strokeAdded", "stroke": {"id": stroke_id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"}}


class Recorder:
    def __init__(self, url, client_id):
        self.ws = websocket.create_connection(url, subprotocols=["sketchd"], timeout=30)
        self.frames, self.inbox = [], queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send({"type": "hello", "protocol": 1, "clientId": client_id, "name": client_id, "secret": client_id + "-secret-0123456789abcdef"})

    def _read(self):
        try:
            while True:
                text = self.ws.recv()
                if not text:
                    return
                self.frames.append(text)
                self.inbox.put(json.loads(text))
        except Exception:
            pass

    def send(self, message):
        self.ws.send(json.dumps(message))

    def wait_for(self, predicate, what, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                message = self.inbox.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if predicate(message):
                return message
        raise SystemExit(f"no {what} within {timeout} s")


def main():
    binary, out = sys.argv[1], sys.argv[2]
    port = free_port()
    data = tempfile.mkdtemp(prefix="sketchd-frames-")
    daemon = subprocess.Popen([binary, "--port", str(port), "--data-dir", data], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline or daemon.poll() is not None:
                    raise SystemExit("sketchd did not start")
                time.sleep(0.05)
        url = f"ws://127.0.0.1:{port}/ws/{SESSION}"
        ana, ben = Recorder(url, "c-ana"), Recorder(url, "c-ben")
        for client in (ana, ben):
            client.wait_for(lambda m: m["type"] == "welcome", "welcome")
        ana.send({"type": "createSession", "session": SESSION, "title": "Frames"})
        tokens = ana.wait_for(lambda m: m["type"] == "sessionCreated", "sessionCreated")
        # Each join waits for the first code, so the second join's `participant` comes after it.
        for client in (ana, ben):
            client.send({"type": "join", "session": SESSION, "token": tokens["editToken"], "lastSeq": 0})
            client.wait_for(lambda m: m["type"] == "caughtUp", "caughtUp")
            client.wait_for(lambda m: m["type"] == "code", "the first code")
        ops = [box(f"b{cell}", cell) for cell in range(14)]
        ops += [{"kind": "undo"}, {"kind": "undo"}, {"kind": "redo"}, box("b14", 14), {"kind": "strokesErased", "strokeIds": ["b3"]},
                {"kind": "undo"}, box("b15", 1), {"kind": "strokesMoved", "strokeIds": ["b5"], "dx": 16, "dy": 0}]
        for number, event in enumerate(ops):
            ana.send({"type": "op", "clientOpId": f"c-ana:{number}", "event": event})
            seq = ana.wait_for(lambda m: m["type"] in ("ack", "error") and m.get("clientOpId") == f"c-ana:{number}", f"ack {number}")["seq"]
            for client in (ana, ben):
                client.wait_for(lambda m: m["type"] == "recognition" and m["seq"] == seq, f"recognition of seq {seq}")
        # Asked last, the code comes after everything the last op made.
        for client in (ana, ben):
            client.send({"type": "getCode"})
            client.wait_for(lambda m: m["type"] == "code", "code")
            client.ws.close()
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    secrets = {tokens["editToken"]: "EDIT-TOKEN", tokens["viewToken"]: "VIEW-TOKEN"}
    with open(out, "w") as file:
        for name, client in (("ana", ana), ("ben", ben)):
            for frame in client.frames:
                for secret, placeholder in secrets.items():
                    frame = frame.replace(secret, placeholder)
                file.write(name + " " + re.sub(r'"serverTime":\d+', '"serverTime":0', frame) + "\n")
    print(f"{sum(len(c.frames) for c in (ana, ben))} frames -> {out}")


if __name__ == "__main__":
    main()
