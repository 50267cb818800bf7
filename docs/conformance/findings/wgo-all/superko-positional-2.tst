# check-engine finding: accepts an illegal superko
# clause: r[tt.turn.repetition]
# engine: node conformance/npm/gtp.js wgo repeating=ALL
# rules: repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-superko (rules repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.turn.repetition)
# found in vector superko-positional-001 (target/conformance/probes/d89832d420754b95/superko-positional/probes.toml): play B A1 was accepted; it is illegal: repetition (r[tt.turn.repetition])
ttrules-rules repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 2
clear_board
komi 7.5
1 is_legal b A1
#? [1]
play b A1
2 is_legal w B1
#? [1]
play w B1
3 is_legal b A2
#? [1]
play b A2
4 is_legal w B2
#? [1]
play w B2
5 is_legal b A1
#? [1]
play b A1
6 is_legal w A2
#? [1]
play w A2
7 is_legal b A1  # repetition (r[tt.turn.repetition])
#? [0]
8 color A1
#? [empty]
9 color A2
#? [white]
10 color B1
#? [white]
11 color B2
#? [white]
