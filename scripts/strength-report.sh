#!/usr/bin/env bash
# The strength report of docs/BOTS.md (issue 34's goals), one command: the strongest level against
# the greedy bot in every rule set the goals name, and against the old search at about the same
# time per decision, each on decks seeded apart from the tuning decks (those start at 1000).
#
#   scripts/strength-report.sh [--binary PATH] [--threads T] [--out DIR] [--scale F] [MATCH...]
#
# MATCH is one of the names below (all of them when none is given). --scale multiplies the games
# (rounded to an even number, at least 2) for a quick look; the report's figures use 1. Each
# match's arena output is kept in DIR (default: strength-report/ under the current directory) as
# MATCH.txt and MATCH.json, and a Markdown table of the matches run is printed at the end.
#
# The matches bounded by playouts are reproducible whatever --threads; the ones against a bot with
# a time budget are not, and want the machine to themselves (--threads no more than its cores).
# The old search (`mcts`, judged by the greedy evaluation, as the `advanced` level) gets the mean
# time per decision the strongest level took against greedy in the same rule set ("@bcb": the
# bcb match's, read from DIR/bcb.json), so that match runs first.
set -euo pipefail

binary=build/carcassonne
threads=2
out=strength-report
scale=1
chosen=()
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "strength-report: unknown option $1" >&2; exit 2 ;;
    *) chosen+=("$1"); shift ;;
  esac
done

# name | bots | expansions (- for the base game) | seed | games
matches=(
  "bcb|master,greedy|bcb|7000|200"
  "base|master,greedy|-|7100|100"
  "ic|master,greedy|ic|7200|100"
  "tb|master,greedy|tb|7300|100"
  "pd|master,greedy|pd|7400|100"
  "am|master,greedy|am|7500|100"
  "all5|master,greedy|bcb,ic,tb,pd,am|7600|200"
  "old-bcb|master,mcts:ms=@bcb|bcb|7700|200"
  "old-all5|master,mcts:ms=@all5|bcb,ic,tb,pd,am|7800|200"
)

if [ ! -x "$binary" ]; then
  echo "strength-report: no binary at $binary (make build first, or --binary PATH)" >&2
  exit 2
fi
for name in "${chosen[@]}"; do
  printf '%s\n' "${matches[@]}" | grep -q "^$name|" ||
    { echo "strength-report: unknown match $name (known: $(printf '%s\n' "${matches[@]}" | cut -d'|' -f1 | paste -sd' '))" >&2; exit 2; }
done

mkdir -p "$out"
rows=()
for match in "${matches[@]}"; do
  IFS='|' read -r name bots expansions seed games <<< "$match"
  if [ ${#chosen[@]} -gt 0 ] && ! printf '%s\n' "${chosen[@]}" | grep -qx "$name"; then continue; fi
  games=$(python3 -c "print(max(2, 2 * round($games * $scale / 2)))")
  if [[ "$bots" == *@* ]]; then
    source_match=${bots##*@}
    ms=$(python3 -c "import json, sys; print(round(1000 * json.load(open(sys.argv[1]))['bots'][0]['seconds_per_decision']['mean']))" "$out/$source_match.json" 2>/dev/null) ||
      { echo "strength-report: $name needs the $source_match match's times: run $source_match first" >&2; exit 2; }
    bots=${bots%@*}$ms
  fi
  args=(arena --bots "$bots" --games "$games" --seed "$seed" --threads "$threads")
  [ "$expansions" != "-" ] && args+=(--expansions "$expansions")
  echo "strength-report: $name: $binary ${args[*]}" >&2
  "$binary" "${args[@]}" --stats "$out/$name.json" > "$out/$name.txt"
  rows+=("$name|$expansions|$out/$name.json")
done

python3 - "${rows[@]}" <<'EOF'
import json, sys
print("| match | rule set | games | win rate (95% CI) | mean score diff | s/decision mean (p99) |")
print("|---|---|---|---|---|---|")
for row in sys.argv[1:]:
    name, expansions, path = row.split("|")
    try:
        report = json.load(open(path))
    except (OSError, ValueError):
        print(f"| {name} | {expansions} | | (no result) | | |")
        continue
    first, second = report["bots"][0], report["bots"][1]
    # As the docs write rule sets: base+BCB, base+ic, base+BCB+ic+tb+pd+am.
    rules = "base" if expansions == "-" else "base+" + "+".join(
        "BCB" if e == "bcb" else e for e in expansions.split(","))
    low, high = first["win_rate_ci95"]
    times = "; ".join(f"{b['name']} {b['seconds_per_decision']['mean']:.3f} "
                      f"({b['seconds_per_decision']['p99']:.3f})" for b in (first, second)
                      if b["seconds_per_decision"]["mean"] >= 0.001)
    print(f"| `{first['name']}` vs `{second['name']}` | {rules} | {first['games']} | "
          f"{first['win_rate']:.3f} [{low:.3f}, {high:.3f}] | {first['mean_score_diff']:+.1f} | "
          f"{times} |")
EOF
