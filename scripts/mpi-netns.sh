#!/usr/bin/env bash
# Runs an MPI build across two network namespaces of this machine, so that the ranks talk TCP
# between two "hosts" as on a cluster, and compares the files with the one-machine build.
# Needs root (ip netns), Open MPI (scripts/mpi-deps.sh) and a build with --features mpi.
#
#   scripts/mpi-netns.sh BINARY [GAME [MAX_STONES [RANKS]]]    # default: modiar, all, 3
#
# Host h1 (10.77.0.1) runs mpirun and one rank; host h2 (10.77.0.2) the others. mpirun starts
# h2's daemon through a launcher that enters h2's namespace instead of ssh.
set -euo pipefail
bin="$(realpath "${1:?usage: mpi-netns.sh BINARY [GAME [MAX_STONES [RANKS]]]}")"
game="${2:-modiar}"
max="${3:-}"
ranks="${4:-3}"
work="$(mktemp -d /tmp/mancala-netns.XXXXXX)"
cleanup() {
    ip netns del mnc-h1 2>/dev/null || true
    ip netns del mnc-h2 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add mnc-h1
ip netns add mnc-h2
ip link add mnc-veth1 type veth peer name mnc-veth2
ip link set mnc-veth1 netns mnc-h1
ip link set mnc-veth2 netns mnc-h2
ip -n mnc-h1 addr add 10.77.0.1/24 dev mnc-veth1
ip -n mnc-h2 addr add 10.77.0.2/24 dev mnc-veth2
for ns in mnc-h1 mnc-h2; do
    ip -n "$ns" link set lo up
done
ip -n mnc-h1 link set mnc-veth1 up
ip -n mnc-h2 link set mnc-veth2 up

# mpirun calls the launcher as `launcher HOST COMMAND...`, as it would call ssh.
cat > "$work/launch" <<'LAUNCH'
#!/bin/sh
host="$1"; shift
case "$host" in
    10.77.0.1) ns=mnc-h1 ;;
    10.77.0.2) ns=mnc-h2 ;;
    *) echo "unknown host $host" >&2; exit 1 ;;
esac
exec ip netns exec "$ns" sh -c "$*"
LAUNCH
chmod +x "$work/launch"

maxflag=()
[ -n "$max" ] && maxflag=(--max-stones "$max")
echo "== one machine"
"$bin" db build "$game" "${maxflag[@]}" --data-dir "$work/one" 2>&1 | tail -n 1
echo "== $ranks ranks on hosts 10.77.0.1 (1 rank) and 10.77.0.2 ($((ranks - 1)))"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ip netns exec mnc-h1 mpirun -n "$ranks" --host "10.77.0.1:1,10.77.0.2:$((ranks - 1))" \
    --mca plm_rsh_agent "$work/launch" \
    --mca btl tcp,self --mca btl_tcp_if_include 10.77.0.0/24 --mca oob_tcp_if_include 10.77.0.0/24 \
    --report-bindings --display-map \
    "$bin" db build "$game" "${maxflag[@]}" --data-dir "$work/mpi" --mpi 2>&1 | grep -v '^level' | tail -n 20
echo "== traffic over the link between the hosts"
ip -n mnc-h1 -s link show mnc-veth1 | sed -n '/RX:/,$p'
echo "== the files"
dir="$(ls "$work/one")"
status=0
for f in "$work/one/$dir"/*.mdb; do
    cmp "$f" "$work/mpi/$dir/$(basename "$f")" || status=1
done
n="$(ls "$work/one/$dir"/*.mdb | wc -l)"
[ "$status" -eq 0 ] && echo "$n level files, byte for byte the same"
rm -rf "$work"
exit "$status"
