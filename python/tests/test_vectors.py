"""`ttrules.vectors()`: every corner case of spec/vectors/, played through the Python API on
both engines, gives the verdicts and end state the export states (and the vectors cite every
clause family, so this reaches suicide, ko, superko, passes and scoring)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List

import pytest

import ttrules
from util import gtp_list, rows


def game_of(v: Dict[str, Any], engine: str) -> ttrules.Game:
    params = " ".join(f"{k}={v['rules'][k]}" for k in ttrules.Rules().parameters())
    return ttrules.Game(
        v["size"]["width"],
        v["size"]["height"],
        ttrules.Rules(params),
        komi=v["komi"],
        setup=v["setup"]["grid"],
        to_move=v["setup"]["to_move"],
        handicap=v["setup"]["handicap"],
        engine=engine,
    )


@pytest.fixture(scope="module")
def vectors() -> List[Dict[str, Any]]:
    # Once for both engines: the export computes every expectation (about a minute in the debug
    # build scripts/test installs, well under a second in a release build).
    return ttrules.vectors()


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_every_vector_through_the_python_api(engine: str, vectors: List[Dict[str, Any]]) -> None:
    assert len(vectors) >= 100, len(vectors)
    seen: Counter[str] = Counter()
    for v in vectors:
        g = game_of(v, engine)
        for a in v["attempts"]:
            want = a["expected"]
            assert g.to_move == a["color"], v["name"]
            try:
                got = g.play(a["move"])
            except ttrules.IllegalMove as e:
                assert not want["legal"], (v["name"], a, e)
                assert (e.reason, e.clause) == (want["reason"], want["clause"]), v["name"]
                seen[e.reason] += 1
            else:
                assert want["legal"], (v["name"], a)
                assert got == (want["captured"], want["suicided"]), v["name"]
                seen["suicided" if got[1] else "captured" if got[0] else "legal"] += 1
            after = a["after"]
            assert rows(g) == after["grid"] and g.to_move == after["to_move"], v["name"]
            assert (g.passes, g.over) == (after["passes"], after["over"]), v["name"]
        end = v["end"]
        assert (g.over, g.void, g.turns) == (end["over"], end["void"], end["turns"]), v["name"]
        assert g.prisoners == (end["prisoners"]["black"], end["prisoners"]["white"]), v["name"]
        assert (g.first_passer, g.handicap) == (end["first_passer"], end["handicap"]), v["name"]
        assert gtp_list(g.legal_points()) == end["legal_moves"], v["name"]
        alive = g.pass_alive()
        assert {k: gtp_list(alive[k]) for k in alive} == end["pass_alive"], v["name"]
        if end["score_error"] is None:
            s = g.score(dead=v["dead"])
            assert s == (end["score"]["black"], end["score"]["white"]), v["name"]
            assert g.result(dead=v["dead"]) == end["result"], v["name"]
            seen["scored"] += 1
        else:
            with pytest.raises(ttrules.PointError):
                g.score(dead=v["dead"])
            seen["score-error"] += 1
    # Every kind of verdict is reached (a vector set that lost one would show here).
    for kind in ["legal", "captured", "suicided", "occupied", "suicide", "ko", "repetition",
                 "game-over", "scored"]:
        assert seen[kind] > 0, (kind, seen)
