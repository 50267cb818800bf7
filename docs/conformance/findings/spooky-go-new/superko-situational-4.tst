# check-engine finding: accepts an illegal superko
# clause: r[var.ko.situational]
# engine: conformance/crates/target/release/gtp-spooky-go
# rules: repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-superko (rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.ko.situational)
# found in vector superko-situational-004 (target/conformance/probes/18cffb6b56387836/superko-situational/probes.toml): play B A4 was accepted; it is illegal: repetition (r[var.ko.situational])
ttrules-rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 5
clear_board
komi 7.5
1 is_legal b A4
#? [1]
play b A4
2 is_legal w E1
#? [1]
play w E1
3 is_legal b B5
#? [1]
play b B5
4 is_legal w A2
#? [1]
play w A2
5 is_legal b E2
#? [1]
play b E2
6 is_legal w E4
#? [1]
play w E4
7 is_legal b A3
#? [1]
play b A3
8 is_legal w B4
#? [1]
play w B4
9 is_legal b D1
#? [1]
play b D1
10 is_legal w C3
#? [1]
play w C3
11 is_legal b A1
#? [1]
play b A1
12 is_legal w D4
#? [1]
play w D4
13 is_legal b B1
#? [1]
play b B1
14 is_legal w pass
#? [1]
play w pass
15 is_legal b D2
#? [1]
play b D2
16 is_legal w C5
#? [1]
play w C5
17 is_legal b B2
#? [1]
play b B2
18 is_legal w B3
#? [1]
play w B3
19 is_legal b pass
#? [1]
play b pass
20 is_legal w A5
#? [1]
play w A5
21 is_legal b pass
#? [1]
play b pass
22 is_legal w A2
#? [1]
play w A2
23 is_legal b A3
#? [1]
play b A3
24 is_legal w pass
#? [1]
play w pass
25 is_legal b A4  # repetition (r[var.ko.situational])
#? [0]
26 color A1
#? [black]
27 color A2
#? [empty]
28 color A3
#? [black]
29 color A4
#? [empty]
30 color A5
#? [white]
31 color B1
#? [black]
32 color B2
#? [black]
33 color B3
#? [white]
34 color B4
#? [white]
35 color B5
#? [empty]
36 color C3
#? [white]
37 color C5
#? [white]
38 color D1
#? [black]
39 color D2
#? [black]
40 color D4
#? [white]
41 color E1
#? [empty]
42 color E2
#? [black]
43 color E4
#? [white]
