# check-engine finding: scores a void game
# clause: r[var.ko.simple.cycle]
# engine: /usr/games/gnugo --mode gtp --level 1 --allow-suicide
# rules: repetition=simple-ko suicide=multi-stone-only counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector scores-a-void-game (rules repetition=simple-ko suicide=multi-stone-only counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.ko.simple.cycle)
# found in vector score-territory-003 (target/conformance/probes/9216d4a08625bfa2/score-territory/probes.toml): final_score says W+7.5, exact Void (Black 6, White 9, komi 7.5, every stone alive)
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
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
5 is_legal b A2
#? [1]
play b A2
6 is_legal w A1
#? [1]
play w A1
7 is_legal b A2
#? [1]
play b A2
8 is_legal w B1
#? [1]
play w B1
9 is_legal b A1
#? [1]
play b A1
10 is_legal w B2
#? [1]
play w B2
11 is_legal b A2
#? [1]
play b A2
12 is_legal w A1
#? [1]
play w A1
13 is_legal b A2
#? [1]
play b A2
14 is_legal w A1
#? [1]
play w A1
15 is_legal b B2
#? [1]
play b B2
16 is_legal w B1
#? [1]
play w B1
17 is_legal b A2
#? [1]
play b A2
18 is_legal w B2
#? [1]
play w B2
19 color A1
#? [white]
20 color A2
#? [empty]
21 color B1
#? [white]
22 color B2
#? [white]
23 final_score
#? [Void]
