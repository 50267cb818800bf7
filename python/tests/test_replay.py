"""replay, replay_many and verify give exactly what the command line gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ttrules
from conftest import EXAMPLES, RECORDS, cli_json, cli_summary


def test_replay_is_the_command_lines_json(cli: str) -> None:
    files = sorted(EXAMPLES.glob("*.sgf")) + sorted(RECORDS.glob("*.sgf"))
    compared = 0
    for f in files:
        want = cli_json(cli, str(f))
        if not want:  # refused by the command line: raised here
            continue
        trees = want[0].get("trees") or 1
        if len(want) < trees:
            # A file with a refused tree: the command line prints the other trees (and says why
            # on stderr); the package raises for the file, the error carrying those trees, and
            # replays each tree by number.
            with pytest.raises(ttrules.RecordError) as e:
                ttrules.replay(f)
            assert e.value.games == want, f
            assert [ttrules.replay(f, game=d["tree"])[0] for d in want] == want, f
            compared += 1
            continue
        assert ttrules.replay(f) == want, f
        assert ttrules.replay(f.read_bytes())[0]["result"] == want[0]["result"], f
        compared += 1
    assert compared >= 40, compared


def test_replay_with_overrides(cli: str) -> None:
    f = str(EXAMPLES / "9x9-game.sgf")
    for args, kwargs in [
        (["--rules", "japanese"], {"rules": "japanese"}),
        (["--komi", "0.5"], {"komi": 0.5}),
        (["--engine", "reference"], {"engine": "reference"}),
        (["--dead", "E4"], {"dead": ["E4"]}),
    ]:
        assert ttrules.replay(f, **kwargs) == cli_json(cli, *args, f), args  # type: ignore[arg-type]


def test_replay_many_yields_every_game_once(cli: str) -> None:
    want = cli_json(cli, str(RECORDS))
    got = list(ttrules.replay_many(RECORDS, threads=2))
    key = lambda d: (d["file"], d.get("tree") or 0)  # noqa: E731
    assert sorted(got, key=key) == sorted(want, key=key)
    ordered = list(ttrules.replay_many([RECORDS], threads=3, ordered=True))
    assert ordered == want
    assert any(d["outcome"] == "refused" for d in want), "the records include refused files"


def test_replay_many_can_stop_early() -> None:
    it = ttrules.replay_many(RECORDS, threads=2)
    first = next(it)
    assert "file" in first
    del it  # the pool stops; nothing hangs


def test_verify_is_the_command_lines_summary(cli: str, tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    summary = ttrules.verify(RECORDS, threads=2, out=out)
    assert summary == cli_summary(cli, str(RECORDS))
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert lines == cli_json(cli, str(RECORDS))
    assert summary["games"] == len(lines) > 0
    assert not list(tmp_path.glob("*.tmp-*"))


def test_merge_summaries_of_halves_is_the_whole(cli: str) -> None:
    files = ttrules.sgf_files(RECORDS)
    halves = [ttrules.verify(files[::2], threads=1), ttrules.verify(files[1::2], threads=1)]
    assert ttrules.merge_summaries(halves) == cli_summary(cli, str(RECORDS))
