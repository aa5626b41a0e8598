#!/usr/bin/env bash
# The 50-client single-session benchmark through HAProxy and directly against one node (issue 13).
# Starts scripts/cluster.sh (3 nodes + HAProxy on loopback, in a fresh temporary directory, on
# ports PORT and NODE_PORT_BASE + 1..3), runs sketchd-bench through the proxy (/ws/<minted id>,
# placed on a node by the proxy's hash ring), then the same against node 1 directly, and stops
# the cluster. Extra arguments go to both runs (for example --strokes 100).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PORT=${PORT:-18080} NODE_PORT_BASE=${NODE_PORT_BASE:-19100}
if [ -z "${SKETCHD_BIN:-}" ]; then swift build -c release --product sketchd; fi
swift build -c release --product sketchd-bench
export SKETCHD_BIN=${SKETCHD_BIN:-.build/release/sketchd}
CLUSTER_DIR=$(mktemp -d -t sketchd-proxy-bench.XXXXXX)
export CLUSTER_DIR
# Every bench client comes from 127.0.0.1 (through the proxy too): lift the per-address budgets.
SKETCHD_FLAGS=$(.build/release/sketchd-bench --budget-flags-for "$SKETCHD_BIN")
export SKETCHD_FLAGS
trap 'scripts/cluster.sh stop; rm -rf "$CLUSTER_DIR"' EXIT
scripts/cluster.sh start
echo "node flags: $SKETCHD_FLAGS"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== through the proxy (127.0.0.1:$PORT)"
.build/release/sketchd-bench --connect "$PORT" --clients 50 "$@"
node1=$(awk '$2 == "node-1" { print $1 }' "$CLUSTER_DIR/cluster/pids")
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== directly against node 1 (127.0.0.1:$((NODE_PORT_BASE + 1)))"
.build/release/sketchd-bench --connect "$((NODE_PORT_BASE + 1))" --daemon-pid "$node1" --clients 50 "$@"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
