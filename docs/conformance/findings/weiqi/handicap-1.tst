# check-engine finding: area counting
# clause: r[var.count.area]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py weiqi
# rules: repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector area-counting (rules repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.count.area)
# found in vector handicap-005 (target/conformance/probes/7723a752d47ee030/handicap/probes.toml): final_score says B+5.5, exact B+1.5 (Black 15, White 6, komi 7.5, every stone alive)
ttrules-rules repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 7
clear_board
komi 7.5
set_free_handicap C3 E3 E5
1 is_legal w B3
#? [1]
play w B3
2 is_legal b F4
#? [1]
play b F4
3 is_legal w D4
#? [1]
play w D4
4 is_legal b A5
#? [1]
play b A5
5 is_legal w B6
#? [1]
play w B6
6 is_legal b E6
#? [1]
play b E6
7 is_legal w A4
#? [1]
play w A4
8 is_legal b F5
#? [1]
play b F5
9 is_legal w C1
#? [1]
play w C1
10 is_legal b C7
#? [1]
play b C7
11 is_legal w B1
#? [1]
play w B1
12 is_legal b C5
#? [1]
play b C5
13 is_legal w C6
#? [1]
play w C6
14 is_legal b B5
#? [1]
play b B5
15 is_legal w A1
#? [1]
play w A1
16 is_legal b G5
#? [1]
play b G5
17 is_legal w D1
#? [1]
play w D1
18 is_legal b E2
#? [1]
play b E2
19 is_legal w E1
#? [1]
play w E1
20 is_legal b A2
#? [1]
play b A2
21 is_legal w A3
#? [1]
play w A3
22 is_legal b F6
#? [1]
play b F6
23 is_legal w B7
#? [1]
play w B7
24 is_legal b D7
#? [1]
play b D7
25 is_legal w F7
#? [1]
play w F7
26 is_legal b D5
#? [1]
play b D5
27 is_legal w E7
#? [1]
play w E7
28 is_legal b E4
#? [1]
play b E4
29 is_legal w B4
#? [1]
play w B4
30 is_legal b C2
#? [1]
play b C2
31 is_legal w G4
#? [1]
play w G4
32 is_legal b G2
#? [1]
play b G2
33 is_legal w B2
#? [1]
play w B2
34 is_legal b D2
#? [1]
play b D2
35 is_legal w F1
#? [1]
play w F1
36 is_legal b D6
#? [1]
play b D6
37 is_legal w A7
#? [1]
play w A7
38 is_legal b G7
#? [1]
play b G7
39 is_legal w F2
#? [1]
play w F2
40 is_legal b C4
#? [1]
play b C4
41 is_legal w G1
#? [1]
play w G1
42 is_legal b G3
#? [1]
play b G3
43 is_legal w F3
#? [1]
play w F3
44 is_legal b A6
#? [1]
play b A6
45 is_legal w B6
#? [1]
play w B6
46 is_legal b A7
#? [1]
play b A7
47 is_legal w B7
#? [1]
play w B7
48 is_legal b E7
#? [1]
play b E7
49 is_legal w G4
#? [1]
play w G4
50 is_legal b G2
#? [1]
play b G2
51 is_legal w G3
#? [1]
play w G3
52 is_legal b D3
#? [1]
play b D3
53 is_legal w pass
#? [1]
play w pass
54 is_legal b C6
#? [1]
play b C6
55 is_legal w B7
#? [1]
play w B7
56 is_legal b B6
#? [1]
play b B6
57 is_legal w pass
#? [1]
play w pass
58 is_legal b pass
#? [1]
play b pass
59 color A1
#? [white]
60 color A2
#? [empty]
61 color A3
#? [white]
62 color A4
#? [white]
63 color A5
#? [black]
64 color A6
#? [black]
65 color A7
#? [black]
66 color B1
#? [white]
67 color B2
#? [white]
68 color B3
#? [white]
69 color B4
#? [white]
70 color B5
#? [black]
71 color B6
#? [black]
72 color B7
#? [empty]
73 color C1
#? [white]
74 color C2
#? [black]
75 color C3
#? [black]
76 color C4
#? [black]
77 color C5
#? [black]
78 color C6
#? [black]
79 color C7
#? [black]
80 color D1
#? [white]
81 color D2
#? [black]
82 color D3
#? [black]
83 color D4
#? [empty]
84 color D5
#? [black]
85 color D6
#? [black]
86 color D7
#? [black]
87 color E1
#? [white]
88 color E2
#? [black]
89 color E3
#? [black]
90 color E4
#? [black]
91 color E5
#? [black]
92 color E6
#? [black]
93 color E7
#? [black]
94 color F1
#? [white]
95 color F2
#? [white]
96 color F3
#? [white]
97 color F4
#? [black]
98 color F5
#? [black]
99 color F6
#? [black]
100 color F7
#? [empty]
101 color G1
#? [white]
102 color G2
#? [empty]
103 color G3
#? [white]
104 color G4
#? [white]
105 color G5
#? [black]
106 color G7
#? [black]
107 final_score
#? [B\+1.5]
