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
# found in vector handicap-005 (target/conformance/probes/2e22dc9f3913012d/handicap/probes.toml): play B G7 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=allowed counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E5
1 is_legal w B4
#? [1]
play w B4
2 is_legal b E4
#? [1]
play b E4
3 is_legal w G6
#? [1]
play w G6
4 is_legal b G1
#? [1]
play b G1
5 is_legal w A5
#? [1]
play w A5
6 is_legal b B7
#? [1]
play b B7
7 is_legal w G5
#? [1]
play w G5
8 is_legal b D1
#? [1]
play b D1
9 is_legal w E2
#? [1]
play w E2
10 is_legal b G3
#? [1]
play b G3
11 is_legal w G2
#? [1]
play w G2
12 is_legal b F3
#? [1]
play b F3
13 is_legal w C4
#? [1]
play w C4
14 is_legal b B3
#? [1]
play b B3
15 is_legal w G4
#? [1]
play w G4
16 is_legal b A7
#? [1]
play b A7
17 is_legal w E6
#? [1]
play w E6
18 is_legal b B5
#? [1]
play b B5
19 is_legal w E1
#? [1]
play w E1
20 is_legal b D5
#? [1]
play b D5
21 is_legal w D4
#? [1]
play w D4
22 is_legal b E7
#? [1]
play b E7
23 is_legal w C5
#? [1]
play w C5
24 is_legal b F1
#? [1]
play b F1
25 is_legal w A1
#? [1]
play w A1
26 is_legal b C7
#? [1]
play b C7
27 is_legal w F7
#? [1]
play w F7
28 is_legal b B6
#? [1]
play b B6
29 is_legal w A6
#? [1]
play w A6
30 is_legal b G7
#? [1]
play b G7
31 color A1
#? [white]
32 color A5
#? [white]
33 color A6
#? [white]
34 color A7
#? [black]
35 color B3
#? [black]
36 color B4
#? [white]
37 color B5
#? [black]
38 color B6
#? [black]
39 color B7
#? [black]
40 color C3
#? [black]
41 color C4
#? [white]
42 color C5
#? [white]
43 color C7
#? [black]
44 color D1
#? [black]
45 color D4
#? [white]
46 color D5
#? [black]
47 color E1
#? [white]
48 color E2
#? [white]
49 color E4
#? [black]
50 color E5
#? [black]
51 color E6
#? [white]
52 color E7
#? [black]
53 color F1
#? [black]
54 color F3
#? [black]
55 color F7
#? [white]
56 color G1
#? [black]
57 color G2
#? [white]
58 color G3
#? [black]
59 color G4
#? [white]
60 color G5
#? [white]
61 color G6
#? [white]
62 color G7
#? [empty]
