#!/usr/bin/env bash
# The strength report of docs/BOTS.md (issue 34's goals), one command: the strongest level against
# the greedy bot in every rule set the goals name, and against the old search at about the same
# time per decision, each on decks seeded apart from the tuning decks (those start at 1000).
#
#   scripts/strength-report.sh [--binary PATH] [--threads T] [--out DIR] [--scale F] [--parts N]
#                              [MATCH...]
#
# MATCH is one of the names below (all of them when none is given). --scale multiplies the games
# (rounded to an even number, at least 2) for a quick look; the report's figures use 1. Each
# match's arena output is kept in DIR (default: strength-report/ under the current directory) as
# MATCH.txt and MATCH.json, and a Markdown table of the matches run is printed at the end.
#
# --parts N plays each match as N arenas of 1/N of its games on consecutive decks (part k from
# seed S + k x decks per part: together the decks of the whole match; the bots' seeds differ from
# one arena's), kept as MATCH.part-K.txt and .json, and merges them into MATCH.txt and .json. A
# part already played is not played again, so a match of hours can be run over several sittings:
# stop it any time and run the same command again. The merged seconds per decision are the
# parts' mean weighted by their decisions, and for the 99th percentile the largest of the parts'
# (an upper bound).
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
parts=1
chosen=()
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --parts) parts=$2; shift 2 ;;
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
  if [ "$parts" -le 1 ]; then
    args=(arena --bots "$bots" --games "$games" --seed "$seed" --threads "$threads")
    [ "$expansions" != "-" ] && args+=(--expansions "$expansions")
    echo "strength-report: $name: $binary ${args[*]}" >&2
    "$binary" "${args[@]}" --stats "$out/$name.json" > "$out/$name.txt"
  else
    part_games=$(( games / parts ))
    if [ $(( part_games * parts )) -ne "$games" ] || [ $(( part_games % 2 )) -ne 0 ]; then
      echo "strength-report: $name: $games games do not split into $parts parts of whole decks" >&2
      exit 2
    fi
    for (( k = 0; k < parts; k++ )); do
      part="$out/$name.part-$k"
      # An arena writes its stats file empty before its games, in full after them.
      if [ -s "$part.json" ]; then continue; fi
      # Two players: a part of G games plays G / 2 decks.
      args=(arena --bots "$bots" --games "$part_games" --seed "$(( seed + k * part_games / 2 ))"
            --threads "$threads")
      [ "$expansions" != "-" ] && args+=(--expansions "$expansions")
      echo "strength-report: $name part $k of $parts: $binary ${args[*]}" >&2
      "$binary" "${args[@]}" --stats "$part.json" > "$part.txt"
    done
    python3 - "$out/$name" "$parts" <<'MERGE'
import json, math, sys
base, parts = sys.argv[1], int(sys.argv[2])
reports = [json.load(open(f"{base}.part-{k}.json")) for k in range(parts)]
lines = []
for k in range(parts):
    lines += [line for line in open(f"{base}.part-{k}.txt") if line.startswith('{"game"')]
open(f"{base}.txt", "w").write("".join(lines))
z = 1.959963984540054
def wilson(successes, trials):
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return [max(0.0, centre - half), min(1.0, centre + half)]
merged = dict(reports[0])
merged["games"] = sum(r["games"] for r in reports)
merged["parts"] = parts
merged["seconds"] = sum(r["seconds"] for r in reports)
bots = []
for i, first in enumerate(reports[0]["bots"]):
    each = [r["bots"][i] for r in reports]
    games = sum(b["games"] for b in each)
    wins = sum(b["wins"] for b in each)
    ties = sum(b["ties"] for b in each)
    decisions = sum(b["decisions"] for b in each)
    seconds = [b["seconds_per_decision"] for b in each]
    bots.append({
        "name": first["name"], "games": games, "wins": wins, "ties": ties,
        "win_rate": (wins + ties / 2) / games, "win_rate_ci95": wilson(wins + ties / 2, games),
        "mean_score_diff": sum(b["mean_score_diff"] * b["games"] for b in each) / games,
        "decisions": decisions,
        "seconds_per_decision": {
            "mean": sum(s["mean"] * b["decisions"] for s, b in zip(seconds, each)) / max(1, decisions),
            "p99": max(s["p99"] for s in seconds), "max": max(s["max"] for s in seconds)}})
merged["bots"] = bots
merged.pop("head_to_head", None)
json.dump(merged, open(f"{base}.json", "w"))
MERGE
  fi
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
