"""The DuckDB queries of the guide's Datasets page (docs/src/guide/datasets.md, "Querying with
DuckDB"), their text read from the page's code blocks so that the two cannot drift, run by DuckDB
on the tables `ttrules replay --parquet out --moves` writes for ../shared/records, and their
answers checked against the same figures computed from `replay --jsonl`'s documents."""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Tuple

import duckdb
import pytest

from conftest import REPO, cli_json, shared_records

GUIDE = REPO / "docs" / "src" / "guide" / "datasets.md"


def guide_queries() -> List[str]:
    """The SQL code blocks of the page's section "Querying with DuckDB", in order."""
    page = GUIDE.read_text(encoding="utf-8")
    section = page[page.index("## Querying with DuckDB"):]
    queries = re.findall(r"```sql\n(.*?)```", section, re.S)
    assert len(queries) == 2, queries
    return queries


@pytest.fixture(scope="module")
def dataset(cli: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding `out/games.parquet` and `out/moves.parquet`, as the guide's queries
    name them, for ../shared/records."""
    where = tmp_path_factory.mktemp("guide")
    run = subprocess.run([cli, "replay", str(shared_records()), "--parquet", "out", "--moves"],
                         cwd=where, capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1, 2) and (where / "out" / "games.parquet").is_file(), run.stderr
    return where


@pytest.fixture(scope="module")
def documents(cli: str) -> List[Dict[str, Any]]:
    return cli_json(cli, str(shared_records()))


def answer(where: Path, query: str, monkeypatch: pytest.MonkeyPatch) -> List[Tuple[Any, ...]]:
    """The rows DuckDB answers, the query run as written (its paths relative to `where`)."""
    monkeypatch.chdir(where)
    return duckdb.connect().sql(query).fetchall()


def test_agreement_with_re_by_ruleset(dataset: Path, documents: List[Dict[str, Any]],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    query = guide_queries()[0]
    assert "re_agrees" in query
    rows = answer(dataset, query, monkeypatch)
    # The same figures from the documents: the games whose RE was compared, by ruleset.
    want: Dict[str, List[int]] = {}
    for d in documents:
        if d.get("re_agrees") is None:
            continue
        counts = want.setdefault(d["rules"]["name"] or "unnamed", [0, 0])
        counts[0] += 1
        counts[1] += d["re_agrees"] is True
    assert len(want) >= 3 and sum(g for g, _ in want.values()) > 400, want
    assert [r[0] for r in rows] and {r[0] for r in rows} == set(want), (rows, want)
    for rules, games, agree, percent in rows:
        assert [games, agree] == want[rules], (rules, games, agree, want[rules])
        # round(x, 1) of DuckDB: half away from zero.
        assert math.isclose(percent, math.floor(1000 * agree / games + 0.5) / 10), (rules, percent)
    assert [r[1] for r in rows] == sorted((r[1] for r in rows), reverse=True), rows


def test_illegal_ko_turns_joined_on_game(dataset: Path, documents: List[Dict[str, Any]],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    rows = answer(dataset, guide_queries()[1], monkeypatch)
    want = []
    for d in documents:
        ill = d.get("illegal")
        if ill and ill["reason"] in ("ko", "repetition"):
            want.append((d["file"], ill["number"], ill["color"], ill["move"], ill["clause"]))
    assert len(want) > 0
    assert sorted(rows) == sorted(want)
