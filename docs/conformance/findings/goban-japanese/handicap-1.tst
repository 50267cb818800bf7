# check-engine finding: counting error
# clause: r[var.score.final]
# engine: node conformance/npm/gtp.js goban japanese
# rules: japanese
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector counting-error (rules japanese, clauses var.score.final)
# found in vector handicap-006 (target/conformance/probes/3b8ecef66a0d7cff/handicap/probes.toml): final_score says B+6.5, exact B+7.5 (Black 28, White 13, komi 7.5, every stone alive)
# starts from a setup (W to move, handicap 3), which GTP cannot state without a file: left out
