# check-engine finding: counting error
# clause: r[var.score.final]
# engine: /usr/games/gnugo --mode gtp --level 1 --allow-all-suicide
# rules: repetition=simple-ko suicide=allowed counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=simple-ko suicide=allowed counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector score-territory-001 (target/conformance/probes/33e6280d3e7edc4e/score-territory/probes.toml): final_score says B+6.5, exact W+7.5 (Black 0, White 0, komi 7.5, every stone alive); the engine calls 1 stone dead: A2
ttrules-rules repetition=simple-ko suicide=allowed counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 4
clear_board
komi 7.5
1 is_legal b C3
#? [1]
play b C3
2 is_legal w A2
#? [1]
play w A2
3 is_legal b B4
#? [1]
play b B4
4 is_legal w pass
#? [1]
play w pass
5 is_legal b pass
#? [1]
play b pass
6 color A2
#? [white]
7 color B4
#? [black]
8 color C3
#? [black]
9 final_score
#? [W\+7.5]
