# check-engine finding: says 0 for a legal move
# clause: r[tt.move]
# engine: node conformance/npm/gtp.js wgo ING_RULES
# rules: repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-0-for-a-legal-move (rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.move)
# found in vector suicide-multi-007 (target/conformance/probes/2e22dc9f3913012d/suicide-multi/probes.toml): is_legal B B1 answered 0; the turn is legal
ttrules-rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 2
clear_board
komi 7.5
1 is_legal b B1
#? [1]
play b B1
2 is_legal w B2
#? [1]
play w B2
3 is_legal b A1
#? [1]
play b A1
4 is_legal w A2
#? [1]
play w A2
5 is_legal b B1
#? [1]
play b B1
6 is_legal w A1
#? [1]
play w A1
7 is_legal b B1
#? [1]
play b B1
8 color A1
#? [empty]
9 color A2
#? [empty]
10 color B1
#? [black]
11 color B2
#? [empty]
