"""replay_many over a column of SGF texts (issue 34 §2): pyarrow arrays and chunked arrays,
polars Series, text or bytes, through the Arrow PyCapsule interface, named by another column;
the games are those of the same records read from their files. Bad input: a column that is not
text is refused before anything is replayed; a null or broken record is a refused row and no
other row is lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List

import polars as pl
import pyarrow as pa
import pytest

import ttrules
from conftest import RECORDS, same

FILES = sorted(RECORDS.glob("*.sgf"))


def from_files() -> List[Dict[str, Any]]:
    return list(ttrules.replay_many(FILES, threads=2, ordered=True))


def renamed(docs: List[Dict[str, Any]], names: List[str]) -> List[Dict[str, Any]]:
    """The documents with each file's name replaced by `names[i]` (the id of its row)."""
    index = {str(f): n for f, n in zip(FILES, names)}
    return [{**d, "file": index[d["file"]]} for d in docs]


@pytest.mark.parametrize(
    "make",
    [
        lambda b: pa.array(b, pa.binary()),
        lambda b: pa.array(b, pa.large_binary()),
        lambda b: pa.chunked_array([b[:7], b[7:30], b[30:]], pa.binary()),
        lambda b: pl.Series(b, dtype=pl.Binary),
    ],
    ids=["binary", "large_binary", "chunked", "polars-binary"],
)
def test_a_column_of_bytes_is_the_files(make: Any) -> None:
    texts = [f.read_bytes() for f in FILES]
    want = renamed(from_files(), [str(i) for i in range(len(FILES))])
    got = list(ttrules.replay_many(make(texts), threads=2, ordered=True))
    assert len(got) == len(want) > 50
    same(got, want)


def test_text_columns_with_ids() -> None:
    utf8 = [f for f in FILES if is_utf8(f)]
    texts = [f.read_text(encoding="utf-8") for f in utf8]
    names = [f.name for f in utf8]
    want = [d for d in from_files() if Path(d["file"]) in set(utf8)]
    index = {str(f): f.name for f in utf8}
    want = [{**d, "file": index[d["file"]]} for d in want]
    assert len(want) > 40
    for column in [
        pa.array(texts),
        pa.array(texts, pa.large_string()),
        pa.array(texts, pa.string_view()),
        pa.chunked_array([texts[:3], texts[3:]]),
        pl.Series(texts),
    ]:
        for ids in [pa.array(names), pl.Series(names), pa.chunked_array([names[:10], names[10:]])]:
            got = list(ttrules.replay_many(column, ids=ids, ordered=True))
            same(got, want, str(column.type if hasattr(column, "type") else column.dtype))
    numbered = list(ttrules.replay_many(pa.array(texts), ids=pa.array(range(100, 100 + len(texts))), ordered=True))
    assert {d["file"] for d in numbered} == {str(100 + i) for i in range(len(texts))}


def is_utf8(f: Path) -> bool:
    try:
        f.read_bytes().decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def test_a_column_that_is_not_text_is_refused_before_any_replay() -> None:
    for column in [pa.array([1, 2, 3]), pl.Series([1.5, 2.5]), pa.array([[b"x"]])]:
        with pytest.raises(ttrules.TtrulesValueError, match="not of text"):
            ttrules.replay_many(column)
        with pytest.raises(ttrules.TtrulesValueError, match="not of text"):
            ttrules.replay_many(column, format="arrow")
    texts = pa.array(["(;SZ[9])", "(;SZ[9])"])
    with pytest.raises(ttrules.TtrulesValueError, match="ids has 3 rows"):
        ttrules.replay_many(texts, ids=pa.array(["a", "b", "c"]))
    with pytest.raises(ttrules.TtrulesValueError, match="not of text nor integers"):
        ttrules.replay_many(texts, ids=pa.array([1.5, 2.5]))
    with pytest.raises(ttrules.TtrulesTypeError, match="ids"):
        ttrules.replay_many(texts, ids=["a", "b"])
    with pytest.raises(ttrules.TtrulesValueError, match="ids are the names of SGF texts"):
        ttrules.replay_many(RECORDS, ids=pa.array(["a"]))


def test_a_null_or_broken_record_is_a_refused_row_and_no_row_is_lost() -> None:
    good = (RECORDS / "bad-move.sgf").read_text()
    column = pa.array([good, None, "not a record", "(;SZ[99])", good])
    docs = list(ttrules.replay_many(column, ids=pa.array(list("abcde")), ordered=True))
    assert [d["file"] for d in docs] == list("abcde")
    outcomes = [d["outcome"] for d in docs]
    assert outcomes[1:4] == ["refused"] * 3
    assert outcomes[0] == outcomes[4] != "refused"
    assert docs[1]["error"] == {"kind": "missing-text", "message": "row 1: the SGF text is null"}
    assert docs[2]["error"]["kind"] == "unreadable"
    assert docs[3]["error"]["kind"] == "size"
    same(docs[4], {**docs[0], "file": "e"})


def test_the_format_and_moves_arguments_are_checked() -> None:
    with pytest.raises(ttrules.TtrulesValueError, match="format must be"):
        ttrules.replay_many(RECORDS, format="json")
    with pytest.raises(ttrules.TtrulesValueError, match="moves=True is for format='arrow'"):
        ttrules.replay_many(RECORDS, moves=True)
    with pytest.raises(ttrules.TtrulesTypeError, match="moves"):
        ttrules.replay_many(RECORDS, format="arrow", moves="yes")
