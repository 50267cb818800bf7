"""lets-go (https://github.com/brookssu/lets-go): the game's own rules object,
`lets_go.backend.GoBackend` ("A Go game backend to record moves and determine whether they are
valid"). `try_move(row, col)` returns the new move record, or None for a move it refuses (an
occupied point, a suicide, a grid identical to an earlier one); `pass_move()` always succeeds. The
backend alternates the colours itself (no colour argument): a move of the other colour is refused
here before the backend is asked. The board is the `grid` of the last move record returned (rows
from the top). It has no end of the game, no score and no setup."""

from importlib.metadata import version

from lets_go.backend import BLACK_STONE, GoBackend


class Game:
    def __init__(self, size, komi):
        self.backend = GoBackend(size=size, first_move=BLACK_STONE, komi=komi)
        self.grid = [[None] * size for _ in range(size)]


class Lib:
    version = version("lets-go")
    rectangles = False

    def accepts_size(self, w, h):
        return w == h and 1 <= w <= 25

    def new_game(self, w, h, komi):
        return Game(w, komi)

    def to_move(self, g):
        _, current, _, _ = g.backend.game_state
        return "black" if current == BLACK_STONE else "white"

    def play(self, g, colour, x, y):
        if self.to_move(g) != colour:
            return f"not {colour}'s turn (GoBackend alternates the colours)"
        move = g.backend.try_move(y, x)
        if move is None:
            return "GoBackend.try_move returned None"
        g.grid = move.grid
        return True

    def pass_(self, g, colour):
        if self.to_move(g) != colour:
            return f"not {colour}'s turn (GoBackend alternates the colours)"
        g.grid = g.backend.pass_move().grid
        return True

    def stones(self, g):
        return [
            (x, y, "black" if c == BLACK_STONE else "white")
            for y, line in enumerate(g.grid)
            for x, c in enumerate(line)
            if c is not None
        ]


def open(option):
    if option:
        raise ValueError("lets-go has no options")
    return Lib()
