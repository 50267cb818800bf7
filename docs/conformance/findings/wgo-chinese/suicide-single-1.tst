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
# found in vector suicide-single-007 (target/conformance/probes/c9958776b82cee98/suicide-single/probes.toml): is_legal B A6 answered 0; the turn is legal
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
1 is_legal b F1
#? [1]
play b F1
2 is_legal w D4
#? [1]
play w D4
3 is_legal b B3
#? [1]
play b B3
4 is_legal w F4
#? [1]
play w F4
5 is_legal b pass
#? [1]
play b pass
6 is_legal w C3
#? [1]
play w C3
7 is_legal b E2
#? [1]
play b E2
8 is_legal w G5
#? [1]
play w G5
9 is_legal b C6
#? [1]
play b C6
10 is_legal w E3
#? [1]
play w E3
11 is_legal b G4
#? [1]
play b G4
12 is_legal w G7
#? [1]
play w G7
13 is_legal b C2
#? [1]
play b C2
14 is_legal w A3
#? [1]
play w A3
15 is_legal b E6
#? [1]
play b E6
16 is_legal w C1
#? [1]
play w C1
17 is_legal b G3
#? [1]
play b G3
18 is_legal w F6
#? [1]
play w F6
19 is_legal b G1
#? [1]
play b G1
20 is_legal w F2
#? [1]
play w F2
21 is_legal b D3
#? [1]
play b D3
22 is_legal w F5
#? [1]
play w F5
23 is_legal b A4
#? [1]
play b A4
24 is_legal w A7
#? [1]
play w A7
25 is_legal b D1
#? [1]
play b D1
26 is_legal w B6
#? [1]
play w B6
27 is_legal b A2
#? [1]
play b A2
28 is_legal w D5
#? [1]
play w D5
29 is_legal b B4
#? [1]
play b B4
30 is_legal w B1
#? [1]
play w B1
31 is_legal b pass
#? [1]
play b pass
32 is_legal w A5
#? [1]
play w A5
33 is_legal b F7
#? [1]
play b F7
34 is_legal w E4
#? [1]
play w E4
35 is_legal b E5
#? [1]
play b E5
36 is_legal w A1
#? [1]
play w A1
37 is_legal b B5
#? [1]
play b B5
38 is_legal w C5
#? [1]
play w C5
39 is_legal b B2
#? [1]
play b B2
40 is_legal w C1
#? [1]
play w C1
41 is_legal b A1
#? [1]
play b A1
42 is_legal w B7
#? [1]
play w B7
43 is_legal b D6
#? [1]
play b D6
44 is_legal w C4
#? [1]
play w C4
45 is_legal b pass
#? [1]
play b pass
46 is_legal w G2
#? [1]
play w G2
47 is_legal b D7
#? [1]
play b D7
48 is_legal w F3
#? [1]
play w F3
49 is_legal b G4
#? [1]
play b G4
50 is_legal w D2
#? [1]
play w D2
51 is_legal b G6
#? [1]
play b G6
52 is_legal w G3
#? [1]
play w G3
53 is_legal b B1
#? [1]
play b B1
54 is_legal w C7
#? [1]
play w C7
55 is_legal b D3
#? [1]
play b D3
56 is_legal w E7
#? [1]
play w E7
57 is_legal b A6
#? [1]
play b A6
58 is_legal w D6
#? [1]
play w D6
59 is_legal b E6
#? [1]
play b E6
60 is_legal w E5
#? [1]
play w E5
61 is_legal b pass
#? [1]
play b pass
62 is_legal w G7
#? [1]
play w G7
63 is_legal b pass
#? [1]
play b pass
64 is_legal w A5
#? [1]
play w A5
65 is_legal b pass
#? [1]
play b pass
66 is_legal w D2
#? [1]
play w D2
67 is_legal b A6
#? [1]
play b A6
68 is_legal w E1
#? [1]
play w E1
69 is_legal b G1
#? [1]
play b G1
70 is_legal w A5
#? [1]
play w A5
71 is_legal b pass
#? [1]
play b pass
72 is_legal w C1
#? [1]
play w C1
73 is_legal b A6
#? [1]
play b A6
74 is_legal w F1
#? [1]
play w F1
75 is_legal b D1
#? [1]
play b D1
76 is_legal w A5
#? [1]
play w A5
77 is_legal b pass
#? [1]
play b pass
78 is_legal w C1
#? [1]
play w C1
79 is_legal b A6
#? [1]
play b A6
80 color A1
#? [black]
81 color A2
#? [black]
82 color A3
#? [empty]
83 color A4
#? [black]
84 color A5
#? [empty]
85 color A6
#? [black]
86 color A7
#? [white]
87 color B1
#? [black]
88 color B2
#? [black]
89 color B3
#? [black]
90 color B4
#? [black]
91 color B5
#? [black]
92 color B6
#? [white]
93 color B7
#? [white]
94 color C1
#? [white]
95 color C2
#? [black]
96 color C3
#? [white]
97 color C4
#? [white]
98 color C5
#? [white]
99 color C6
#? [empty]
100 color C7
#? [white]
101 color D1
#? [empty]
102 color D2
#? [white]
103 color D3
#? [empty]
104 color D4
#? [white]
105 color D5
#? [white]
106 color D6
#? [white]
107 color D7
#? [empty]
108 color E1
#? [white]
109 color E2
#? [empty]
110 color E3
#? [white]
111 color E4
#? [white]
112 color E5
#? [white]
113 color E6
#? [empty]
114 color E7
#? [white]
115 color F1
#? [white]
116 color F2
#? [white]
117 color F3
#? [white]
118 color F4
#? [white]
119 color F5
#? [white]
120 color F6
#? [white]
121 color F7
#? [empty]
122 color G1
#? [empty]
123 color G2
#? [white]
124 color G3
#? [white]
125 color G4
#? [empty]
126 color G5
#? [white]
127 color G6
#? [empty]
128 color G7
#? [white]
