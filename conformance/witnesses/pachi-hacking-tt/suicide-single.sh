#!/usr/bin/env bash
# Witness for the conformance matrix (docs/conformance/README.md#pachi-hacking-tt), cell `suicide-single`:
# Pachi 12.90, (default: chinese), the HACKING reading. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: bash conformance/witnesses/pachi-hacking-tt/suicide-single.sh
# GTP, as the engine documents it: each game is sent as play commands; a refused
# play is answered with '?'.
set -euo pipefail
ENGINE=(/usr/local/bin/pachi -e random -s 1)
differs=0

# legal check
out=$(printf '%s\n' "boardsize 7" "clear_board" "komi 7.5" "1 play B E1" "2 play W G7" "3 play B A6" "4 play W G4" "5 play B G1" "6 play W D3" "7 play B C2" "8 play W F2" "9 play B C3" "10 play W C4" "11 play B B6" "12 play W E4" "13 play B E6" "14 play W F4" "15 play B G2" "16 play W F3" "17 play B G6" "18 play W G3" "19 play B D2" "20 play W A7" "21 play B A4" "22 play W B5" "23 play B B4" "24 play W F7" "25 play B E3" "26 play W E2" "27 play B E5" "28 play W E7" "29 play B A2" "30 play W G5" "31 play B B3" "32 play W D5" "33 play B D6" "34 play W F1" "35 play B D7" "36 play W C6" "37 play B C1" "38 play W F6" "39 play B G1" "40 play W A5" "41 play B B1" "42 play W F5" "43 play B C5" "44 play W B5" "45 play B B7" "46 play W C7" "47 play B D6" "48 play W E5" "49 play B D7" "50 play W G2" "999 play B E6" quit \
  | "${ENGINE[@]}" 2>/dev/null)
refused=$(printf '%s\n' "$out" | grep -E '^\?[0-9]+ ' | grep -v '^?999 ' || true)
if [ -n "$refused" ]; then echo "the engine refused a turn of the game: $refused"; exit 2; fi
got=$(printf '%s\n' "$out" | grep -E '^[=?]999' | head -1)
echo "game (7x7, komi 7.5): B E1, W G7, B A6, W G4, B G1, W D3, B C2, W F2, B C3, W C4, B B6, W E4, B E6, W F4, B G2, W F3, B G6, W G3, B D2, W A7, B A4, W B5, B B4, W F7, B E3, W E2, B E5, W E7, B A2, W G5, B B3, W D5, B D6, W F1, B D7, W C6, B C1, W F6, B G1, W A5, B B1, W F5, B C5, W B5, B B7, W C7, B D6, W E5, B D7, W G2"
echo "  B E6: engine answered '$got'; exact: legal (r[tt.note.multi-suicide])"
case "$got" in =*) ;; *) differs=1 ;; esac

if [ "$differs" = 1 ]; then echo "the deviation reproduces"; exit 0; fi
echo "the engine agrees with the exact answers"; exit 1
