"""Re-check of the dlgo 0.2 goboard_fast cell (issue 30), apart from the project's adapters and
witnesses. Used as the book's code does (dlgo/goboard_fast.py): GameState.new_game(size),
state.is_valid_move(Move.play(Point(row, col))) / Move.pass_turn(), state.apply_move(move).
goboard (the slow board, whose row passes) is run on the same game for comparison.
Run: /work/recheck/py/.venv/bin/python conformance/recheck/dlgo_recheck.py"""
from dlgo import goboard, goboard_fast
from dlgo.gotypes import Point

from findings import load, gtp

for finding in ("dlgo-goboard-fast/superko-situational-1", "dlgo-goboard-fast/superko-situational-2"):
    size, komi, setup, turns = load(finding)
    for mod in (goboard_fast, goboard):
        state = mod.GameState.new_game(size)
        answer = None
        for i, (colour, point) in enumerate(turns):
            last = i == len(turns) - 1
            move = mod.Move.pass_turn() if point is None else mod.Move.play(Point(point[1] + 1, point[0] + 1))
            want = "black" if colour == "B" else "white"
            if state.next_player.name != want:
                raise SystemExit(f"{finding}: turn mismatch at {i + 1}")
            ok = state.is_valid_move(move)
            if last:
                answer = "valid (accepted)" if ok else "not valid (refused)"
            elif not ok:
                answer = f"an earlier turn {colour} {gtp(size, point)} (turn {i + 1}) refused"
                break
            state = state.apply_move(move)
        colour, point = turns[-1]
        print(f"{finding} with dlgo.{mod.__name__.split('.')[-1]}: {colour} {gtp(size, point)} -> {answer}; "
              f"exact: illegal, repetition (r[var.ko.situational])")
