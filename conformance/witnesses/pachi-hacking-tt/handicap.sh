#!/usr/bin/env bash
# Witness for the conformance matrix (docs/conformance/README.md#pachi-hacking-tt), cell `handicap`:
# Pachi 12.90, (default: chinese), the HACKING reading. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: bash conformance/witnesses/pachi-hacking-tt/handicap.sh
# GTP, as the engine documents it: each game is sent as play commands; a refused
# play is answered with '?'.
set -euo pipefail
ENGINE=(/usr/local/bin/pachi -e random -s 1)
differs=0

# legal check
out=$(printf '%s\n' "boardsize 7" "clear_board" "komi 7.5" "set_free_handicap C3 E3 E5" "1 play W D5" "2 play B C6" "3 play W G5" "4 play B B2" "5 play W D1" "6 play B G2" "7 play W C4" "8 play B A5" "9 play W B3" "10 play B A6" "11 play W G1" "12 play B E1" "13 play W E7" "14 play B B7" "15 play W G7" "16 play B E4" "17 play W F7" "18 play B E6" "19 play W C5" "20 play B F2" "21 play W A2" "22 play B E2" "23 play W D2" "24 play B B5" "999 play W F1" quit \
  | "${ENGINE[@]}" 2>/dev/null)
refused=$(printf '%s\n' "$out" | grep -E '^\?[0-9]+ ' | grep -v '^?999 ' || true)
if [ -n "$refused" ]; then echo "the engine refused a turn of the game: $refused"; exit 2; fi
got=$(printf '%s\n' "$out" | grep -E '^[=?]999' | head -1)
echo "game (7x7, komi 7.5): handicap stones C3 E3 E5, then W D5, B C6, W G5, B B2, W D1, B G2, W C4, B A5, W B3, B A6, W G1, B E1, W E7, B B7, W G7, B E4, W F7, B E6, W C5, B F2, W A2, B E2, W D2, B B5"
echo "  W F1: engine answered '$got'; exact: legal (r[tt.note.multi-suicide])"
case "$got" in =*) ;; *) differs=1 ;; esac

if [ "$differs" = 1 ]; then echo "the deviation reproduces"; exit 0; fi
echo "the engine agrees with the exact answers"; exit 1
