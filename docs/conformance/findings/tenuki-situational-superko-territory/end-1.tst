# check-engine finding: says 1 for an illegal after-end
# clause: r[tt.end]
# engine: node conformance/npm/gtp.js tenuki situational-superko/territory
# rules: repetition=situational suicide=forbidden counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector says-1-for-an-illegal-after-end (rules repetition=situational suicide=forbidden counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses tt.end)
# found in vector end-001 (target/conformance/probes/3fecf62cfed4810c/end/probes.toml): is_legal B A1 answered 1; the attempt is illegal: game-over (r[tt.end])
ttrules-rules repetition=situational suicide=forbidden counting=territory tax=seki pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
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
