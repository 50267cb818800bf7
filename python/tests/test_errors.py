"""Bad input raises a clear Python exception, and no Rust panic crosses into Python."""

from __future__ import annotations

import pytest

import ttrules
from conftest import EXAMPLES


@pytest.mark.parametrize("w,h", [(-1, 9), (0, 0), (26, 9), (9, 2**40)])
def test_a_bad_size(w: int, h: int) -> None:
    with pytest.raises(ttrules.SizeError, match=r"outside 1..=25.*tt\.board\.size"):
        ttrules.Game(w, h)
    assert issubclass(ttrules.SizeError, ValueError)


def test_an_unknown_rules_string() -> None:
    with pytest.raises(ttrules.RulesError, match="klingon"):
        ttrules.Rules("klingon")
    with pytest.raises(ttrules.RulesError, match="klingon"):
        ttrules.Game(9, rules="klingon")
    with pytest.raises(ttrules.RulesError, match="tax"):
        ttrules.Rules("tromp-taylor", tax="some")
    with pytest.raises(ttrules.RulesError, match="colour"):
        ttrules.Rules("tromp-taylor", colour="red")


def test_points_off_the_board_and_not_points() -> None:
    g = ttrules.Game(9)
    with pytest.raises(ttrules.IllegalMove) as e:
        g.play((9, 0))
    assert (e.value.reason, e.value.clause) == ("off-grid", "tt.board")
    with pytest.raises(ttrules.IllegalMove):
        g.play("T19")
    for bad in [(-1, 0), (0, 300), "I5", "Z99", "hello", 3.5, (1, 2, 3), [None, 1]]:
        with pytest.raises(ttrules.PointError):
            g.play(bad)  # type: ignore[arg-type]
    assert g.turns == 0 and not g.is_legal((9, 9))


def test_bad_komi_setup_and_engine() -> None:
    with pytest.raises(ttrules.KomiError, match="multiple of 0.5"):
        ttrules.Game(9, komi=6.3)
    with pytest.raises(ttrules.KomiError):
        ttrules.Game(9, komi="seven")
    with pytest.raises(ttrules.SetupError, match="rows"):
        ttrules.Game(3, setup="...\n...")
    with pytest.raises(ttrules.SetupError, match="does not reach empty"):
        ttrules.Game(2, setup="XO\nOX")
    with pytest.raises(ttrules.SetupError):
        ttrules.Game(3, setup=[[0, 0, 0], [0, 7, 0], [0, 0, 0]])
    with pytest.raises(ttrules.TtrulesValueError, match="engine"):
        ttrules.Game(9, engine="turbo")


def test_a_missing_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nope.sgf"
    with pytest.raises(FileNotFoundError) as e:
        ttrules.replay(missing)
    assert "nope.sgf" in str(e.value)


def test_a_file_that_is_not_sgf(tmp_path) -> None:  # type: ignore[no-untyped-def]
    junk = tmp_path / "junk.sgf"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n not a game record at all")
    with pytest.raises(ttrules.RecordError) as e:
        ttrules.replay(junk)
    assert e.value.kind and e.value.file.endswith("junk.sgf") and str(e.value)
    with pytest.raises(ttrules.RecordError):
        ttrules.replay(b"(;GM[3]SZ[8];B[aa])")  # chess is not Go
    with pytest.raises(ttrules.TtrulesValueError):
        ttrules.replay(12345)  # type: ignore[arg-type]


def test_bad_replay_options() -> None:
    with pytest.raises(ttrules.RulesError):
        ttrules.replay(EXAMPLES / "9x9-game.sgf", rules="klingon")
    with pytest.raises(ttrules.KomiError):
        ttrules.replay(EXAMPLES / "9x9-game.sgf", komi="6.3")
    with pytest.raises(FileNotFoundError):
        ttrules.replay("/nonexistent/x.sgf")


def test_a_rust_panic_becomes_internal_error_and_poisons_the_game() -> None:
    g = ttrules.Game(9)
    g.play("E5")
    with pytest.raises(ttrules.InternalError, match="on purpose"):
        g._panic_for_test()
    # Not a BaseException that `except Exception` would miss.
    assert issubclass(ttrules.InternalError, Exception)
    with pytest.raises(ttrules.InternalError, match="unknown state"):
        g.play("D4")
    # Other games are untouched.
    assert ttrules.Game(9).play("E5") == (0, 0)


def test_exceptions_pickle() -> None:
    import pickle

    g = ttrules.Game(5)
    g.play("C3")
    try:
        g.play("C3")
    except ttrules.IllegalMove as e:
        back = pickle.loads(pickle.dumps(e))
        assert (back.reason, back.clause, back.point) == (e.reason, e.clause, e.point)
