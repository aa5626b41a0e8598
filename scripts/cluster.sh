#!/usr/bin/env bash
# Starts (or stops) a small sketchd cluster on loopback for trying it out: 3 nodes behind HAProxy.
#
#   scripts/cluster.sh start    # installs haproxy, builds, starts nodes and proxy; returns when all are healthy
#   scripts/cluster.sh stop     # stops exactly what start started
#   scripts/cluster.sh restart-node N   # starts node N again after it died
#
# The proxy listens on 127.0.0.1:${PORT:-8080}; node N listens on 127.0.0.1:$((NODE_PORT_BASE + N))
# (9100 + N by default) with its data in ${CLUSTER_DIR:-./data}/node-N. NODES (default 3) sets
# how many; SKETCHD_FLAGS (split on spaces) adds flags to every node. STORE=replicated also starts
# a replicated PostgreSQL (scripts/db-cluster.sh, in DB_DIR, /tmp/sketchd-cluster-db by default)
# and keeps the sessions there; `stop` stops it too. With STORE=postgres://...
# every node keeps its sessions in that database, and the proxy health-checks the nodes: a dead
# node's sessions move to the next node on the ring. See docs/DEPLOY.md.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-8080}
NODES=${NODES:-3}
NODE_PORT_BASE=${NODE_PORT_BASE:-9100}
CLUSTER_DIR=${CLUSTER_DIR:-./data}
RUN_DIR="$CLUSTER_DIR/cluster"
SKETCHD=${SKETCHD_BIN:-.build/release/sketchd}
read -r -a NODE_FLAGS <<< "${SKETCHD_FLAGS:-}"
STORE=${STORE:-}
DB_DIR=${DB_DIR:-/tmp/sketchd-cluster-db}
# The store the nodes were started with (restart-node starts a node on the same one).
[ -z "$STORE" ] && [ -f "$RUN_DIR/store" ] && STORE=$(cat "$RUN_DIR/store")

healthy() { curl -fsS --max-time 1 "http://127.0.0.1:$1/healthz" >/dev/null 2>&1; }

wait_healthy() {
  local port=$1 what=$2
  for _ in $(seq 1 300); do
    healthy "$port" && return 0
    sleep 0.1
  done
  echo "cluster: $what on port $port did not become healthy; see $RUN_DIR/*.log" >&2
  return 1
}

# Starts node $1 in the background and records its pid.
start_node() {
  local n=$1 port=$((NODE_PORT_BASE + $1))
  mkdir -p "$CLUSTER_DIR/node-$n"
  # Browsers reach the nodes through the proxy, so the proxy's origin is the one to accept.
  "$SKETCHD" --host 127.0.0.1 --port "$port" --data-dir "$CLUSTER_DIR/node-$n" --web-root web \
    --allow-origin "http://127.0.0.1:$PORT" --allow-origin "http://localhost:$PORT" \
    ${NODE_FLAGS[@]+"${NODE_FLAGS[@]}"} >>"$RUN_DIR/node-$n.log" 2>&1 &
  echo "$! node-$n" >> "$RUN_DIR/pids"
}

# Starts node $1 again after it died (a crash, kill -9, a maintenance stop); returns once healthy.
restart_node() {
  [ -f "$RUN_DIR/pids" ] || { echo "cluster: not started" >&2; exit 1; }
  local n=$1
  while read -r pid name; do
    if [ "$name" = "node-$n" ] && kill -0 "$pid" 2>/dev/null; then
      echo "cluster: node-$n is running ($pid)" >&2
      exit 1
    fi
  done < "$RUN_DIR/pids"
  [ -n "$STORE" ] && NODE_FLAGS+=(--store "$STORE")
  start_node "$n"
  wait_healthy $((NODE_PORT_BASE + n)) "node-$n"
  echo "cluster: node-$n is back"
}

