"""The record's metadata in the games table (issue 34 §1: `black_rank`, `white_rank`, `date`,
`event`, `ru`, `km`, `ha`), which `replay --json` does not hold: checked against the SGF text
itself, read here by a small reader of the root node independent of ttrules (the file's bytes
decoded in the encoding the games table names, the first value of each property, escapes
removed, trimmed), on every game of the shared records, in Python's Arrow tables and in the
command line's Parquet file; and a GB2312 record whose values are known."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Dict, List, Optional

import pyarrow as pa
import pyarrow.parquet as pq

import ttrules
from conftest import shared_records

#: The games table's column of each root property.
COLUMNS = {"black_rank": "BR", "white_rank": "WR", "date": "DT", "event": "EV", "ru": "RU",
           "km": "KM", "ha": "HA", "black_player": "PB", "white_player": "PW"}

PROPERTY = re.compile(r"\s*([A-Za-z]+)\s*((?:\[(?:\\.|[^\\\]])*\]\s*)+)", re.S)
VALUE = re.compile(r"\[((?:\\.|[^\\\]])*)\]", re.S)


def root_properties(text: str) -> Dict[str, str]:
    """The root node's properties: identifier (its capitals: FF[3]'s `BlackRank` is `BR`) to
    its first value, soft line breaks and escapes removed, trimmed; the first of repeats."""
    props: Dict[str, str] = {}
    at = text.find(";") + 1
    while (m := PROPERTY.match(text, at)) is not None:
        ident = "".join(c for c in m.group(1) if c.isupper())
        first = VALUE.search(m.group(2))
        assert first is not None
        value = re.sub(r"\\\r?\n", "", first.group(1))
        props.setdefault(ident, re.sub(r"\\(.)", r"\1", value, flags=re.S).strip())
        at = m.end()
    return props


def text_of(path: str, encoding: str) -> str:
    codec = {"windows-1252": "cp1252"}.get(encoding, encoding)
    return open(path, "rb").read().decode(codec, errors="replace").removeprefix("\ufeff")


def check_metadata(rows: List[Dict[str, Optional[object]]], reader: str) -> Dict[str, int]:
    """Each first game's metadata equals the root's text; the count of non-null values."""
    present = {c: 0 for c in COLUMNS}
    checked = 0
    for row in rows:
        if row["outcome"] == "refused":
            assert all(row[c] is None for c in COLUMNS), (reader, row["file"])
            continue
        if row["tree"] != 1:
            continue
        want = root_properties(text_of(str(row["file"]), str(row["encoding"])))
        got = {c: row[c] for c in COLUMNS}
        assert got == {c: want.get(p) for c, p in COLUMNS.items()}, (reader, row["file"])
        checked += 1
        for c in COLUMNS:
            present[c] += row[c] is not None
    assert checked > 2000, (reader, checked)
    return present


def test_the_metadata_is_the_records_text(cli: str, tmp_path: Path) -> None:
    records = shared_records()
    tables = ttrules.replay_many(records, format="arrow")
    present = check_metadata(pa.table(tables.games).to_pylist(), "arrow")
    # Every column holds values where the records write them (counts of ../shared/records).
    assert all(n > 200 for n in present.values()), present
    out = tmp_path / "out"
    run = subprocess.run([cli, "replay", str(records), "--parquet", str(out)],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1, 2), run.stderr
    assert check_metadata(pq.read_table(out / "games.parquet").to_pylist(), "parquet") == present


def test_names_in_other_encodings(cli: str, tmp_path: Path) -> None:
    # A GB2312 record written here: the values are the text encoded, not the reader's output.
    record = tmp_path / "gb2312.sgf"
    record.write_bytes(b"(;CA[GB2312]SZ[19]PB[" + "古力".encode("gb2312") + b"]BR["
                       + "九段".encode("gb2312") + b"]PW[x]WR[ 8p ]DT[2004-05-06]EV["
                       + "第一届".encode("gb2312") + b"]RU[Chinese]KM[7.5]HA[0];B[pd])")
    # A Shift_JIS record of the shared records, read from there.
    japanese = shared_records() / "malformed" / "sabaki-sgf" / "sgf" / "japanese.sgf"
    out = tmp_path / "out"
    run = subprocess.run([cli, "replay", str(record), str(japanese), "--parquet", str(out)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    arrow = pa.table(ttrules.replay_many([record, japanese], format="arrow")).to_pylist()
    for rows in (arrow, pq.read_table(out / "games.parquet").to_pylist()):
        assert [r["encoding"] for r in rows] == ["GBK", "Shift_JIS"]
        got = [{c: r[c] for c in COLUMNS} for r in rows]
        assert got[0] == {"black_rank": "九段", "white_rank": "8p", "date": "2004-05-06",
                          "event": "第一届", "ru": "Chinese", "km": "7.5", "ha": "0",
                          "black_player": "古力", "white_player": "x"}
        assert got[1] == {**{c: None for c in COLUMNS}, "black_player": "井山 裕太",
                          "white_player": "山下 敬吾"}
