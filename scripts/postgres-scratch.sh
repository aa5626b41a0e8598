#!/usr/bin/env bash
# A throwaway PostgreSQL server on loopback, for tests and benches (Debian's postgresql).
#   scripts/postgres-scratch.sh start DIR [PORT]   initdb in DIR (trust auth, loopback only),
#                                                 start it, print its postgres:// URL
#   scripts/postgres-scratch.sh createdb DIR NAME  a fresh database; prints its URL
#   scripts/postgres-scratch.sh stop DIR           stop it (the files stay until DIR is removed)
# As root it runs the server as the `postgres` user, which PostgreSQL requires.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres-scratch: PostgreSQL is not installed (scripts/setup.sh postgresql)" >&2; exit 1; }
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
dir=${2:?"usage: $0 start|createdb|stop DIR ..."}

case "$1" in
  start)
    # The server outlives this script: it must not keep the caller's descriptors open (Swift's
    # Process learns that its child ended when a socket inherited by the child closes).
    for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done
    port=${3:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on -c synchronous_commit=on" start >/dev/null 2>&1 </dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  createdb)
    name=${3:?"usage: $0 createdb DIR NAME"}
    port=$(cat "$dir/port")
    "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE \"$name\"" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/$name"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|createdb|stop DIR ..." >&2; exit 2 ;;
esac
