"""The Python package under hostile input (issue 32): every bad argument of every entry point is a
TtrulesError naming it (D13), special files are refused without blocking (D3), Ctrl-C reaches a
long call (D3), the thread pool is bounded by the work and the machine (D14), and a killed
``verify(out=...)`` leaves nothing behind that the next run keeps (D15)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, Callable, List, Tuple

import pytest

import ttrules
from conftest import EXAMPLES

GAME = EXAMPLES / "9x9-game.sgf"

# Every argument of every entry point, with values of the wrong type and out of range. Each must
# raise a TtrulesError (a TypeError for a wrong type, a ValueError out of range).
WRONG_TYPE = TypeError
OUT_OF_RANGE = ValueError

CASES: List[Tuple[str, Callable[[], Any], type]] = [
    ("Game(width=2**70)", lambda: ttrules.Game(2**70), OUT_OF_RANGE),
    ("Game(width=-1)", lambda: ttrules.Game(-1), OUT_OF_RANGE),
    ("Game(width='9')", lambda: ttrules.Game("9"), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game(width=9.0)", lambda: ttrules.Game(9.0), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game(width=True)", lambda: ttrules.Game(True), WRONG_TYPE),
    ("Game(height=2**64)", lambda: ttrules.Game(9, 2**64), OUT_OF_RANGE),
    ("Game(height=[])", lambda: ttrules.Game(9, []), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game(rules=5)", lambda: ttrules.Game(9, rules=5), OUT_OF_RANGE),  # type: ignore[arg-type]
    ("Game(komi=2**70)", lambda: ttrules.Game(9, komi=2**70), OUT_OF_RANGE),
    ("Game(komi=[])", lambda: ttrules.Game(9, komi=[]), OUT_OF_RANGE),  # type: ignore[arg-type]
    ("Game(setup=5)", lambda: ttrules.Game(3, setup=5), OUT_OF_RANGE),
    ("Game(to_move=1)", lambda: ttrules.Game(9, to_move=1), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game(to_move='X')", lambda: ttrules.Game(9, to_move="X"), OUT_OF_RANGE),
    ("Game(handicap=-1)", lambda: ttrules.Game(9, handicap=-1), OUT_OF_RANGE),
    ("Game(handicap=2**70)", lambda: ttrules.Game(9, handicap=2**70), OUT_OF_RANGE),
    ("Game(handicap='2')", lambda: ttrules.Game(9, handicap="2"), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game(engine=1)", lambda: ttrules.Game(9, engine=1), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game(engine='x')", lambda: ttrules.Game(9, engine="x"), OUT_OF_RANGE),
    ("Game.play(2**70)", lambda: ttrules.Game(9).play((2**70, 0)), OUT_OF_RANGE),
    ("Game.play(object())", lambda: ttrules.Game(9).play(object()), OUT_OF_RANGE),  # type: ignore[arg-type]
    ("Game.is_legal(-1)", lambda: ttrules.Game(9).is_legal((-1, 0)), OUT_OF_RANGE),
    ("Game.verdict(3.5)", lambda: ttrules.Game(9).verdict(3.5), OUT_OF_RANGE),  # type: ignore[arg-type]
    ("Game.score(dead=5)", lambda: ttrules.Game(9).score(dead=5), WRONG_TYPE),  # type: ignore[arg-type]
    ("Game.result(dead=[(99, 0)])", lambda: ttrules.Game(9).result(dead=[(99, 0)]), OUT_OF_RANGE),
    ("Game.winner(dead=[2**70])", lambda: ttrules.Game(9).winner(dead=[2**70]), OUT_OF_RANGE),
    ("Game.margin(dead=1.5)", lambda: ttrules.Game(9).margin(dead=1.5), WRONG_TYPE),  # type: ignore[arg-type]
    ("Rules(name=5)", lambda: ttrules.Rules(5), WRONG_TYPE),  # type: ignore[arg-type]
    ("Rules(tax=5)", lambda: ttrules.Rules("tromp-taylor", tax=5), OUT_OF_RANGE),  # type: ignore[arg-type]
    ("point(2**70)", lambda: ttrules.point((2**70, 1)), OUT_OF_RANGE),
    ("point(None)", lambda: ttrules.point(None), OUT_OF_RANGE),  # type: ignore[arg-type]
    ("gtp('Z99')", lambda: ttrules.gtp("Z99"), OUT_OF_RANGE),
    ("sgf(width=2**70)", lambda: ttrules.sgf((1, 1), 2**70, 9), OUT_OF_RANGE),
    ("sgf(height='9')", lambda: ttrules.sgf((1, 1), 9, "9"), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay(source=5)", lambda: ttrules.replay(5), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay(game=-1)", lambda: ttrules.replay(GAME, game=-1), OUT_OF_RANGE),
    ("replay(game=0)", lambda: ttrules.replay(GAME, game=0), OUT_OF_RANGE),
    ("replay(game=2**70)", lambda: ttrules.replay(GAME, game=2**70), OUT_OF_RANGE),
    ("replay(game='1')", lambda: ttrules.replay(GAME, game="1"), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay(handicap=-1)", lambda: ttrules.replay(GAME, handicap=-1), OUT_OF_RANGE),
    ("replay(strict='yes')", lambda: ttrules.replay(GAME, strict="yes"), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay(engine=2)", lambda: ttrules.replay(GAME, engine=2), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay(rules='x')", lambda: ttrules.replay(GAME, rules="klingon"), OUT_OF_RANGE),
    ("replay(komi='x')", lambda: ttrules.replay(GAME, komi="seven"), OUT_OF_RANGE),
    ("replay(dead=5)", lambda: ttrules.replay(GAME, dead=5), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay(dead=[(99, 0)])", lambda: ttrules.replay(GAME, dead=[(99, 0)]), OUT_OF_RANGE),
    ("replay_many(paths=5)", lambda: list(ttrules.replay_many(5)), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay_many(paths=[5])", lambda: list(ttrules.replay_many([5])), WRONG_TYPE),  # type: ignore[list-item]
    ("replay_many(threads=-1)", lambda: list(ttrules.replay_many(GAME, threads=-1)), OUT_OF_RANGE),
    ("replay_many(threads=2**70)", lambda: list(ttrules.replay_many(GAME, threads=2**70)), OUT_OF_RANGE),
    ("replay_many(threads='2')", lambda: list(ttrules.replay_many(GAME, threads="2")), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay_many(ordered=2)", lambda: list(ttrules.replay_many(GAME, ordered=2)), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay_many(handicap=-1)", lambda: list(ttrules.replay_many(GAME, handicap=-1)), OUT_OF_RANGE),
    ("replay_many(strict=1.0)", lambda: list(ttrules.replay_many(GAME, strict=1.0)), WRONG_TYPE),  # type: ignore[arg-type]
    ("replay_many(engine='x')", lambda: list(ttrules.replay_many(GAME, engine="x")), OUT_OF_RANGE),
    ("verify(paths=None)", lambda: ttrules.verify(None), WRONG_TYPE),  # type: ignore[arg-type]
    ("verify(threads=-1)", lambda: ttrules.verify(GAME, threads=-1), OUT_OF_RANGE),
    ("verify(out=5)", lambda: ttrules.verify(GAME, out=5), WRONG_TYPE),  # type: ignore[arg-type]
    ("verify(handicap=2**70)", lambda: ttrules.verify(GAME, handicap=2**70), OUT_OF_RANGE),
    ("verify(strict='no')", lambda: ttrules.verify(GAME, strict="no"), WRONG_TYPE),  # type: ignore[arg-type]
    ("verify(engine=None.__class__)", lambda: ttrules.verify(GAME, engine=int), WRONG_TYPE),  # type: ignore[arg-type]
    ("sgf_files(5)", lambda: ttrules.sgf_files(5), WRONG_TYPE),  # type: ignore[arg-type]
    ("merge_summaries(5)", lambda: ttrules.merge_summaries(5), WRONG_TYPE),  # type: ignore[arg-type]
    ("merge_summaries([5])", lambda: ttrules.merge_summaries([5]), WRONG_TYPE),  # type: ignore[list-item]
]


@pytest.mark.parametrize("name,call,kind", CASES, ids=[c[0] for c in CASES])
def test_every_bad_argument_is_a_ttrules_error(name: str, call: Callable[[], Any], kind: type) -> None:
    with pytest.raises(ttrules.TtrulesError) as e:
        call()
    assert isinstance(e.value, kind), f"{name}: {type(e.value).__name__}: {e.value}"
    assert not isinstance(e.value, OverflowError), name
    assert str(e.value), name


def test_argument_errors_name_the_argument() -> None:
    for call, word in [
        (lambda: ttrules.Game(9, handicap=-1), "handicap"),
        (lambda: ttrules.replay(GAME, game=-1), "game"),
        (lambda: list(ttrules.replay_many(GAME, threads=-1)), "threads"),
        (lambda: ttrules.Game(2**70), "width"),
        (lambda: ttrules.Game(9, to_move=1), "to_move"),
    ]:
        with pytest.raises(ttrules.TtrulesError, match=word):
            call()


def test_the_type_error_class() -> None:
    assert issubclass(ttrules.TtrulesTypeError, ttrules.TtrulesError)
    assert issubclass(ttrules.TtrulesTypeError, TypeError)
    assert "TtrulesTypeError" in ttrules.__all__


def fifo_folder(tmp_path: Path) -> Path:
    d = tmp_path / "records"
    d.mkdir()
    (d / "a.sgf").write_bytes(GAME.read_bytes())
    os.mkfifo(d / "m.sgf")
    (d / "z.sgf").write_bytes(GAME.read_bytes())
    return d


def test_special_files_are_refused_and_the_others_replayed(tmp_path: Path) -> None:
    d = fifo_folder(tmp_path)
    start = time.monotonic()
    docs = list(ttrules.replay_many(d, ordered=True))
    assert time.monotonic() - start < 20
    files = [Path(doc["file"]).name for doc in docs]
    assert files == ["a.sgf", "m.sgf", "z.sgf"], files
    refused = docs[1]
    assert refused["outcome"] == "refused"
    assert "not a regular file" in refused["error"]["message"]
    assert docs[0]["outcome"] == docs[2]["outcome"] != "refused"
    summary = ttrules.verify(d, out=tmp_path / "out.jsonl")
    assert summary["files"] == 3
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 3
    for special in [d / "m.sgf", Path("/dev/zero")]:
        with pytest.raises(OSError, match="not a regular file"):
            ttrules.replay(special)
    with pytest.raises(IsADirectoryError):
        ttrules.replay(d)


def run_and_interrupt(code: str, tmp_path: Path) -> Tuple[subprocess.CompletedProcess, float]:
    """Runs `code` in a child Python, sends it SIGINT once it says "started", and returns its
    result and the seconds from the signal to its end."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = child.communicate(timeout=60)
    return subprocess.CompletedProcess(child.args, child.returncode, out, err), time.monotonic() - sent


