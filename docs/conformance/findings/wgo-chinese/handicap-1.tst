# check-engine finding: says 0 for a legal move
# clause: r[tt.move]
# engine: node conformance/npm/gtp.js wgo CHINESE_RULES
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-0-for-a-legal-move (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.move)
# found in vector handicap-006 (target/conformance/probes/c9958776b82cee98/handicap/probes.toml): is_legal W A1 answered 0; the turn is legal
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 C5 E5
1 is_legal w D7
#? [1]
play w D7
2 is_legal b E7
#? [1]
play b E7
3 is_legal w G7
#? [1]
play w G7
4 is_legal b A4
#? [1]
play b A4
5 is_legal w A6
#? [1]
play w A6
6 is_legal b E6
#? [1]
play b E6
7 is_legal w F3
#? [1]
play w F3
8 is_legal b F7
#? [1]
play b F7
9 is_legal w A2
#? [1]
play w A2
10 is_legal b A3
#? [1]
play b A3
11 is_legal w A1
#? [1]
play w A1
12 is_legal b B1
#? [1]
play b B1
13 is_legal w F4
#? [1]
play w F4
14 is_legal b F1
#? [1]
play b F1
15 is_legal w G5
#? [1]
play w G5
16 is_legal b C6
#? [1]
play b C6
17 is_legal w D5
#? [1]
play w D5
18 is_legal b D6
#? [1]
play b D6
19 is_legal w F2
#? [1]
play w F2
20 is_legal b D3
#? [1]
play b D3
21 is_legal w B7
#? [1]
play w B7
22 is_legal b D4
#? [1]
play b D4
23 is_legal w G4
#? [1]
play w G4
24 is_legal b B5
#? [1]
play b B5
25 is_legal w C7
#? [1]
play w C7
26 is_legal b G1
#? [1]
play b G1
27 is_legal w B6
#? [1]
play w B6
28 is_legal b C2
#? [1]
play b C2
29 is_legal w E2
#? [1]
play w E2
30 is_legal b B4
#? [1]
play b B4
31 is_legal w F5
#? [1]
play w F5
32 is_legal b A5
#? [1]
play b A5
33 is_legal w B2
#? [1]
play w B2
34 is_legal b G2
#? [1]
play b G2
35 is_legal w E4
#? [1]
play w E4
36 is_legal b A7
#? [1]
play b A7
37 is_legal w C1
#? [1]
play w C1
38 is_legal b A6
#? [1]
play b A6
39 is_legal w D1
#? [1]
play w D1
40 is_legal b E1
#? [1]
play b E1
41 is_legal w G3
#? [1]
play w G3
42 is_legal b F6
#? [1]
play b F6
43 is_legal w C7
#? [1]
play w C7
44 is_legal b G6
#? [1]
play b G6
45 is_legal w F1
#? [1]
play w F1
46 is_legal b D7
#? [1]
play b D7
47 is_legal w G1
#? [1]
play w G1
48 is_legal b B7
#? [1]
play b B7
49 is_legal w D2
#? [1]
play w D2
50 is_legal b B3
#? [1]
play b B3
51 is_legal w pass
#? [1]
play w pass
52 is_legal b B1
#? [1]
play b B1
53 is_legal w B2
#? [1]
play w B2
54 is_legal b A1
#? [1]
play b A1
55 is_legal w A2
#? [1]
play w A2
56 is_legal b B1
#? [1]
play b B1
57 is_legal w A1
#? [1]
play w A1
58 color A1
#? [white]
59 color A2
#? [white]
60 color A3
#? [black]
61 color A4
#? [black]
62 color A5
#? [black]
63 color A6
#? [black]
64 color A7
#? [black]
65 color B1
#? [empty]
66 color B2
#? [white]
67 color B3
#? [black]
68 color B4
#? [black]
69 color B5
#? [black]
70 color B6
#? [empty]
71 color B7
#? [black]
72 color C1
#? [white]
73 color C2
#? [black]
74 color C3
#? [black]
75 color C5
#? [black]
76 color C6
#? [black]
77 color C7
#? [empty]
78 color D1
#? [white]
79 color D2
#? [white]
80 color D3
#? [black]
81 color D4
#? [black]
82 color D5
#? [empty]
83 color D6
#? [black]
84 color D7
#? [black]
85 color E1
#? [empty]
86 color E2
#? [white]
87 color E3
#? [black]
88 color E4
#? [white]
89 color E5
#? [black]
90 color E6
#? [black]
91 color E7
#? [black]
92 color F1
#? [white]
93 color F2
#? [white]
94 color F3
#? [white]
95 color F4
#? [white]
96 color F5
#? [white]
97 color F6
#? [black]
98 color F7
#? [black]
99 color G1
#? [white]
100 color G2
#? [empty]
101 color G3
#? [white]
102 color G4
#? [white]
103 color G5
#? [white]
104 color G6
#? [black]
105 color G7
#? [empty]
