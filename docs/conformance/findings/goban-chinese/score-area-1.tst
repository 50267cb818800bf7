# check-engine finding: no handicap compensation
# clause: r[var.handicap.compensation]
# engine: node conformance/npm/gtp.js goban chinese
# rules: chinese-superko
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector no-handicap-compensation (rules chinese-superko, clauses var.handicap.compensation)
# found in vector score-area-006 (target/conformance/probes/3627b8b3f35aef73/score-area/probes.toml): final_score says W+14.5, exact W+16.5 (Black 21, White 30, komi 7.5, every stone alive)
ttrules-rules chinese-superko
boardsize 7
clear_board
komi 7.5
1 is_legal b C6
#? [1]
play b C6
2 is_legal w pass
#? [1]
play w pass
3 is_legal b A4
#? [1]
play b A4
4 is_legal w E3
#? [1]
play w E3
5 is_legal b E2
#? [1]
play b E2
6 is_legal w D1
#? [1]
play w D1
7 is_legal b C7
#? [1]
play b C7
8 is_legal w E1
#? [1]
play w E1
9 is_legal b D7
#? [1]
play b D7
10 is_legal w A1
#? [1]
play w A1
11 is_legal b G4
#? [1]
play b G4
12 is_legal w F2
#? [1]
play w F2
13 is_legal b G6
#? [1]
play b G6
14 is_legal w E4
#? [1]
play w E4
15 is_legal b A7
#? [1]
play b A7
16 is_legal w D4
#? [1]
play w D4
17 is_legal b C1
#? [1]
play b C1
18 is_legal w C3
#? [1]
play w C3
19 is_legal b C5
#? [1]
play b C5
20 is_legal w G5
#? [1]
play w G5
21 is_legal b E7
#? [1]
play b E7
22 is_legal w B1
#? [1]
play w B1
23 is_legal b A6
#? [1]
play b A6
24 is_legal w D3
#? [1]
play w D3
25 is_legal b B4
#? [1]
play b B4
26 is_legal w B2
#? [1]
play w B2
27 is_legal b G3
#? [1]
play b G3
28 is_legal w G1
#? [1]
play w G1
29 is_legal b B5
#? [1]
play b B5
30 is_legal w D6
#? [1]
play w D6
31 is_legal b A2
#? [1]
play b A2
32 is_legal w C4
#? [1]
play w C4
33 is_legal b A3
#? [1]
play b A3
34 is_legal w B7
#? [1]
play w B7
35 is_legal b E6
#? [1]
play b E6
36 is_legal w F7
#? [1]
play w F7
37 is_legal b D2
#? [1]
play b D2
38 is_legal w C2
#? [1]
play w C2
39 is_legal b B3
#? [1]
play b B3
40 is_legal w D5
#? [1]
play w D5
41 is_legal b F6
#? [1]
play b F6
42 is_legal w E5
#? [1]
play w E5
43 is_legal b G7
#? [1]
play b G7
44 is_legal w F5
#? [1]
play w F5
45 is_legal b G2
#? [1]
play b G2
46 is_legal w D2
#? [1]
play w D2
47 is_legal b B6
#? [1]
play b B6
48 is_legal w F4
#? [1]
play w F4
49 is_legal b F1
#? [1]
play b F1
50 is_legal w F3
#? [1]
play w F3
51 is_legal b pass
#? [1]
play b pass
52 is_legal w G1
#? [1]
play w G1
53 is_legal b G3
#? [1]
play b G3
54 is_legal w G2
#? [1]
play w G2
55 is_legal b pass
#? [1]
play b pass
56 is_legal w G4
#? [1]
play w G4
57 is_legal b pass
#? [1]
play b pass
58 is_legal w pass
#? [1]
play w pass
59 color A1
#? [white]
60 color A2
#? [black]
61 color A3
#? [black]
62 color A4
#? [black]
63 color A6
#? [black]
64 color A7
#? [black]
65 color B1
#? [white]
66 color B2
#? [white]
67 color B3
#? [black]
68 color B4
#? [black]
69 color B5
#? [black]
70 color B6
#? [black]
71 color B7
#? [empty]
72 color C1
#? [empty]
73 color C2
#? [white]
74 color C3
#? [white]
75 color C4
#? [white]
76 color C5
#? [black]
77 color C6
#? [black]
78 color C7
#? [black]
79 color D1
#? [white]
80 color D2
#? [white]
81 color D3
#? [white]
82 color D4
#? [white]
83 color D5
#? [white]
84 color D6
#? [white]
85 color D7
#? [black]
86 color E1
#? [white]
87 color E2
#? [empty]
88 color E3
#? [white]
89 color E4
#? [white]
90 color E5
#? [white]
91 color E6
#? [black]
92 color E7
#? [black]
93 color F1
#? [empty]
94 color F2
#? [white]
95 color F3
#? [white]
96 color F4
#? [white]
97 color F5
#? [white]
98 color F6
#? [black]
99 color F7
#? [empty]
100 color G1
#? [white]
101 color G2
#? [white]
102 color G3
#? [empty]
103 color G4
#? [white]
104 color G5
#? [white]
105 color G6
#? [black]
106 color G7
#? [black]
107 final_score
#? [W\+16.5]
