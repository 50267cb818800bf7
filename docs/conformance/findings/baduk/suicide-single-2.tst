# check-engine finding: board differs after a move
# clause: r[tt.move]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py baduk
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector board-differs-after-a-move (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.move)
# found in vector suicide-single-008 (target/conformance/probes/c9958776b82cee98/suicide-single/probes.toml): after B E6: 1 point differ (expected≠engine): A7 O≠.
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
48 color A2
#? [black]
49 color A4
#? [black]
50 color A5
#? [white]
51 color A6
#? [empty]
52 color A7
#? [white]
53 color B1
#? [black]
54 color B3
#? [black]
55 color B4
#? [black]
56 color B5
#? [white]
57 color B6
#? [empty]
58 color B7
#? [empty]
59 color C1
#? [black]
60 color C2
#? [black]
61 color C3
#? [black]
62 color C4
#? [white]
63 color C6
#? [white]
64 color C7
#? [empty]
65 color D2
#? [black]
66 color D3
#? [white]
67 color D5
#? [white]
68 color D6
#? [empty]
69 color D7
#? [empty]
70 color E1
#? [black]
71 color E2
#? [white]
72 color E3
#? [empty]
73 color E4
#? [white]
74 color E5
#? [empty]
75 color E6
#? [black]
76 color E7
#? [white]
77 color F1
#? [white]
78 color F2
#? [white]
79 color F3
#? [white]
80 color F4
#? [white]
81 color F5
#? [white]
82 color F6
#? [white]
83 color F7
#? [white]
84 color G1
#? [empty]
85 color G2
#? [white]
86 color G3
#? [white]
87 color G4
#? [white]
88 color G5
#? [white]
89 color G6
#? [empty]
90 color G7
#? [white]
