"""baduk (https://pypi.org/project/baduk/, "Python Baduk Game"): `baduk.game.game.Game`, played
with `Game.move(coordinate)` and `Game.move('pass')` as its own `__main__` plays it. A move it
refuses raises `ValidationError` ('Stone cannot be placed on another stone', 'Self capture is
illegal', 'Breaks simple Ko Rule'); the colours alternate by themselves (a move of the other colour
is refused here before the library is asked). Coordinates are the library's own, row number then
column letter ('1A' is x 0, y 0); points are read back with `Game.get_position`. Two passes call
`end_game()`, which only prints 'End Game.' (to stdout, which is GTP's channel here: it goes to
stderr). No score, and handicap stones only on 9x9, 13x13 and 19x19 at fixed points."""

import contextlib
import sys
from importlib.metadata import version

from baduk.constants.constants import ALPHA_KEY
from baduk.game.game import Game


class Lib:
    version = version("baduk")
    rectangles = True

    def accepts_size(self, w, h):
        return 1 <= w <= min(25, len(ALPHA_KEY)) and 1 <= h <= 25

    def new_game(self, w, h, komi):
        return Game(w, h) if w != h else Game(w)

    def coordinate(self, x, y):
        return f"{y + 1}{ALPHA_KEY[x]}"

    def move(self, g, colour, word):
        if g.turn() != colour:
            return f"not {colour}'s turn"
        try:
            with contextlib.redirect_stdout(sys.stderr):
                g.move(word)
            return True
        except Exception as e:  # ValidationError: the library's refusal
            return f"{type(e).__name__}: {e}"

    def play(self, g, colour, x, y):
        return self.move(g, colour, self.coordinate(x, y))

    def pass_(self, g, colour):
        return self.move(g, colour, "pass")

    def stones(self, g):
        out = []
        w, h = g.size
        for y in range(h):
            for x in range(w):
                c = g.get_position(self.coordinate(x, y))
                if c in ("x", "o"):
                    out.append((x, y, "black" if c == "x" else "white"))
        return out


def open(option):
    if option:
        raise ValueError("baduk has no options")
    return Lib()
