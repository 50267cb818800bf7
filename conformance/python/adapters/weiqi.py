"""weiqi (https://pypi.org/project/weiqi/): `weiqi.WeiqiGame` on a `weiqi.Board`, as its README
shows (`Board.generate_empty_board(size)`, `WeiqiGame(player_black=..., player_white=...,
board=...)`), moves through `WeiqiGame.make_move(player, Move(position, figure))`. The library
checks the turn, an occupied point and suicide (`Board.place_figure`); it has no ko rule. Two passes
in a row end the game (`make_move` then fills `game_status` with the score: `Board.score`, territory
plus captured stones, komi to White); a move after that raises `GameOverException`. Boards of 5, 6,
7, 8, 9, 11, 13, 15, 17 or 19 lines only (`Board._validate_available_size`). Position x counts
columns from the left and y rows from the top (`Board.state_as_string`)."""

from importlib.metadata import version

import weiqi


class Lib:
    version = version("weiqi")
    rectangles = False

    def accepts_size(self, w, h):
        return w == h and w in (5, 6, 7, 8, 9, 11, 13, 15, 17, 19)

    def players(self):
        return weiqi.Player(weiqi.Stone.BLACK), weiqi.Player(weiqi.Stone.WHITE)

    def new_game(self, w, h, komi):
        black, white = self.players()
        board = weiqi.Board.generate_empty_board(w)
        return weiqi.WeiqiGame(board=board, player_black=black, player_white=white, komi=komi)

    def stone(self, colour):
        return weiqi.Stone.BLACK if colour == "black" else weiqi.Stone.WHITE

    def move(self, g, colour, position):
        player = next(p for p in g.players if p.figure == self.stone(colour))
        try:
            g.make_move(player, weiqi.Move(position=position, figure=self.stone(colour)))
            return True
        except Exception as e:  # ValueError (occupied, suicide, turn) or GameOverException
            return f"{type(e).__name__}: {e}"

    def play(self, g, colour, x, y):
        return self.move(g, colour, weiqi.Position(x, y))

    def pass_(self, g, colour):
        return self.move(g, colour, None)

    def stones(self, g):
        return [
            (p.x, p.y, "black" if s == weiqi.Stone.BLACK else "white")
            for p, s in g.board.figures.items()
            if s is not None
        ]

    def free_handicap(self, g, stones):
        """A `Board` built from its figures with Black's stones, and a `WeiqiGame` with
        `turn=Stone.WHITE` (the constructor's own arguments; the library has no handicap call)."""
        size = g.board.size
        figures = {weiqi.Position(x, y): None for x in range(size) for y in range(size)}
        for x, y in stones:
            figures[weiqi.Position(x, y)] = weiqi.Stone.BLACK
        black, white = self.players()
        game = weiqi.WeiqiGame(
            board=weiqi.Board(figures), player_black=black, player_white=white,
            turn=weiqi.Stone.WHITE, komi=g.komi,
        )
        return (game,)

    def score(self, g):
        """The score `make_move` records after two passes; before the end, the same expression
        (`Board.score`, komi added to White) on the current board."""
        st = g.game_status
        if st.is_over and st.black_score is not None:
            return (st.black_score, st.white_score)
        s = g.board.score
        return (s[weiqi.Stone.BLACK], s[weiqi.Stone.WHITE] + g.komi)


def open(option):
    if option:
        raise ValueError("weiqi has no options")
    return Lib()
