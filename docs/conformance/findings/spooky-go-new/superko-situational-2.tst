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
# found in vector superko-situational-003 (target/conformance/probes/18cffb6b56387836/superko-situational/probes.toml): play W pass was refused; it is legal
ttrules-rules repetition=situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 4
clear_board
komi 7.5
1 is_legal b A4
#? [1]
play b A4
2 is_legal w pass
#? [1]
play w pass
3 color A4
#? [black]
