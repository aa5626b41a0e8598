# The "hosts" of scripts/db-cluster.sh's members, sourced by it. Two kinds (DB_HOSTS):
#
#   processes (the default)  every member is a set of processes on 127.0.0.1; losing a host is
#                            killing them
#   netns                    every member runs in a network namespace of its own (ip netns),
#                            joined to the others, etcd and HAProxy by a bridge; a host can also
#                            be cut off the network (`cut`) and put back (`heal`) while it runs.
#                            Needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN).
#
# In netns mode member N has the address $net.(10+N) on the bridge "skbr$DB_PORT", whose own
# address ($net.1) is where etcd listens for the members; $net is 10.X.Y, from DB_PORT, so
# clusters on other ports do not meet.
DB_HOSTS=${DB_HOSTS:-processes}
case "$DB_HOSTS" in
  processes | netns) ;;
  *) echo "db-cluster: DB_HOSTS is processes or netns, not $DB_HOSTS" >&2; exit 2 ;;
esac
net="10.$((DB_PORT / 256 % 256)).$((DB_PORT % 256))"
bridge="skbr$DB_PORT"

host_namespace() { echo "sketchd-db-$DB_PORT-$1"; }
host_link() { echo "skh${DB_PORT}m$1"; }  # the root side of member N's cable

# The address member N listens on.
host_address() { if [ "$DB_HOSTS" = netns ]; then echo "$net.$((10 + $1))"; else echo 127.0.0.1; fi; }

# Where the members reach etcd.
dcs_address() { if [ "$DB_HOSTS" = netns ]; then echo "$net.1"; else echo 127.0.0.1; fi; }

# The clients the members' pg_hba.conf trusts.
member_network() { if [ "$DB_HOSTS" = netns ]; then echo "$net.0/24"; else echo 127.0.0.1/32; fi; }

# Runs (exec) a command on member N's host.
exec_on_host() {
  if [ "$DB_HOSTS" = netns ]; then exec ip netns exec "$(host_namespace "$1")" "${@:2}"; else exec "${@:2}"; fi
}

# Makes the bridge and member N's namespace and cable, if they are missing.
host_network_up() {
  [ "$DB_HOSTS" = netns ] || return 0
  local n=$1 ns link
  ns=$(host_namespace "$n")
  link=$(host_link "$n")
  if ! ip link show "$bridge" >/dev/null 2>&1; then
    ip link add "$bridge" type bridge
    ip addr add "$net.1/24" dev "$bridge"
    ip link set "$bridge" up
  fi
  ip netns list | grep -qw "$ns" && return 0
  ip netns add "$ns"
  ip link add "$link" type veth peer name "skg${DB_PORT}m$n"
  ip link set "$link" master "$bridge"
  ip link set "$link" up
  ip link set "skg${DB_PORT}m$n" netns "$ns"
  ip -n "$ns" link set "skg${DB_PORT}m$n" name eth0
  ip -n "$ns" addr add "$(host_address "$n")/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
}

# Removes every namespace, cable and the bridge (after the members stopped).
hosts_network_down() {
  [ "$DB_HOSTS" = netns ] || return 0
  for n in $(seq 1 "$MEMBERS"); do
    ip netns del "$(host_namespace "$n")" 2>/dev/null || true
    ip link del "$(host_link "$n")" 2>/dev/null || true
  done
  ip link del "$bridge" 2>/dev/null || true
}

# Cuts member N's host off the network, or puts it back: its processes go on running.
set_host_link() {
  [ "$DB_HOSTS" = netns ] || { echo "db-cluster: cutting a host off needs DB_HOSTS=netns" >&2; exit 2; }
  ip link set "$(host_link "$1")" "$2"
}
