#!/usr/bin/env python3
"""A sketchd client in its own process, for the slow-reader test (SIGSTOP/SIGCONT).

Usage: slow_reader.py PORT SESSION TOKEN
Joins from seq 0 and prints "ready" once caught up. Then reads events; if the daemon closes the
connection (4000 lagging, or a hang-up), it reconnects and joins with the last seq it saw. When a
target seq arrives on stdin it reads until it has that seq, prints one JSON report line and exits.
Uses the shared protocol client (sketchd_client.py).
"""
import json
import queue
import select
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sketchd_client import Client  # noqa: E402


def main():
    port, session, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    last, seqs, duplicates, reconnects, target = 0, 0, 0, 0, None
    announced = False
    while True:
        client = Client(f"ws://127.0.0.1:{port}/ws", "slow")
        client.send({"type": "join", "session": session, "token": token, "lastSeq": last})
        while True:
            ready, _, _ = select.select([sys.stdin], [], [], 0)
            if sys.stdin in ready and target is None:
                line = sys.stdin.readline()
                if line.strip():
                    target = int(line)
            if target is not None and last >= target:
                print(json.dumps({"last": last, "received": seqs, "duplicates": duplicates, "reconnects": reconnects}), flush=True)
                return
            try:
                message = client.next(timeout=0.2)
            except queue.Empty:
                continue
            except Exception:  # closed (4000 lagging, or a hang-up): join again after `last`
                break
            if message["type"] == "events":
                for record in message["records"]:
                    if record["seq"] <= last:
                        duplicates += 1
                    elif record["seq"] != last + 1:
                        print(json.dumps({"gap_after": last, "got": record["seq"]}), flush=True)
                        sys.exit(3)
                    else:
                        last, seqs = record["seq"], seqs + 1
            elif message["type"] == "caughtUp" and not announced:
                announced = True
                print("ready", flush=True)
        client.close()
        reconnects += 1


main()
