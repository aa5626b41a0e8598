#!/usr/bin/env bash
# A replicated PostgreSQL for sketchd's cluster store, on one machine: etcd, three Patroni
# members (each a PostgreSQL server; hosts of their own in production) and HAProxy in front,
# sending connections to whichever member Patroni's REST API says is the primary.
#
#   scripts/db-cluster.sh start DIR        install what is missing, start it all, create the
#                                          `sketchd` database; prints the store's URL once a
#                                          primary and a synchronous standby are up
#   scripts/db-cluster.sh stop DIR         stop everything start started (files stay in DIR)
#   scripts/db-cluster.sh leader DIR       the member number (1-3) of the primary
#   scripts/db-cluster.sh kill DIR N       kill -9 member N's Patroni and PostgreSQL (a lost host)
#   scripts/db-cluster.sh wipe DIR N       delete member N's data (its disk is gone too)
#   scripts/db-cluster.sh stop-member DIR N   stop member N cleanly
#   scripts/db-cluster.sh start-member DIR N  start member N again; with its data wiped it is
#                                          rebuilt from the primary and rejoins as a standby
#   scripts/db-cluster.sh status DIR       Patroni's view of the cluster (patronictl list)
#   scripts/db-cluster.sh cut DIR N        cut member N's host off the network, its processes
#                                          running on (DB_HOSTS=netns only)
#   scripts/db-cluster.sh heal DIR N       put it back on the network
#
# DB_HOSTS=netns runs every member in a network namespace of its own (scripts/db-hosts.sh);
# the default runs them as processes on 127.0.0.1.
#
# Replication is synchronous and strict (Patroni's synchronous_mode and synchronous_mode_strict):
# a commit returns only once a standby has flushed it, and with no standby left the primary stops
# committing rather than going on alone. Failover: a primary unheard-of for `ttl` (10 s) loses the
# leader key, and the synchronous standby is promoted. See docs/DEPLOY.md.
#
# DIR must be reachable by the `postgres` user (use a folder directly under /tmp). Ports: HAProxy
# on 127.0.0.1:DB_PORT (5450), member N's PostgreSQL on DB_PORT+N, its REST API on
# REST_PORT_BASE+N (8050), both on the member's address, etcd on ETCD_PORT (23790) and ETCD_PORT+1.
# `start` keeps these settings and DB_HOSTS in DIR; the other commands use the kept ones.
set -euo pipefail
cd "$(dirname "$0")/.."
cmd=${1:-}
dir=${2:?"usage: $0 start|stop|leader|kill|wipe|stop-member|start-member|status|cut|heal DIR [N]"}
if [ "$cmd" != start ] && [ -f "$dir/run/settings" ]; then . "$dir/run/settings"; fi
DB_PORT=${DB_PORT:-5450}
REST_PORT_BASE=${REST_PORT_BASE:-8050}
ETCD_PORT=${ETCD_PORT:-23790}
MEMBERS=3
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
. scripts/db-hosts.sh

