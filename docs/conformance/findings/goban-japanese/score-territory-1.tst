# check-engine finding: area counting
# clause: r[var.count.area]
# engine: node conformance/npm/gtp.js goban japanese
# rules: japanese
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector area-counting (rules japanese, clauses var.count.area)
# found in vector score-territory-006 (target/conformance/probes/3b8ecef66a0d7cff/score-territory/probes.toml): final_score says W+8.5, exact W+9.5 (Black 6, White 8, komi 7.5, every stone alive)
ttrules-rules japanese
boardsize 7
clear_board
komi 7.5
1 is_legal b D3
#? [1]
play b D3
2 is_legal w F1
#? [1]
play w F1
3 is_legal b C3
#? [1]
play b C3
4 is_legal w B4
#? [1]
play w B4
5 is_legal b F5
#? [1]
play b F5
6 is_legal w C1
#? [1]
play w C1
7 is_legal b G5
#? [1]
play b G5
8 is_legal w B5
#? [1]
play w B5
9 is_legal b pass
#? [1]
play b pass
10 is_legal w E6
#? [1]
play w E6
11 is_legal b G6
#? [1]
play b G6
12 is_legal w A2
#? [1]
play w A2
13 is_legal b A6
#? [1]
play b A6
14 is_legal w G1
#? [1]
play w G1
15 is_legal b C2
#? [1]
play b C2
16 is_legal w C7
#? [1]
play w C7
17 is_legal b C4
#? [1]
play b C4
18 is_legal w A7
#? [1]
play w A7
19 is_legal b C6
#? [1]
play b C6
20 is_legal w D7
#? [1]
play w D7
21 is_legal b E1
#? [1]
play b E1
22 is_legal w B7
#? [1]
play w B7
23 is_legal b D2
#? [1]
play b D2
24 is_legal w E5
#? [1]
play w E5
25 is_legal b D5
#? [1]
play b D5
26 is_legal w F6
#? [1]
play w F6
27 is_legal b F3
#? [1]
play b F3
28 is_legal w F4
#? [1]
play w F4
29 is_legal b E3
#? [1]
play b E3
30 is_legal w A4
#? [1]
play w A4
31 is_legal b G2
#? [1]
play b G2
32 is_legal w A5
#? [1]
play w A5
33 is_legal b B2
#? [1]
play b B2
34 is_legal w D4
#? [1]
play w D4
35 is_legal b E4
#? [1]
play b E4
36 is_legal w F7
#? [1]
play w F7
37 is_legal b G7
#? [1]
play b G7
38 is_legal w B3
#? [1]
play w B3
39 is_legal b F2
#? [1]
play b F2
40 is_legal w D6
#? [1]
play w D6
41 is_legal b B6
#? [1]
play b B6
42 is_legal w G1
#? [1]
play w G1
43 is_legal b D1
#? [1]
play b D1
44 is_legal w G4
#? [1]
play w G4
45 is_legal b F1
#? [1]
play b F1
46 is_legal w G6
#? [1]
play w G6
47 is_legal b B1
#? [1]
play b B1
48 is_legal w G3
#? [1]
play w G3
49 is_legal b F5
#? [1]
play b F5
50 is_legal w C5
#? [1]
play w C5
51 is_legal b A6
#? [1]
play b A6
52 is_legal w D4
#? [1]
play w D4
53 is_legal b C6
#? [1]
play b C6
54 is_legal w A1
#? [1]
play w A1
55 is_legal b D5
#? [1]
play b D5
56 is_legal w pass
#? [1]
play w pass
57 is_legal b pass
#? [1]
play b pass
58 color A1
#? [white]
59 color A2
#? [white]
60 color A4
#? [white]
61 color A5
#? [white]
62 color A6
#? [black]
63 color A7
#? [white]
64 color B1
#? [black]
65 color B2
#? [black]
66 color B3
#? [white]
67 color B4
#? [white]
68 color B5
#? [white]
69 color B6
#? [empty]
70 color B7
#? [white]
71 color C1
#? [empty]
72 color C2
#? [black]
73 color C3
#? [black]
74 color C4
#? [black]
75 color C5
#? [white]
76 color C6
#? [black]
77 color C7
#? [white]
78 color D1
#? [black]
79 color D2
#? [black]
80 color D3
#? [black]
81 color D4
#? [empty]
82 color D5
#? [black]
83 color D6
#? [white]
84 color D7
#? [white]
85 color E1
#? [black]
86 color E3
#? [black]
87 color E4
#? [black]
88 color E5
#? [white]
89 color E6
#? [white]
90 color F1
#? [black]
91 color F2
#? [black]
92 color F3
#? [black]
93 color F4
#? [white]
94 color F5
#? [black]
95 color F6
#? [white]
96 color F7
#? [white]
97 color G1
#? [empty]
98 color G2
#? [black]
99 color G3
#? [white]
100 color G4
#? [white]
101 color G5
#? [empty]
102 color G6
#? [white]
103 color G7
#? [empty]
104 final_score
#? [W\+9.5]
