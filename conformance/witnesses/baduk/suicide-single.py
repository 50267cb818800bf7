# Witness for the conformance matrix (docs/conformance/README.md#baduk), cell `suicide-single`:
# baduk 1.0.4, Game.move. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/baduk/suicide-single.py

import sys

import contextlib

from baduk.constants.constants import ALPHA_KEY
from baduk.game.game import Game

# baduk: Game(size); Game.move("3C") (row number, then column letter) and Game.move("pass"), as
# its own __main__ plays; a refused move raises ValidationError. The colours alternate by
# themselves.


def new_game(size, komi, stones):
    assert not stones, "no handicap in this witness"
    return Game(size)


def play(g, colour, v):
    if g.turn() != colour:
        return f"not {colour}'s turn"
    try:
        with contextlib.redirect_stdout(sys.stderr):
            g.move("pass" if v is None else f"{v[1] + 1}{ALPHA_KEY[v[0]]}")
        return True
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def colour_at(g, v):
    c = g.get_position(f"{v[1] + 1}{ALPHA_KEY[v[0]]}")
    return {"x": "black", "o": "white"}.get(c, "empty")


def score(g):
    raise SystemExit("baduk gives no score")

CHECKS = [
 {
  "size": 7,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.move.clear-opponent",
  "detail": "after B G6: 1 point differ (expected\u2260engine): D2 O\u2260.",
  "kind": "board",
  "moves": [
   "B F1",
   "W D4",
   "B B3",
   "W F4",
   "B pass",
   "W C3",
   "B E2",
   "W G5",
   "B C6",
   "W E3",
   "B G4",
   "W G7",
   "B C2",
   "W A3",
   "B E6",
   "W C1",
   "B G3",
   "W F6",
   "B G1",
   "W F2",
   "B D3",
   "W F5",
   "B A4",
   "W A7",
   "B D1",
   "W B6",
   "B A2",
   "W D5",
   "B B4",
   "W B1",
   "B pass",
   "W A5",
   "B F7",
   "W E4",
   "B E5",
   "W A1",
   "B B5",
   "W C5",
   "B B2",
   "W C1",
   "B A1",
   "W B7",
   "B D6",
   "W C4",
   "B pass",
   "W G2",
   "B D7",
   "W F3",
   "B G4",
   "W D2",
   "B G6"
  ],
  "points": {
   "D2": "white"
  }
 },
 {
  "size": 7,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.move",
  "detail": "after B E6: 1 point differ (expected\u2260engine): A7 O\u2260.",
  "kind": "board",
  "moves": [
   "B E1",
   "W G7",
   "B A6",
   "W G4",
   "B G1",
   "W D3",
   "B C2",
   "W F2",
   "B C3",
   "W C4",
   "B B6",
   "W E4",
   "B E6",
   "W F4",
   "B G2",
   "W F3",
   "B G6",
   "W G3",
   "B D2",
   "W A7",
   "B A4",
   "W B5",
   "B B4",
   "W F7",
   "B E3",
   "W E2",
   "B E5",
   "W E7",
   "B A2",
   "W G5",
   "B B3",
   "W D5",
   "B D6",
   "W F1",
   "B D7",
   "W C6",
   "B C1",
   "W F6",
   "B G1",
   "W A5",
   "B B1",
   "W F5",
   "B B7",
   "W G2",
   "B C7",
   "W A7",
   "B E6"
  ],
  "points": {
   "A7": "white"
  }
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
    elif k["kind"] == "board":
        for pt, want in k["points"].items():
            got = colour_at(g, turn("B " + pt, k["size"])[1])
            print(f"  after {k['moves'][-1]}: {pt} is {got} on the library's board; exact: {want} (r[{k['clause']}])")
            differs |= got != want
    else:
        black, white = score(g)
        got = result(black, white)
        print(f"  score: library {got} (Black {black}, White {white}); exact {k['exact']} (r[{k['clause']}]): {k['detail']}")
        differs |= got != k["exact"]
print("the deviation reproduces" if differs else "the library agrees with the exact answers")
sys.exit(0 if differs else 1)
