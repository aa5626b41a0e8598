"""Many machines: sessions placed across sketchd nodes behind a real HAProxy (scripts/cluster.sh),
on loopback. Real nodes, real proxy, real WebSocket clients, real SQLite files.

Run by scripts/test.sh after the Swift build (it needs .build/debug/sketchd and sketchctl).
"""

import json
import subprocess

import pytest
import websocket

from cluster_support import NODES, SKETCHCTL, SKETCHD, Client, Cluster, open_session, replay_hash


@pytest.fixture
def cluster():
    if not SKETCHD.exists() or not SKETCHCTL.exists():
        pytest.skip("build sketchd and sketchctl first (swift build --product sketchd && swift build --product sketchctl)")
    c = Cluster()
    yield c
    c.stop()


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
    cluster.kill(f"node-{victim}")

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