# check-engine finding: counting error
# clause: r[var.score.final]
# engine: node conformance/npm/gtp.js tenuki situational-superko/territory
# rules: repetition=situational suicide=forbidden counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=situational suicide=forbidden counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector score-territory-006 (target/conformance/probes/009a8afa87107a2d/score-territory/probes.toml): final_score says W+10.5, exact W+11.5 (Black 10, White 14, komi 7.5, every stone alive)
ttrules-rules repetition=situational suicide=forbidden counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
1 is_legal b G5
#? [1]
play b G5
2 is_legal w G4
#? [1]
play w G4
3 is_legal b C2
#? [1]
play b C2
4 is_legal w E1
#? [1]
play w E1
5 is_legal b C3
#? [1]
play b C3
6 is_legal w B5
#? [1]
play w B5
7 is_legal b A2
#? [1]
play b A2
8 is_legal w B4
#? [1]
play w B4
9 is_legal b B1
#? [1]
play b B1
10 is_legal w C4
#? [1]
play w C4
11 is_legal b G1
#? [1]
play b G1
12 is_legal w G3
#? [1]
play w G3
13 is_legal b F4
#? [1]
play b F4
14 is_legal w E6
#? [1]
play w E6
15 is_legal b F7
#? [1]
play b F7
16 is_legal w G2
#? [1]
play w G2
17 is_legal b E3
#? [1]
play b E3
18 is_legal w A6
#? [1]
play w A6
19 is_legal b G7
#? [1]
play b G7
20 is_legal w C7
#? [1]
play w C7
21 is_legal b B3
#? [1]
play b B3
22 is_legal w A5
#? [1]
play w A5
23 is_legal b D5
#? [1]
play b D5
24 is_legal w D4
#? [1]
play w D4
25 is_legal b B6
#? [1]
play b B6
26 is_legal w F3
#? [1]
play w F3
27 is_legal b B7
#? [1]
play b B7
28 is_legal w F5
#? [1]
play w F5
29 is_legal b F2
#? [1]
play b F2
30 is_legal w E5
#? [1]
play w E5
31 is_legal b D6
#? [1]
play b D6
32 is_legal w A3
#? [1]
play w A3
33 is_legal b F3
#? [1]
play b F3
34 is_legal w C5
#? [1]
play w C5
35 is_legal b G4
#? [1]
play b G4
36 is_legal w G6
#? [1]
play w G6
37 is_legal b E2
#? [1]
play b E2
38 is_legal w F6
#? [1]
play w F6
39 is_legal b E7
#? [1]
play b E7
40 is_legal w C6
#? [1]
play w C6
41 is_legal b C1
#? [1]
play b C1
42 is_legal w D3
#? [1]
play w D3
43 is_legal b F1
#? [1]
play b F1
44 is_legal w D2
#? [1]
play w D2
45 is_legal b pass
#? [1]
play b pass
46 is_legal w A7
#? [1]
play w A7
47 is_legal b G2
#? [1]
play b G2
48 is_legal w B6
#? [1]
play w B6
49 is_legal b D1
#? [1]
play b D1
50 is_legal w D7
#? [1]
play w D7
51 is_legal b A4
#? [1]
play b A4
52 is_legal w F7
#? [1]
play w F7
53 is_legal b D5
#? [1]
play b D5
54 is_legal w D6
#? [1]
play w D6
55 is_legal b E4
#? [1]
play b E4
56 is_legal w A3
#? [1]
play w A3
57 is_legal b pass
#? [1]
play b pass
58 is_legal w pass
#? [1]
play w pass
59 color A2
#? [black]
60 color A3
#? [white]
61 color A4
#? [empty]
62 color A5
#? [white]
63 color A6
#? [white]
64 color A7
#? [white]
65 color B1
#? [black]
66 color B3
#? [black]
67 color B4
#? [white]
68 color B5
#? [white]
69 color B6
#? [white]
70 color B7
#? [empty]
71 color C1
#? [black]
72 color C2
#? [black]
73 color C3
#? [black]
74 color C4
#? [white]
75 color C5
#? [white]
76 color C6
#? [white]
77 color C7
#? [white]
78 color D1
#? [black]
79 color D2
#? [white]
80 color D3
#? [white]
81 color D4
#? [white]
82 color D5
#? [empty]
83 color D6
#? [white]
84 color D7
#? [white]
85 color E1
#? [empty]
86 color E2
#? [black]
87 color E3
#? [black]
88 color E4
#? [black]
89 color E5
#? [white]
90 color E6
#? [white]
91 color E7
#? [empty]
92 color F1
#? [black]
93 color F2
#? [black]
94 color F3
#? [black]
95 color F4
#? [black]
96 color F5
#? [white]
97 color F6
#? [white]
98 color F7
#? [white]
99 color G1
#? [black]
100 color G2
#? [black]
101 color G3
#? [empty]
102 color G4
#? [black]
103 color G5
#? [black]
104 color G6
#? [white]
105 color G7
#? [empty]
106 final_score
#? [W\+11.5]
