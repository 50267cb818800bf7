#!/usr/bin/env python3
"""A GTP shim around one PyPI Go library, for `ttrules check-engine` (the conformance matrix).

    python conformance/python/gtp.py LIBRARY [OPTION]

The shim only speaks the protocol and converts coordinates: every verdict (is a move legal, what
it captures, what the board is, the score) is the library's own. The library's backend is
`adapters/LIBRARY.py`; it says which GTP commands it can answer. What the library documents about
its rules (the claim it is held to, in its own words) is in `conformance/implementations.json`.

A backend module has `open(option)` returning an object with `version`, `rectangles`,
`accepts_size(w, h)`, `new_game(w, h, komi)`, `play(g, colour, x, y)` and `pass_(g, colour)`
(each `True` or the library's reason for refusing), `stones(g)` (`(x, y, colour)` with x from the
left and y from the top, from 0), and optionally `is_legal(g, colour, xy_or_None)`,
`captures(g, colour)`, `score(g)` (`(black, white)` points) and `free_handicap(g, stones)`
(Black's stones `[(x, y)]` set the library's own way, White to move: `True`, a new game object
in a one-element tuple, or the reason for refusing).
"""

import importlib
import os
import re
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def usage(msg):
    sys.stderr.write(f"gtp.py: {msg}\nusage: python gtp.py LIBRARY [OPTION]\n")
    sys.exit(2)


class Shim:
    def __init__(self, name, lib):
        self.name = name
        self.lib = lib
        self.width = self.height = 19
        self.komi = 0.0
        self.game = None
        # The handicap stones on this game: `komi` makes a new game, and they are set again.
        self.handicap = []
        self.handlers = {
            "protocol_version": lambda a: "2",
            "name": lambda a: f"ttrules-adapter-{name}",
            "version": lambda a: lib.version,
            "list_commands": lambda a: "\n".join(self.handlers),
            "known_command": lambda a: "true" if a and a[0] in self.handlers else "false",
            "quit": lambda a: "",
            "boardsize": self.boardsize,
            "clear_board": lambda a: self.new_game(),
            "komi": self.set_komi,
            "play": self.play,
            "list_stones": self.list_stones,
            "color": self.color,
        }
        if hasattr(lib, "is_legal"):
            self.handlers["is_legal"] = self.is_legal
        if hasattr(lib, "captures"):
            self.handlers["captures"] = lambda a: str(lib.captures(self.game, colour_of(a)))
        if hasattr(lib, "score"):
            self.handlers["final_score"] = self.final_score
        if hasattr(lib, "free_handicap"):
            self.handlers["set_free_handicap"] = self.set_free_handicap
        if lib.rectangles:
            self.handlers["rectangular_boardsize"] = self.rectangular_boardsize

    def new_game(self):
        self.game = self.lib.new_game(self.width, self.height, self.komi)
        self.handicap = []
        return ""

    def place_handicap(self, stones):
        r = self.lib.free_handicap(self.game, stones)
        if isinstance(r, tuple):
            self.game = r[0]
        elif r is not True:
            raise ValueError(f"invalid handicap: {r}")
        self.handicap = stones

    def set_free_handicap(self, a):
        """GTP's set_free_handicap: Black's stones on the empty board, then White moves."""
        stones = [self.vertex(v) for v in a]
        if len(stones) < 2 or None in stones:
            raise ValueError("invalid handicap")
        self.place_handicap(stones)
        return ""

    def resize(self, w, h):
        if not self.lib.accepts_size(w, h):
            raise ValueError("unacceptable size")
        self.width, self.height = w, h
        return self.new_game()

    def boardsize(self, a):
        return self.resize(int(a[0]), int(a[0]))

    def rectangular_boardsize(self, a):
        return self.resize(int(a[0]), int(a[1]))

    def set_komi(self, a):
        self.komi = float(a[0])
        stones = self.handicap
        self.new_game()
        if stones:
            self.place_handicap(stones)
        return ""

    def vertex(self, text):
        t = text.upper()
        if t == "PASS":
            return None
        m = re.fullmatch(r"([A-HJ-Z])([0-9]{1,2})", t)
        if not m:
            raise ValueError(f"invalid vertex {text}")
        x, row = LETTERS.index(m.group(1)), int(m.group(2))
        if x >= self.width or not 1 <= row <= self.height:
            raise ValueError(f"vertex {text} is off the board")
        return (x, self.height - row)

    def play(self, a):
        if len(a) < 2:
            raise ValueError("play needs a color and a vertex")
        colour, v = colour_of(a), self.vertex(a[1])
        why = self.lib.pass_(self.game, colour) if v is None else self.lib.play(self.game, colour, *v)
        if why is not True:
            raise ValueError(f"illegal move: {why}")
        return ""

    def is_legal(self, a):
        return "1" if self.lib.is_legal(self.game, colour_of(a), self.vertex(a[1])) else "0"

    def list_stones(self, a):
        colour = colour_of(a)
        return " ".join(
            f"{LETTERS[x]}{self.height - y}" for (x, y, c) in self.lib.stones(self.game) if c == colour
        )

    def color(self, a):
        v = self.vertex(a[0] if a else "")
        if v is None:
            raise ValueError("color needs a vertex")
        for x, y, c in self.lib.stones(self.game):
            if (x, y) == v:
                return c
        return "empty"

    def final_score(self, a):
        black, white = self.lib.score(self.game)
        d = black - white
        d = int(d) if float(d).is_integer() else d
        return "0" if d == 0 else (f"B+{d}" if d > 0 else f"W+{-d}")

    def serve(self, inp, out):
        for raw in inp:
            line = re.sub(r"#.*", "", raw)
            line = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", line).strip()
            if not line:
                continue
            words = line.split()
            ident = words.pop(0) if words[0].isdigit() else ""
            if not words:
                continue
            cmd, args = words[0], words[1:]
            h = self.handlers.get(cmd)
            if h is None:
                reply = f"?{ident} unknown command"
            else:
                try:
                    reply = f"={ident} {h(args)}"
                except Exception as e:  # the library's refusal, or a malformed command
                    reply = f"?{ident} {str(e) or type(e).__name__}".replace("\n", " ")
            out.write(reply.rstrip(" ") + "\n\n")
            out.flush()
            if cmd == "quit":
                return


def colour_of(a):
    t = (a[0] if a else "").lower()
    if t in ("b", "black"):
        return "black"
    if t in ("w", "white"):
        return "white"
    raise ValueError(f"invalid color {t}")


def main():
    if len(sys.argv) < 2 or not re.fullmatch(r"[a-z_]+", sys.argv[1]):
        usage("name a library, e.g. sgfmill")
    name, option = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    try:
        backend = importlib.import_module(f"adapters.{name}")
        lib = backend.open(option)
    except Exception as e:
        usage(f"{name}: {type(e).__name__}: {e}")
    shim = Shim(name, lib)
    try:
        shim.new_game()
    except Exception as e:
        usage(f"{name} cannot start a 19x19 game: {e}")
    shim.serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
