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
# found in vector handicap-005 (target/conformance/probes/26b8daa8ea6eedd9/handicap/probes.toml): play B F7 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 E5
1 is_legal w D1
#? [1]
play w D1
2 is_legal b F7
#? [1]
play b F7
3 is_legal w B7
#? [1]
play w B7
4 is_legal b G7
#? [1]
play b G7
5 is_legal w D2
#? [1]
play w D2
6 is_legal b G3
#? [1]
play b G3
7 is_legal w B5
#? [1]
play w B5
8 is_legal b A6
#? [1]
play b A6
9 is_legal w F3
#? [1]
play w F3
10 is_legal b A5
#? [1]
play b A5
11 is_legal w G6
#? [1]
play w G6
12 is_legal b B4
#? [1]
play b B4
13 is_legal w B2
#? [1]
play w B2
14 is_legal b E2
#? [1]
play b E2
15 is_legal w E7
#? [1]
play w E7
16 is_legal b D4
#? [1]
play b D4
17 is_legal w F6
#? [1]
play w F6
18 is_legal b G7
#? [1]
play b G7
19 is_legal w C6
#? [1]
play w C6
20 is_legal b A1
#? [1]
play b A1
21 is_legal w F1
#? [1]
play w F1
22 is_legal b F7
#? [1]
play b F7
23 color A1
#? [black]
24 color A5
#? [black]
25 color A6
#? [black]
26 color B2
#? [white]
27 color B4
#? [black]
28 color B5
#? [white]
29 color B7
#? [white]
30 color C3
#? [black]
31 color C6
#? [white]
32 color D1
#? [white]
33 color D2
#? [white]
34 color D4
#? [black]
35 color E2
#? [black]
36 color E3
#? [black]
37 color E5
#? [black]
38 color E7
#? [white]
39 color F1
#? [white]
40 color F3
#? [white]
41 color F6
#? [white]
42 color F7
#? [empty]
43 color G3
#? [black]
44 color G6
#? [white]
45 color G7
#? [empty]
