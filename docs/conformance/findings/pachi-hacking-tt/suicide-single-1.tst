# check-engine finding: refuses a legal multi-suicide
# clause: r[tt.note.multi-suicide]
# engine: python3 conformance/gtp_size_guard.py 2 19 /usr/local/bin/pachi -e random -s 1
# rules: repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector refuses-a-legal-multi-suicide (rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n, clauses tt.note.multi-suicide)
# found in vector suicide-single-007 (target/conformance/probes/26b8daa8ea6eedd9/suicide-single/probes.toml): play B E6 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
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
43 is_legal b C5
#? [1]
play b C5
44 is_legal w B5
#? [1]
play w B5
45 is_legal b B7
#? [1]
play b B7
46 is_legal w C7
#? [1]
play w C7
47 is_legal b D6
#? [1]
play b D6
48 is_legal w E5
#? [1]
play w E5
49 is_legal b D7
#? [1]
play b D7
50 is_legal w G2
#? [1]
play w G2
51 is_legal b E6
#? [1]
play b E6
52 color A2
#? [black]
53 color A4
#? [black]
54 color A5
#? [empty]
55 color A6
#? [black]
56 color A7
#? [empty]
57 color B1
#? [black]
58 color B3
#? [black]
59 color B4
#? [black]
60 color B5
#? [white]
61 color B6
#? [black]
62 color B7
#? [black]
63 color C1
#? [black]
64 color C2
#? [black]
65 color C3
#? [black]
66 color C4
#? [white]
67 color C5
#? [empty]
68 color C6
#? [white]
69 color C7
#? [white]
70 color D2
#? [black]
71 color D3
#? [white]
72 color D5
#? [white]
73 color D6
#? [empty]
74 color D7
#? [empty]
75 color E1
#? [black]
76 color E2
#? [white]
77 color E3
#? [empty]
78 color E4
#? [white]
79 color E5
#? [white]
80 color E6
#? [empty]
81 color E7
#? [white]
82 color F1
#? [white]
83 color F2
#? [white]
84 color F3
#? [white]
85 color F4
#? [white]
86 color F5
#? [white]
87 color F6
#? [white]
88 color F7
#? [white]
89 color G1
#? [empty]
90 color G2
#? [white]
91 color G3
#? [white]
92 color G4
#? [white]
93 color G5
#? [white]
94 color G6
#? [empty]
95 color G7
#? [white]
