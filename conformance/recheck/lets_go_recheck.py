"""Re-check of the lets-go 0.3.11 cells (issue 30), apart from the project's adapters and witnesses.
Used as its docstrings show (lets_go/backend.py): GoBackend(size, first_move=BLACK_STONE, komi),
try_move(row, col) -> Move or None (refused), pass_move().
Run: /work/recheck/py/.venv/bin/python conformance/recheck/lets_go_recheck.py"""
from lets_go.backend import GoBackend

from findings import load, gtp

CASES = [
    ("lets-go-positional superko-positional", "lets-go-positional/superko-positional-1",
     "illegal, repetition (r[tt.turn.repetition]): the grid after it is the grid after turn 2 (W A1)"),
    ("lets-go-situational superko-situational", "lets-go-situational/superko-situational-1",
     "illegal, repetition (r[var.ko.situational]): the grid after it, White to play, is the situation after turn 1 (B A2)"),
]

for cell, finding, exact in CASES:
    size, komi, setup, turns = load(finding)
    game = GoBackend(size, komi=komi)
    grids = []
    answer = None
    for i, (colour, point) in enumerate(turns):
        last = i == len(turns) - 1
        if point is None:
            move = game.pass_move()
        else:
            move = game.try_move(point[1], point[0])
            if move is None and not last:
                raise SystemExit(f"{cell}: earlier turn {colour} {gtp(size, point)} refused")
        if move is not None:
            grids.append([row[:] for row in move.grid])
        if last:
            if move is None:
                answer = "None (refused)"
            else:
                same = [j + 1 for j, g in enumerate(grids[:-1]) if g == grids[-1]]
                answer = f"a Move (accepted); its grid equals the grid after turn(s) {same}"
    colour, point = turns[-1]
    print(f"{cell}: {colour} {gtp(size, point)} (turn {len(turns)}) -> library: {answer}; exact: {exact}")