start() {
  if [ -f "$RUN_DIR/pids" ]; then
    echo "cluster: already started (stop it first: scripts/cluster.sh stop)" >&2
    exit 1
  fi
  scripts/setup.sh haproxy curl
  # Whatever fails half-way, stop what was started.
  trap 'stop >&2' ERR
  if [ -z "${SKETCHD_BIN:-}" ]; then swift build -c release --product sketchd; fi
  mkdir -p "$RUN_DIR"
  if [ "$STORE" = replicated ]; then
    echo "$DB_DIR" > "$RUN_DIR/db-dir"
    STORE=$(scripts/db-cluster.sh start "$DB_DIR")
  fi
  echo "$STORE" > "$RUN_DIR/store"
  [ -n "$STORE" ] && NODE_FLAGS+=(--store "$STORE")
  local sessions="" web="" session_check=""
  # Sessions in a shared database can be served by any node: check the nodes, so a dead one
  # leaves the ring at once. Sessions in a node's files stay on it (see the template).
  if [ -n "$STORE" ]; then
    # (awk -v turns each \n into a line break.)
    # A connection the dead node refuses goes at once to another node (redispatch), not after
    # HAProxy's one-second pause between retries on the same server.
    session_check='    option httpchk GET /healthz\n    http-check expect status 200\n    default-server inter 500ms fall 2 rise 2\n    option redispatch 1\n    retries 2'
  fi
  : > "$RUN_DIR/pids"
  for n in $(seq 1 "$NODES"); do
    local port=$((NODE_PORT_BASE + n))
    start_node "$n"
    sessions+="    server node$n 127.0.0.1:$port${STORE:+ check}"$'\n'
    web+="    server node$n 127.0.0.1:$port check"$'\n'
  done
  for n in $(seq 1 "$NODES"); do wait_healthy $((NODE_PORT_BASE + n)) "node-$n"; done
  awk -v listen="127.0.0.1:$PORT" -v run="$(cd "$RUN_DIR" && pwd)" -v s="${sessions%$'\n'}" -v w="${web%$'\n'}" -v c="$session_check" '
    { gsub(/\{\{LISTEN\}\}/, listen); gsub(/\{\{RUN_DIR\}\}/, run) }
    /\{\{SESSION_CHECK\}\}/ { if (c != "") print c; next }
    /\{\{SESSION_SERVERS\}\}/ { print s; next }
    /\{\{WEB_SERVERS\}\}/ { print w; next }
    { print }' deploy/haproxy.cfg.tmpl > "$RUN_DIR/haproxy.cfg"
  haproxy -c -q -f "$RUN_DIR/haproxy.cfg"
  haproxy -f "$RUN_DIR/haproxy.cfg" >"$RUN_DIR/haproxy.log" 2>&1 &
  echo "$! haproxy" >> "$RUN_DIR/pids"
  wait_healthy "$PORT" "the proxy"
  trap - ERR
  echo "cluster: $NODES nodes behind http://127.0.0.1:$PORT/ (data in $CLUSTER_DIR/node-N)"
}

stop() {
  if [ -f "$RUN_DIR/pids" ]; then
    while read -r pid name; do
      if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
        echo "cluster: stopped $name ($pid)"
      fi
    done < "$RUN_DIR/pids"
  elif [ ! -f "$RUN_DIR/db-dir" ]; then
    echo "cluster: not started"
  fi
  rm -f "$RUN_DIR/pids" "$RUN_DIR/store"
  if [ -f "$RUN_DIR/db-dir" ]; then
    scripts/db-cluster.sh stop "$(cat "$RUN_DIR/db-dir")"
    echo "cluster: stopped the replicated database"
    rm -f "$RUN_DIR/db-dir"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  restart-node) restart_node "${2:?usage: scripts/cluster.sh restart-node N}" ;;
  *) echo "usage: scripts/cluster.sh start|stop|restart-node N" >&2; exit 2 ;;
esac
