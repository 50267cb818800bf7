# check-engine finding: accepts an illegal after-end
# clause: r[tt.end]
# engine: node conformance/npm/gtp.js tenuki natural-situational-superko/area
# rules: repetition=natural-situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector accepts-an-illegal-after-end (rules repetition=natural-situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.end)
# found in vector end-001 (target/conformance/probes/44d00e26a5c8d4fb/end/probes.toml): play B A1 was accepted; it is illegal: game-over (r[tt.end])
ttrules-rules repetition=natural-situational suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
boardsize 2
clear_board
komi 7.5
1 is_legal b pass
#? [1]
play b pass
2 is_legal w pass
#? [1]
play w pass
3 is_legal b A1  # game-over (r[tt.end])
#? [0]
4 final_score
#? [W\+7.5]
