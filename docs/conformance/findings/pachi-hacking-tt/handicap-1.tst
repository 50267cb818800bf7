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
# found in vector handicap-005 (target/conformance/probes/4bda82c5c1e86f1d/handicap/probes.toml): play W F1 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 E5
1 is_legal w D5
#? [1]
play w D5
2 is_legal b C6
#? [1]
play b C6
3 is_legal w G5
#? [1]
play w G5
4 is_legal b B2
#? [1]
play b B2
5 is_legal w D1
#? [1]
play w D1
6 is_legal b G2
#? [1]
play b G2
7 is_legal w C4
#? [1]
play w C4
8 is_legal b A5
#? [1]
play b A5
9 is_legal w B3
#? [1]
play w B3
10 is_legal b A6
#? [1]
play b A6
11 is_legal w G1
#? [1]
play w G1
12 is_legal b E1
#? [1]
play b E1
13 is_legal w E7
#? [1]
play w E7
14 is_legal b B7
#? [1]
play b B7
15 is_legal w G7
#? [1]
play w G7
16 is_legal b E4
#? [1]
play b E4
17 is_legal w F7
#? [1]
play w F7
18 is_legal b E6
#? [1]
play b E6
19 is_legal w C5
#? [1]
play w C5
20 is_legal b F2
#? [1]
play b F2
21 is_legal w A2
#? [1]
play w A2
22 is_legal b E2
#? [1]
play b E2
23 is_legal w D2
#? [1]
play w D2
24 is_legal b B5
#? [1]
play b B5
25 is_legal w F1
#? [1]
play w F1
26 color A2
#? [white]
27 color A5
#? [black]
28 color A6
#? [black]
29 color B2
#? [black]
30 color B3
#? [white]
31 color B5
#? [black]
32 color B7
#? [black]
33 color C3
#? [black]
34 color C4
#? [white]
35 color C5
#? [white]
36 color C6
#? [black]
37 color D1
#? [white]
38 color D2
#? [white]
39 color D5
#? [white]
40 color E1
#? [black]
41 color E2
#? [black]
42 color E3
#? [black]
43 color E4
#? [black]
44 color E5
#? [black]
45 color E6
#? [black]
46 color E7
#? [white]
47 color F1
#? [empty]
48 color F2
#? [black]
49 color F7
#? [white]
50 color G1
#? [empty]
51 color G2
#? [black]
52 color G5
#? [white]
53 color G7
#? [white]
