# check-engine finding: says 1 for an illegal single-suicide
# clause: r[var.ko.simple]
# engine: node conformance/npm/gtp.js sabaki-go-board suicide
# rules: repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-single-suicide (rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.ko.simple)
# found in vector suicide-single-002 (target/conformance/probes/c62d7dbef437984c/suicide-single/probes.toml): is_legal W B1 answered 1; the attempt is illegal: ko (r[var.ko.simple])
ttrules-rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
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
4 is_legal w A2
#? [1]
play w A2
5 is_legal b pass
#? [1]
play b pass
6 is_legal w B1  # ko (r[var.ko.simple])
#? [0]
7 color A1
#? [black]
8 color A2
#? [empty]
9 color B1
#? [empty]
10 color B2
#? [black]
