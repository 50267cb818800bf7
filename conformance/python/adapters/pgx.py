"""pgx (https://github.com/sotetsuk/pgx): `pgx.go.Go(size=N, komi=K)`, a JAX environment. A move
is stepped when its `legal_action_mask` entry is true and the state is not terminated (an illegal
action would end the episode, so it is never stepped); the step is `jax.jit(env.step)`, compiled
once per board size and komi. pgx does not take superko moves out of the mask: such a move is
stepped and ends the episode, lost by its player (`is_psk`), which the shim reports as accepted.
The board is `state._x.board` (positive Black, negative White, row-major from the top), the score
the environment's own count (`pgx._src.games.go._count_scores`, area without komi; komi to
White, as `Game.rewards` compares them). OPTION `max_terminal_steps=N` overrides the default cap
of 2 x area turns. pgx has no setup: no `set_free_handicap`."""

from importlib.metadata import version

import jax
import jax.numpy as jnp
from pgx._src.games import go as go_game
from pgx.go import Go


class Lib:
    version = version("pgx")
    rectangles = False

    def __init__(self, max_steps):
        self.max_steps = max_steps
        self.envs = {}  # (size, komi) -> (env, init, step), compiled once

    def accepts_size(self, w, h):
        return w == h and 2 <= w <= 19

    def env(self, n, komi):
        key = (n, komi)
        if key not in self.envs:
            env = Go(size=n, komi=komi, max_terminal_steps=self.max_steps)
            self.envs[key] = (env, jax.jit(env.init), jax.jit(env.step))
        return self.envs[key]

    def new_game(self, w, h, komi):
        env, init, _ = self.env(w, komi)
        return {"n": w, "komi": komi, "state": init(jax.random.PRNGKey(0))}

    def action(self, g, v):
        n = g["n"]
        return n * n if v is None else v[1] * n + v[0]

    def legal(self, g, colour, v):
        s = g["state"]
        if bool(s.terminated) or bool(s.truncated):
            return False
        if int(s._x.color) != (0 if colour == "black" else 1):
            return False
        return bool(s.legal_action_mask[self.action(g, v)])

    def advance(self, g, colour, v):
        if not self.legal(g, colour, v):
            return "legal_action_mask is false (or the episode is over, or not this color's turn)"
        _, _, step = self.env(g["n"], g["komi"])
        g["state"] = step(g["state"], jnp.int32(self.action(g, v)))
        return True

    def play(self, g, colour, x, y):
        return self.advance(g, colour, (x, y))

    def pass_(self, g, colour):
        return self.advance(g, colour, None)

    def is_legal(self, g, colour, v):
        return self.legal(g, colour, v)

    def stones(self, g):
        n = g["n"]
        board = [int(c) for c in g["state"]._x.board]
        out = []
        for i, c in enumerate(board):
            if c > 0:
                out.append((i % n, i // n, "black"))
            elif c < 0:
                out.append((i % n, i // n, "white"))
        return out

    def score(self, g):
        black, white = (float(p) for p in go_game._count_scores(g["state"]._x, g["n"]))
        return (black, white + g["komi"])


def open(option):
    max_steps = None
    if option:
        if not option.startswith("max_terminal_steps="):
            raise ValueError(f"unknown option {option}")
        max_steps = int(option.split("=", 1)[1])
    return Lib(max_steps)
