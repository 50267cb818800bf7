# check-engine finding: says 1 for an illegal single-suicide
# clause: r[tt.turn.repetition]
# engine: conformance/crates/target/release/gtp-goban illegal=KO|SUPERKO score=STONES|KOMI
# rules: tromp-taylor
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-single-suicide (rules tromp-taylor, clauses tt.turn.repetition)
# found in vector suicide-single-002 (target/conformance/probes/0f6e9c4748459979/suicide-single/probes.toml): is_legal W A2 answered 1; the attempt is illegal: repetition (r[tt.turn.repetition])
ttrules-rules tromp-taylor
boardsize 2
clear_board
komi 7.5
1 is_legal b B2
#? [1]
play b B2
2 is_legal w B1
#? [1]
play w B1
3 is_legal b A1
#? [1]
play b A1
4 is_legal w A2  # repetition (r[tt.turn.repetition])
#? [0]
5 color A1
#? [black]
6 color B1
#? [empty]
7 color B2
#? [black]
