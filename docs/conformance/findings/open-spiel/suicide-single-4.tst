# check-engine finding: refuses a legal capture
# clause: r[tt.move.clear-opponent]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py open_spiel max_game_length=10000
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector refuses-a-legal-capture (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.move.clear-opponent)
# found in vector suicide-single-008 (target/conformance/probes/9e46554e71a9c505/suicide-single/probes.toml): play B E3 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
1 is_legal b E1
#? [1]
play b E1
2 is_legal w G7
#? [1]
play w G7
3 is_legal b A6
#? [1]
play b A6
4 is_legal w G4
#? [1]
play w G4
5 is_legal b G1
#? [1]
play b G1
6 is_legal w D3
#? [1]
play w D3
7 is_legal b C2
#? [1]
play b C2
8 is_legal w F2
#? [1]
play w F2
9 is_legal b C3
#? [1]
play b C3
10 is_legal w C4
#? [1]
play w C4
11 is_legal b B6
#? [1]
play b B6
12 is_legal w E4
#? [1]
play w E4
13 is_legal b E6
#? [1]
play b E6
14 is_legal w F4
#? [1]
play w F4
15 is_legal b G2
#? [1]
play b G2
16 is_legal w F3
#? [1]
play w F3
17 is_legal b G6
#? [1]
play b G6
18 is_legal w G3
#? [1]
play w G3
19 is_legal b D2
#? [1]
play b D2
20 is_legal w A7
#? [1]
play w A7
21 is_legal b A4
#? [1]
play b A4
22 is_legal w B5
#? [1]
play w B5
23 is_legal b B4
#? [1]
play b B4
24 is_legal w F7
#? [1]
play w F7
25 is_legal b E3
#? [1]
play b E3
26 is_legal w E2
#? [1]
play w E2
27 is_legal b E5
#? [1]
play b E5
28 is_legal w E7
#? [1]
play w E7
29 is_legal b A2
#? [1]
play b A2
30 is_legal w G5
#? [1]
play w G5
31 is_legal b B3
#? [1]
play b B3
32 is_legal w D5
#? [1]
play w D5
33 is_legal b D6
#? [1]
play b D6
34 is_legal w F1
#? [1]
play w F1
35 is_legal b D7
#? [1]
play b D7
36 is_legal w C6
#? [1]
play w C6
37 is_legal b C1
#? [1]
play b C1
38 is_legal w F6
#? [1]
play w F6
39 is_legal b G1
#? [1]
play b G1
40 is_legal w A5
#? [1]
play w A5
41 is_legal b B1
#? [1]
play b B1
42 is_legal w F5
#? [1]
play w F5
43 is_legal b B7
#? [1]
play b B7
44 is_legal w G2
#? [1]
play w G2
45 is_legal b C7
#? [1]
play b C7
46 is_legal w A7
#? [1]
play w A7
47 is_legal b E6
#? [1]
play b E6
48 is_legal w D6
#? [1]
play w D6
49 is_legal b C7
#? [1]
play b C7
50 is_legal w E5
#? [1]
play w E5
51 is_legal b B7
#? [1]
play b B7
52 is_legal w A6
#? [1]
play w A6
53 is_legal b B6
#? [1]
play b B6
54 is_legal w D1
#? [1]
play w D1
55 is_legal b C5
#? [1]
play b C5
56 is_legal w A7
#? [1]
play w A7
57 is_legal b A6
#? [1]
play b A6
58 is_legal w A5
#? [1]
play w A5
59 is_legal b E1
#? [1]
play b E1
60 is_legal w D7
#? [1]
play w D7
61 is_legal b D4
#? [1]
play b D4
62 is_legal w D1
#? [1]
play w D1
63 is_legal b B5
#? [1]
play b B5
64 is_legal w C4
#? [1]
play w C4
65 is_legal b E1
#? [1]
play b E1
66 is_legal w pass
#? [1]
play w pass
67 is_legal b D4
#? [1]
play b D4
68 is_legal w D1
#? [1]
play w D1
69 is_legal b E3
#? [1]
play b E3
70 color A2
#? [black]
71 color A4
#? [black]
72 color A5
#? [empty]
73 color A6
#? [black]
74 color A7
#? [empty]
75 color B1
#? [black]
76 color B3
#? [black]
77 color B4
#? [black]
78 color B5
#? [black]
79 color B6
#? [black]
80 color B7
#? [black]
81 color C1
#? [black]
82 color C2
#? [black]
83 color C3
#? [black]
84 color C4
#? [empty]
85 color C5
#? [black]
86 color C6
#? [white]
87 color C7
#? [black]
88 color D1
#? [white]
89 color D2
#? [black]
90 color D3
#? [empty]
91 color D4
#? [black]
92 color D5
#? [white]
93 color D6
#? [white]
94 color D7
#? [white]
95 color E1
#? [empty]
96 color E2
#? [white]
97 color E3
#? [black]
98 color E4
#? [white]
99 color E5
#? [white]
100 color E6
#? [empty]
101 color E7
#? [white]
102 color F1
#? [white]
103 color F2
#? [white]
104 color F3
#? [white]
105 color F4
#? [white]
106 color F5
#? [white]
107 color F6
#? [white]
108 color F7
#? [white]
109 color G1
#? [empty]
110 color G2
#? [white]
111 color G3
#? [white]
112 color G4
#? [white]
113 color G5
#? [white]
114 color G6
#? [empty]
115 color G7
#? [white]
