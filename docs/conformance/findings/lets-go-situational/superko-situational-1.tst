# check-engine finding: accepts an illegal superko
# clause: r[var.ko.situational]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py lets_go
# rules: repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-superko (rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.ko.situational)
# found in vector superko-situational-007 (target/conformance/probes/2a7a2de0b1dd2e31/superko-situational/probes.toml): play B A2 was accepted; it is illegal: repetition (r[var.ko.situational])
ttrules-rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
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
7 is_legal b B1
#? [1]
play b B1
8 is_legal w B2
#? [1]
play w B2
9 is_legal b pass
#? [1]
play b pass
10 is_legal w B1
#? [1]
play w B1
11 is_legal b A2  # repetition (r[var.ko.situational])
#? [0]
12 color A1
#? [white]
13 color A2
#? [empty]
14 color B1
#? [white]
15 color B2
#? [white]
