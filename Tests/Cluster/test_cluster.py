"""Many machines: sessions placed across sketchd nodes behind a real HAProxy (scripts/cluster.sh),
on loopback. Real nodes, real proxy, real WebSocket clients, real SQLite files.

Run by scripts/test.sh after the Swift build (it needs .build/debug/sketchd and sketchctl).
"""

import json
import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
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
    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="sketchd-cluster-"))
        self.port = free_port()
        self.base = free_base(NODES)
        self.env = dict(os.environ, CLUSTER_DIR=str(self.dir), PORT=str(self.port), NODES=str(NODES),
                        NODE_PORT_BASE=str(self.base), SKETCHD_BIN=str(SKETCHD))
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "start"], env=self.env, check=True, timeout=300,
                       stdout=subprocess.DEVNULL)

    def url(self, session):
        return f"ws://127.0.0.1:{self.port}/ws/{session}"

    def node_of(self, session):
        """The node the proxy places `session` on (its X-Sketchd-Node answer)."""
        import urllib.request
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

    def restart_node(self, n):
        """Starts node n again, as scripts/cluster.sh started it."""
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "restart-node", str(n)], env=self.env, check=True,
                       timeout=120, stdout=subprocess.DEVNULL)

    def stop(self):
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "stop"], env=self.env, timeout=60,
                       stdout=subprocess.DEVNULL)


def healthy(port):
    import urllib.request
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def wait(condition, timeout, message):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(message)


class Client:
    """One protocol client over websocket-client: hello, create or join, ops, folding records."""

    def __init__(self, url, client_id):
        self.client_id = client_id
        self.ws = websocket.create_connection(url, subprotocols=["sketchd"], timeout=15)
        self.records = {}
        self.acks = {}
        # The identity's secret (PROTOCOL.md, hello): the same client id always brings the same one.
        secret = SECRETS.setdefault(client_id, secrets.token_urlsafe(24))
        self.send({"type": "hello", "protocol": 1, "clientId": client_id, "secret": secret})
        self.wait_for("welcome")

    def send(self, message):
        self.ws.send(json.dumps(message))

    def next(self):
        message = json.loads(self.ws.recv())
        if message["type"] == "events":
            for record in message["records"]:
                self.records[record["seq"]] = record
        if message["type"] == "ack":
            self.acks[message["clientOpId"]] = message["seq"]
        return message

    def wait_for(self, kind, predicate=lambda m: True, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            message = self.next()
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
            self.next()

    def close(self):
        self.ws.close()


def replay_hash(cluster, node, session):
    out = subprocess.run([str(SKETCHCTL), "replay", "--data-dir", str(cluster.dir / f"node-{node}"), "--session", session,
                          "--json"], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)["stateHash"]


@pytest.fixture
def cluster():
    if not SKETCHD.exists() or not SKETCHCTL.exists():
        pytest.skip("build sketchd and sketchctl first (swift build --product sketchd --product sketchctl)")
    c = Cluster()
    yield c
    c.stop()


def open_session(cluster, clients=3):
    session = minted()
    creator = Client(cluster.url(session), f"{session[:10]}-0")
    token = creator.create(session)["editToken"]
    members = [creator] + [Client(cluster.url(session), f"{session[:10]}-{i}") for i in range(1, clients)]
    for member in members:
        member.join(session, token)
    return session, token, members


def test_thirty_sessions_of_three_clients_converge_and_each_lives_on_one_node(cluster):
    sessions = []
    for _ in range(30):
        session, token, members = open_session(cluster)
        for i, member in enumerate(members):
            member.stroke(f"{member.client_id}:1", f"{member.client_id}:s1")
        head = max(member.wait_for("ack")["seq"] for member in members)
        for member in members:
            member.wait_seq(head)
        sessions.append((session, token, members, head))

    by_node = {n: cluster.files(n) for n in range(1, NODES + 1)}
    for n, names in by_node.items():
        assert names, f"node-{n} holds no session"
    for a in range(1, NODES + 1):
        for b in range(a + 1, NODES + 1):
            assert not (by_node[a] & by_node[b]), f"sessions on two nodes: {by_node[a] & by_node[b]}"

    for session, token, members, head in sessions:
        node = int(cluster.node_of(session).removeprefix("node"))
        assert session in by_node[node], f"the proxy places {session} on node-{node}, which does not hold it"
        # Every client saw every record, and a newcomer's state hash is the file's.
        seqs = [sorted(m.records) for m in members]
        assert all(s == list(range(1, head + 1)) for s in seqs), f"{session}: clients saw {seqs}"
        newcomer = Client(cluster.url(session), f"{session[:10]}-late")
        caught_up = newcomer.join(session, token)
        assert caught_up["stateHash"] == replay_hash(cluster, node, session)
        newcomer.close()
        for member in members:
            member.close()


def test_a_killed_node_refuses_its_sessions_until_it_returns_and_queued_ops_land_once(cluster):
    opened = [open_session(cluster, clients=2) for _ in range(12)]
    placed = {session: int(cluster.node_of(session).removeprefix("node")) for session, _, _ in opened}
    victim = max(set(placed.values()), key=lambda n: sum(1 for v in placed.values() if v == n))
    lost = [(s, t, m) for s, t, m in opened if placed[s] == victim]
    kept = [(s, t, m) for s, t, m in opened if placed[s] != victim]
    assert lost and kept

    # An op acked before the crash, then kill -9.
    for session, token, (author, _) in lost:
        author.stroke(f"{author.client_id}:1", f"{author.client_id}:s1")
        author.wait_for("ack")
    os.kill(cluster.pid(f"node-{victim}"), signal.SIGKILL)

    # Its sessions: the socket ends, and reconnecting gets a clear refusal (503), not another node.
    for session, token, (author, _) in lost:
        with pytest.raises((websocket.WebSocketException, OSError)):
            author.stroke(f"{author.client_id}:2", f"{author.client_id}:s2")
            author.wait_for("ack", timeout=10)
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            Client(cluster.url(session), "probe")
        assert refused.value.status_code == 503
    for n in range(1, NODES + 1):
        if n != victim:
            assert not (cluster.files(n) & {s for s, _, _ in lost}), "a lost session reappeared elsewhere"

    # Every other session goes on.
    for session, token, (author, reader) in kept:
        author.stroke(f"{author.client_id}:k", f"{author.client_id}:sk")
        seq = author.wait_for("ack")["seq"]
        reader.wait_seq(seq)

    # The node comes back: the acked op is there, and the queued one (sent again with its op
    # id, as the browser does, along with the acked one) lands exactly once.
    cluster.restart_node(victim)
    for session, token, (author, _) in lost:
        again = Client(cluster.url(session), author.client_id)
        again.join(session, token)
        again.stroke(f"{author.client_id}:1", f"{author.client_id}:s1")
        again.stroke(f"{author.client_id}:2", f"{author.client_id}:s2")
        first = again.wait_for("ack", lambda m: m["clientOpId"].endswith(":1"))
        assert first.get("duplicate") is True or first["seq"] == author.acks[f"{author.client_id}:1"]
        again.wait_for("ack", lambda m: m["clientOpId"].endswith(":2"))
        state = json.loads(subprocess.run(
            [str(SKETCHCTL), "replay", "--data-dir", str(cluster.dir / f"node-{victim}"), "--session", session, "--json"],
            capture_output=True, text=True, timeout=60, check=True).stdout)
        ids = sorted(s["id"] for s in state["strokes"])
        assert ids == [f"{author.client_id}:s1", f"{author.client_id}:s2"], ids
        again.close()