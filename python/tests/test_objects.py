"""The dicts of replay and replay_many are built in Rust without JSON text (issue 34): they are
exactly what `json.loads` gives for the command line's `replay --jsonl` lines, every field, with
the same types (int and float apart) and key order, on every game of tests/records and of the
shared records."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import ttrules
from conftest import EXAMPLES, RECORDS, cli_json, same, shared_records


def by_game(docs: List[Dict[str, Any]]) -> Dict[Any, Dict[str, Any]]:
    out = {(d["file"], d.get("tree")): d for d in docs}
    assert len(out) == len(docs), "one document per game"
    return out


def test_replay_many_dicts_are_the_command_lines_json_lines(cli: str) -> None:
    want = cli_json(cli, str(RECORDS), str(EXAMPLES))
    got = list(ttrules.replay_many([RECORDS, EXAMPLES], threads=2, ordered=True))
    assert len(got) == len(want) > 100
    for g, w in zip(got, want):
        same(g, w, f"{w['file']}#{w.get('tree')}")
    floats = [d["komi"] for d in want if isinstance(d.get("komi"), float)]
    ints = [d["komi"] for d in want if isinstance(d.get("komi"), int)]
    assert floats and ints, "the records hold whole and half komis"


def test_every_game_of_the_shared_records(cli: str) -> None:
    folder = shared_records()
    want = cli_json(cli, str(folder))
    got = list(ttrules.replay_many(folder, ordered=True))
    assert len(got) == len(want) > 2000
    for g, w in zip(got, want):
        same(g, w, f"{w['file']}#{w.get('tree')}")
    assert sum(1 for d in want if d["outcome"] == "refused") > 0


def test_replay_dicts_and_the_games_of_a_refusal(cli: str) -> None:
    files = sorted(RECORDS.glob("*.sgf"))
    compared = refused = 0
    for f in files:
        want = cli_json(cli, str(f))
        if not want:
            continue
        try:
            got = ttrules.replay(f)
        except ttrules.RecordError as e:
            got = e.games
            refused += 1
            want = [w for w in want if w.get("outcome") != "refused"]
        same(got, want, f.name)
        compared += 1
    assert compared >= 40 and refused >= 1, (compared, refused)
