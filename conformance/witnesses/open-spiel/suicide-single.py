# Witness for the conformance matrix (docs/conformance/README.md#open-spiel), cell `suicide-single`:
# OpenSpiel 2.0.2, go, max_game_length=10000. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/open-spiel/suicide-single.py

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
  "size": 7,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.turn.pass",
  "detail": "is_legal W pass answered 0; the turn is legal",
  "kind": "legal",
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
   "B G6",
   "W G3",
   "B B1",
   "W C7",
   "B D3",
   "W E7",
   "B A6",
   "W D6",
   "B E6",
   "W E5",
   "B pass",
   "W G7",
   "B pass",
   "W A5",
   "B pass",
   "W D2",
   "B A6",
   "W E1",
   "B G1",
   "W A5",
   "B pass",
   "W C1",
   "B A6",
   "W F1",
   "B D1",
   "W A5",
   "B pass",
   "W C1",
   "B A6"
  ],
  "attempt": "W pass",
  "exact_legal": True,
  "why": "legal"
 },
 {
  "size": 7,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.move",
  "detail": "is_legal B E3 answered 0; the turn is legal",
  "kind": "legal",
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
   "B E6",
   "W D6",
   "B C7",
   "W E5",
   "B B7",
   "W A6",
   "B B6",
   "W D1",
   "B C5",
   "W A7",
   "B A6",
   "W A5",
   "B E1",
   "W D7",
   "B D4",
   "W D1",
   "B B5",
   "W C4",
   "B E1",
   "W pass",
   "B D4",
   "W D1"
  ],
  "attempt": "B E3",
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