# One file replayed 100,000 times: minutes of work, so the signal comes in the middle of it.
LONG = f"""
    import sys, ttrules
    paths = [{str(GAME)!r}] * 100_000
    print("started", flush=True)
    try:
        CALL
    except KeyboardInterrupt:
        print("interrupted", flush=True)
"""


@pytest.mark.parametrize(
    "call",
    [
        "for _ in ttrules.replay_many(paths, threads=1): pass",
        "ttrules.verify(paths, threads=1, out='out.jsonl')",
        "ttrules.replay_many(paths, threads=1, format='arrow', moves=True)",
    ],
)
def test_ctrl_c_reaches_a_long_call(call: str, tmp_path: Path) -> None:
    done, seconds = run_and_interrupt(LONG.replace("CALL", call), tmp_path)
    assert "interrupted" in done.stdout, (done.stdout, done.stderr)
    assert seconds < 10, f"{seconds:.1f} s from SIGINT to the end"
    # An interrupted verify leaves no output and no temporary.
    assert sorted(os.listdir(tmp_path)) == [], os.listdir(tmp_path)


def test_ctrl_c_reaches_a_call_on_a_folder_with_a_fifo(tmp_path: Path) -> None:
    d = fifo_folder(tmp_path)
    code = f"""
        import ttrules
        print("started", flush=True)
        try:
            for _ in range(100_000):
                list(ttrules.replay_many({str(d)!r}))
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    """
    done, seconds = run_and_interrupt(code, tmp_path)
    assert "interrupted" in done.stdout, (done.stdout, done.stderr)
    assert seconds < 10


