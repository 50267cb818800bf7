#!/usr/bin/env bash
# The side-by-side run of docs/src/reports/referee-side-by-side.md (issue 19's acceptance): one
# event (GNU Go 3.8 at levels 1 and 6 and the random player of `ttrules gtp`, 9x9, Chinese rules,
# all-play-all, GAMES games per pair) in two parts, even games under byo-yomi and two-stone
# handicap games, run one tool after another: `ttrules referee`, gomill's ringmaster and GoGui's
# twogtp. Writes every tool's files under OUT and appends one line per run to OUT/measure.jsonl
# (wall time, the whole tree's CPU, the tool's own CPU: scripts/own-cpu.py).
#
# Needs: gnugo (Debian), a release ttrules, gomill 0.8.3 unpacked (GOMILL) with a Python 2
# (PYTHON2), GoGui's compiled classes (GOGUI_CLASSES) and java. Neither peer enters the repository.
# Usage: [GAMES=6] [OUT=DIR] [TTRULES=...] [GOMILL=...] [PYTHON2=...] [GOGUI_CLASSES=...] \
#        scripts/referee-side-by-side.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
games=${GAMES:-6}
out=${OUT:-$(mktemp -d)}
tt=${TTRULES:-$here/../target/release/ttrules}
tt=$(cd "$(dirname "$tt")" && pwd)/$(basename "$tt")
gomill=${GOMILL:-/work/peer/gomill-0.8.3}
python2=${PYTHON2:-python2}
classes=${GOGUI_CLASSES:-/work/peer/gogui/classes}
measure() { python3 "$here/own-cpu.py" "$out/measure.jsonl" -- "$@"; }
g1="/usr/games/gnugo --mode gtp --level 1 --chinese-rules --capture-all-dead"
g6="/usr/games/gnugo --mode gtp --level 6 --chinese-rules --capture-all-dead"
mkdir -p "$out/tt" "$out/ring" "$out/twogtp"

# ttrules: a tournament file per part (one event has one handicap and one clock).
players="[[player]]
label = \"gnugo-1\"
command = \"$g1\"

[[player]]
label = \"gnugo-6\"
command = \"$g6\"

[[player]]
label = \"ttrules\"
command = \"$tt gtp --seed 7\"

[event]
kind = \"all-play-all\"
games_per_pair = $games
size = 9
rules = \"chinese\"
end = \"tromp-taylor\""
printf '%s\nkomi = 7.5\ntime = "15s+1x3s"\n' "$players" > "$out/tt/even.toml"
printf '%s\nkomi = 7.5\n' "$players" > "$out/tt/even-noclock.toml"
printf '%s\nkomi = 0.5\nhandicap = 2\n' "$players" > "$out/tt/handicap.toml"
for part in even even-noclock handicap; do
  rm -rf "$out/tt/$part-out"
  measure "$tt" referee run "$out/tt/$part.toml" --out "$out/tt/$part-out" > "$out/tt/$part.summary"
  "$tt" referee report "$out/tt/$part-out"
done

# ringmaster: an allplayall (no handicap, no clock) and a playoff of the three pairs (handicap).
ring_players="players = {
    'gnugo-1': Player('$g1'),
    'gnugo-6': Player('$g6'),
    'ttrules': Player('$tt gtp --seed 7', startup_gtp_commands=['kgs-rules chinese']),
}
board_size = 9
scorer = 'internal'
record_games = True
move_limit = 324"
printf "competition_type = 'allplayall'\n%s\nkomi = 7.5\ncompetitors = ['gnugo-1', 'gnugo-6', 'ttrules']\nrounds = %s\n" \
  "$ring_players" "$games" > "$out/ring/even.ctl"
printf "competition_type = 'playoff'\n%s\nkomi = 0.5\nhandicap = 2\nhandicap_style = 'fixed'\nalternating = True\nnumber_of_games = %s\nmatchups = [\n    Matchup('gnugo-1', 'gnugo-6'),\n    Matchup('gnugo-1', 'ttrules'),\n    Matchup('gnugo-6', 'ttrules'),\n]\n" \
  "$ring_players" "$games" > "$out/ring/handicap.ctl"
for part in even handicap; do
  (cd "$out/ring" && PYTHONPATH="$gomill" "$python2" "$gomill/ringmaster" "$part.ctl" reset)
  (cd "$out/ring" && PYTHONPATH="$gomill" measure "$python2" "$gomill/ringmaster" --quiet "$part.ctl" run)
  (cd "$out/ring" && PYTHONPATH="$gomill" "$python2" "$gomill/ringmaster" "$part.ctl" show > "$part.show")
done

# twogtp: one run per pair and part; ttrules gtp learns the rules from a wrapper (twogtp sends no
# start-up commands) and, as -referee, scores every game (Chinese area, every stone alive).
wrapper="$out/twogtp/ttrules-chinese"
printf '#!/bin/sh\n{ echo "kgs-rules chinese"; exec cat; } | %s gtp --seed "${1:-7}" | { read a; read b; exec cat; }\n' \
  "$tt" > "$wrapper"
chmod +x "$wrapper"
twogtp() { # part pair black white options...
  local part=$1 pair=$2 black=$3 white=$4
  shift 4
  mkdir -p "$out/twogtp/$part"
  rm -f "$out/twogtp/$part/$pair"*
  measure java -cp "$classes" net.sf.gogui.tools.twogtp.Main -black "$black" -white "$white" \
    -referee "$wrapper 1" -size 9 -games "$games" -alternate -auto -sgffile "$out/twogtp/$part/$pair" "$@"
}
for part in even handicap; do
  case $part in
    even) opts=(-komi 7.5 -time 15s+3s/1) ;;
    handicap) opts=(-komi 0.5 -handicap 2) ;;
  esac
  twogtp $part g1-g6 "$g1" "$g6" "${opts[@]}"
  twogtp $part g1-tt "$g1" "$wrapper" "${opts[@]}"
  twogtp $part g6-tt "$g6" "$wrapper" "${opts[@]}"
done

# Every record of every tool scored again by ttrules replay: does its RE agree?
for d in tt/even-out tt/even-noclock-out tt/handicap-out ring/even.games ring/handicap.games \
  twogtp/even twogtp/handicap; do
  "$tt" replay --jsonl --rules chinese "$out/$d" 2> /dev/null | python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin]
bad = [l["file"].rsplit("/", 1)[-1] + " " + (l["re"] or {}).get("text", "?") for l in lines if not l["re_agrees"]]
print(sys.argv[1], len(lines), "records,", len(lines) - len(bad), "with RE as replay scores it;", " ".join(bad))' "$d"
done
echo "output: $out (measure.jsonl: one line per run)"
