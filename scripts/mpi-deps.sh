#!/usr/bin/env bash
# Installs what the MPI build (`cargo build --features mpi`) needs where it is missing: Open MPI
# (mpirun, and its headers and mpicc for the bindings) and libclang (the bindings are generated
# at build time). Debian and Ubuntu package names; run as root or with sudo.
set -euo pipefail
need=()
for pkg in openmpi-bin libopenmpi-dev libclang-dev; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -eq 0 ]; then
    echo "Open MPI and libclang: installed"
    exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