@pytest.mark.parametrize("threads", [5000, 100_000])
def test_threads_are_bounded_by_the_work(threads: int) -> None:
    start = time.monotonic()
    docs = list(ttrules.replay_many(GAME, threads=threads))
    summary = ttrules.verify(GAME, threads=threads)
    seconds = time.monotonic() - start
    assert len(docs) == 1 and summary["files"] == 1
    # Was 22.6 s for 5000 threads, past 120 s for 100,000: now one thread for one file.
    assert seconds < 5, f"{seconds:.1f} s"


def test_threads_are_bounded_by_the_machine() -> None:
    # Many files, absurdly many threads: at most 4 a core are started.
    start = time.monotonic()
    summary = ttrules.verify([str(GAME)] * 200, threads=10**9)
    assert summary["files"] == 200
    assert time.monotonic() - start < 30


def test_a_killed_verify_leaves_a_temporary_the_next_run_removes(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    code = f"""
        import ttrules
        print("started", flush=True)
        ttrules.verify([{str(GAME)!r}] * 100_000, threads=1, out={str(out)!r})
    """
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    child.kill()
    child.wait()
    stale = tmp_path / f"out.jsonl.tmp-{child.pid}"
    assert stale.exists(), os.listdir(tmp_path)
    # Temporaries that are not stale ones of this output stay: a live process's (pid 1), another
    # output's, a name that only looks alike.
    kept = ["out.jsonl.tmp-1", "other.jsonl.tmp-999999999", "out.jsonl.tmp-12x", "out.jsonl.tmp-"]
    for name in kept:
        (tmp_path / name).write_text("")
    summary = ttrules.verify(GAME, out=out)
    assert summary["files"] == 1
    assert sorted(os.listdir(tmp_path)) == sorted(kept + ["out.jsonl"])
    assert len(out.read_text().splitlines()) == 1