as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# Runs (exec) a command as `postgres` on member N's host, so `$!` is the command's own pid.
exec_as_postgres_on() {
  local n=$1
  shift
  if [ "$(id -u)" -eq 0 ]; then
    HOME=/var/lib/postgresql exec_on_host "$n" setpriv --reuid=postgres --regid=postgres --init-groups "$@"
  else
    exec_on_host "$n" "$@"
  fi
}
# Servers started here outlive this script: they must not keep the caller's descriptors open.
close_inherited() { for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; return 0; }
rest() { curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://$(host_address "$1"):$((REST_PORT_BASE + $1))/$2" 2>/dev/null || true; }
pidfile() { echo "$dir/run/$1.pid"; }
alive() { [ -f "$(pidfile "$1")" ] && kill -0 "$(cat "$(pidfile "$1")")" 2>/dev/null; }

member_config() {  # member_config N: Patroni's configuration for member N
  local n=$1 d="$dir/pg$1" address
  address=$(host_address "$1")
  cat <<EOF
scope: sketchd
name: pg$n
log:
  level: WARNING
restapi:
  listen: $address:$((REST_PORT_BASE + n))
  connect_address: $address:$((REST_PORT_BASE + n))
etcd3:
  hosts: $(dcs_address):$ETCD_PORT
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    synchronous_mode_strict: true
    postgresql:
      use_pg_rewind: true
      parameters:
        synchronous_commit: "on"
        max_connections: 200
        wal_log_hints: "on"
        wal_keep_size: 256MB
  initdb:
    - encoding: UTF8
  pg_hba:
    - host replication replicator $(member_network) trust
    - host all all 127.0.0.1/32 trust
    - host all all $(member_network) trust
postgresql:
  listen: $address:$((DB_PORT + n))
  connect_address: $address:$((DB_PORT + n))
  data_dir: $d/data
  bin_dir: $bin
  pgpass: $d/pgpass
  authentication:
    superuser:
      username: postgres
    replication:
      username: replicator
    rewind:
      username: postgres
  parameters:
    unix_socket_directories: $d
    fsync: "on"
EOF
}

start_etcd() {
  alive etcd && return 0
  close_inherited
  mkdir -p "$dir/etcd"
  local clients="http://127.0.0.1:$ETCD_PORT"
  [ "$(dcs_address)" = 127.0.0.1 ] || clients="$clients,http://$(dcs_address):$ETCD_PORT"
  etcd --name sketchd-etcd --data-dir "$dir/etcd" \
    --listen-client-urls "$clients" --advertise-client-urls "http://$(dcs_address):$ETCD_PORT" \
    --listen-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" --initial-advertise-peer-urls "http://127.0.0.1:$((ETCD_PORT + 1))" \
    --initial-cluster "sketchd-etcd=http://127.0.0.1:$((ETCD_PORT + 1))" \
    >>"$dir/run/etcd.log" 2>&1 </dev/null &
  echo $! >"$(pidfile etcd)"
  for _ in $(seq 1 300); do
    curl -fsS --max-time 1 "http://127.0.0.1:$ETCD_PORT/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "db-cluster: etcd did not start; see $dir/run/etcd.log" >&2; exit 1
}

start_member() {
  local n=$1
  alive "pg$n" && return 0
  close_inherited
  mkdir -p "$dir/pg$n"
  member_config "$n" >"$dir/pg$n/patroni.yml"
  [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir/pg$n"
  (exec_as_postgres_on "$n" patroni "$dir/pg$n/patroni.yml") >>"$dir/run/pg$n.log" 2>&1 </dev/null &
  echo $! >"$(pidfile "pg$n")"
}

start_proxy() {
  alive haproxy && return 0
  close_inherited
  {
    cat <<EOF
global
    maxconn 1000
defaults
    mode tcp
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    timeout check 1s
listen primary
    bind 127.0.0.1:$DB_PORT
    option httpchk GET /primary
    http-check expect status 200
    default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
EOF
    for n in $(seq 1 $MEMBERS); do
      echo "    server pg$n $(host_address "$n"):$((DB_PORT + n)) check port $((REST_PORT_BASE + n))"
    done
  } >"$dir/run/haproxy.cfg"
  haproxy -c -q -f "$dir/run/haproxy.cfg"
  haproxy -f "$dir/run/haproxy.cfg" >>"$dir/run/haproxy.log" 2>&1 </dev/null &
  echo $! >"$(pidfile haproxy)"
}

leader() {
  for n in $(seq 1 $MEMBERS); do
    [ "$(rest "$n" primary)" = 200 ] && { echo "$n"; return 0; }
  done
  return 1
}

# Waits until a primary has a synchronous standby streaming to it (commits can be acknowledged).
wait_replicated() {
  for _ in $(seq 1 1200); do
    local l
    if l=$(leader); then
      local sync
      sync=$("$bin/psql" -tA -h "$(host_address "$l")" -p "$((DB_PORT + l))" -U postgres -d postgres \
        -c "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'" 2>/dev/null || true)
      [ "${sync:-0}" -ge 1 ] && return 0
    fi
    sleep 0.1
  done
  echo "db-cluster: no primary with a synchronous standby; see $dir/run/*.log" >&2; exit 1
}

kill_member() {  # every process of member N's "host": Patroni and its PostgreSQL
  local n=$1
  if alive "pg$n"; then kill -KILL "$(cat "$(pidfile "pg$n")")" 2>/dev/null || true; fi
  local pm="$dir/pg$n/data/postmaster.pid"
  if [ -f "$pm" ]; then
    local pid
    pid=$(head -1 "$pm")
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    # The postmaster's children end with it; wait for its port to close.
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$(pidfile "pg$n")"
}

stop_member() {
  local n=$1
  if alive "pg$n"; then
    local pid
    pid=$(cat "$(pidfile "pg$n")")
    kill -TERM "$pid"
    for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill_member "$n"
  fi
  rm -f "$(pidfile "pg$n")"
}

case "$cmd" in
  start)
    scripts/setup.sh postgresql patroni etcd-server etcd-client haproxy curl iproute2 >&2
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    mkdir -p "$dir/run"
    printf 'DB_PORT=%s\nREST_PORT_BASE=%s\nETCD_PORT=%s\nDB_HOSTS=%s\n' \
      "$DB_PORT" "$REST_PORT_BASE" "$ETCD_PORT" "$DB_HOSTS" >"$dir/run/settings"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    as_postgres test -w "$dir" || { echo "db-cluster: the postgres user cannot write $dir (use a folder directly under /tmp)" >&2; exit 1; }
    for n in $(seq 1 $MEMBERS); do host_network_up "$n"; done
    start_etcd
    for n in $(seq 1 $MEMBERS); do start_member "$n"; done
    start_proxy
    wait_replicated
    l=$(leader)
    exists=$("$bin/psql" -tA -h "$(host_address "$l")" -p "$((DB_PORT + l))" -U postgres -d postgres -c "SELECT 1 FROM pg_database WHERE datname = 'sketchd'")
    [ "$exists" = 1 ] || "$bin/psql" -q -h "$(host_address "$l")" -p "$((DB_PORT + l))" -U postgres -d postgres -c "CREATE DATABASE sketchd" >/dev/null
    echo "postgres://postgres@127.0.0.1:$DB_PORT/sketchd"
    ;;
  stop)
    alive haproxy && kill -TERM "$(cat "$(pidfile haproxy)")" 2>/dev/null || true
    rm -f "$(pidfile haproxy)"
    for n in $(seq 1 $MEMBERS); do stop_member "$n"; done
    if alive etcd; then kill -TERM "$(cat "$(pidfile etcd)")"; fi
    rm -f "$(pidfile etcd)"
    hosts_network_down
    ;;
  leader) leader || { echo "db-cluster: no primary" >&2; exit 1; } ;;
  kill) kill_member "${3:?usage: $0 kill DIR N}" ;;
  wipe) rm -rf "$dir/pg${3:?usage: $0 wipe DIR N}/data" ;;
  stop-member) stop_member "${3:?usage: $0 stop-member DIR N}" ;;
  start-member) start_member "${3:?usage: $0 start-member DIR N}" ;;
  status) patronictl -c "$dir/pg1/patroni.yml" list ;;
  cut) set_host_link "${3:?usage: $0 cut DIR N}" down ;;
  heal) set_host_link "${3:?usage: $0 heal DIR N}" up ;;
  *) echo "usage: $0 start|stop|leader|kill|wipe|stop-member|start-member|status|cut|heal DIR [N]" >&2; exit 2 ;;
esac
