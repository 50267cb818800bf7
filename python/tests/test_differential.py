"""Differential: seeded random games played through the Python API agree with the command
line's JSON (`ttrules replay --jsonl` of the same games written as SGF) on every observable the
document has. The generator counts what it reached and fails on a zero (the guide's rule)."""

from __future__ import annotations

import json
import random
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import ttrules
from util import gtp_list, rows

SEED = 20261203
GAMES = 240


def random_game(rng: random.Random) -> Tuple[ttrules.Game, List[Any], Optional[Any], Counter]:
    """A random game: mostly legal moves, some passes and some attempts anywhere (which end the
    record at the first illegal one). Returns the game, the turns, the illegal attempt if any,
    and what happened."""
    w, h = rng.randint(2, 7), rng.randint(2, 7)
    rules = rng.choice(ttrules.Rules.names())
    komi = rng.choice([0, 0.5, 5.5, 7])
    g = ttrules.Game(w, h, rules, komi=komi)
    seen: Counter = Counter()
    turns: List[Any] = []
    for _ in range(rng.randint(1, 4 * w * h)):
        if g.over:
            seen["over"] += 1
            break
        roll = rng.random()
        if roll < 0.06:
            mv: Any = "pass"
        elif roll < 0.10:
            mv = (rng.randrange(w), rng.randrange(h))
        elif roll < 0.16:
            # An empty point where a move is illegal: suicide, ko or repetition, when there is one.
            b, legal = g.board(), g.legal_moves()
            refused = [(x, y) for y in range(h) for x in range(w) if b[y, x] == 0 and not legal[y, x]]
            mv = rng.choice(refused) if refused else "pass"
        else:
            legal_points = g.legal_points()
            mv = rng.choice(legal_points) if legal_points else "pass"
        try:
            captured, suicided = (0, 0) if mv == "pass" else g.play(mv)
            if mv == "pass":
                g.pass_()
                seen["pass"] += 1
        except ttrules.IllegalMove as e:
            seen["illegal " + e.reason] += 1
            # Ko and repetition are one event here: which reason a recurring position gets
            # depends on the ruleset (simple ko, or superko), and random games rarely reach ko.
            if e.reason in ("ko", "repetition"):
                seen["illegal ko or repetition"] += 1
            return g, turns, (mv, e), seen
        seen["captured"] += captured > 0
        seen["suicided"] += suicided > 0
        turns.append(mv)
    return g, turns, None, seen


def sgf_of(g: ttrules.Game, turns: List[Any], illegal: Optional[Any]) -> str:
    size = f"{g.width}" if g.width == g.height else f"{g.width}:{g.height}"
    out = [f"(;GM[1]FF[4]SZ[{size}]KM[{g.komi}]"]
    colours = "BW"
    moves = turns + ([illegal[0]] if illegal else [])
    for i, mv in enumerate(moves):
        c = colours[i % 2]
        out.append(f";{c}[]" if mv == "pass" else f";{c}[{ttrules.sgf(mv, g.width, g.height)}]")
    return "".join(out) + ")\n"


def check(g: ttrules.Game, turns: List[Any], illegal: Optional[Any], doc: Dict[str, Any]) -> None:
    name = doc["file"]
    assert doc["size"] == {"width": g.width, "height": g.height}, name
    assert doc["komi"] == g.komi and doc["rules"]["name"] == g.rules.name, name
    assert doc["grid"] == rows(g), name
    assert (doc["over"], doc["to_move"]) == (g.over, g.to_move), name
    assert (doc["first_passer"], doc["handicap"]) == (g.first_passer, g.handicap), name
    assert (doc["score"]["black"], doc["score"]["white"]) == g.score(), name
    assert (doc["result"], doc["winner"]) == (g.result(), g.winner()), name
    assert doc["legal_moves"] == gtp_list(g.legal_points()), name
    alive = g.pass_alive()
    assert doc["pass_alive"] == {k: gtp_list(alive[k]) for k in alive}, name
    if doc["prisoners"] is not None:
        assert (doc["prisoners"]["black"], doc["prisoners"]["white"]) == g.prisoners, name
    legal_turns = [t for t in doc["turns"] if t["legal"]]
    assert len(legal_turns) == len(turns) == g.turns, name
    assert [None if t["move"] == "pass" else ttrules.point(t["move"]) for t in legal_turns] == [
        None if m == "pass" else tuple(m) for m in turns
    ], name
    if illegal is None:
        assert doc["illegal"] is None, name
    else:
        mv, e = illegal
        want = doc["illegal"]
        assert want is not None, name
        assert (want["reason"], want["clause"], want["number"]) == (
            e.reason,
            e.clause,
            len(turns) + 1,
        ), name


def test_random_games_agree_with_the_command_line(cli: str, tmp_path: Path) -> None:
    rng = random.Random(SEED)
    games = []
    reached: Counter = Counter()
    for i in range(GAMES):
        g, turns, illegal, seen = random_game(rng)
        reached.update(seen)
        path = tmp_path / f"game-{i:04}.sgf"
        path.write_text(sgf_of(g, turns, illegal))
        games.append((path, g, turns, illegal))
    docs = {}
    for path, g, _, _ in games:
        # One run per ruleset would do; one per game keeps --rules exact and is fast enough.
        out = subprocess.run(
            [cli, "replay", "--jsonl", "--rules", g.rules.name, "--komi", str(g.komi), str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert out.returncode in (0, 1), out.stderr
        docs[str(path)] = json.loads(out.stdout)
    for path, g, turns, illegal in games:
        check(g, turns, illegal, docs[str(path)])
        reached["games"] += 1
    # Every interesting event was reached at least once.
    for event in ["games", "over", "pass", "captured", "suicided", "illegal occupied",
                  "illegal suicide", "illegal ko or repetition"]:
        assert reached[event] > 0, (event, reached)
