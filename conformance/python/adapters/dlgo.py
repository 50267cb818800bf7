"""dlgo (Deep Learning and the Game of Go, https://github.com/maxpumperla/deep_learning_and_the_game_of_go):
`GameState` of `dlgo.goboard` or `dlgo.goboard_fast` (OPTION `goboard` or `goboard_fast`). A move is
played when `GameState.is_valid_move` accepts it (dlgo's `apply_move` checks nothing, its agents
choose among valid moves); `dlgo.scoring.compute_game_result` scores (area, komi 7.5 fixed)."""

import importlib
from importlib.metadata import version


class Lib:
    version = version("dlgo")
    rectangles = True

    def __init__(self, module):
        self.m = importlib.import_module(f"dlgo.{module}")
        self.gotypes = importlib.import_module("dlgo.gotypes")
        self.scoring = importlib.import_module("dlgo.scoring")

    def accepts_size(self, w, h):
        return 1 <= w <= 19 and 1 <= h <= 19

    def new_game(self, w, h, komi):
        return [self.m.GameState.new_game((h, w))]

    def move(self, v):
        if v is None:
            return self.m.Move.pass_turn()
        x, y = v
        return self.m.Move.play(self.gotypes.Point(row=y + 1, col=x + 1))

    def player(self, colour):
        return self.gotypes.Player.black if colour == "black" else self.gotypes.Player.white

    def advance(self, g, colour, v):
        state = g[0]
        if state.next_player != self.player(colour):
            return f"not {colour}'s turn"
        mv = self.move(v)
        if not state.is_valid_move(mv):
            return "GameState.is_valid_move is False"
        g[0] = state.apply_move(mv)
        return True

    def play(self, g, colour, x, y):
        return self.advance(g, colour, (x, y))

    def pass_(self, g, colour):
        return self.advance(g, colour, None)

    def is_legal(self, g, colour, v):
        return g[0].next_player == self.player(colour) and g[0].is_valid_move(self.move(v))

    def stones(self, g):
        b = g[0].board
        out = []
        for row in range(1, b.num_rows + 1):
            for col in range(1, b.num_cols + 1):
                c = b.get(self.gotypes.Point(row=row, col=col))
                if c is not None:
                    out.append((col - 1, row - 1, "black" if c == self.gotypes.Player.black else "white"))
        return out

    def free_handicap(self, g, stones):
        """`Board.place_stone` for Black's stones, then a `GameState` with White to move (dlgo's
        own GTP frontend plays `fixed_handicap` with `apply_move`, which alternates the colours)."""
        state = g[0]
        board = state.board
        for x, y in stones:
            board.place_stone(self.gotypes.Player.black, self.gotypes.Point(row=y + 1, col=x + 1))
        g[0] = self.m.GameState(board, self.gotypes.Player.white, None, None)
        return True

    def score(self, g):
        r = self.scoring.compute_game_result(g[0])
        return (r.b, r.w + r.komi)


def open(option):
    module = option or "goboard_fast"
    if module not in ("goboard", "goboard_fast", "goboard_slow"):
        raise ValueError(f"unknown board {module}")
    return Lib(module)
