# check-engine finding: counting error
# clause: r[var.score.final]
# engine: conformance/python/.venv/bin/python conformance/python/gtp.py weiqi
# rules: repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector score-territory-002 (target/conformance/probes/0057dc2e80021fcb/score-territory/probes.toml): final_score says B+20.5, exact B+13.5 (Black 22, White 1, komi 7.5, every stone alive)
ttrules-rules repetition=simple-ko suicide=forbidden counting=territory tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 5
clear_board
komi 7.5
1 is_legal b E4
#? [1]
play b E4
2 is_legal w A4
#? [1]
play w A4
3 is_legal b A3
#? [1]
play b A3
4 is_legal w B4
#? [1]
play w B4
5 is_legal b A5
#? [1]
play b A5
6 is_legal w B5
#? [1]
play w B5
7 is_legal b D2
#? [1]
play b D2
8 is_legal w B1
#? [1]
play w B1
9 is_legal b C1
#? [1]
play b C1
10 is_legal w C4
#? [1]
play w C4
11 is_legal b B3
#? [1]
play b B3
12 is_legal w C5
#? [1]
play w C5
13 is_legal b E3
#? [1]
play b E3
14 is_legal w E2
#? [1]
play w E2
15 is_legal b E1
#? [1]
play b E1
16 is_legal w E5
#? [1]
play w E5
17 is_legal b D3
#? [1]
play b D3
18 is_legal w D5
#? [1]
play w D5
19 is_legal b A2
#? [1]
play b A2
20 is_legal w C2
#? [1]
play w C2
21 is_legal b C3
#? [1]
play b C3
22 is_legal w B2
#? [1]
play w B2
23 is_legal b A1
#? [1]
play b A1
24 is_legal w B2
#? [1]
play w B2
25 is_legal b D4
#? [1]
play b D4
26 is_legal w C2
#? [1]
play w C2
27 is_legal b B1
#? [1]
play b B1
28 is_legal w pass
#? [1]
play w pass
29 is_legal b B2
#? [1]
play b B2
30 is_legal w pass
#? [1]
play w pass
31 is_legal b A5
#? [1]
play b A5
32 is_legal w A4
#? [1]
play w A4
33 is_legal b C5
#? [1]
play b C5
34 is_legal w E5
#? [1]
play w E5
35 is_legal b B4
#? [1]
play b B4
36 is_legal w pass
#? [1]
play w pass
37 is_legal b D5
#? [1]
play b D5
38 is_legal w pass
#? [1]
play w pass
39 is_legal b pass
#? [1]
play b pass
40 color A1
#? [black]
41 color A2
#? [black]
42 color A3
#? [black]
43 color A4
#? [empty]
44 color A5
#? [black]
45 color B1
#? [black]
46 color B2
#? [black]
47 color B3
#? [black]
48 color B4
#? [black]
49 color B5
#? [empty]
50 color C1
#? [black]
51 color C2
#? [empty]
52 color C3
#? [black]
53 color C4
#? [empty]
54 color C5
#? [black]
55 color D2
#? [black]
56 color D3
#? [black]
57 color D4
#? [black]
58 color D5
#? [black]
59 color E1
#? [black]
60 color E2
#? [empty]
61 color E3
#? [black]
62 color E4
#? [black]
63 color E5
#? [empty]
64 final_score
#? [B\+13.5]
