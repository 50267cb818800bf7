# check-engine finding: refuses a legal multi-suicide
# clause: r[tt.note.multi-suicide]
# engine: python3 conformance/gtp_size_guard.py 2 19 /usr/local/bin/pachi -e random -s 1
# rules: repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
# The corner cases of ttrules (a check-engine finding), as a GTP regression suite.
# Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);
# set other engines to the ruleset named in the comment before running it.
# Tests use is_legal, color and final_score (GNU Go extensions); a refused play
# is tested by is_legal only. Expected results come from the ttrules reference engine.

# vector refuses-a-legal-multi-suicide (rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n, clauses tt.note.multi-suicide)
# found in vector suicide-multi-001 (target/conformance/probes/26b8daa8ea6eedd9/suicide-multi/probes.toml): play W B3 was refused; it is legal
ttrules-rules repetition=simple-ko suicide=multi-stone-only counting=area tax=none pass_stones=none end=two-passes first_pass=nothing ties=draw handicap=n
boardsize 3
clear_board
komi 7.5
1 is_legal b A2
#? [1]
play b A2
2 is_legal w A3
#? [1]
play w A3
3 is_legal b C2
#? [1]
play b C2
4 is_legal w C3
#? [1]
play w C3
5 is_legal b B2
#? [1]
play b B2
6 is_legal w B3
#? [1]
play w B3
7 color A2
#? [black]
8 color A3
#? [empty]
9 color B2
#? [black]
10 color B3
#? [empty]
11 color C2
#? [black]
12 color C3
#? [empty]
