"""Re-check of the baduk 1.0.4 cells (issue 30), apart from the project's adapters and witnesses.
baduk has no documentation; it is used as its own module shows (baduk/game/game.py, __main__):
Game(size), game.move('<row><letter>') (a ValidationError when refused), game.move('pass'),
game.get_position('<row><letter>') -> 'x' / 'o' / '.'.
Run: /work/recheck/py/.venv/bin/python conformance/recheck/baduk_recheck.py"""
import contextlib
import io

from baduk.game.game import Game
from baduk.exception.exceptions import ValidationError

from findings import load, gtp

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # baduk/constants/constants.py ALPHA_KEY (no I)

# cell, finding, the point to look at after the last turn, exact colour there (from the finding,
# checked with expect.py and ttrules replay), or None when the last turn's verdict is the question.
CASES = [
    ("baduk simple-ko", "baduk/simple-ko-1", "C3", "o"),
    ("baduk suicide-single", "baduk/suicide-single-1", "D2", "o"),
    ("baduk suicide-multi (verdict)", "baduk/suicide-multi-1", None, "refused: suicide"),
    ("baduk suicide-multi (board)", "baduk/suicide-multi-2", "B1", "x"),
]


def name(size, point):
    g = gtp(size, point)
    return g if g == "pass" else g[1:] + g[0]  # baduk writes row then letter: '3C'


for cell, finding, look, exact in CASES:
    size, komi, setup, turns = load(finding)
    game = Game(size)
    answer = None
    for i, (colour, point) in enumerate(turns):
        last = i == len(turns) - 1
        if game.turn() != ("black" if colour == "B" else "white"):
            raise SystemExit(f"{cell}: turn mismatch at {i + 1}")
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # end_game() prints
                game.move(name(size, point))
            if last:
                answer = "accepted"
        except ValidationError as e:
            if not last:
                raise SystemExit(f"{cell}: earlier turn {colour} {gtp(size, point)} refused: {e}")
            answer = f"refused: {e}"
    colour, point = turns[-1]
    if look is None:
        print(f"{cell}: {colour} {gtp(size, point)} -> library: {answer}; exact: {exact} (r[var.suicide.forbidden])")
    else:
        got = game.get_position(look[1:] + look[0])
        print(f"{cell}: after {colour} {gtp(size, point)} ({answer}), {look} -> library: '{got}'; exact: '{exact}'")
