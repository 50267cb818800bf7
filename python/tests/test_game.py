"""The Game API: moves, verdicts with their clauses, numpy views, scores, copies and undo."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import ttrules


def test_a_game_to_its_end_scores_under_its_rules() -> None:
    g = ttrules.Game(9, rules="chinese")
    assert g.komi == 7.5 and g.rules.name == "chinese"
    assert g.play("E5") == (0, 0)
    assert g.play((2, 2)) == (0, 0)
    g.pass_()
    g.pass_()
    assert g.over and g.turns == 4
    assert g.score() == (1.0, 1.0)
    assert g.result() == "W+7.5" and g.winner() == "W" and g.margin() == 7.5


def test_points_are_x_from_the_left_and_y_from_the_bottom() -> None:
    g = ttrules.Game(9, 7)
    g.play("A1")
    g.play("J7")
    b = g.board()
    assert b.shape == (7, 9) and b.dtype == np.int8
    assert b[0, 0] == ttrules.BLACK and b[6, 8] == ttrules.WHITE
    assert int(np.count_nonzero(b)) == 2
    assert ttrules.point("D4") == (3, 3) and ttrules.gtp((3, 3)) == "D4"
    assert ttrules.sgf((3, 3), 19, 19) == "dp"
    assert g.moves == [(0, 0), (8, 6)]


def test_illegal_moves_name_reason_and_clause_and_change_nothing() -> None:
    g = ttrules.Game(5)
    g.play("C3")
    before = g.board().copy()
    with pytest.raises(ttrules.IllegalMove) as e:
        g.play("C3")
    assert e.value.reason == "occupied" and e.value.clause == "tt.move.empty"
    assert e.value.point == (2, 2) and "tt.move.empty" in e.value.clause_url
    assert (g.board() == before).all() and g.to_move == "W" and g.turns == 1
    assert g.verdict("C3") == ("occupied", "tt.move.empty")
    assert not g.is_legal("C3") and g.is_legal("C4")


def test_a_lone_suicide_is_a_repetition_under_tromp_taylor_and_suicide_under_chinese() -> None:
    # A single-stone suicide leaves the colouring unchanged: r[tt.turn.repetition] forbids it.
    setup = ".O\nO."
    tt = ttrules.Game(2, setup=setup)
    with pytest.raises(ttrules.IllegalMove) as e:
        tt.play("A2")
    assert (e.value.reason, e.value.clause) == ("repetition", "tt.turn.repetition")
    cn = ttrules.Game(2, rules="chinese", setup=setup)
    with pytest.raises(ttrules.IllegalMove) as e:
        cn.play("A2")
    assert (e.value.reason, e.value.clause) == ("suicide", "var.suicide.forbidden")


def test_legal_moves_as_array_and_points_agree() -> None:
    g = ttrules.Game(5, 4)
    for mv in ["B2", "C2", "C3", "B3"]:
        g.play(mv)
    arr = g.legal_moves()
    assert arr.shape == (4, 5) and arr.dtype == np.bool_
    pts = g.legal_points()
    assert sorted(pts) == sorted((int(x), int(y)) for y, x in zip(*np.nonzero(arr)))
    assert (1, 1) not in pts and len(pts) == 20 - 4


def test_copy_is_independent_and_undo_takes_back_one_turn() -> None:
    g = ttrules.Game(9)
    g.play("E5")
    h = g.copy()
    h.play("D4")
    assert g.turns == 1 and h.turns == 2
    assert copy.deepcopy(h).moves == h.moves
    h.undo()
    assert h.moves == g.moves and (h.board() == g.board()).all() and h.to_move == "W"
    g.undo()
    with pytest.raises(ttrules.TtrulesError):
        g.undo()


def test_after_the_end_no_turn_is_legal_until_resumed() -> None:
    g = ttrules.Game(3)
    g.pass_()
    g.pass_()
    with pytest.raises(ttrules.IllegalMove) as e:
        g.play("B2")
    assert e.value.reason == "game-over" and e.value.clause == "tt.end"
    g.resume()
    assert not g.over
    g.play("B2")


def test_dead_stones_change_the_score() -> None:
    g = ttrules.Game(5, setup=".....\n.....\n..X..\n.....\n....O")
    assert g.score() == (1.0, 1.0)
    assert g.score(dead=["E1"]) == (25.0, 0.0)
    assert g.score(dead=[(4, 0)]) == g.score(dead="E1")
    with pytest.raises(ttrules.PointError):
        g.score(dead=["A1"])  # no stone there


def test_pass_alive_areas() -> None:
    # Black's wall with two eyes in the lower left of 5x5: pass-alive (r[life.pass-alive]); the
    # eyes are her pass-alive territory (r[life.territory]).
    g = ttrules.Game(5, setup=".....\n.....\nXXX..\n.X.X.\nX.XX.")
    area = g.pass_alive()
    assert area["white"] == []
    assert (1, 0) in area["black"] and (2, 1) in area["black"] and (0, 2) in area["black"]
    assert (4, 4) not in area["black"]


def test_the_reference_engine_gives_the_same_answers() -> None:
    f, r = ttrules.Game(7, engine="fast"), ttrules.Game(7, engine="reference")
    assert (f.engine, r.engine) == ("fast", "reference")
    for mv in ["D4", "C4", "C3", "D3", "B4", "E4"]:
        f.play(mv)
        r.play(mv)
        assert (f.board() == r.board()).all()
        assert (f.legal_moves() == r.legal_moves()).all()
        assert f.score() == r.score()


def test_rules_from_every_kind_of_name() -> None:
    assert ttrules.Rules("TT") == ttrules.Rules()
    assert ttrules.Rules("New Zealand").suicide == "multi-stone-only"
    kg = ttrules.Rules("chinese").katago
    assert ttrules.Rules(kg).repetition == "simple-ko"
    r = ttrules.Rules("repetition=situational suicide=forbidden")
    assert r.parameters()["repetition"] == "situational" and r.name is None
    assert ttrules.Rules("chinese", repetition="positional").name == "chinese-superko"
    assert "japanese" in ttrules.Rules.names()
    assert pickle.loads(pickle.dumps(ttrules.Rules("aga"))) == ttrules.Rules("aga")
    assert len({ttrules.Rules("japanese"), ttrules.Rules("korean")}) == 1


def test_setup_from_an_array() -> None:
    a = np.zeros((3, 3), dtype=np.int8)
    a[1, 1] = ttrules.BLACK
    g = ttrules.Game(3, setup=a, to_move="W")
    assert (g.board() == a).all() and g.to_move == "W"


def test_repr_and_str() -> None:
    g = ttrules.Game(9)
    assert "9x9" in repr(g) and "tromp-taylor" in repr(g)
    assert str(g).splitlines()[0].split() == list("ABCDEFGHJ")
