"""Game records in tables: SGF text columns replayed into the games table, one partition at a
time, for Dask or any other engine that hands out pandas or Arrow partitions.

The recipe of the guide's Python page (``docs/src/guide/python.md``): a partitioned Parquet
dataset with an SGF text column (the shape public collections ship) is read with
``dask.dataframe.read_parquet``, and :func:`replay_partition` turns each partition into its rows
of the games table; the result is the games table one process gives (:func:`games_table`), row
for row. pyarrow and pandas are
needed by these functions only, never by ``import ttrules``.
"""

from __future__ import annotations

from typing import Any, Optional

from . import replay_many

__all__ = ["games_table", "moves_table", "replay_partition", "plain"]


def games_table(texts: Any, ids: Any = None, threads: int = 0, **options: Any) -> Any:
    """The games table (a ``pyarrow.Table``) of a column of SGF texts named by ``ids``, as
    ``replay_many(texts, ids=ids, format="arrow")`` builds it."""
    import pyarrow as pa

    tables = replay_many(texts, threads, ids=ids, format="arrow", **options)
    return pa.table(tables.games)


def moves_table(texts: Any, ids: Any = None, threads: int = 0, **options: Any) -> Any:
    """The moves table (a ``pyarrow.Table``) of the same records: one row per turn, keyed by
    the games table's ``game``."""
    import pyarrow as pa

    tables = replay_many(texts, threads, ids=ids, format="arrow", moves=True, **options)
    return pa.table(tables.moves)


def plain(table: Any) -> Any:
    """``table`` with its dictionary-encoded columns decoded to their values: what pandas and
    Dask concatenate without unifying dictionaries."""
    import pyarrow as pa

    columns = []
    for col in table.columns:
        if pa.types.is_dictionary(col.type):
            col = col.cast(col.type.value_type)
        columns.append(col)
    return pa.table(columns, names=table.column_names)


def replay_partition(
    df: Any,
    sgf: str = "sgf",
    id: Optional[str] = "id",
    threads: int = 1,
    **options: Any,
) -> Any:
    """One partition (a pandas ``DataFrame`` with the SGF text column ``sgf`` and the id column
    ``id``) replayed into its rows of the games table, as a pandas ``DataFrame`` of Arrow-backed
    columns (dictionaries decoded, nullable integers kept). ``game`` and ``row`` number the
    partition's games and rows from 0; ``(id, tree)`` names a game across partitions. Give it to
    ``dask.dataframe``'s ``map_partitions``, with ``meta=replay_partition(ddf._meta)``."""
    import pandas as pd
    import pyarrow as pa

    texts = pa.array(df[sgf], from_pandas=True)
    ids = pa.array(df[id], from_pandas=True) if id is not None else None
    table = plain(games_table(texts, ids, threads=threads, **options))
    return table.to_pandas(types_mapper=pd.ArrowDtype)
