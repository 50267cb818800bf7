# Witness for the conformance matrix (docs/conformance/README.md#weiqi), cell `handicap`:
# weiqi 0.2.1, WeiqiGame.make_move. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/weiqi/handicap.py

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
  "size": 7,
  "komi": "7.5",
  "setup": [
   "C3",
   "E3",
   "E5"
  ],
  "clause": "var.score.final",
  "detail": "final_score says B+5.5, exact B+1.5 (Black 15, White 6, komi 7.5, every stone alive)",
  "kind": "score",
  "moves": [
   "W B3",
   "B F4",
   "W D4",
   "B A5",
   "W B6",
   "B E6",
   "W A4",
   "B F5",
   "W C1",
   "B C7",
   "W B1",
   "B C5",
   "W C6",
   "B B5",
   "W A1",
   "B G5",
   "W D1",
   "B E2",
   "W E1",
   "B A2",
   "W A3",
   "B F6",
   "W B7",
   "B D7",
   "W F7",
   "B D5",
   "W E7",
   "B E4",
   "W B4",
   "B C2",
   "W G4",
   "B G2",
   "W B2",
   "B D2",
   "W F1",
   "B D6",
   "W A7",
   "B G7",
   "W F2",
   "B C4",
   "W G1",
   "B G3",
   "W F3",
   "B A6",
   "W B6",
   "B A7",
   "W B7",
   "B E7",
   "W G4",
   "B G2",
   "W G3",
   "B D3",
   "W pass",
   "B C6",
   "W B7",
   "B B6",
   "W pass",
   "B pass"
  ],
  "exact": "B+1.5"
 },
 {
  "size": 7,
  "komi": "7.5",
  "setup": [
   "C3",
   "E3",
   "C5",
   "E5"
  ],
  "clause": "var.score.final",
  "detail": "final_score says B+43.5, exact B+33.5 (Black 41, White 0, komi 7.5, every stone alive)",
  "kind": "score",
  "moves": [
   "W B5",
   "B C1",
   "W B2",
   "B A1",
   "W A7",
   "B A2",
   "W D4",
   "B C4",
   "W A5",
   "B D3",
   "W A6",
   "B F5",
   "W B3",
   "B F6",
   "W E4",
   "B B4",
   "W G7",
   "B B6",
   "W D5",
   "B C2",
   "W D1",
   "B D6",
   "W D2",
   "B B1",
   "W C7",
   "B C6",
   "W A3",
   "B A4",
   "W G4",
   "B B2",
   "W E7",
   "B G1",
   "W F1",
   "B G2",
   "W F4",
   "B A3",
   "W B7",
   "B G6",
   "W G5",
   "B F2",
   "W E2",
   "B E6",
   "W G3",
   "B E1",
   "W F7",
   "B D2",
   "W pass",
   "B D7",
   "W G7",
   "B B5",
   "W C7",
   "B F7",
   "W A7",
   "B A5",
   "W B7",
   "B A6",
   "W B7",
   "B C7",
   "W pass",
   "B F3",
   "W E4",
   "B G5",
   "W G4",
   "B G3",
   "W F4",
   "B D4",
   "W E4",
   "B G4",
   "W pass",
   "B A7",
   "W pass",
   "B F4",
   "W pass",
   "B pass"
  ],
  "exact": "B+33.5"
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
