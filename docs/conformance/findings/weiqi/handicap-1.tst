# check-engine finding: counting error
# clause: r[var.score.final]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py weiqi
# rules: repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector handicap-006 (target/conformance/probes/0057dc2e80021fcb/handicap/probes.toml): final_score says B+43.5, exact B+33.5 (Black 41, White 0, komi 7.5, every stone alive)
ttrules-rules repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 C5 E5
1 is_legal w B5
#? [1]
play w B5
2 is_legal b C1
#? [1]
play b C1
3 is_legal w B2
#? [1]
play w B2
4 is_legal b A1
#? [1]
play b A1
5 is_legal w A7
#? [1]
play w A7
6 is_legal b A2
#? [1]
play b A2
7 is_legal w D4
#? [1]
play w D4
8 is_legal b C4
#? [1]
play b C4
9 is_legal w A5
#? [1]
play w A5
10 is_legal b D3
#? [1]
play b D3
11 is_legal w A6
#? [1]
play w A6
12 is_legal b F5
#? [1]
play b F5
13 is_legal w B3
#? [1]
play w B3
14 is_legal b F6
#? [1]
play b F6
15 is_legal w E4
#? [1]
play w E4
16 is_legal b B4
#? [1]
play b B4
17 is_legal w G7
#? [1]
play w G7
18 is_legal b B6
#? [1]
play b B6
19 is_legal w D5
#? [1]
play w D5
20 is_legal b C2
#? [1]
play b C2
21 is_legal w D1
#? [1]
play w D1
22 is_legal b D6
#? [1]
play b D6
23 is_legal w D2
#? [1]
play w D2
24 is_legal b B1
#? [1]
play b B1
25 is_legal w C7
#? [1]
play w C7
26 is_legal b C6
#? [1]
play b C6
27 is_legal w A3
#? [1]
play w A3
28 is_legal b A4
#? [1]
play b A4
29 is_legal w G4
#? [1]
play w G4
30 is_legal b B2
#? [1]
play b B2
31 is_legal w E7
#? [1]
play w E7
32 is_legal b G1
#? [1]
play b G1
33 is_legal w F1
#? [1]
play w F1
34 is_legal b G2
#? [1]
play b G2
35 is_legal w F4
#? [1]
play w F4
36 is_legal b A3
#? [1]
play b A3
37 is_legal w B7
#? [1]
play w B7
38 is_legal b G6
#? [1]
play b G6
39 is_legal w G5
#? [1]
play w G5
40 is_legal b F2
#? [1]
play b F2
41 is_legal w E2
#? [1]
play w E2
42 is_legal b E6
#? [1]
play b E6
43 is_legal w G3
#? [1]
play w G3
44 is_legal b E1
#? [1]
play b E1
45 is_legal w F7
#? [1]
play w F7
46 is_legal b D2
#? [1]
play b D2
47 is_legal w pass
#? [1]
play w pass
48 is_legal b D7
#? [1]
play b D7
49 is_legal w G7
#? [1]
play w G7
50 is_legal b B5
#? [1]
play b B5
51 is_legal w C7
#? [1]
play w C7
52 is_legal b F7
#? [1]
play b F7
53 is_legal w A7
#? [1]
play w A7
54 is_legal b A5
#? [1]
play b A5
55 is_legal w B7
#? [1]
play w B7
56 is_legal b A6
#? [1]
play b A6
57 is_legal w B7
#? [1]
play w B7
58 is_legal b C7
#? [1]
play b C7
59 is_legal w pass
#? [1]
play w pass
60 is_legal b F3
#? [1]
play b F3
61 is_legal w E4
#? [1]
play w E4
62 is_legal b G5
#? [1]
play b G5
63 is_legal w G4
#? [1]
play w G4
64 is_legal b G3
#? [1]
play b G3
65 is_legal w F4
#? [1]
play w F4
66 is_legal b D4
#? [1]
play b D4
67 is_legal w E4
#? [1]
play w E4
68 is_legal b G4
#? [1]
play b G4
69 is_legal w pass
#? [1]
play w pass
70 is_legal b A7
#? [1]
play b A7
71 is_legal w pass
#? [1]
play w pass
72 is_legal b F4
#? [1]
play b F4
73 is_legal w pass
#? [1]
play w pass
74 is_legal b pass
#? [1]
play b pass
75 color A1
#? [black]
76 color A2
#? [black]
77 color A3
#? [black]
78 color A4
#? [black]
79 color A5
#? [black]
80 color A6
#? [black]
81 color A7
#? [black]
82 color B1
#? [black]
83 color B2
#? [black]
84 color B3
#? [empty]
85 color B4
#? [black]
86 color B5
#? [black]
87 color B6
#? [black]
88 color B7
#? [empty]
89 color C1
#? [black]
90 color C2
#? [black]
91 color C3
#? [black]
92 color C4
#? [black]
93 color C5
#? [black]
94 color C6
#? [black]
95 color C7
#? [black]
96 color D1
#? [empty]
97 color D2
#? [black]
98 color D3
#? [black]
99 color D4
#? [black]
100 color D5
#? [empty]
101 color D6
#? [black]
102 color D7
#? [black]
103 color E1
#? [black]
104 color E2
#? [empty]
105 color E3
#? [black]
106 color E4
#? [empty]
107 color E5
#? [black]
108 color E6
#? [black]
109 color E7
#? [empty]
110 color F1
#? [empty]
111 color F2
#? [black]
112 color F3
#? [black]
113 color F4
#? [black]
114 color F5
#? [black]
115 color F6
#? [black]
116 color F7
#? [black]
117 color G1
#? [black]
118 color G2
#? [black]
119 color G3
#? [black]
120 color G4
#? [black]
121 color G5
#? [black]
122 color G6
#? [black]
123 color G7
#? [empty]
124 final_score
#? [B\+33.5]
