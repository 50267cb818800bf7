"""Re-check of the weiqi 0.2.1 cells (issue 30), apart from the project's adapters and witnesses.
Used as its README shows: Board.generate_empty_board(size), WeiqiGame(player_black=Player(Stone.BLACK),
player_white=Player(Stone.WHITE), board=board, komi=...), player.make_move(game, Position or None);
the game ends on the second pass and game.game_status then holds the scores (WeiqiGame.make_move:
black_score = board.score[BLACK], white_score = board.score[WHITE] + komi). Handicap stones: the
library has no handicap call; they are put on the Board given to WeiqiGame (Board(figures)), with
turn=Stone.WHITE, both documented constructor arguments.
Run: /work/recheck/py/.venv/bin/python conformance/recheck/weiqi_recheck.py"""
from itertools import product

from weiqi.core.board import Board
from weiqi.core.figure import Stone
from weiqi.core.game import WeiqiGame
from weiqi.core.position import Position
from weiqi.players.player import Player

from findings import load

# cell, finding, exact (from the finding; re-derived by expect.py: territory counting, every stone
# alive, prisoners = captured stones, komi 7.5)
CASES = [
    ("weiqi score-territory", "weiqi/score-territory-1", "B+13.5 (Black 22, White 1 + 7.5)"),
    ("weiqi handicap (1)", "weiqi/handicap-1", "B+1.5 (Black 15, White 6 + 7.5)"),
    ("weiqi handicap (2)", "weiqi/handicap-2", "B+33.5 (Black 41, White 0 + 7.5)"),
]

for cell, finding, exact in CASES:
    size, komi, setup, turns = load(finding)
    figures = {Position(x, y): None for x, y in product(range(size), range(size))}
    for x, y in setup:
        figures[Position(x, y)] = Stone.BLACK
    black, white = Player(Stone.BLACK), Player(Stone.WHITE)
    game = WeiqiGame(player_black=black, player_white=white, board=Board(figures),
                     turn=Stone.WHITE if setup else None, komi=komi)
    for i, (colour, point) in enumerate(turns):
        player = black if colour == "B" else white
        if game.turn != player.figure:
            raise SystemExit(f"{cell}: turn mismatch at {i + 1}")
        player.make_move(game, None if point is None else Position(*point))
    st = game.game_status
    b, w = st.black_score, st.white_score
    d = b - w
    res = f"B+{d:g}" if d > 0 else f"W+{-d:g}"
    board = game.board
    terr = board.find_territories()
    print(f"{cell}: library {res} (Black {b:g}, White {w:g}); exact {exact}")
    print(f"  library's parts: territory B {len(terr[Stone.BLACK])} W {len(terr[Stone.WHITE])}, "
          f"white_captured (by Black) {board.white_captured}, black_captured (by White) {board.black_captured}")
