"""sgfmill (https://github.com/mattheww/sgfmill): `sgfmill.boards.Board.play`. The board has no
turn order, no passes and no ko rule (`play` returns the simple-ko point for the caller to use):
a pass leaves the board as it is. Its rows count from the bottom."""

from importlib.metadata import version

from sgfmill import boards


class Lib:
    version = version("sgfmill")
    rectangles = False

    def accepts_size(self, w, h):
        return w == h and 1 <= w <= 25

    def new_game(self, w, h, komi):
        return boards.Board(w)

    def play(self, g, colour, x, y):
        try:
            g.play(g.side - 1 - y, x, colour[0])
            return True
        except ValueError as e:
            return str(e) or "Board.play raised ValueError"

    def pass_(self, g, colour):
        return True

    def free_handicap(self, g, stones):
        """`Board.apply_setup`, sgfmill's way to take SGF AB/AW/AE."""
        g.apply_setup([(g.side - 1 - y, x) for (x, y) in stones], [], [])
        return True

    def stones(self, g):
        return [(col, g.side - 1 - row, "black" if c == "b" else "white") for (c, (row, col)) in g.list_occupied_points()]


def open(option):
    if option:
        raise ValueError("sgfmill has no options")
    return Lib()
