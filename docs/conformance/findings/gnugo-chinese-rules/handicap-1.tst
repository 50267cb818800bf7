# check-engine finding: counting error
# clause: r[var.score.final]
# engine: /usr/games/gnugo --mode gtp --level 1 --chinese-rules
# rules: repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=simple-ko suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector handicap-006 (target/conformance/probes/82e0a90ded546306/handicap/probes.toml): final_score says B+9.5, exact B+13.5 (Black 35, White 14, komi 7.5, every stone alive); the engine calls 1 stone dead: D7
# starts from a setup (W to move, handicap 3), which GTP cannot state without a file: left out
