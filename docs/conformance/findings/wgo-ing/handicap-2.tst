# check-engine finding: refuses a legal single-suicide
# clause: r[tt.note.single-suicide]
# engine: node conformance/npm/gtp.js wgo ING_RULES
# rules: repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector refuses-a-legal-single-suicide (rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.note.single-suicide)
# found in vector handicap-004 (target/conformance/probes/c62d7dbef437984c/handicap/probes.toml): play B G7 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 E5
1 is_legal w C1
#? [1]
play w C1
2 is_legal b B6
#? [1]
play b B6
3 is_legal w E2
#? [1]
play w E2
4 is_legal b G3
#? [1]
play b G3
5 is_legal w D7
#? [1]
play w D7
6 is_legal b C7
#? [1]
play b C7
7 is_legal w F6
#? [1]
play w F6
8 is_legal b F3
#? [1]
play b F3
9 is_legal w F7
#? [1]
play w F7
10 is_legal b G5
#? [1]
play b G5
11 is_legal w D5
#? [1]
play w D5
12 is_legal b B3
#? [1]
play b B3
13 is_legal w B1
#? [1]
play w B1
14 is_legal b B4
#? [1]
play b B4
15 is_legal w C2
#? [1]
play w C2
16 is_legal b C6
#? [1]
play b C6
17 is_legal w A1
#? [1]
play w A1
18 is_legal b A2
#? [1]
play b A2
19 is_legal w E1
#? [1]
play w E1
20 is_legal b C5
#? [1]
play b C5
21 is_legal w E7
#? [1]
play w E7
22 is_legal b A3
#? [1]
play b A3
23 is_legal w E4
#? [1]
play w E4
24 is_legal b D2
#? [1]
play b D2
25 is_legal w F4
#? [1]
play w F4
26 is_legal b F2
#? [1]
play b F2
27 is_legal w D4
#? [1]
play w D4
28 is_legal b F1
#? [1]
play b F1
29 is_legal w G6
#? [1]
play w G6
30 is_legal b G2
#? [1]
play b G2
31 is_legal w B2
#? [1]
play w B2
32 is_legal b G7
#? [1]
play b G7
33 color A1
#? [white]
34 color A2
#? [black]
35 color A3
#? [black]
36 color B1
#? [white]
37 color B2
#? [white]
38 color B3
#? [black]
39 color B4
#? [black]
40 color B6
#? [black]
41 color C1
#? [white]
42 color C2
#? [white]
43 color C3
#? [black]
44 color C5
#? [black]
45 color C6
#? [black]
46 color C7
#? [black]
47 color D2
#? [black]
48 color D4
#? [white]
49 color D5
#? [white]
50 color D7
#? [white]
51 color E1
#? [white]
52 color E2
#? [white]
53 color E3
#? [black]
54 color E4
#? [white]
55 color E5
#? [black]
56 color E7
#? [white]
57 color F1
#? [black]
58 color F2
#? [black]
59 color F3
#? [black]
60 color F4
#? [white]
61 color F6
#? [white]
62 color F7
#? [white]
63 color G2
#? [black]
64 color G3
#? [black]
65 color G5
#? [black]
66 color G6
#? [white]
67 color G7
#? [empty]
