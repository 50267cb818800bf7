# check-engine finding: accepts an illegal multi-suicide
# clause: r[var.suicide.forbidden]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py baduk
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-multi-suicide (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.suicide.forbidden)
# found in vector suicide-multi-006 (target/conformance/probes/c9958776b82cee98/suicide-multi/probes.toml): play W A1 was accepted; it is illegal: suicide (r[var.suicide.forbidden])
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 3
clear_board
komi 7.5
1 is_legal b C2
#? [1]
play b C2
2 is_legal w C3
#? [1]
play w C3
3 is_legal b B1
#? [1]
play b B1
4 is_legal w A2
#? [1]
play w A2
5 is_legal b B2
#? [1]
play b B2
6 is_legal w B3
#? [1]
play w B3
7 is_legal b A3
#? [1]
play b A3
8 is_legal w A1  # suicide (r[var.suicide.forbidden])
#? [0]
9 color A2
#? [white]
10 color A3
#? [black]
11 color B1
#? [black]
12 color B2
#? [black]
13 color B3
#? [empty]
14 color C2
#? [black]
15 color C3
#? [empty]
