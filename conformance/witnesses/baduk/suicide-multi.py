# Witness for the conformance matrix (docs/conformance/README.md#baduk), cell `suicide-multi`:
# baduk 1.0.4, Game.move. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/baduk/suicide-multi.py

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
  "size": 3,
  "komi": "7.5",
  "setup": [],
  "clause": "var.suicide.forbidden",
  "detail": "play W A1 was accepted; it is illegal: suicide (r[var.suicide.forbidden])",
  "kind": "legal",
  "moves": [
   "B C2",
   "W C3",
   "B B1",
   "W A2",
   "B B2",
   "W B3",
   "B A3"
  ],
  "attempt": "W A1",
  "exact_legal": False,
  "why": "suicide"
 },
 {
  "size": 2,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.move",
  "detail": "after W A2: 1 point differ (expected\u2260engine): B1 X\u2260.",
  "kind": "board",
  "moves": [
   "B B1",
   "W B2",
   "B A1",
   "W A2",
   "B B1",
   "W A1",
   "B B1",
   "W A2"
  ],
  "points": {
   "B1": "black"
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
