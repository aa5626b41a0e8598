"""A 3-node sketchd cluster behind HAProxy (scripts/cluster.sh) on loopback, for the cluster
tests and the kill bench; the protocol client is the shared one (Tests/Support/sketchd_client.py)."""

import json
import os
import shutil
import signal
import socket
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from sketchd_client import Client  # noqa: E402,F401  (re-exported for the tests and bench/proxy)

REPO = Path(__file__).resolve().parents[2]
SKETCHD = REPO / ".build" / "debug" / "sketchd"
SKETCHCTL = REPO / ".build" / "debug" / "sketchctl"
NODES = 3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_base(count):
    """A port base with `count` free ports after it (base + 1 ... base + count)."""
    for _ in range(500):
        base = free_port()
        ports = range(base + 1, base + count + 1)
        try:
            for port in ports:
                with socket.socket() as s:
                    # As the servers bind: a port whose old connections linger in TIME_WAIT is free.
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    s.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
    raise RuntimeError("no free port range")


def minted():
    return "s-" + secrets.token_hex(16)


class Cluster:
    """scripts/cluster.sh in a fresh directory on free ports; `sketchd` is the node binary, and
    `store` a postgres:// database every node keeps its sessions in (else each node's files)."""

    def __init__(self, sketchd=SKETCHD, flags="", store=""):
        self.dir = Path(tempfile.mkdtemp(prefix="sketchd-cluster-"))
        self.port = free_port()
        self.base = free_base(NODES)
        self.env = dict(os.environ, CLUSTER_DIR=str(self.dir), PORT=str(self.port), NODES=str(NODES),
                        NODE_PORT_BASE=str(self.base), SKETCHD_BIN=str(sketchd), SKETCHD_FLAGS=flags, STORE=store)
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
        """SIGKILLs a process of the cluster and returns once it has exited and its sockets are
        closed: the group leader turns zombie before its other threads have gone and the files they
        share are released, and until then the listening socket still takes connections (which
        HAProxy then answers 502, not the 503 of a node that is down)."""
        pid = self.pid(name)
        os.kill(pid, signal.SIGKILL)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if not self._holds_files(pid):
                return
            time.sleep(0.01)
        raise TimeoutError(f"{name} ({pid}) did not exit")

    @staticmethod
    def _holds_files(pid):
        """Whether `pid` is alive or a thread of it still is (they share its files)."""
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                    return True
            return len(os.listdir(f"/proc/{pid}/task")) > 1
        except (FileNotFoundError, ProcessLookupError):
            return False

    def restart_node(self, n):
        """Starts node n again, as scripts/cluster.sh started it."""
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "restart-node", str(n)], env=self.env, check=True,
                       timeout=120, stdout=subprocess.DEVNULL)

    def stop(self):
        subprocess.run([str(REPO / "scripts" / "cluster.sh"), "stop"], env=self.env, timeout=60,
                       stdout=subprocess.DEVNULL)


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


class ScratchPostgres:
    """A PostgreSQL server of its own (scripts/postgres-scratch.sh) with one database, `url`."""

    def __init__(self):
        # Directly under /tmp: the server runs as the postgres user, who must reach the folder.
        self.dir = Path(f"/tmp/sketchd-pg-{secrets.token_hex(8)}")
        script = str(REPO / "scripts" / "postgres-scratch.sh")
        subprocess.run([script, "start", str(self.dir)], check=True, timeout=120, stdout=subprocess.DEVNULL)
        self.url = subprocess.run([script, "createdb", str(self.dir), "sketchd"], check=True, timeout=60,
                                  capture_output=True, text=True).stdout.strip()

    def stop(self):
        subprocess.run([str(REPO / "scripts" / "postgres-scratch.sh"), "stop", str(self.dir), "immediate"], timeout=60)
        shutil.rmtree(self.dir, ignore_errors=True)


def namespaces_available():
    """Whether this process may make network namespaces (root, with CAP_SYS_ADMIN and
    CAP_NET_ADMIN), so a database host can be cut off the network."""
    if os.geteuid() != 0:
        return False
    if shutil.which("ip") is None:
        subprocess.run([str(REPO / "scripts" / "setup.sh"), "iproute2"], capture_output=True)
    name = f"sketchd-probe-{secrets.token_hex(4)}"
    if shutil.which("ip") is None or subprocess.run(["ip", "netns", "add", name], capture_output=True).returncode != 0:
        return False
    subprocess.run(["ip", "netns", "del", name], capture_output=True)
    return True


class PatroniPostgres:
    """A replicated PostgreSQL (scripts/db-cluster.sh): etcd, three Patroni members and HAProxy
    in front of the primary; `url` is the `sketchd` database through the proxy."""

    def __init__(self, hosts="processes"):
        """`hosts`: "processes" on 127.0.0.1, or "netns", each member in a network namespace of
        its own, which ``cut`` can take off the network (see ``namespaces_available``)."""
        self.dir = Path(f"/tmp/sketchd-db-{secrets.token_hex(6)}")
        self.hosts = hosts
        self.env = dict(os.environ, DB_PORT=str(free_base(3)), REST_PORT_BASE=str(free_base(3)),
                        ETCD_PORT=str(free_base(1)), DB_HOSTS=hosts)
        self.url = self._run("start", timeout=600).strip()

    def _run(self, *args, timeout=120):
        return subprocess.run([str(REPO / "scripts" / "db-cluster.sh"), args[0], str(self.dir), *args[1:]], env=self.env,
                              check=True, timeout=timeout, capture_output=True, text=True).stdout

    def leader(self):
        """The primary's member number, or None while there is none."""
        try:
            return int(self._run("leader"))
        except subprocess.CalledProcessError:
            return None

    def kill(self, member):
        self._run("kill", str(member))

    def wipe(self, member):
        self._run("wipe", str(member))

    def stop_member(self, member):
        self._run("stop-member", str(member), timeout=60)

    def start_member(self, member):
        self._run("start-member", str(member))

    def cut(self, member):
        """Takes member `member`'s host off the network; its processes run on."""
        self._run("cut", str(member))

    def heal(self, member):
        self._run("heal", str(member))

    def members(self):
        """Per member number, Patroni's role and state (`patronictl list`): ("Leader", "running"),
        ("Sync Standby", "streaming")..."""
        out = self._run("status")
        members = {}
        for line in out.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 4 and cells[0].startswith("pg") and cells[0][2:].isdigit():
                members[int(cells[0][2:])] = (cells[2], cells[3])
        return members

    def stop(self):
        try:
            self._run("stop", timeout=120)
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
