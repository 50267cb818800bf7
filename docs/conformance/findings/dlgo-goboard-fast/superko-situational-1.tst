# check-engine finding: says 1 for an illegal superko
# clause: r[var.ko.situational]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py dlgo goboard_fast
# rules: repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-superko (rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.ko.situational)
# found in vector superko-situational-008 (target/conformance/probes/6d28d4427aacfcf7/superko-situational/probes.toml): is_legal B C2 answered 1; the attempt is illegal: repetition (r[var.ko.situational])
ttrules-rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 3
clear_board
komi 7.5
1 is_legal b B2
#? [1]
play b B2
2 is_legal w C1
#? [1]
play w C1
3 is_legal b B1
#? [1]
play b B1
4 is_legal w A3
#? [1]
play w A3
5 is_legal b C2
#? [1]
play b C2
6 is_legal w C3
#? [1]
play w C3
7 is_legal b A2
#? [1]
play b A2
8 is_legal w pass
#? [1]
play w pass
9 is_legal b A1
#? [1]
play b A1
10 is_legal w pass
#? [1]
play w pass
11 is_legal b B3
#? [1]
play b B3
12 is_legal w pass
#? [1]
play w pass
13 is_legal b A3
#? [1]
play b A3
14 is_legal w pass
#? [1]
play w pass
15 is_legal b C1
#? [1]
play b C1
16 is_legal w C3
#? [1]
play w C3
17 is_legal b B1
#? [1]
play b B1
18 is_legal w C1
#? [1]
play w C1
19 is_legal b A3
#? [1]
play b A3
20 is_legal w A1
#? [1]
play w A1
21 is_legal b B2
#? [1]
play b B2
22 is_legal w C2
#? [1]
play w C2
23 is_legal b B3
#? [1]
play b B3
24 is_legal w C3
#? [1]
play w C3
25 is_legal b C2
#? [1]
play b C2
26 is_legal w pass
#? [1]
play w pass
27 is_legal b C3
#? [1]
play b C3
28 is_legal w pass
#? [1]
play w pass
29 is_legal b C1
#? [1]
play b C1
30 is_legal w A2
#? [1]
play w A2
31 is_legal b A3
#? [1]
play b A3
32 is_legal w C3
#? [1]
play w C3
33 is_legal b B2
#? [1]
play b B2
34 is_legal w B3
#? [1]
play w B3
35 is_legal b C1
#? [1]
play b C1
36 is_legal w C2
#? [1]
play w C2
37 is_legal b A3
#? [1]
play b A3
38 is_legal w C3
#? [1]
play w C3
39 is_legal b C2
#? [1]
play b C2
40 is_legal w B3
#? [1]
play w B3
41 is_legal b A3
#? [1]
play b A3
42 is_legal w B3
#? [1]
play w B3
43 is_legal b C3
#? [1]
play b C3
44 is_legal w B1
#? [1]
play w B1
45 is_legal b C3
#? [1]
play b C3
46 is_legal w C1
#? [1]
play w C1
47 is_legal b C2
#? [1]
play b C2
48 is_legal w B2
#? [1]
play w B2
49 is_legal b C3
#? [1]
play b C3
50 is_legal w C2
#? [1]
play w C2
51 is_legal b pass
#? [1]
play b pass
52 is_legal w C3
#? [1]
play w C3
53 is_legal b A3
#? [1]
play b A3
54 is_legal w A1
#? [1]
play w A1
55 is_legal b A2
#? [1]
play b A2
56 is_legal w C1
#? [1]
play w C1
57 is_legal b B2
#? [1]
play b B2
58 is_legal w C2
#? [1]
play w C2
59 is_legal b B1
#? [1]
play b B1
60 is_legal w B3
#? [1]
play w B3
61 is_legal b C3
#? [1]
play b C3
62 is_legal w C1
#? [1]
play w C1
63 is_legal b C2
#? [1]
play b C2
64 is_legal w pass
#? [1]
play w pass
65 is_legal b C1
#? [1]
play b C1
66 is_legal w pass
#? [1]
play w pass
67 is_legal b A1
#? [1]
play b A1
68 is_legal w B3
#? [1]
play w B3
69 is_legal b B1
#? [1]
play b B1
70 is_legal w C2
#? [1]
play w C2
71 is_legal b A2
#? [1]
play b A2
72 is_legal w C3
#? [1]
play w C3
73 is_legal b A3
#? [1]
play b A3
74 is_legal w C1
#? [1]
play w C1
75 is_legal b A1
#? [1]
play b A1
76 is_legal w B2
#? [1]
play w B2
77 is_legal b B1
#? [1]
play b B1
78 is_legal w A1
#? [1]
play w A1
79 is_legal b A2
#? [1]
play b A2
80 is_legal w A3
#? [1]
play w A3
81 is_legal b pass
#? [1]
play b pass
82 is_legal w B1
#? [1]
play w B1
83 is_legal b A2
#? [1]
play b A2
84 is_legal w C2
#? [1]
play w C2
85 is_legal b C1
#? [1]
play b C1
86 is_legal w A1
#? [1]
play w A1
87 is_legal b B2
#? [1]
play b B2
88 is_legal w B3
#? [1]
play w B3
89 is_legal b B1
#? [1]
play b B1
90 is_legal w A3
#? [1]
play w A3
91 is_legal b C3
#? [1]
play b C3
92 is_legal w B3
#? [1]
play w B3
93 is_legal b A3
#? [1]
play b A3
94 is_legal w pass
#? [1]
play w pass
95 is_legal b C2  # repetition (r[var.ko.situational])
#? [0]
96 color A1
#? [empty]
97 color A2
#? [black]
98 color A3
#? [black]
99 color B1
#? [black]
100 color B2
#? [black]
101 color B3
#? [empty]
102 color C1
#? [black]
103 color C2
#? [empty]
104 color C3
#? [black]
