#!/usr/bin/env bash
# Load benchmark (not a test): starts `carcassonne serve` on a free loopback port with a fresh
# database, then runs carcassonne_load against it (default: 200 concurrent games, 400 WebSocket
# clients) and prints actions per second and latency percentiles. Usage:
#   scripts/load-bench.sh BUILD_DIR [carcassonne_load options...]
set -euo pipefail
build=${1:?usage: load-bench.sh BUILD_DIR [options]}
shift
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
# Every client comes from 127.0.0.1: lift the per-address budgets for them.
"$build/carcassonne" serve --port 0 --db "$work/load.sqlite" --pace 0 \
  --max-connections-per-address 100000 --requests-per-minute 0 --games-per-minute 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/server.out")
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then echo "server did not start:" >&2; cat "$work/server.err" >&2; exit 1; fi
"$build/carcassonne_load" --port "$port" "$@"
