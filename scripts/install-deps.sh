#!/usr/bin/env bash
# Installs the Debian packages the build needs, only those missing. Safe to run repeatedly.
set -euo pipefail
# libboost1.81-dev: Beast/Asio for the server (never libboost-all-dev: Boost 1.74 conflicts).
# clang, libclang-rt-dev: the libFuzzer targets (make fuzz, make test-fuzz).
# chromium, nodejs/npm: browser tests (playwright-core from npm drives Debian's chromium).
# libeigen3-dev: the linear algebra of `carcassonne train-value` (the learned evaluation).
packages=(build-essential cmake ninja-build pkg-config git
          nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev clang-format
          clang libclang-rt-dev
          libboost1.81-dev libsqlite3-dev libeigen3-dev chromium pybind11-dev python3-dev python3-numpy)
# Node.js runs the browser tests; machines that have none get Debian's.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing missing packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
