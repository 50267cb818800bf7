# check-engine finding: board differs after a move
# clause: r[tt.move]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py baduk
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector board-differs-after-a-move (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.move)
# found in vector simple-ko-008 (target/conformance/probes/c9958776b82cee98/simple-ko/probes.toml): after B B1: 1 point differ (expected≠engine): C3 O≠.
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 3
clear_board
komi 7.5
1 is_legal b B2
#? [1]
play b B2
2 is_legal w C1
#? [1]
play w C1
3 is_legal b B1
#? [1]
play b B1
4 is_legal w A3
#? [1]
play w A3
5 is_legal b C2
#? [1]
play b C2
6 is_legal w C3
#? [1]
play w C3
7 is_legal b A2
#? [1]
play b A2
8 is_legal w pass
#? [1]
play w pass
9 is_legal b A1
#? [1]
play b A1
10 is_legal w pass
#? [1]
play w pass
11 is_legal b B3
#? [1]
play b B3
12 is_legal w pass
#? [1]
play w pass
13 is_legal b A3
#? [1]
play b A3
14 is_legal w pass
#? [1]
play w pass
15 is_legal b C1
#? [1]
play b C1
16 is_legal w C3
#? [1]
play w C3
17 is_legal b B1
#? [1]
play b B1
18 color A1
#? [empty]
19 color A2
#? [empty]
20 color A3
#? [empty]
21 color B1
#? [black]
22 color B2
#? [empty]
23 color B3
#? [empty]
24 color C1
#? [empty]
25 color C2
#? [empty]
26 color C3
#? [white]
