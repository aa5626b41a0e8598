"""Losing machines with the cluster's log of record in a replicated PostgreSQL
(scripts/db-cluster.sh: etcd, three Patroni members with strict synchronous replication, HAProxy
in front of the primary) under three sketchd nodes (scripts/cluster.sh). Writers on 30 sessions
journal every acknowledged op while, in turn:

1. a sketchd node is killed with kill -9 and its data directory deleted;
2. every process of the database primary's host is killed and its data deleted;
3. that host comes back empty and rejoins as a standby;
4. the new primary's host is cut off the network (its link down, where the members run in network
   namespaces: root may make them), every process on it running on; once a standby is promoted
   the link comes back and the old primary must rejoin as a standby, what it committed alone
   rewound;
5. both standbys stop: no op sent after that is acknowledged until one is back, while the
   daemon keeps answering joins.

Each scenario runs until OPS more ops are acknowledged (SKETCHD_FAILOVER_OPS, 3,000 by default;
the bench's long run sets more). At the end every acked op is in its session's log exactly once,
at its seq, with no gaps, and a client joining through the proxy folds to the store's own state
hash. Run by scripts/test.sh after the Swift build.
"""

import os
import queue
import shutil
import statistics
import subprocess
import json
import time

import pytest

from cluster_support import SKETCHCTL, SKETCHD, Cluster, PatroniPostgres, namespaces_available, open_session
from journaled_writers import JournaledWriter, NotNow, ack_outage, check_log, join_once, total_acks, wait_for_acks, wait_until

OPS = int(os.environ.get("SKETCHD_FAILOVER_OPS", "3000"))
SESSIONS = 30


@pytest.fixture
def replicated_cluster():
    if not SKETCHD.exists() or not SKETCHCTL.exists():
        pytest.skip("build sketchd and sketchctl first (swift build --product sketchd && swift build --product sketchctl)")
    database = PatroniPostgres(hosts="netns" if namespaces_available() else "processes")
    try:
        cluster = Cluster(store=database.url)
    except BaseException:
        database.stop()
        raise
    yield database, cluster
    cluster.stop()
    database.stop()


def report(name, figures):
    print(f"\n{name}: " + ", ".join(f"{k} {v}" for k, v in figures.items()), flush=True)


def seconds(values):
    values = [v for v in values if v != float("inf")]
    return {"p50": f"{statistics.median(values):.2f} s", "max": f"{max(values):.2f} s"} if values else {}


def log_of(cluster, session, token):
    """Every record of `session`, read by a new client through the proxy, and its caughtUp."""
    client, caught_up = joined(cluster, session, token, f"{session[:10]}-audit", time.time() + 120)
    client.close()
    return client.records, caught_up


def joined(cluster, session, token, client_id, deadline):
    """A client of `client_id` joined to `session`, and its caughtUp; a refusal that says "not
    now" (`sessions_full` from a node at capacity, `busy`, `storage_unavailable`) is asked again
    after its `retryAfterMs`, as the browser does."""
    while True:
        try:
            return join_once(cluster, session, token, client_id)
        except NotNow as refusal:
            if time.time() > deadline:
                raise AssertionError(f"{client_id} still refused at the deadline: {refusal}") from refusal
            time.sleep(refusal.seconds)


def drain(client):
    """Reads whatever `client` has been sent so far."""
    while True:
        try:
            client.next(timeout=0.2)
        except queue.Empty:
            return


def store_hash(url, session):
    out = subprocess.run([str(SKETCHCTL), "replay", "--store", url, "--session", session, "--json"],
                         capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout)["stateHash"]


def lose_primary(database, writers, how, lose):
    """Loses the database primary by `lose(member)`; returns it once OPS more ops are acked."""
    primary = database.leader()
    assert primary is not None
    lost_at = time.time()
    lose(primary)
    wait_for_acks(writers, OPS, lost_at + 600)
    promoted = database.leader()
    assert promoted not in (None, primary)
    report(f"database primary pg{primary} {how}, pg{promoted} promoted (Patroni ttl 10 s, loop_wait 1 s)",
           seconds(ack_outage(writers, lost_at)))
    return primary


def is_standby(database, member):
    """Whether Patroni lists `member` as a running or streaming standby."""
    role, state = database.members().get(member, ("", ""))
    return role in ("Sync Standby", "Replica") and state in ("running", "streaming")


def rejoin(database, writers, member, how, bring_back):
    """Brings a lost member back by `bring_back(member)`; waits until it is a standby again and
    OPS more ops are acked."""
    back_at = time.time()
    bring_back(member)
    wait_until(lambda: is_standby(database, member), back_at + 300, f"pg{member} rejoins as a standby")
    wait_for_acks(writers, OPS, time.time() + 600)
    report(f"pg{member} {how}", {"standby after": f"{time.time() - back_at:.1f} s"})


