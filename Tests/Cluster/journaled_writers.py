"""Bounded writers that journal every acknowledged op, for the tests and the bench that lose
machines: one writer per session sends strokes one at a time through the proxy and, whatever
happens (a dropped socket, `storage_unavailable`, a 503 while the proxy fails over), sends the
same op again until it is acknowledged, as the browser does with its queue."""

import json
import queue
import threading
import time

import websocket

from cluster_support import Client

RETRYABLE = {"storage_unavailable", "busy", "rate_limited", "sessions_full"}


class NotNow(Exception):
    """A refusal that says "not now" (a code of RETRYABLE): ask again after `seconds`."""

    def __init__(self, message, seconds):
        super().__init__(message)
        self.seconds = seconds


def join_once(cluster, session, token, client_id, last_seq=0):
    """A client of `client_id` joined to `session` through the proxy, and its caughtUp.
    Raises NotNow, with the refusal's `retryAfterMs`, for a refusal that says "not now", and
    AssertionError for any other."""
    client = Client(cluster.url(session), client_id)
    client.send({"type": "join", "session": session, "token": token, "lastSeq": last_seq})
    while True:
        message = client.next()
        if message["type"] == "caughtUp":
            return client, message
        if message["type"] == "error":
            client.close()
            if message.get("code") in RETRYABLE:
                raise NotNow(json.dumps(message), message.get("retryAfterMs", 100) / 1000)
            raise AssertionError(f"{client_id}: {json.dumps(message)}")


def wait_until(condition, deadline, what):
    """Polls `condition` until it holds; AssertionError naming `what` after `deadline`."""
    while not condition():
        if time.time() > deadline:
            raise AssertionError(f"{what}: not by the deadline")
        time.sleep(0.05)


class Ack:
    """One acknowledged op: `first_sent` is when it was first sent (it may have been sent again
    since), `received` when its ack came."""
    __slots__ = ("op", "seq", "first_sent", "received", "duplicate")

    def __init__(self, op, seq, first_sent, received, duplicate):
        self.op, self.seq, self.first_sent, self.received, self.duplicate = op, seq, first_sent, received, duplicate


class JournaledWriter(threading.Thread):
    """Writes strokes to one session until `stop()`; `journal` holds every ack, in order."""

    def __init__(self, cluster, session, token, client_id):
        super().__init__(daemon=True)
        self.cluster, self.session, self.token, self.client_id = cluster, session, token, client_id
        self.journal = []
        self.reconnects = 0
        self.pending_since = None  # when the op now waiting for its ack was first sent
        self.failure = None
        self.phase = "starting"  # what the writer is doing: connecting, waiting for an ack, pausing
        self._stop_event = threading.Event()
        self._lock = threading.Lock()

    def stop(self):
        self._stop_event.set()

    def acked(self):
        with self._lock:
            return list(self.journal)

    def run(self):
        try:
            self._write()
        except BaseException as error:  # reported by the test
            self.failure = error

    def _connect(self):
        """Joins again until it works, as the browser does: after a refusal's `retryAfterMs`,
        or a moment after anything else (a socket the proxy or a dying node refused)."""
        self.phase = "connecting"
        while not self._stop_event.is_set():
            try:
                last = self.journal[-1].seq if self.journal else 0
                return join_once(self.cluster, self.session, self.token, self.client_id, last_seq=last)[0]
            except NotNow as refusal:
                pause = refusal.seconds
            except (websocket.WebSocketException, OSError, AssertionError, queue.Empty):
                pause = 0.05
            self.reconnects += 1
            self._stop_event.wait(pause)
        return None

    def _write(self):
        client = None
        n = 0
        while not self._stop_event.is_set():
            op = f"{self.client_id}:{n}"
            first_sent = time.time()
            self.pending_since = first_sent
            while not self._stop_event.is_set():
                if client is None:
                    client = self._connect()
                    if client is None:
                        return
                try:
                    client.stroke(op, f"{self.client_id}:s{n}")
                    self.phase = "waiting for an ack"
                    outcome = self._await(client, op)
                except (websocket.WebSocketException, OSError):
                    outcome = "reconnect"
                if outcome == "reconnect":
                    client.close()
                    client = None
                    continue
                if isinstance(outcome, float):
                    self.phase = "pausing before a retry"
                    self._stop_event.wait(outcome)
                    continue
                with self._lock:
                    self.journal.append(Ack(op, outcome["seq"], first_sent, time.time(), bool(outcome.get("duplicate"))))
                break
            self.pending_since = None
            n += 1
        if client is not None:
            client.close()

    def _await(self, client, op):
        """The op's ack, seconds to wait before sending it again, or "reconnect"."""
        while not self._stop_event.is_set():
            try:
                message = client.next(timeout=0.5)
            except queue.Empty:
                continue
            except (websocket.WebSocketException, OSError):
                return "reconnect"
            if message["type"] == "ack" and message["clientOpId"] == op:
                return message
            if message["type"] == "error":
                if message.get("code") in RETRYABLE:
                    return message.get("retryAfterMs", 100) / 1000
                raise AssertionError(f"{self.client_id}: {json.dumps(message)}")
        return "reconnect"


def total_acks(writers):
    return sum(len(w.journal) for w in writers)


def wait_for_acks(writers, count, deadline):
    """Waits until the writers have `count` more acks than now."""
    target = total_acks(writers) + count

    def reached():
        for w in writers:
            if w.failure:
                raise w.failure
        return total_acks(writers) >= target

    wait_until(reached, deadline, f"{count} more acks (to {target})")


def ack_outage(writers, since):
    """Per writer, its longest wait for an ack from `since` on (seconds): the gap between
    `since` or an ack and the next ack. An ack of an op committed before the loss can come just
    after it; the outage is the silence that follows."""
    outages = []
    for w in writers:
        times = [since] + sorted(a.received for a in w.acked() if a.received > since)
        outages.append(max((b - a for a, b in zip(times, times[1:])), default=float("inf")))
    return outages


def check_log(writers, events_of):
    """Every acked op is in its session's log exactly once at its acked seq, with no gap.
    `events_of(session)` gives the log's records. Returns the counts: acked, lost, duplicated,
    gaps."""
    acked = lost = duplicated = gaps = 0
    for w in writers:
        records = events_of(w.session)
        seqs = sorted(records)
        gaps += sum(1 for a, b in zip([0] + seqs, seqs) if b != a + 1)
        ops = {}
        for seq, record in records.items():
            key = record.get("clientOpId")
            if key is not None and record.get("author") == w.client_id:
                ops.setdefault(key, []).append(seq)
        for ack in w.acked():
            acked += 1
            stored = ops.get(ack.op, [])
            lost += ack.seq not in stored
            duplicated += len(stored) > 1
    return {"acked": acked, "lost": lost, "duplicated": duplicated, "gaps": gaps}
