# check-engine finding: says 0 for a legal move
# clause: r[tt.move]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py open_spiel max_game_length=10000
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-0-for-a-legal-move (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.move)
# found in vector simple-ko-009 (target/conformance/probes/9e46554e71a9c505/simple-ko/probes.toml): is_legal W C3 answered 0; the turn is legal
ttrules-rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 3
clear_board
komi 7.5
1 is_legal b A2
#? [1]
play b A2
2 is_legal w B3
#? [1]
play w B3
3 is_legal b A1
#? [1]
play b A1
4 is_legal w B2
#? [1]
play w B2
5 is_legal b B1
#? [1]
play b B1
6 is_legal w C3
#? [1]
play w C3
7 is_legal b C1
#? [1]
play b C1
8 is_legal w C2
#? [1]
play w C2
9 is_legal b A3
#? [1]
play b A3
10 is_legal w C3
#? [1]
play w C3
11 is_legal b C2
#? [1]
play b C2
12 is_legal w B2
#? [1]
play w B2
13 is_legal b B3
#? [1]
play b B3
14 is_legal w pass
#? [1]
play w pass
15 is_legal b B2
#? [1]
play b B2
16 is_legal w C3
#? [1]
play w C3
17 is_legal b A3
#? [1]
play b A3
18 is_legal w A2
#? [1]
play w A2
19 is_legal b B3
#? [1]
play b B3
20 is_legal w C1
#? [1]
play w C1
21 is_legal b B2
#? [1]
play b B2
22 is_legal w B1
#? [1]
play w B1
23 is_legal b C2
#? [1]
play b C2
24 is_legal w C3
#? [1]
play w C3
25 is_legal b B3
#? [1]
play b B3
26 is_legal w A3
#? [1]
play w A3
27 is_legal b B2
#? [1]
play b B2
28 is_legal w C2
#? [1]
play w C2
29 is_legal b B3
#? [1]
play b B3
30 is_legal w A1
#? [1]
play w A1
31 is_legal b B2
#? [1]
play b B2
32 is_legal w B1
#? [1]
play w B1
33 is_legal b C1
#? [1]
play b C1
34 is_legal w C2
#? [1]
play w C2
35 is_legal b A1
#? [1]
play b A1
36 is_legal w C1
#? [1]
play w C1
37 is_legal b A3
#? [1]
play b A3
38 is_legal w A2
#? [1]
play w A2
39 is_legal b pass
#? [1]
play b pass
40 is_legal w C3
#? [1]
play w C3
41 is_legal b B2
#? [1]
play b B2
42 is_legal w B3
#? [1]
play w B3
43 is_legal b pass
#? [1]
play b pass
44 is_legal w B2
#? [1]
play w B2
45 is_legal b pass
#? [1]
play b pass
46 is_legal w A1
#? [1]
play w A1
47 is_legal b A3
#? [1]
play b A3
48 is_legal w C2
#? [1]
play w C2
49 is_legal b B2
#? [1]
play b B2
50 is_legal w A2
#? [1]
play w A2
51 is_legal b A1
#? [1]
play b A1
52 is_legal w C1
#? [1]
play w C1
53 is_legal b B3
#? [1]
play b B3
54 is_legal w C3
#? [1]
play w C3
55 is_legal b B1
#? [1]
play b B1
56 is_legal w C2
#? [1]
play w C2
57 is_legal b A2
#? [1]
play b A2
58 is_legal w C3
#? [1]
play w C3
59 is_legal b C1
#? [1]
play b C1
60 is_legal w C3
#? [1]
play w C3
61 is_legal b C2
#? [1]
play b C2
62 is_legal w C3
#? [1]
play w C3
63 color A1
#? [empty]
64 color A2
#? [empty]
65 color A3
#? [empty]
66 color B1
#? [empty]
67 color B2
#? [empty]
68 color B3
#? [empty]
69 color C1
#? [empty]
70 color C2
#? [empty]
71 color C3
#? [white]