def test_losing_a_node_the_primary_and_the_standbys_loses_no_acked_op(replicated_cluster):
    database, cluster = replicated_cluster
    sessions = [open_session(cluster, clients=1) for _ in range(SESSIONS)]
    writers = [JournaledWriter(cluster, s, t, members[0].client_id) for s, t, members in sessions]
    for _, _, members in sessions:
        members[0].close()
    for w in writers:
        w.start()
    try:
        wait_for_acks(writers, OPS, time.time() + 600)
        report("warm-up", {"acks": total_acks(writers)})

        # 1. A sketchd node and its disk.
        placed = {w.session: cluster.node_of(w.session) for w in writers}
        victim = max(set(placed.values()), key=lambda n: sum(1 for v in placed.values() if v == n))
        moved = [w for w in writers if placed[w.session] == victim]
        killed_at = time.time()
        cluster.kill(victim.replace("node", "node-"))
        shutil.rmtree(cluster.dir / victim.replace("node", "node-"))
        wait_for_acks(writers, OPS, killed_at + 600)
        report(f"sketchd {victim} killed, its {len(moved)} sessions moved", seconds(ack_outage(moved, killed_at)))
        assert all(cluster.node_of(w.session) != victim for w in moved)

        # 2. The database primary's host: Patroni and PostgreSQL killed, the data deleted.
        old_primary = lose_primary(database, writers, "killed", lambda m: (database.kill(m), database.wipe(m)))

        # 3. The lost host comes back empty and is rebuilt as a standby.
        rejoin(database, writers, old_primary, "back empty", database.start_member)

        # 4. The primary's host cut off the network, running on; then back.
        if database.hosts == "netns":
            cut_primary = lose_primary(database, writers, "cut off the network", database.cut)
            rejoin(database, writers, cut_primary, "back on the network", database.heal)
        else:
            report("primary cut off the network", {"skipped": "no network namespaces here (needs root)"})

        # 5. Both standbys stop: nothing sent afterwards may be acknowledged until one is back.
        session, token, _ = sessions[0]
        probe, _ = joined(cluster, session, token, f"{session[:10]}-probe", time.time() + 120)
        primary = database.leader()
        standbys = [m for m in (1, 2, 3) if m != primary]
        for m in standbys:
            database.stop_member(m)
        stopped_at = time.time()
        probe.stroke(f"{probe.client_id}:1", f"{probe.client_id}:s1")
        wait_until(lambda: all(w.pending_since is not None for w in writers), stopped_at + 120,
                   "every writer waits for an ack")
        # The daemon still answers: a member joins and catches up while commits wait.
        again, caught_up = joined(cluster, session, token, probe.client_id, time.time() + 120)
        again.close()
        assert caught_up["seq"] > 0
        drain(probe)
        restarted_at = time.time()
        assert f"{probe.client_id}:1" not in probe.acks, "an op sent with no standby was acknowledged"
        acked_while_down = [a for w in writers for a in w.acked() if a.first_sent > stopped_at and a.received < restarted_at]
        assert acked_while_down == [], f"{len(acked_while_down)} ops sent with no standby were acknowledged"
        waiting = sum(1 for w in writers if w.pending_since is not None)
        database.start_member(standbys[0])
        probe.wait_for("ack", lambda m: m["clientOpId"] == f"{probe.client_id}:1", timeout=300)
        probe.close()
        wait_for_acks(writers, OPS, restarted_at + 600)
        report("both standbys stopped, then one restarted", dict(
            seconds(ack_outage(writers, restarted_at)), **{"writers waiting when it came back": waiting, "acked while down": 0}))
        database.start_member(standbys[1])
    finally:
        for w in writers:
            w.stop()
        for w in writers:
            w.join(timeout=60)
    for w in writers:
        assert w.failure is None, w.failure

    logs = {}
    for session, token, _ in sessions:
        records, caught_up = log_of(cluster, session, token)
        logs[session] = records
        assert caught_up["stateHash"] == store_hash(database.url, session)
    figures = check_log(writers, lambda s: logs[s])
    report("journal", dict(figures, duplicatesAnswered=sum(a.duplicate for w in writers for a in w.journal),
                           reconnects=sum(w.reconnects for w in writers)))
    assert figures["acked"] >= (6 if database.hosts == "netns" else 4) * OPS
    assert figures["lost"] == 0 and figures["duplicated"] == 0 and figures["gaps"] == 0
