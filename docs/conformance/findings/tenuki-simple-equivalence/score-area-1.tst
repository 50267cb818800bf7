# check-engine finding: counting error
# clause: r[var.score.final]
# engine: node conformance/npm/gtp.js tenuki simple/equivalence
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector score-area-001 (target/conformance/probes/041f96887b14b46f/score-area/probes.toml): final_score says W+2.5, exact W+3.5 (Black 4, White 0, komi 7.5, every stone alive)
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
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
4 is_legal w pass
#? [1]
play w pass
5 is_legal b pass
#? [1]
play b pass
6 color A1
#? [black]
7 color B1
#? [empty]
8 color B2
#? [black]
9 final_score
#? [W\+3.5]
