# Witness for the conformance matrix (docs/conformance/README.md#weiqi), cell `score-territory`:
# weiqi 0.2.1, WeiqiGame.make_move. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/weiqi/score-territory.py

import sys

import weiqi

# weiqi's README: WeiqiGame(board=Board.generate_empty_board(size), player_black=...,
# player_white=...); make_move(player, Move(position, figure)); after two passes game_status holds
# the score (Board.score, komi to White).


def new_game(size, komi, stones):
    black, white = weiqi.Player(weiqi.Stone.BLACK), weiqi.Player(weiqi.Stone.WHITE)
    if not stones:
        board = weiqi.Board.generate_empty_board(size)
        return weiqi.WeiqiGame(board=board, player_black=black, player_white=white, komi=komi)
    figures = {weiqi.Position(x, y): None for x in range(size) for y in range(size)}
    for x, y in stones:
        figures[weiqi.Position(x, y)] = weiqi.Stone.BLACK
    return weiqi.WeiqiGame(board=weiqi.Board(figures), player_black=black, player_white=white,
                           turn=weiqi.Stone.WHITE, komi=komi)


def play(g, colour, v):
    figure = weiqi.Stone.BLACK if colour == "black" else weiqi.Stone.WHITE
    player = next(p for p in g.players if p.figure == figure)
    try:
        g.make_move(player, weiqi.Move(position=None if v is None else weiqi.Position(*v), figure=figure))
        return True
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def score(g):
    s = g.game_status
    return s.black_score, s.white_score

CHECKS = [
 {
  "size": 5,
  "komi": "7.5",
  "setup": [],
  "clause": "var.score.final",
  "detail": "final_score says B+20.5, exact B+13.5 (Black 22, White 1, komi 7.5, every stone alive)",
  "kind": "score",
  "moves": [
   "B E4",
   "W A4",
   "B A3",
   "W B4",
   "B A5",
   "W B5",
   "B D2",
   "W B1",
   "B C1",
   "W C4",
   "B B3",
   "W C5",
   "B E3",
   "W E2",
   "B E1",
   "W E5",
   "B D3",
   "W D5",
   "B A2",
   "W C2",
   "B C3",
   "W B2",
   "B A1",
   "W B2",
   "B D4",
   "W C2",
   "B B1",
   "W pass",
   "B B2",
   "W pass",
   "B A5",
   "W A4",
   "B C5",
   "W E5",
   "B B4",
   "W pass",
   "B D5",
   "W pass",
   "B pass"
  ],
  "exact": "B+13.5"
 }
]
L = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def turn(text, size):
    """"B C3" -> ("black", (x, y)) with y counted from the top row; None for a pass."""
    c, p = text.split(" ")
    colour = "black" if c == "B" else "white"
    return colour, None if p == "pass" else (L.index(p[0]), size - int(p[1:]))


def result(black, white):
    d = black - white
    d = int(d) if float(d).is_integer() else d
    return "0" if d == 0 else (f"B+{d}" if d > 0 else f"W+{-d}")


differs = False
for k in CHECKS:
    g = new_game(k["size"], float(k["komi"]), [turn("B " + s, k["size"])[1] for s in k["setup"]])
    for m in k["moves"]:
        r = play(g, *turn(m, k["size"]))
        if r is not True:
            print(f"the library refused {m} of the game ({r}): the witness cannot play it")
            sys.exit(2)
    setup = f"handicap stones {' '.join(k['setup'])}, then " if k["setup"] else ""
    print(f"game ({k['size']}x{k['size']}, komi {k['komi']}): {setup}{', '.join(k['moves'])}")
    if k["kind"] == "legal":
        r = play(g, *turn(k["attempt"], k["size"]))
        said = "accepted" if r is True else f"refused ({r})"
        exact = "legal" if k["exact_legal"] else "illegal: " + k["why"]
        print(f"  {k['attempt']}: library {said}; exact: {exact} (r[{k['clause']}])")
        differs |= (r is True) != k["exact_legal"]
    else:
        black, white = score(g)
        got = result(black, white)
        print(f"  score: library {got} (Black {black}, White {white}); exact {k['exact']} (r[{k['clause']}]): {k['detail']}")
        differs |= got != k["exact"]
print("the deviation reproduces" if differs else "the library agrees with the exact answers")
sys.exit(0 if differs else 1)
