#!/usr/bin/env bash
# Abuse benchmark (not a test): for each abuse pattern of carcassonne_load (and "none", the
# baseline), starts a fresh `carcassonne serve` with its default budgets, lets one abuser
# misbehave from 127.0.0.2 while 10 players on 127.0.0.1 play at a human pace (100 ms to think),
# each against the greedy bot, for 30 seconds, and prints one JSON line per pattern: the players'
# act latency, how long the bot's turns kept them waiting, what the abuser got, and the server's
# memory. Usage:
#   scripts/abuse-bench.sh BUILD_DIR [SERVER_BINARY] [PATTERN...]
# SERVER_BINARY (default BUILD_DIR/carcassonne) may be an older build, for before/after figures.
set -euo pipefail
build=${1:?usage: abuse-bench.sh BUILD_DIR [SERVER_BINARY] [PATTERN...]}
server=${2:-$build/carcassonne}
shift $(($# < 2 ? $# : 2))
patterns=("$@")
[ ${#patterns[@]} -gt 0 ] || patterns=(none connections frames no-read create bots view-record view-record-wave)
seconds=${ABUSE_SECONDS:-30}
work=$(mktemp -d)
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

# A whole game's record for view-record, and a long one (every expansion, six players) for
# view-record-wave.
"$build/carcassonne" selfplay --bots greedy --expansions bcb --games 1 --seed 7 \
  --record "$work/records" >/dev/null
"$build/carcassonne" selfplay --bots greedy --expansions bcb,ic,tb,pd,am --players 6 --games 1 \
  --seed 7 --record "$work/long" >/dev/null

for pattern in "${patterns[@]}"; do
  rm -f "$work"/db.sqlite*
  "$server" serve --port 0 --db "$work/db.sqlite" --pace 0 --bot-threads 2 \
    >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  port=""
  for _ in $(seq 1 100); do
    port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/server.out")
    [ -n "$port" ] && break
    sleep 0.1
  done
  if [ -z "$port" ]; then echo "server did not start:" >&2; cat "$work/server.err" >&2; exit 1; fi
  abuse=()
  if [ "$pattern" != none ]; then
    record="$work/records/game-0.json"
    [ "$pattern" != view-record-wave ] || record="$work/long/game-0.json"
    abuse=(--abuse "$pattern" --abuse-record "$record" --abuse-lead 5)
  fi
  "$build/carcassonne_load" --port "$port" --games 10 --clients-per-game 1 --bot greedy \
    --think-ms 100 --seconds "$seconds" --server-pid "$server_pid" --json --quiet \
    "${abuse[@]}" | sed "s/^{/{\"pattern\":\"$pattern\",/" || true
  stop_server
done
