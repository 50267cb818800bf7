# check-engine finding: says 1 for an illegal superko
# clause: r[tt.turn.repetition]
# engine: node conformance/npm/gtp.js goban chinese
# rules: chinese-superko
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-superko (rules chinese-superko, clauses tt.turn.repetition)
# found in vector superko-positional-009 (target/conformance/probes/8f3a23a1e6e7a4f2/superko-positional/probes.toml): is_legal B A2 answered 1; the attempt is illegal: repetition (r[tt.turn.repetition])
ttrules-rules chinese-superko
boardsize 3
clear_board
komi 7.5
1 is_legal b A2
#? [1]
play b A2
2 is_legal w A1
#? [1]
play w A1
3 is_legal b B1
#? [1]
play b B1
4 is_legal w B2
#? [1]
play w B2
5 is_legal b C3
#? [1]
play b C3
6 is_legal w C1
#? [1]
play w C1
7 is_legal b A1
#? [1]
play b A1
8 is_legal w C2
#? [1]
play w C2
9 is_legal b B3
#? [1]
play b B3
10 is_legal w C1
#? [1]
play w C1
11 is_legal b C2
#? [1]
play b C2
12 is_legal w pass
#? [1]
play w pass
13 is_legal b B2
#? [1]
play b B2
14 is_legal w pass
#? [1]
play w pass
15 is_legal b A3
#? [1]
play b A3
16 is_legal w C1
#? [1]
play w C1
17 is_legal b C3
#? [1]
play b C3
18 is_legal w B3
#? [1]
play w B3
19 is_legal b A1
#? [1]
play b A1
20 is_legal w B1
#? [1]
play w B1
21 is_legal b C2
#? [1]
play b C2
22 is_legal w A2
#? [1]
play w A2
23 is_legal b pass
#? [1]
play b pass
24 is_legal w B2
#? [1]
play w B2
25 is_legal b C2
#? [1]
play b C2
26 is_legal w A3
#? [1]
play w A3
27 is_legal b pass
#? [1]
play b pass
28 is_legal w A1
#? [1]
play w A1
29 is_legal b C3
#? [1]
play b C3
30 is_legal w A3
#? [1]
play w A3
31 is_legal b B2
#? [1]
play b B2
32 is_legal w A1
#? [1]
play w A1
33 is_legal b B3
#? [1]
play b B3
34 is_legal w C1
#? [1]
play w C1
35 is_legal b A2
#? [1]
play b A2
36 is_legal w pass
#? [1]
play w pass
37 is_legal b B1
#? [1]
play b B1
38 is_legal w pass
#? [1]
play w pass
39 is_legal b C1
#? [1]
play b C1
40 is_legal w pass
#? [1]
play w pass
41 is_legal b A1
#? [1]
play b A1
42 is_legal w A3
#? [1]
play w A3
43 is_legal b A2
#? [1]
play b A2
44 is_legal w B3
#? [1]
play w B3
45 is_legal b C2
#? [1]
play b C2
46 is_legal w C1
#? [1]
play w C1
47 is_legal b C3
#? [1]
play b C3
48 is_legal w A1
#? [1]
play w A1
49 is_legal b B1
#? [1]
play b B1
50 is_legal w pass
#? [1]
play w pass
51 is_legal b C1
#? [1]
play b C1
52 is_legal w pass
#? [1]
play w pass
53 is_legal b B2
#? [1]
play b B2
54 is_legal w B3
#? [1]
play w B3
55 is_legal b A1
#? [1]
play b A1
56 is_legal w A3
#? [1]
play w A3
57 is_legal b C2
#? [1]
play b C2
58 is_legal w A1
#? [1]
play w A1
59 is_legal b B1
#? [1]
play b B1
60 is_legal w B2
#? [1]
play w B2
61 is_legal b C1
#? [1]
play b C1
62 is_legal w C3
#? [1]
play w C3
63 is_legal b C1
#? [1]
play b C1
64 is_legal w A2
#? [1]
play w A2
65 is_legal b B1
#? [1]
play b B1
66 is_legal w C2
#? [1]
play w C2
67 is_legal b C1
#? [1]
play b C1
68 is_legal w B1
#? [1]
play w B1
69 is_legal b C1
#? [1]
play b C1
70 is_legal w C2
#? [1]
play w C2
71 is_legal b C3
#? [1]
play b C3
72 is_legal w A3
#? [1]
play w A3
73 is_legal b B1
#? [1]
play b B1
74 is_legal w B2
#? [1]
play w B2
75 is_legal b A1
#? [1]
play b A1
76 is_legal w B3
#? [1]
play w B3
77 is_legal b pass
#? [1]
play b pass
78 is_legal w C3
#? [1]
play w C3
79 is_legal b A2
#? [1]
play b A2
80 is_legal w A3
#? [1]
play w A3
81 is_legal b C3
#? [1]
play b C3
82 is_legal w B3
#? [1]
play w B3
83 is_legal b B2
#? [1]
play b B2
84 is_legal w A3
#? [1]
play w A3
85 is_legal b B3
#? [1]
play b B3
86 is_legal w pass
#? [1]
play w pass
87 is_legal b A3
#? [1]
play b A3
88 is_legal w C2
#? [1]
play w C2
89 is_legal b A2
#? [1]
play b A2
90 is_legal w A1
#? [1]
play w A1
91 is_legal b A3
#? [1]
play b A3
92 is_legal w C3
#? [1]
play w C3
93 is_legal b B2
#? [1]
play b B2
94 is_legal w C1
#? [1]
play w C1
95 is_legal b B3
#? [1]
play b B3
96 is_legal w B1
#? [1]
play w B1
97 is_legal b B2
#? [1]
play b B2
98 is_legal w A3
#? [1]
play w A3
99 is_legal b A2
#? [1]
play b A2
100 is_legal w B3
#? [1]
play w B3
101 is_legal b A2
#? [1]
play b A2
102 is_legal w B2
#? [1]
play w B2
103 is_legal b A2  # repetition (r[tt.turn.repetition])
#? [0]
104 color A1
#? [white]
105 color A2
#? [empty]
106 color A3
#? [white]
107 color B1
#? [white]
108 color B2
#? [white]
109 color B3
#? [white]
110 color C1
#? [white]
111 color C2
#? [white]
112 color C3
#? [white]
