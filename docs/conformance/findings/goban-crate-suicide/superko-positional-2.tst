# check-engine finding: accepts an illegal superko
# clause: r[tt.turn.repetition]
# engine: conformance/crates/target/release/gtp-goban illegal=KO|SUPERKO score=STONES|KOMI
# rules: tromp-taylor
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-superko (rules tromp-taylor, clauses tt.turn.repetition)
# found in vector superko-positional-003 (target/conformance/probes/0f6e9c4748459979/superko-positional/probes.toml): play B A2 was accepted; it is illegal: repetition (r[tt.turn.repetition])
ttrules-rules tromp-taylor
boardsize 2
clear_board
komi 7.5
1 is_legal b A2
#? [1]
play b A2
2 is_legal w A1
#? [1]
play w A1
3 is_legal b B1
#? [1]
play b B1
4 is_legal w pass
#? [1]
play w pass
5 is_legal b B2
#? [1]
play b B2
6 is_legal w A1
#? [1]
play w A1
7 is_legal b A2  # repetition (r[tt.turn.repetition])
#? [0]
8 color A1
#? [white]
9 color A2
#? [empty]
10 color B1
#? [empty]
11 color B2
#? [empty]
