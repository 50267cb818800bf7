# Witness for the conformance matrix (docs/conformance/README.md#lets-go-situational), cell `superko-situational`:
# lets-go 0.3.11, GoBackend.try_move (the situation reading). It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/lets-go-situational/superko-situational.py

import sys

from lets_go.backend import BLACK_STONE, GoBackend

# lets-go: GoBackend(size, first_move, komi); try_move(row, col) returns None for a refused move;
# pass_move(). The backend alternates the colours itself.


def new_game(size, komi, stones):
    return GoBackend(size=size, first_move=BLACK_STONE, komi=komi)


def play(g, colour, v):
    _, current, _, _ = g.game_state
    if ("black" if current == BLACK_STONE else "white") != colour:
        return f"not {colour}'s turn"
    if v is None:
        g.pass_move()
        return True
    return True if g.try_move(v[1], v[0]) is not None else "GoBackend.try_move returned None"


def score(g):
    raise SystemExit("lets-go gives no score")

CHECKS = [
 {
  "size": 2,
  "komi": "7.5",
  "setup": [],
  "clause": "var.ko.situational",
  "detail": "play B A2 was accepted; it is illegal: repetition (r[var.ko.situational])",
  "kind": "legal",
  "moves": [
   "B A2",
   "W A1",
   "B B1",
   "W pass",
   "B B2",
   "W A1",
   "B B1",
   "W B2",
   "B pass",
   "W B1"
  ],
  "attempt": "B A2",
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
