#!/usr/bin/env bash
# Witness for the conformance matrix (docs/conformance/README.md#pachi-hacking-tt), cell `suicide-multi`:
# Pachi 12.90, (default: chinese), the HACKING reading. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: bash conformance/witnesses/pachi-hacking-tt/suicide-multi.sh
# GTP, as the engine documents it: each game is sent as play commands; a refused
# play is answered with '?'.
set -euo pipefail
ENGINE=(/usr/local/bin/pachi -e random -s 1)
differs=0

# legal check
out=$(printf '%s\n' "boardsize 3" "clear_board" "komi 7.5" "1 play B A2" "2 play W A3" "3 play B C2" "4 play W C3" "5 play B B2" "999 play W B3" quit \
  | "${ENGINE[@]}" 2>/dev/null)
refused=$(printf '%s\n' "$out" | grep -E '^\?[0-9]+ ' | grep -v '^?999 ' || true)
if [ -n "$refused" ]; then echo "the engine refused a turn of the game: $refused"; exit 2; fi
got=$(printf '%s\n' "$out" | grep -E '^[=?]999' | head -1)
echo "game (3x3, komi 7.5): B A2, W A3, B C2, W C3, B B2"
echo "  W B3: engine answered '$got'; exact: legal (r[tt.note.multi-suicide])"
case "$got" in =*) ;; *) differs=1 ;; esac

if [ "$differs" = 1 ]; then echo "the deviation reproduces"; exit 0; fi
echo "the engine agrees with the exact answers"; exit 1
