# check-engine finding: refuses a legal pass
# clause: r[tt.turn.pass]
# engine: conformance/crates/target/release/gtp-spooky-go
# rules: repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector refuses-a-legal-pass (rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.turn.pass)
# found in vector score-area-004 (target/conformance/probes/18cffb6b56387836/score-area/probes.toml): play W pass was refused; it is legal
ttrules-rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 5
clear_board
komi 7.5
1 is_legal b B5
#? [1]
play b B5
2 is_legal w D3
#? [1]
play w D3
3 is_legal b B4
#? [1]
play b B4
4 is_legal w D5
#? [1]
play w D5
5 is_legal b C5
#? [1]
play b C5
6 is_legal w D2
#? [1]
play w D2
7 is_legal b D4
#? [1]
play b D4
8 is_legal w C1
#? [1]
play w C1
9 is_legal b E2
#? [1]
play b E2
10 is_legal w pass
#? [1]
play w pass
11 color B4
#? [black]
12 color B5
#? [black]
13 color C1
#? [white]
14 color C5
#? [black]
15 color D2
#? [white]
16 color D3
#? [white]
17 color D4
#? [black]
18 color D5
#? [white]
19 color E2
#? [black]
