"""A cluster whose sessions live in PostgreSQL (`STORE=postgres://... scripts/cluster.sh start`):
a node killed with kill -9, its data directory deleted, loses nothing acknowledged, and its
sessions are served by the next node on the ring as soon as HAProxy sees it gone.

Run by scripts/test.sh after the Swift build; the database is a scratch server of its own.
"""

import shutil
import statistics
import time

import pytest
import websocket

from cluster_support import SKETCHCTL, SKETCHD, Client, Cluster, ScratchPostgres, open_session


@pytest.fixture
def store_cluster():
    if not SKETCHD.exists() or not SKETCHCTL.exists():
        pytest.skip("build sketchd and sketchctl first (swift build --product sketchd && swift build --product sketchctl)")
    database = ScratchPostgres()
    cluster = Cluster(store=database.url)
    yield cluster
    cluster.stop()
    database.stop()


def rejoin(cluster, session, token, client_id, deadline):
    """Connects and joins through the proxy until it works: 503 or a refused socket while the
    proxy still counts the dead node in."""
    while True:
        try:
            client = Client(cluster.url(session), client_id)
            client.join(session, token)
            return client
        except (websocket.WebSocketException, OSError, AssertionError):
            if time.time() > deadline:
                raise
            time.sleep(0.05)


def test_a_killed_nodes_sessions_move_to_the_next_node_with_nothing_acked_lost(store_cluster):
    cluster = store_cluster
    opened = [open_session(cluster, clients=2) for _ in range(12)]
    placed = {session: cluster.node_of(session) for session, _, _ in opened}
    victim = max(set(placed.values()), key=lambda n: sum(1 for v in placed.values() if v == n))
    lost = [(s, t, m) for s, t, m in opened if placed[s] == victim]
    kept = [(s, t, m) for s, t, m in opened if placed[s] != victim]
    assert lost and kept

    acked = {}
    for session, _, (author, _) in lost:
        author.stroke(f"{author.client_id}:1", f"{author.client_id}:s1")
        acked[session] = author.wait_for("ack")["seq"]

    killed_at = time.time()
    cluster.kill(victim.replace("node", "node-"))
    shutil.rmtree(cluster.dir / victim.replace("node", "node-"))

    outages = []
    for session, token, (author, reader) in lost:
        again = rejoin(cluster, session, token, author.client_id, deadline=killed_at + 60)
        outages.append(time.time() - killed_at)
        assert cluster.node_of(session) != victim, "the proxy sends the session to a live node"
        # The browser resends what it queued, the acked op included: it lands once.
        again.stroke(f"{author.client_id}:1", f"{author.client_id}:s1")
        again.stroke(f"{author.client_id}:2", f"{author.client_id}:s2")
        first = again.wait_for("ack", lambda m: m["clientOpId"].endswith(":1"))
        assert first["seq"] == acked[session] and first.get("duplicate") is True, first
        second = again.wait_for("ack", lambda m: m["clientOpId"].endswith(":2"))
        assert second["seq"] == acked[session] + 1, "no gap, no duplicate"
        watcher = rejoin(cluster, session, token, reader.client_id, deadline=time.time() + 30)
        watcher.wait_seq(second["seq"])
        strokes = {r["event"]["stroke"]["id"] for r in watcher.records.values() if r["event"]["kind"] == "strokeAdded"}
        assert {f"{author.client_id}:s1", f"{author.client_id}:s2"} <= strokes
        again.close()
        watcher.close()
    print(f"takeover of {len(lost)} sessions after kill -9: p50 {statistics.median(outages):.2f} s, "
          f"max {max(outages):.2f} s")

    # The other nodes' sessions never noticed.
    for session, _, (author, reader) in kept:
        author.stroke(f"{author.client_id}:k", f"{author.client_id}:sk")
        seq = author.wait_for("ack")["seq"]
        reader.wait_seq(seq)
