"""The command line's tables (issue 34 §3): `replay --parquet DIR --moves` read with pyarrow,
polars and DuckDB, every field of every game of tests/records and of the shared records checked
against `replay --jsonl` for the same records, and equal to Python's Arrow tables; bad input to
`--sgf-column` (a file that is not Parquet, a column that is not text, a record that fails) is a
clear error and loses no other row."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ttrules
from conftest import RECORDS, cli_json, shared_records
from test_tables import check_games, check_moves, readers


@pytest.fixture(scope="module")
def shared_docs(cli: str) -> List[Dict[str, Any]]:
    return cli_json(cli, str(shared_records()))


def test_the_command_lines_parquet(cli: str, tmp_path: Path,
                                   shared_docs: List[Dict[str, Any]]) -> None:
    for folder, docs in [(RECORDS, cli_json(cli, str(RECORDS))), (shared_records(), shared_docs)]:
        out = tmp_path / folder.name
        run = subprocess.run([cli, "replay", str(folder), "--parquet", str(out), "--moves"],
                             capture_output=True, text=True, check=False)
        assert run.returncode in (0, 1, 2), run.stderr
        for reader, rows in readers(out / "games.parquet").items():
            check_games(rows, docs, reader)
        for reader, rows in readers(out / "moves.parquet").items():
            check_moves(rows, docs, reader)
        # The same tables as Python's.
        tables = ttrules.replay_many(folder, format="arrow", moves=True)
        assert pq.read_table(out / "games.parquet").equals(pa.table(tables.games))


def test_bad_input_to_the_command_line_is_a_clear_error(cli: str, tmp_path: Path) -> None:
    not_parquet = tmp_path / "records.parquet"
    not_parquet.write_text("this is not a Parquet file\n")
    run = subprocess.run([cli, "replay", str(not_parquet), "--sgf-column", "sgf", "--jsonl"],
                         capture_output=True, text=True, check=False)
    assert run.returncode != 0 and "parquet" in run.stderr.lower(), run.stderr
    numbers = tmp_path / "numbers.parquet"
    pq.write_table(pa.table({"sgf": [1, 2]}), numbers)
    run = subprocess.run([cli, "replay", str(numbers), "--sgf-column", "sgf", "--jsonl"],
                         capture_output=True, text=True, check=False)
    assert run.returncode != 0 and "sgf" in run.stderr, run.stderr
    good = (RECORDS / "bad-move.sgf").read_text()
    mixed = tmp_path / "mixed.parquet"
    pq.write_table(pa.table({"sgf": [good, "not a record", None, good]}), mixed)
    run = subprocess.run([cli, "replay", str(mixed), "--sgf-column", "sgf", "--jsonl"],
                         capture_output=True, text=True, check=False)
    lines = [line for line in run.stdout.splitlines() if line.strip()]
    assert len(lines) == 4, (run.stdout, run.stderr)
