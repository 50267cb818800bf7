# Witness for the conformance matrix (docs/conformance/README.md#pgx), cell `superko-positional`:
# pgx 2.6.0, go, max_terminal_steps=10000. It calls only the library's public API (no ttrules, no adapter),
# plays each game below and prints the library's answer next to the exact one (the ttrules
# reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
# (the deviation reproduces); exit 1: they agree.
# Run: conformance/python/.venv/bin/python conformance/witnesses/pgx/superko-positional.py

import sys

import jax
import jax.numpy as jnp
from pgx.go import Go

# pgx: Go(size, komi, max_terminal_steps=10000); init(key), then step(state, action) for an
# action whose legal_action_mask entry is true (action = row from the top * size + column;
# pass = size^2). A positional-superko move stays in the mask: stepping it ends the episode.


def new_game(size, komi, stones):
    assert not stones, "no handicap in this witness"
    env = Go(size=size, komi=komi, max_terminal_steps=10000)
    return {"n": size, "step": jax.jit(env.step), "state": jax.jit(env.init)(jax.random.PRNGKey(0))}


def play(g, colour, v):
    s, n = g["state"], g["n"]
    if bool(s.terminated):
        return "the episode is over"
    if int(s._x.color) != (0 if colour == "black" else 1):
        return f"not {colour}'s turn"
    a = n * n if v is None else v[1] * n + v[0]
    if not bool(s.legal_action_mask[a]):
        return "not in legal_action_mask"
    g["state"] = g["step"](s, jnp.int32(a))
    if bool(g["state"].terminated) and v is not None:
        print(f"  (stepping it ended the episode: rewards {g['state'].rewards.tolist()})")
    return True


def score(g):
    raise SystemExit("no score in this witness")

CHECKS = [
 {
  "size": 2,
  "komi": "7.5",
  "setup": [],
  "clause": "tt.turn.repetition",
  "detail": "is_legal B A1 answered 1; the attempt is illegal: repetition (r[tt.turn.repetition])",
  "kind": "legal",
  "moves": [
   "B A1",
   "W B1",
   "B A2",
   "W B2",
   "B A1",
   "W A2"
  ],
  "attempt": "B A1",
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
