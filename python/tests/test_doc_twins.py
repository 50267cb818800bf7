"""The dicts of replay and replay_many are made field by field (python/src/topy/doc.rs, for
speed: issue 34); serde's serialisation of the same document is their definition (the generic
serializer of python/src/topy.rs). These tests hold the first to the second on every game of
../shared/records and of the repository's records, under other rules and engines too, so that a
field added to the document and not to the hand-made dicts fails here (as
record/tests/json_lines.rs holds the command line's hand-written JSON lines to serde's)."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

from conftest import EXAMPLES, RECORDS, same, shared_records

import ttrules
from ttrules import _ttrules

Twins = List[Tuple[Dict[str, Any], Dict[str, Any]]]


def twins(paths: List[Any], **options: Any) -> Twins:
    got: Twins = _ttrules._documents_twins([str(p) for p in paths], **options)  # type: ignore[attr-defined]
    return got


def compare(pairs: Twins) -> None:
    for made, serde in pairs:
        same(made, serde, f"{serde['file']}#{serde['tree']}")


def count(pairs: Twins, seen: Callable[[Dict[str, Any]], bool]) -> int:
    return sum(1 for _, d in pairs if seen(d))


def test_every_game_of_the_shared_records() -> None:
    pairs = twins([shared_records()])
    assert len(pairs) > 2000
    compare(pairs)
    # What the shared records exercise, each counted: a field that is never there is not tested.
    for what, seen in {
        "illegal": lambda d: d["illegal"] is not None,
        "stop": lambda d: d["stop"] is not None,
        "re": lambda d: d["re"] is not None and d["re"]["margin"] is not None,
        "warnings": lambda d: bool(d["warnings"]),
        "implied": lambda d: any("implied" in t for t in d["turns"]),
        "dead": lambda d: bool(d["dead"]),
        "pass_alive": lambda d: bool(d["pass_alive"]["black"]),
        "half komi": lambda d: isinstance(d["komi"], float),
        "whole komi": lambda d: isinstance(d["komi"], int),
        "turn over 1023": lambda d: len(d["turns"]) > 1023,
        "katago_differences": lambda d: bool(d["rules"]["katago_differences"]),
        "players": lambda d: d["players"]["black"] is not None,
    }.items():
        assert count(pairs, seen) > 0, f"no shared record has {what}"


def test_the_repositorys_records_under_other_rules_and_engines() -> None:
    for options in ({}, {"rules": "japanese"}, {"engine": "reference", "rules": "chinese"}):
        pairs = twins([RECORDS, EXAMPLES], **options)
        assert len(pairs) > 100, options
        compare(pairs)
    territory = twins([RECORDS], rules="japanese")
    assert count(territory, lambda d: d["prisoners"] is not None) == len(territory)


def test_a_judges_dead_stones_and_seki() -> None:
    """`dead_engine` and `seki` are there only when a judge outside the rules gave the dead
    stones (r[rec.dead.engine]): a judge of the extension's tests (the first stone dead, the next
    two in seki) fills them for the finished records without marks."""
    pairs = twins([shared_records() / "gnugo", RECORDS], judge=True)  # type: ignore[arg-type]
    compare(pairs)
    judged = [d for _, d in pairs if d.get("dead_engine") is not None]
    assert len(judged) > 10 and all("seki" in d for d in judged)
    assert sum(1 for d in judged if d["seki"] and d["dead"]) > 10
    assert all(list(d)[17:20] == ["dead_from", "dead_engine", "seki"] for d in judged)
    assert count(pairs, lambda d: "dead_engine" not in d and "seki" not in d) > 10


def test_the_dicts_share_nothing_mutable() -> None:
    """The `rules` dict, its list and the turns are made anew for each game (the rules from one
    kept per rule set and komi): a caller that changes a document changes no later one."""
    docs = 0
    for d in ttrules.replay_many([RECORDS, EXAMPLES], threads=1, ordered=True):
        if "rules" not in d:
            continue  # a refused record
        assert d["rules"]["name"] != "changed" and "changed" not in d["rules"]["katago_differences"]
        assert all(t["move"] != "changed" for t in d["turns"])
        d["rules"]["name"] = "changed"
        d["rules"]["katago_differences"].append("changed")
        for t in d["turns"]:
            t["move"] = "changed"
        docs += 1
    assert docs > 100
