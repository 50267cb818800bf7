#!/usr/bin/env bash
# The book's table of the end protocols (docs/src/reports/end-protocols.md; spec Part VII) with
# real engines: every protocol × two pairings on 9x9 (GNU Go 3.8 at levels 1 and 10; GNU Go
# level 1 against the random player of `ttrules gtp --dead-list proven`), GAMES games each with
# colours alternating. Prints one markdown row per cell.
# Usage: [PROTOCOLS="kgs japanese"] scripts/end-protocols-table.sh [GAMES] [TTRULES] [OUT]
set -euo pipefail
games=${1:-4}
tt=${2:-ttrules}
out=${3:-$(mktemp -d)}
g=/usr/games/gnugo
echo "| protocol | pairing | games | results (a W-L-D) | rounds | disputed rounds | outcomes | removed | extra turns | copy turns | wall s |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for protocol in ${PROTOCOLS:-tromp-taylor agreement chinese kgs japanese arbiter-proven arbiter-gnugo jihuozi}; do
  for pairing in gnugo1-gnugo10 gnugo1-random; do
    end=$protocol; extra=()
    rules=chinese; flag=--chinese-rules
    case $protocol in
      japanese) rules=japanese; flag= ;;
      jihuozi) rules=jihuozi ;;
      arbiter-proven) end=arbiter; extra=(--arbiter proven) ;;
      arbiter-gnugo) end=arbiter; extra=(--arbiter "$g --mode gtp --level 10 $flag") ;;
    esac
    a="$g --mode gtp --level 1 $flag"
    case $pairing in
      gnugo1-gnugo10) b="$g --mode gtp --level 10 $flag" ;;
      gnugo1-random) b="$tt gtp --seed {seed} --dead-list proven" ;;
    esac
    dir="$out/$protocol-$pairing"
    rm -rf "$dir"
    "$tt" referee --black "$a" --white "$b" --games "$games" --alternate --size 9 \
      --rules "$rules" --end "$end" "${extra[@]}" --max-turns 400 --json --out "$dir" \
      >"$dir.json" 2>"$dir.err" || { echo "| $protocol | $pairing | failed: $(tail -1 "$dir.err") |"; continue; }
    python3 - "$dir.json" "$protocol" "$pairing" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["engines"]["a"]["total"]
e = next(iter(s["end"].values()), {})
outcomes = ", ".join(f"{k} {v}" for k, v in sorted(e.get("outcomes", {}).items())) or "-"
print(f"| {sys.argv[2]} | {sys.argv[3]} | {s['games']} | {t['wins']}-{t['losses']}-{t['draws']} "
      f"| {e.get('rounds', 0)} | {e.get('disputed_rounds', 0)} | {outcomes} | {e.get('removed', 0)} "
      f"| {e.get('extra_turns', 0)} | {e.get('copy_turns', 0)} | {s['cost']['wall_seconds']:.1f} |")
PY
  done
done
