"""The games and moves tables (issue 34 §3) from Python (`replay_many(..., format="arrow")`,
through the Arrow PyCapsule interface), read with the real tools (pyarrow, polars, DuckDB): every
field of every game of tests/records and of the shared records checked against `replay --jsonl`
for the same records. The command line's Parquet files: test_tables_cli.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Optional

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ttrules
from conftest import RECORDS, cli_json, shared_records

#: Columns of the games table that `replay --json` does not hold (the record's root properties
#: as written, where the rules and komi came from, a table's row and id): checked elsewhere
#: (test_metadata.py: the root properties against the records' text; tests/replay_parquet.rs),
#: or below for a column of texts.
NOT_IN_JSON = {
    "game", "row", "id", "black_rank", "white_rank", "date", "event", "ru", "km", "ha",
    "rules_from", "komi_from",
}

PARAMETERS = ["repetition", "suicide", "counting", "tax", "pass_stones", "end", "first_pass",
              "ties", "handicap"]


def margin(result: str) -> Optional[float]:
    """The margin an SGF result string writes (`B+7.5` 7.5, `0` a tie 0.0)."""
    if result in ("0", "Draw"):
        return 0.0
    if "+" in result:
        try:
            return float(result.split("+", 1)[1])
        except ValueError:
            return None
    return None


def expected_game(d: Dict[str, Any]) -> Dict[str, Any]:
    """The games table's row of one `replay --json` document (the columns in `replay --json`)."""
    row: Dict[str, Any] = {"file": d["file"], "tree": d.get("tree"), "outcome": d["outcome"]}
    if d["outcome"] == "refused":
        row.update(error_kind=d["error"]["kind"], error_message=d["error"]["message"],
                   spec=ttrules.SPEC_VERSION)
        return row
    rules, ill, stop, re = d["rules"], d["illegal"], d["stop"], d["re"]
    row.update(
        trees=d["trees"], error_kind=None, error_message=None, engine=d["engine"],
        width=d["size"]["width"], height=d["size"]["height"],
        black_player=d["players"]["black"], white_player=d["players"]["white"],
        rules=rules["name"], rules_katago=rules["katago"],
        **{f"rules_{p}": rules[p] for p in PARAMETERS},
        komi=float(d["komi"]), handicap=d["handicap"], turns=len(d["turns"]),
        illegal_turn=ill and ill["number"], illegal_node=ill and ill["node"],
        illegal_colour=ill and ill["color"], illegal_move=ill and ill["move"],
        illegal_reason=ill and ill["reason"], illegal_clause=ill and ill["clause"],
        stop_cause=stop and stop["cause"], stop_clause=stop and stop["clause"],
        stop_node=stop and stop["node"], stop_move=stop and stop["move"],
        stop_text=stop and stop["text"],
        over=d["over"], to_move=d["to_move"], first_passer=d["first_passer"],
        score_black=float(d["score"]["black"]), score_white=float(d["score"]["white"]),
        captures_black=d["captures"]["black"], captures_white=d["captures"]["white"],
        prisoners_black=d["prisoners"] and d["prisoners"]["black"],
        prisoners_white=d["prisoners"] and d["prisoners"]["white"],
        dead_from=d["dead_from"], dead_engine=d.get("dead_engine"), dead_stones=len(d["dead"]),
        seki_stones=len(d["seki"]) if "seki" in d else None,
        result=d["result"], winner=d["winner"], margin=margin(d["result"]),
        re=re and re["text"], re_kind=re and re["kind"], re_winner=re and re["winner"],
        re_margin=re and re["margin"], re_agrees=d["re_agrees"],
        warnings=[{"kind": w["kind"], "node": w["node"], "text": w["text"]} for w in d["warnings"]],
        encoding=d["encoding"], spec=d["spec"],
    )
    return row


