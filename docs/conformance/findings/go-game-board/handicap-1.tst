# check-engine finding: counting error
# clause: r[var.score.final]
# engine: conformance/crates/target/release/gtp-go-game-board
# rules: repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector handicap-005 (target/conformance/probes/ef250cbba8cb38fd/handicap/probes.toml): final_score says W+4.5, exact W+17.5 (Black 19, White 30, komi 6.5, every stone alive)
ttrules-rules repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 6.5
set_free_handicap C3 E5
1 is_legal w B1
#? [1]
play w B1
2 is_legal b B7
#? [1]
play b B7
3 is_legal w D4
#? [1]
play w D4
4 is_legal b F5
#? [1]
play b F5
5 is_legal w E6
#? [1]
play w E6
6 is_legal b E3
#? [1]
play b E3
7 is_legal w G4
#? [1]
play w G4
8 is_legal b D1
#? [1]
play b D1
9 is_legal w G6
#? [1]
play w G6
10 is_legal b C5
#? [1]
play b C5
11 is_legal w A6
#? [1]
play w A6
12 is_legal b F7
#? [1]
play b F7
13 is_legal w G7
#? [1]
play w G7
14 is_legal b F6
#? [1]
play b F6
15 is_legal w A3
#? [1]
play w A3
16 is_legal b E4
#? [1]
play b E4
17 is_legal w A4
#? [1]
play w A4
18 is_legal b B4
#? [1]
play b B4
19 is_legal w E7
#? [1]
play w E7
20 is_legal b G3
#? [1]
play b G3
21 is_legal w B6
#? [1]
play w B6
22 is_legal b B5
#? [1]
play b B5
23 is_legal w F3
#? [1]
play w F3
24 is_legal b F1
#? [1]
play b F1
25 is_legal w C6
#? [1]
play w C6
26 is_legal b F4
#? [1]
play b F4
27 is_legal w D6
#? [1]
play w D6
28 is_legal b B2
#? [1]
play b B2
29 is_legal w D3
#? [1]
play w D3
30 is_legal b A2
#? [1]
play b A2
31 is_legal w D5
#? [1]
play w D5
32 is_legal b C1
#? [1]
play b C1
33 is_legal w G1
#? [1]
play w G1
34 is_legal b A5
#? [1]
play b A5
35 is_legal w D7
#? [1]
play w D7
36 is_legal b G2
#? [1]
play b G2
37 is_legal w C7
#? [1]
play w C7
38 is_legal b C4
#? [1]
play b C4
39 is_legal w E2
#? [1]
play w E2
40 is_legal b D2
#? [1]
play b D2
41 is_legal w G5
#? [1]
play w G5
42 is_legal b F7
#? [1]
play b F7
43 is_legal w F2
#? [1]
play w F2
44 is_legal b A1
#? [1]
play b A1
45 is_legal w A7
#? [1]
play w A7
46 is_legal b F6
#? [1]
play b F6
47 is_legal w E3
#? [1]
play w E3
48 is_legal b E1
#? [1]
play b E1
49 is_legal w E4
#? [1]
play w E4
50 is_legal b E5
#? [1]
play b E5
51 is_legal w G1
#? [1]
play w G1
52 is_legal b G3
#? [1]
play b G3
53 is_legal w G2
#? [1]
play w G2
54 is_legal b B3
#? [1]
play b B3
55 is_legal w F4
#? [1]
play w F4
56 is_legal b A4
#? [1]
play b A4
57 is_legal w F5
#? [1]
play w F5
58 is_legal b F7
#? [1]
play b F7
59 is_legal w F6
#? [1]
play w F6
60 is_legal b pass
#? [1]
play b pass
61 is_legal w pass
#? [1]
play w pass
62 color A1
#? [black]
63 color A2
#? [black]
64 color A3
#? [empty]
65 color A4
#? [black]
66 color A5
#? [black]
67 color A6
#? [white]
68 color A7
#? [white]
69 color B1
#? [empty]
70 color B2
#? [black]
71 color B3
#? [black]
72 color B4
#? [black]
73 color B5
#? [black]
74 color B6
#? [white]
75 color B7
#? [empty]
76 color C1
#? [black]
77 color C3
#? [black]
78 color C4
#? [black]
79 color C5
#? [black]
80 color C6
#? [white]
81 color C7
#? [white]
82 color D1
#? [black]
83 color D2
#? [black]
84 color D3
#? [white]
85 color D4
#? [white]
86 color D5
#? [white]
87 color D6
#? [white]
88 color D7
#? [white]
89 color E1
#? [black]
90 color E2
#? [white]
91 color E3
#? [white]
92 color E4
#? [white]
93 color E5
#? [empty]
94 color E6
#? [white]
95 color E7
#? [white]
96 color F1
#? [black]
97 color F2
#? [white]
98 color F3
#? [white]
99 color F4
#? [white]
100 color F5
#? [white]
101 color F6
#? [white]
102 color F7
#? [empty]
103 color G1
#? [white]
104 color G2
#? [white]
105 color G3
#? [empty]
106 color G4
#? [white]
107 color G5
#? [white]
108 color G6
#? [white]
109 color G7
#? [white]
110 final_score
#? [W\+17.5]
