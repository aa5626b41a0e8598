"""Ack latency of the sessions on the surviving nodes while one node is killed with kill -9 and
started again (issue 13). Not a test: it measures and prints, and asserts nothing about time.

    swift build -c release --product sketchd && python3 bench/proxy/kill.py [--sessions 12] [--seconds 30]

Starts scripts/cluster.sh (3 nodes + HAProxy) in a fresh directory, opens sessions of one writer
and one reader through the proxy, and has every writer send one stroke every 200 ms. A third of
the way in, the node holding the most sessions is killed with SIGKILL; two thirds in, it is
started again. Prints ack p50/p95/p99 of the other nodes' sessions before, during and after.
"""

import argparse
import os
import signal
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "Cluster"))
from cluster_support import REPO, Cluster, open_session  # noqa: E402


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--sketchd", default=str(REPO / ".build" / "release" / "sketchd"))
    args = parser.parse_args()

    flags = "--ops-per-second 1000 --op-burst 1000 --creates-per-second 1000 --joins-per-second 1000"
    cluster = Cluster(sketchd=args.sketchd, flags=flags)
    try:
        opened = [open_session(cluster, clients=2) for _ in range(args.sessions)]
        placed = {s: int(cluster.node_of(s).removeprefix("node")) for s, _, _ in opened}
        victim = max(set(placed.values()), key=lambda n: sum(1 for v in placed.values() if v == n))
        kept = [(s, m) for s, _, m in opened if placed[s] != victim]
        samples = {"before": [], "during": [], "after": []}
        phase = {"name": "before"}
        stop = threading.Event()

        def write(session, author):
            n = 0
            while not stop.is_set():
                n += 1
                op = f"{author.client_id}:{n}"
                sent = time.perf_counter()
                author.stroke(op, f"{author.client_id}:s{n}")
                author.wait_for("ack", lambda m: m["clientOpId"] == op)
                samples[phase["name"]].append((time.perf_counter() - sent) * 1000)
                time.sleep(0.2)

        threads = [threading.Thread(target=write, args=(s, m[0]), daemon=True) for s, m in kept]
        for t in threads:
            t.start()
        time.sleep(args.seconds / 3)
        phase["name"] = "during"
        os.kill(cluster.pid(f"node-{victim}"), signal.SIGKILL)
        time.sleep(args.seconds / 3)
        phase["name"] = "after"
        cluster.restart_node(victim)
        time.sleep(args.seconds / 3)
        stop.set()
        for t in threads:
            t.join(timeout=10)
        load = open("/proc/loadavg").read().split()[:3]
        print(f"{args.sessions} sessions, {len(kept)} on the surviving nodes, node{victim} killed; load {' '.join(load)}")
        for name, values in samples.items():
            print(f"  {name:7s} ack p50 {percentile(values, 50):6.2f} ms  p95 {percentile(values, 95):6.2f} ms  "
                  f"p99 {percentile(values, 99):6.2f} ms  (n={len(values)})")
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
