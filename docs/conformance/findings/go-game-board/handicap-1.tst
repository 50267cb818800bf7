# check-engine finding: counting error
# clause: r[var.score.final]
# engine: conformance/crates/target/release/gtp-go-game-board
# rules: repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules repetition=positional suicide=forbidden counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=none, clauses var.score.final)
# found in vector handicap-004 (target/conformance/probes/721ec7b660e6875e/handicap/probes.toml): final_score says B+19.5, exact B+6.5 (Black 31, White 18, komi 6.5, every stone alive)
# starts from a setup (W to move, handicap 3), which GTP cannot state without a file: left out
