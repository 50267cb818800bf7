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
# found in vector simple-ko-008 (target/conformance/probes/26b8daa8ea6eedd9/simple-ko/probes.toml): play B C3 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
boardsize 3
clear_board
komi 7.5
1 is_legal b C2
#? [1]
play b C2
2 is_legal w C1
#? [1]
play w C1
3 is_legal b A2
#? [1]
play b A2
4 is_legal w A3
#? [1]
play w A3
5 is_legal b B3
#? [1]
play b B3
6 is_legal w A1
#? [1]
play w A1
7 is_legal b B1
#? [1]
play b B1
8 is_legal w pass
#? [1]
play w pass
9 is_legal b A3
#? [1]
play b A3
10 is_legal w pass
#? [1]
play w pass
11 is_legal b A1
#? [1]
play b A1
12 is_legal w pass
#? [1]
play w pass
13 is_legal b C3
#? [1]
play b C3
14 is_legal w pass
#? [1]
play w pass
15 is_legal b B2
#? [1]
play b B2
16 is_legal w C1
#? [1]
play w C1
17 is_legal b A1
#? [1]
play b A1
18 is_legal w B2
#? [1]
play w B2
19 is_legal b C3
#? [1]
play b C3
20 is_legal w A3
#? [1]
play w A3
21 is_legal b C2
#? [1]
play b C2
22 is_legal w B3
#? [1]
play w B3
23 is_legal b C2
#? [1]
play b C2
24 is_legal w B1
#? [1]
play w B1
25 is_legal b C3
#? [1]
play b C3
26 color A1
#? [black]
27 color A2
#? [empty]
28 color A3
#? [white]
29 color B1
#? [white]
30 color B2
#? [white]
31 color B3
#? [white]
32 color C1
#? [white]
33 color C2
#? [empty]
34 color C3
#? [empty]
