"""OpenSpiel (https://github.com/google-deepmind/open_spiel): `pyspiel.load_game("go", ...)`.
A move is applied when it is among `state.legal_actions()`; the board is read from
`observation_tensor` (planes black, white, empty, to-play, in action order: a1 = 0, row-major from
the bottom). OPTION `max_game_length=N` overrides the game's default (2 x area) cap on turns.
OpenSpiel gives only a win/loss return, no score: no `final_score`."""

from importlib.metadata import version

import pyspiel


class Lib:
    version = version("open-spiel")
    rectangles = False

    def __init__(self, max_len):
        self.max_len = max_len

    def accepts_size(self, w, h):
        if w != h:
            return False
        try:
            self.load(w, 7.5)
            return True
        except Exception:
            return False

    def load(self, n, komi):
        params = {"board_size": n, "komi": komi}
        if self.max_len:
            params["max_game_length"] = self.max_len
        return pyspiel.load_game("go", params)

    def new_game(self, w, h, komi):
        return {"n": w, "state": self.load(w, komi).new_initial_state()}

    def action(self, g, v):
        n = g["n"]
        if v is None:
            return n * n
        x, y = v
        return (n - 1 - y) * n + x

    def advance(self, g, colour, v):
        s = g["state"]
        if s.is_terminal():
            return "the state is terminal"
        if s.current_player() != (0 if colour == "black" else 1):
            return f"not {colour}'s turn"
        a = self.action(g, v)
        if a not in s.legal_actions():
            return "not in state.legal_actions()"
        s.apply_action(a)
        return True

    def play(self, g, colour, x, y):
        return self.advance(g, colour, (x, y))

    def pass_(self, g, colour):
        return self.advance(g, colour, None)

    def is_legal(self, g, colour, v):
        s = g["state"]
        if s.is_terminal() or s.current_player() != (0 if colour == "black" else 1):
            return False
        return self.action(g, v) in s.legal_actions()

    def stones(self, g):
        n = g["n"]
        t = g["state"].observation_tensor(0)
        out = []
        for a in range(n * n):
            x, y = a % n, n - 1 - a // n
            if t[a] == 1.0:
                out.append((x, y, "black"))
            elif t[n * n + a] == 1.0:
                out.append((x, y, "white"))
        return out


def open(option):
    max_len = None
    if option:
        if not option.startswith("max_game_length="):
            raise ValueError(f"unknown option {option}")
        max_len = int(option.split("=", 1)[1])
    return Lib(max_len)
