"""The one Python client of the sketchd protocol (docs/PROTOCOL.md), over websocket-client: the
cluster tests, the kill bench, the slow-reader test's process and the state-hash fixture tool
all use it. Standard library plus websocket-client (installed with selenium by scripts/setup.sh).
"""

import json
import queue
import secrets
import threading
import time

import websocket

# The identity's secret (PROTOCOL.md, hello): the same client id always brings the same one.
SECRETS = {}


class Client:
    """One protocol client over websocket-client: hello, create or join, ops, folding records.

    A thread reads the socket all the time, so pings are answered while the test is busy with
    other clients (the daemon hangs up on a peer silent for 20 s); `next` takes what it read.
    """

    def __init__(self, url, client_id, name=None):
        self.client_id = client_id
        self.ws = websocket.create_connection(url, subprotocols=["sketchd"], timeout=15)
        self.ws.settimeout(None)
        self.records = {}
        self.acks = {}
        self.inbox = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        secret = SECRETS.setdefault(client_id, secrets.token_urlsafe(24))
        self.send({"type": "hello", "protocol": 1, "clientId": client_id, "name": name or client_id, "secret": secret})
        self.wait_for("welcome")

    def _read(self):
        try:
            while True:
                text = self.ws.recv()
                if not text:
                    raise websocket.WebSocketConnectionClosedException("the server closed the connection")
                self.inbox.put(text)
        except Exception as error:  # the connection ended: every later `next` raises it
            self.inbox.put(error)

    def send(self, message):
        self.ws.send(json.dumps(message))

    def next(self, timeout=30):
        item = self.inbox.get(timeout=timeout)
        if isinstance(item, Exception):
            self.inbox.put(item)
            raise item
        message = json.loads(item)
        if message["type"] == "events":
            for record in message["records"]:
                self.records[record["seq"]] = record
        if message["type"] == "ack":
            self.acks[message["clientOpId"]] = message["seq"]
        return message

    def wait_for(self, kind, predicate=lambda m: True, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                message = self.next(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if message["type"] == kind and predicate(message):
                return message
            if message["type"] == "error" and kind != "error":
                raise AssertionError(f"{self.client_id}: {message}")
        raise AssertionError(f"{self.client_id}: no {kind} within {timeout} s")

    def create(self, session):
        self.send({"type": "createSession", "session": session})
        return self.wait_for("sessionCreated")

    def join(self, session, token, last_seq=0):
        self.send({"type": "join", "session": session, "token": token, "lastSeq": last_seq})
        self.wait_for("joined")
        return self.wait_for("caughtUp")

    def stroke(self, op_id, stroke_id):
        points = [[20 + i, 40, i * 16] for i in range(8)]
        self.send({"type": "op", "clientOpId": op_id, "event": {"kind": "strokeAdded", "stroke": {
            "id": stroke_id, "points": points, "color": "#1b1f24", "width": 2, "screen": "main"}}})

    def wait_seq(self, seq, timeout=30):
        deadline = time.time() + timeout
        while max(self.records, default=0) < seq:
            if time.time() > deadline:
                raise AssertionError(f"{self.client_id} stopped at seq {max(self.records, default=0)} < {seq}")
            try:
                self.next(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                pass

    def close(self):
        try:
            self.ws.close()
        except Exception:  # already gone
            pass
