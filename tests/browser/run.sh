#!/usr/bin/env bash
# Browser tests: Debian chromium driven by npm playwright-core against a real server.
#
#   tests/browser/run.sh CARCASSONNE_BINARY ARTIFACT_DIR
#
# Installs the pinned playwright-core (npm ci) when node_modules is missing or stale, starts
# `CARCASSONNE_BINARY serve --port 0` on a fresh database, runs every tests/*.test.js with node's
# own test runner, leaves screenshots and the downloaded record in ARTIFACT_DIR, and stops the
# server however the tests end. Exits non-zero on any failure. No browser is ever downloaded.
# BROWSER_TEST_FILES (e.g. tests/levels.test.js) runs only those files.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 CARCASSONNE_BINARY ARTIFACT_DIR" >&2
  exit 2
fi
binary=$(realpath "$1")
mkdir -p "$2"
artifacts=$(realpath "$2")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
chromium=${CHROMIUM:-/usr/bin/chromium}

for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "browser tests need $tool" >&2; exit 1; }
done
[[ -x $chromium ]] || { echo "browser tests need chromium at $chromium" >&2; exit 1; }
[[ -x $binary ]] || { echo "no server binary at $binary" >&2; exit 1; }

# Dependencies: reinstall when package-lock.json changed since the last install.
cd "$here"
stamp=node_modules/.package-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$want" || ! -d node_modules/playwright-core ]]; then
  echo "installing test dependencies (npm ci)"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

work=$(mktemp -d)
server_pid=
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  cp "$work/server.err" "$artifacts/server.log" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Every test creates its games from 127.0.0.1, faster than players do: the games-created budget
# is lifted; the request budget stays at its default, which the app's own traffic must fit. Bots
# think at a low priority rather than idle: the tests share the cores with other test programs,
# which would keep idle bots waiting.
"$binary" serve --port 0 --db "$work/games.sqlite" --web "$root/web" --bot-threads 1 --pace 0 \
  --bot-priority low \
  --games-per-minute 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!

port=
for _ in $(seq 1 200); do
  port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\).*|\1|p' "$work/server.out" | head -n1)
  [[ -n $port ]] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "the server exited before listening:" >&2
    cat "$work/server.out" "$work/server.err" >&2
    exit 1
  fi
  sleep 0.1
done
if [[ -z $port ]]; then
  echo "the server did not say where it listens within 20 s" >&2
  cat "$work/server.out" "$work/server.err" >&2
  exit 1
fi
echo "server listening on port $port (pid $server_pid); artifacts in $artifacts"

start=$(date +%s)
status=0
CARCASSONNE_URL="http://127.0.0.1:$port" ARTIFACT_DIR="$artifacts" \
  node --experimental-websocket --no-warnings=ExperimentalWarning --test --test-concurrency=1 \
  --test-reporter=spec ${BROWSER_TEST_FILES:-tests/} || status=$?
echo "browser tests took $(( $(date +%s) - start )) s"
exit $status
