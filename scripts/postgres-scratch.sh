#!/usr/bin/env bash
# Throwaway PostgreSQL servers on loopback, for tests and benches (Debian's postgresql).
#   scripts/postgres-scratch.sh start DIR [PORT]   initdb in DIR (trust auth, loopback only) unless
#                                                 done before, start it, print its postgres:// URL
#   scripts/postgres-scratch.sh standby DIR SDIR   make SDIR a streaming standby of DIR's server
#                                                 (pg_basebackup), make DIR wait for it at every
#                                                 commit (synchronous_standby_names), start it
#   scripts/postgres-scratch.sh createdb DIR NAME  a fresh database; prints its URL
#   scripts/postgres-scratch.sh stop DIR           stop it (the files stay until DIR is removed);
#                                                 `start DIR` starts it again on the same port
# As root it runs the servers as the `postgres` user, which PostgreSQL requires.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres-scratch: PostgreSQL is not installed (scripts/setup.sh postgresql)" >&2; exit 1; }
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
dir=${2:?"usage: $0 start|standby|createdb|stop DIR ..."}

launch() {  # launch DIR: start the server whose data and port are in DIR
  local d=$1 port
  port=$(cat "$d/port")
  # The server outlives this script: it must not keep the caller's descriptors open (Swift's
  # Process learns that its child ended when a socket inherited by the child closes).
  for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done
  as_owner "$bin/pg_ctl" -D "$d/data" -l "$d/server.log" -w -t 60 \
    -o "-p $port -k $d -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on -c synchronous_commit=on" \
    start >/dev/null 2>&1 </dev/null || { tail -20 "$d/server.log" >&2; exit 1; }
}

case "$1" in
  start)
    if [ ! -d "$dir/data" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
      as_owner test -w "$dir" || { echo "postgres-scratch: the postgres user cannot write $dir (are its parents searchable?)" >&2; exit 1; }
      echo "${3:-$(free_port)}" >"$dir/port"
      as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
    fi
    launch "$dir"
    echo "postgres://postgres@127.0.0.1:$(cat "$dir/port")/postgres"
    ;;
  standby)
    standby=${3:?"usage: $0 standby DIR SDIR"}
    mkdir -p "$standby"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$standby"
    free_port >"$standby/port"
    as_owner "$bin/pg_basebackup" -h 127.0.0.1 -p "$(cat "$dir/port")" -U postgres -D "$standby/data" -R -X stream \
      -d "application_name=standby" >"$standby/basebackup.log" 2>&1
    launch "$standby"
    "$bin/psql" -q -h 127.0.0.1 -p "$(cat "$dir/port")" -U postgres -d postgres -v ON_ERROR_STOP=1 \
      -c "ALTER SYSTEM SET synchronous_standby_names = 'standby'" -c "SELECT pg_reload_conf()" >/dev/null
    # Until the standby streams, commits would wait: return once it does.
    for _ in $(seq 1 600); do
      state=$("$bin/psql" -tA -h 127.0.0.1 -p "$(cat "$dir/port")" -U postgres -d postgres \
        -c "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby'")
      [ "$state" = "sync" ] && exit 0
      sleep 0.1
    done
    echo "postgres-scratch: the standby did not become synchronous" >&2; exit 1
    ;;
  createdb)
    name=${3:?"usage: $0 createdb DIR NAME"}
    port=$(cat "$dir/port")
    "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"$name\"" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/$name"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m "${3:-fast}" -w stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|standby|createdb|stop DIR ..." >&2; exit 2 ;;
esac
