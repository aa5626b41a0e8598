"""A 3-node sketchd cluster behind HAProxy (scripts/cluster.sh) on loopback, and a protocol
client over websocket-client, for the cluster tests and the kill bench."""

import json
import os
import queue
import secrets
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import websocket

REPO = Path(__file__).resolve().parents[2]
SKETCHD = REPO / ".build" / "debug" / "sketchd"
SKETCHCTL = REPO / ".build" / "debug" / "sketchctl"
NODES = 3
SECRETS = {}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_base(count):
    """A port base with `count` free ports after it (base + 1 ... base + count)."""
    for _ in range(50):
        base = free_port()
        ports = range(base + 1, base + count + 1)
        try:
            for port in ports:
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
    raise RuntimeError("no free port range")


def minted():
    return "s-" + secrets.token_hex(16)


class Cluster:
    """scripts/cluster.sh in a fresh directory on free ports; `sketchd` is the node binary."""

    def __init__(self, sketchd=SKETCHD, flags=""):
        self.dir = Path(tempfile.mkdtemp(prefix="sketchd-cluster-"))
        self.port = free_port()
        self.base = free_base(NODES)
        self.env = dict(os.environ, CLUSTER_DIR=str(self.dir), PORT=str(self.port), NODES=str(NODES),
                        NODE_PORT_BASE=str(self.base), SKETCHD_BIN=str(sketchd), SKETCHD_FLAGS=flags)
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "start"], env=self.env, check=True, timeout=300,
                       stdout=subprocess.DEVNULL)

    def url(self, session):
        return f"ws://127.0.0.1:{self.port}/ws/{session}"

    def node_of(self, session):
        """The node the proxy places `session` on (its X-Sketchd-Node answer)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/ws/{session}", timeout=10) as response:
            return response.headers["X-Sketchd-Node"]

    def files(self, node):
        return {p.stem for p in (self.dir / f"node-{node}").glob("*.sketch")}

    def pid(self, name):
        for line in (self.dir / "cluster" / "pids").read_text().splitlines():
            pid, label = line.split()
            if label == name:
                return int(pid)
        raise KeyError(name)

    def kill(self, name, timeout=10):
        """SIGKILLs a process of the cluster and returns once it has exited (its sockets closed)."""
        pid = self.pid(name)
        os.kill(pid, signal.SIGKILL)
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                        return
            except FileNotFoundError:
                return
            time.sleep(0.01)
        raise TimeoutError(f"{name} ({pid}) did not exit")

    def restart_node(self, n):
        """Starts node n again, as scripts/cluster.sh started it."""
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "restart-node", str(n)], env=self.env, check=True,
                       timeout=120, stdout=subprocess.DEVNULL)

    def stop(self):
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "stop"], env=self.env, timeout=60,
                       stdout=subprocess.DEVNULL)


class Client:
    """One protocol client over websocket-client: hello, create or join, ops, folding records.

    A thread reads the socket all the time, so pings are answered while the test is busy with
    other clients (the daemon hangs up on a peer silent for 20 s); `next` takes what it read.
    """

    def __init__(self, url, client_id):
        self.client_id = client_id
        self.ws = websocket.create_connection(url, subprotocols=["sketchd"], timeout=15)
        self.ws.settimeout(None)
        self.records = {}
        self.acks = {}
        self.inbox = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        # The identity's secret (PROTOCOL.md, hello): the same client id always brings the same one.
        secret = SECRETS.setdefault(client_id, secrets.token_urlsafe(24))
        self.send({"type": "hello", "protocol": 1, "clientId": client_id, "secret": secret})
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
        self.ws.close()


def replay_hash(cluster, node, session):
    out = subprocess.run([str(SKETCHCTL), "replay", "--data-dir", str(cluster.dir / f"node-{node}"), "--session", session,
                          "--json"], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)["stateHash"]


def open_session(cluster, clients=3):
    session = minted()
    creator = Client(cluster.url(session), f"{session[:10]}-0")
    token = creator.create(session)["editToken"]
    members = [creator] + [Client(cluster.url(session), f"{session[:10]}-{i}") for i in range(1, clients)]
    for member in members:
        member.join(session, token)
    return session, token, members
