# Witness for the conformance matrix (docs/conformance/README.md#open-spiel), cell `suicide-multi`:
# OpenSpiel 2.0.2, go, max_game_length=10000. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/open-spiel/suicide-multi.py

import sys

import pyspiel

# OpenSpiel: pyspiel.load_game("go", {board_size, komi, max_game_length: 10000}); a move is applied
# when it is among state.legal_actions() (action = row from the bottom * size + column; pass = size^2).


def new_game(size, komi, stones):
    assert not stones, "no handicap in this witness"
    game = pyspiel.load_game("go", {"board_size": size, "komi": komi, "max_game_length": 10000})
    return {"n": size, "state": game.new_initial_state()}


def play(g, colour, v):
    s, n = g["state"], g["n"]
    if s.is_terminal():
        return f"the state is terminal, returns {s.returns()} (a draw is [0.0, 0.0])"
    if s.current_player() != (0 if colour == "black" else 1):
        return f"not {colour}'s turn"
    a = n * n if v is None else (n - 1 - v[1]) * n + v[0]
    if a not in s.legal_actions():
        return "not in state.legal_actions()"
    s.apply_action(a)
    return True


def score(g):
    raise SystemExit("OpenSpiel gives no score")

CHECKS = [
 {
  "size": 2,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.move",
  "detail": "is_legal W A2 answered 0; the turn is legal",
  "kind": "legal",
  "moves": [
   "B B1",
   "W B2",
   "B A1",
   "W A2",
   "B B1",
   "W A1",
   "B B1"
  ],
  "attempt": "W A2",
  "exact_legal": True,
  "why": "legal"
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
