# check-engine finding: counting error
# clause: r[var.score.final]
# engine: node conformance/npm/gtp.js goban korean
# rules: japanese
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules japanese, clauses var.score.final)
# found in vector handicap-006 (target/conformance/probes/3b8ecef66a0d7cff/handicap/probes.toml): final_score says B+6.5, exact B+7.5 (Black 28, White 13, komi 7.5, every stone alive)
ttrules-rules japanese
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 E5
1 is_legal w A3
#? [1]
play w A3
2 is_legal b D4
#? [1]
play b D4
3 is_legal w F4
#? [1]
play w F4
4 is_legal b C5
#? [1]
play b C5
5 is_legal w C1
#? [1]
play w C1
6 is_legal b G3
#? [1]
play b G3
7 is_legal w E7
#? [1]
play w E7
8 is_legal b E1
#? [1]
play b E1
9 is_legal w A6
#? [1]
play w A6
10 is_legal b A2
#? [1]
play b A2
11 is_legal w B3
#? [1]
play w B3
12 is_legal b G7
#? [1]
play b G7
13 is_legal w D1
#? [1]
play w D1
14 is_legal b C4
#? [1]
play b C4
15 is_legal w F7
#? [1]
play w F7
16 is_legal b F3
#? [1]
play b F3
17 is_legal w F5
#? [1]
play w F5
18 is_legal b C6
#? [1]
play b C6
19 is_legal w D6
#? [1]
play w D6
20 is_legal b E2
#? [1]
play b E2
21 is_legal w G1
#? [1]
play w G1
22 is_legal b C2
#? [1]
play b C2
23 is_legal w B4
#? [1]
play w B4
24 is_legal b G6
#? [1]
play b G6
25 is_legal w F1
#? [1]
play w F1
26 is_legal b F6
#? [1]
play b F6
27 is_legal w A7
#? [1]
play w A7
28 is_legal b G2
#? [1]
play b G2
29 is_legal w G5
#? [1]
play w G5
30 is_legal b A1
#? [1]
play b A1
31 is_legal w C7
#? [1]
play w C7
32 is_legal b B7
#? [1]
play b B7
33 is_legal w E6
#? [1]
play w E6
34 is_legal b B6
#? [1]
play b B6
35 is_legal w B1
#? [1]
play w B1
36 is_legal b G7
#? [1]
play b G7
37 is_legal w E4
#? [1]
play w E4
38 is_legal b A4
#? [1]
play b A4
39 is_legal w D3
#? [1]
play w D3
40 is_legal b D2
#? [1]
play b D2
41 is_legal w D5
#? [1]
play w D5
42 is_legal b D7
#? [1]
play b D7
43 is_legal w G6
#? [1]
play w G6
44 is_legal b A5
#? [1]
play b A5
45 is_legal w G4
#? [1]
play w G4
46 is_legal b F2
#? [1]
play b F2
47 is_legal w A6
#? [1]
play w A6
48 is_legal b B5
#? [1]
play b B5
49 is_legal w C7
#? [1]
play w C7
50 is_legal b F1
#? [1]
play b F1
51 is_legal w B2
#? [1]
play w B2
52 is_legal b A1
#? [1]
play b A1
53 is_legal w A2
#? [1]
play w A2
54 is_legal b D7
#? [1]
play b D7
55 is_legal w pass
#? [1]
play w pass
56 is_legal b A1
#? [1]
play b A1
57 is_legal w C1
#? [1]
play w C1
58 is_legal b D1
#? [1]
play b D1
59 is_legal w B4
#? [1]
play w B4
60 is_legal b A2
#? [1]
play b A2
61 is_legal w B1
#? [1]
play w B1
62 is_legal b A3
#? [1]
play b A3
63 is_legal w B3
#? [1]
play w B3
64 is_legal b B2
#? [1]
play b B2
65 is_legal w B3
#? [1]
play w B3
66 is_legal b C1
#? [1]
play b C1
67 is_legal w C7
#? [1]
play w C7
68 is_legal b B4
#? [1]
play b B4
69 is_legal w pass
#? [1]
play w pass
70 is_legal b A7
#? [1]
play b A7
71 is_legal w pass
#? [1]
play w pass
72 is_legal b D7
#? [1]
play b D7
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
#? [empty]
81 color A7
#? [black]
82 color B1
#? [empty]
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
#? [black]
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
#? [empty]
96 color D1
#? [black]
97 color D2
#? [black]
98 color D3
#? [empty]
99 color D4
#? [black]
100 color D5
#? [white]
101 color D6
#? [white]
102 color D7
#? [black]
103 color E1
#? [black]
104 color E2
#? [black]
105 color E3
#? [black]
106 color E4
#? [white]
107 color E5
#? [empty]
108 color E6
#? [white]
109 color E7
#? [white]
110 color F1
#? [black]
111 color F2
#? [black]
112 color F3
#? [black]
113 color F4
#? [white]
114 color F5
#? [white]
115 color F6
#? [empty]
116 color F7
#? [white]
117 color G1
#? [empty]
118 color G2
#? [black]
119 color G3
#? [black]
120 color G4
#? [white]
121 color G5
#? [white]
122 color G6
#? [white]
123 color G7
#? [empty]
124 final_score
#? [B\+7.5]
