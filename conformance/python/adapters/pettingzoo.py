"""PettingZoo classic Go (`pettingzoo.classic.go_v5`, https://github.com/Farama-Foundation/PettingZoo):
the AEC environment. A move is stepped when its `action_mask` entry is 1 (an illegal action would
end the episode, so it is never stepped); the board and the score are read from the environment's
`Position` (`env.unwrapped._go`: `board`, `score()`), actions are row-major from the top, the pass
is `N*N`."""

from importlib.metadata import version

from pettingzoo.classic import go_v5


class Lib:
    version = version("pettingzoo")
    rectangles = False

    def accepts_size(self, w, h):
        return w == h and 2 <= w <= 19

    def new_game(self, w, h, komi):
        env = go_v5.env(board_size=w, komi=komi)
        env.reset(seed=0)
        return {"n": w, "env": env, "over": False}

    def agent(self, colour):
        return "black_0" if colour == "black" else "white_0"

    def action(self, g, v):
        n = g["n"]
        return n * n if v is None else v[1] * n + v[0]

    def legal(self, g, colour, v):
        env = g["env"]
        if g["over"] or env.agent_selection != self.agent(colour):
            return False
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            return False
        return bool(obs["action_mask"][self.action(g, v)])

    def advance(self, g, colour, v):
        if not self.legal(g, colour, v):
            return "action_mask is 0 (or the episode is over, or not this agent's turn)"
        g["env"].step(self.action(g, v))
        if any(g["env"].terminations.values()) or any(g["env"].truncations.values()):
            g["over"] = True
        return True

    def play(self, g, colour, x, y):
        return self.advance(g, colour, (x, y))

    def pass_(self, g, colour):
        return self.advance(g, colour, None)

    def is_legal(self, g, colour, v):
        return self.legal(g, colour, v)

    def stones(self, g):
        board = g["env"].unwrapped._go.board
        out = []
        for y, row in enumerate(board):
            for x, c in enumerate(row):
                if c == 1:
                    out.append((x, y, "black"))
                elif c == -1:
                    out.append((x, y, "white"))
        return out

    def score(self, g):
        s = float(g["env"].unwrapped._go.score())
        return (s, 0.0) if s >= 0 else (0.0, -s)


def open(option):
    if option:
        raise ValueError("pettingzoo's go has no options here")
    return Lib()
