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
# found in vector simple-ko-001 (target/conformance/probes/18cffb6b56387836/simple-ko/probes.toml): play B pass was refused; it is legal
ttrules-rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 4
clear_board
komi 7.5
1 is_legal b D3
#? [1]
play b D3
2 is_legal w D2
#? [1]
play w D2
3 is_legal b C4
#? [1]
play b C4
4 is_legal w C3
#? [1]
play w C3
5 is_legal b pass
#? [1]
play b pass
6 color C3
#? [white]
7 color C4
#? [black]
8 color D2
#? [white]
9 color D3
#? [black]
