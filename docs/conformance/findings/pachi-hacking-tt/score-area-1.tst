# check-engine finding: refuses a legal multi-suicide
# clause: r[tt.note.multi-suicide]
# engine: python3 conformance/gtp_size_guard.py 2 19 /usr/local/bin/pachi -e random -s 1
# rules: repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector refuses-a-legal-multi-suicide (rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n, clauses tt.note.multi-suicide)
# found in vector score-area-002 (target/conformance/probes/4bda82c5c1e86f1d/score-area/probes.toml): play W C1 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
boardsize 3
clear_board
komi 7.5
1 is_legal b B2
#? [1]
play b B2
2 is_legal w C3
#? [1]
play w C3
3 is_legal b A1
#? [1]
play b A1
4 is_legal w B3
#? [1]
play w B3
5 is_legal b A3
#? [1]
play b A3
6 is_legal w B1
#? [1]
play w B1
7 is_legal b C2
#? [1]
play b C2
8 is_legal w C3
#? [1]
play w C3
9 is_legal b B3
#? [1]
play b B3
10 is_legal w C1
#? [1]
play w C1
11 color A1
#? [black]
12 color A3
#? [black]
13 color B1
#? [empty]
14 color B2
#? [black]
15 color B3
#? [black]
16 color C1
#? [empty]
17 color C2
#? [black]
18 color C3
#? [empty]
