# check-engine finding: counting error
# clause: r[var.score.final]
# engine: node conformance/npm/gtp.js goban korean
# rules: japanese
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules japanese, clauses var.score.final)
# found in vector score-territory-002 (target/conformance/probes/3b8ecef66a0d7cff/score-territory/probes.toml): final_score says W+10.5, exact W+11.5 (Black 3, White 7, komi 7.5, every stone alive)
ttrules-rules japanese
boardsize 2
clear_board
komi 7.5
1 is_legal b A2
#? [1]
play b A2
2 is_legal w A1
#? [1]
play w A1
3 is_legal b B2
#? [1]
play b B2
4 is_legal w B1
#? [1]
play w B1
5 is_legal b B2
#? [1]
play b B2
6 is_legal w A2
#? [1]
play w A2
7 is_legal b B2
#? [1]
play b B2
8 is_legal w A1
#? [1]
play w A1
9 is_legal b A2
#? [1]
play b A2
10 is_legal w B1
#? [1]
play w B1
11 is_legal b B2
#? [1]
play b B2
12 is_legal w A2
#? [1]
play w A2
13 is_legal b pass
#? [1]
play b pass
14 is_legal w pass
#? [1]
play w pass
15 color A1
#? [white]
16 color A2
#? [white]
17 color B1
#? [white]
18 color B2
#? [empty]
19 final_score
#? [W\+11.5]
