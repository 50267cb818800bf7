# Witness for the conformance matrix (docs/conformance/README.md#dlgo-goboard-fast), cell `superko-situational`:
# dlgo 0.2, goboard_fast. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/dlgo-goboard-fast/superko-situational.py

import sys

from dlgo import gotypes, scoring
from dlgo import goboard_fast as goboard

# dlgo: GameState.new_game(size); a move is played when GameState.is_valid_move accepts it (as
# dlgo's agents choose among valid moves); scoring.compute_game_result (area, komi 7.5).


def new_game(size, komi, stones):
    state = goboard.GameState.new_game(size)
    if stones:
        board = goboard.Board(size, size)
        for x, y in stones:
            board.place_stone(gotypes.Player.black, gotypes.Point(row=y + 1, col=x + 1))
        state = goboard.GameState(board, gotypes.Player.white, None, None)
    return [state]


def play(g, colour, v):
    player = gotypes.Player.black if colour == "black" else gotypes.Player.white
    if g[0].next_player != player:
        return f"not {colour}'s turn"
    mv = goboard.Move.pass_turn() if v is None else goboard.Move.play(gotypes.Point(row=v[1] + 1, col=v[0] + 1))
    if not g[0].is_valid_move(mv):
        return "GameState.is_valid_move is False"
    g[0] = g[0].apply_move(mv)
    return True


def score(g):
    r = scoring.compute_game_result(g[0])
    return r.b, r.w + r.komi

CHECKS = [
 {
  "size": 3,
  "komi": "7.5",
  "setup": [],
  "clause": "var.ko.situational",
  "detail": "is_legal B C2 answered 1; the attempt is illegal: repetition (r[var.ko.situational])",
  "kind": "legal",
  "moves": [
   "B B2",
   "W C1",
   "B B1",
   "W A3",
   "B C2",
   "W C3",
   "B A2",
   "W pass",
   "B A1",
   "W pass",
   "B B3",
   "W pass",
   "B A3",
   "W pass",
   "B C1",
   "W C3",
   "B B1",
   "W C1",
   "B A3",
   "W A1",
   "B B2",
   "W C2",
   "B B3",
   "W C3",
   "B C2",
   "W pass",
   "B C3",
   "W pass",
   "B C1",
   "W A2",
   "B A3",
   "W C3",
   "B B2",
   "W B3",
   "B C1",
   "W C2",
   "B A3",
   "W C3",
   "B C2",
   "W B3",
   "B A3",
   "W B3",
   "B C3",
   "W B1",
   "B C3",
   "W C1",
   "B C2",
   "W B2",
   "B C3",
   "W C2",
   "B pass",
   "W C3",
   "B A3",
   "W A1",
   "B A2",
   "W C1",
   "B B2",
   "W C2",
   "B B1",
   "W B3",
   "B C3",
   "W C1",
   "B C2",
   "W pass",
   "B C1",
   "W pass",
   "B A1",
   "W B3",
   "B B1",
   "W C2",
   "B A2",
   "W C3",
   "B A3",
   "W C1",
   "B A1",
   "W B2",
   "B B1",
   "W A1",
   "B A2",
   "W A3",
   "B pass",
   "W B1",
   "B A2",
   "W C2",
   "B C1",
   "W A1",
   "B B2",
   "W B3",
   "B B1",
   "W A3",
   "B C3",
   "W B3",
   "B A3",
   "W pass"
  ],
  "attempt": "B C2",
  "exact_legal": False,
  "why": "repetition"
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