def expected_moves(game: int, d: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The moves table's rows of one document (the columns in `replay --json`)."""
    if d["outcome"] == "refused":
        return []
    ill = d["illegal"]
    rows = []
    for t in d["turns"]:
        x, y = (None, None) if t["move"] == "pass" else ttrules.point(t["move"])
        rows.append({
            "game": game, "turn": t["number"], "node": t["node"], "colour": t["color"],
            "move": t["move"], "x": x, "y": y, "legal": t["legal"],
            "implied": t.get("implied", False),
            "reason": None if t["legal"] else ill["reason"],
            "clause": None if t["legal"] else ill["clause"],
        })
    return rows


def check_games(rows: List[Dict[str, Any]], docs: List[Dict[str, Any]], reader: str) -> None:
    assert len(rows) == len(docs) > 0, reader
    columns = set(rows[0])
    want0 = expected_game(next(d for d in docs if d["outcome"] != "refused"))
    assert columns == set(want0) | NOT_IN_JSON, (reader, columns ^ (set(want0) | NOT_IN_JSON))
    for i, (row, d) in enumerate(zip(rows, docs)):
        want = expected_game(d)
        got = {k: row[k] for k in want}
        assert got == want, (reader, i, {k: (got[k], want[k]) for k in want if got[k] != want[k]})
        if d["outcome"] == "refused":
            assert all(row[k] is None for k in columns - set(want) - NOT_IN_JSON), (reader, i)


def check_moves(rows: List[Dict[str, Any]], docs: List[Dict[str, Any]], reader: str) -> None:
    want = [m for i, d in enumerate(docs) for m in expected_moves(i, d)]
    assert len(rows) == len(want) > 0, reader
    assert set(rows[0]) == set(want[0]) | {"captures", "hash"}, reader
    for got, w in zip(rows, want):
        assert {k: got[k] for k in w} == w, (reader, got, w)
        assert got["hash"] is None and got["captures"] >= 0


def readers(table: Any) -> Dict[str, List[Dict[str, Any]]]:
    """The rows of an Arrow PyCapsule object (or a Parquet file) as each tool reads them."""
    if isinstance(table, Path):
        rel = duckdb.sql(f"select * from read_parquet('{table}')")
        return {
            "pyarrow": pq.read_table(table).to_pylist(),
            "polars": pl.read_parquet(table).to_dicts(),
            "duckdb": [dict(zip(rel.columns, r)) for r in rel.fetchall()],
        }
    # DuckDB scans the PyCapsule object itself, as pyarrow and polars import it.
    capsule = table  # noqa: F841 (read by name in the query)
    rel = duckdb.sql("select * from capsule")
    return {
        "pyarrow": pa.table(table).to_pylist(),
        "polars": pl.DataFrame(table).to_dicts(),
        "duckdb": [dict(zip(rel.columns, r)) for r in rel.fetchall()],
    }


@pytest.fixture(scope="module")
def shared_docs(cli: str) -> List[Dict[str, Any]]:
    return cli_json(cli, str(shared_records()))


def test_arrow_tables_are_the_command_lines_json(cli: str) -> None:
    docs = cli_json(cli, str(RECORDS))
    tables = ttrules.replay_many(RECORDS, format="arrow", moves=True)
    assert tables.games.num_rows == len(docs)
    for reader, rows in readers(tables.games).items():
        check_games(rows, docs, reader)
    for reader, rows in readers(tables.moves).items():
        check_moves(rows, docs, reader)
    # The object itself is the games table; a table can be read more than once.
    assert pa.table(tables).equals(pa.table(tables.games))


def test_every_game_of_the_shared_records_in_arrow(shared_docs: List[Dict[str, Any]]) -> None:
    tables = ttrules.replay_many(shared_records(), format="arrow", moves=True)
    games = pa.table(tables.games)
    assert games.num_rows == len(shared_docs) > 2000
    check_games(games.to_pylist(), shared_docs, "pyarrow")
    check_moves(pa.table(tables.moves).to_pylist(), shared_docs, "pyarrow")
    # The other tools on the same tables, by query: the same counts as the documents.
    by_outcome = duckdb.sql("select outcome, count(*) from games group by outcome").fetchall()
    assert dict(by_outcome) == count(d["outcome"] for d in shared_docs)
    turns = pl.DataFrame(tables.moves).height
    assert turns == sum(len(d.get("turns", [])) for d in shared_docs)


def count(xs: Any) -> Dict[Any, int]:
    out: Dict[Any, int] = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


def test_a_column_of_texts_in_arrow_names_each_row() -> None:
    good = (RECORDS / "bad-move.sgf").read_text()
    texts = pa.array([good, None, "not a record", good])
    games = pa.table(ttrules.replay_many(texts, ids=pa.array([7, 8, 9, 10]), format="arrow"))
    assert games.column("file").to_pylist() == ["7", "8", "9", "10"]
    assert games.column("id").to_pylist() == ["7", "8", "9", "10"]
    assert games.column("row").to_pylist() == [0, 1, 2, 3]
    assert games.column("outcome").to_pylist()[1:3] == ["refused", "refused"]
    assert games.column("error_kind").to_pylist()[1:3] == ["missing-text", "unreadable"]
    plain = pa.table(ttrules.replay_many(texts, format="arrow"))
    assert plain.column("file").to_pylist() == ["0", "1", "2", "3"]
    assert plain.column("id").to_pylist() == [None] * 4
