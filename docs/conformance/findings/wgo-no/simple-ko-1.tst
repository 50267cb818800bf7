# check-engine finding: says 1 for an illegal ko
# clause: r[tt.turn.repetition]
# engine: node conformance/npm/gtp.js wgo NO_RULES
# rules: tromp-taylor
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-ko (rules tromp-taylor, clauses tt.turn.repetition)
# found in vector simple-ko-001 (target/conformance/probes/dcf9ecba8c5d43c6/simple-ko/probes.toml): is_legal B C1 answered 1; the attempt is illegal: repetition (r[tt.turn.repetition])
ttrules-rules tromp-taylor
boardsize 3
clear_board
komi 7.5
1 is_legal b C1
#? [1]
play b C1
2 is_legal w B3
#? [1]
play w B3
3 is_legal b B2
#? [1]
play b B2
4 is_legal w B1
#? [1]
play w B1
5 is_legal b C3
#? [1]
play b C3
6 is_legal w A1
#? [1]
play w A1
7 is_legal b A3
#? [1]
play b A3
8 is_legal w C2
#? [1]
play w C2
9 is_legal b C1  # repetition (r[tt.turn.repetition])
#? [0]
10 color A1
#? [white]
11 color A3
#? [black]
12 color B1
#? [white]
13 color B2
#? [black]
14 color B3
#? [empty]
15 color C1
#? [empty]
16 color C2
#? [white]
17 color C3
#? [black]
