"""Datasets (issue 34 §2): a partitioned Parquet dataset with an SGF text column, replayed with
`dask.dataframe` on a LocalCluster of 2 workers (the recipe of the guide's Python page), gives
the games table one process gives, row for row and column for column."""

from __future__ import annotations

from pathlib import Path
from typing import List, Tuple

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

# Dask, pandas and pyarrow are pinned in python/requirements-test.txt: never skipped.
import dask.dataframe as dd
from dask.distributed import Client, LocalCluster

from conftest import RECORDS, shared_records
from ttrules.datasets import games_table, plain, replay_partition

PARTS = 4


def corpus(step: int = 8) -> Tuple[List[str], List[str]]:
    """The SGF texts of tests/records and of every `step`-th file of the shared records that
    are UTF-8 (a Parquet text column is), with their paths as ids."""
    files = sorted(RECORDS.rglob("*.sgf")) + sorted(shared_records().rglob("*.sgf"))[::step]
    texts, ids = [], []
    for f in files:
        try:
            texts.append(f.read_bytes().decode("utf-8"))
        except UnicodeDecodeError:
            continue
        ids.append(str(f))
    return texts, ids


def one_process(texts: List[str], ids: List[str]) -> pd.DataFrame:
    table = plain(games_table(pa.array(texts), pa.array(ids), threads=1))
    return table.to_pandas(types_mapper=pd.ArrowDtype)


def comparable(df: pd.DataFrame) -> pd.DataFrame:
    """The rows in (id, tree) order, without the columns that number a partition's rows."""
    df = df.drop(columns=["game", "row"]).sort_values(["id", "tree"], na_position="first")
    return df.reset_index(drop=True)


def test_a_partitioned_dataset_on_dask_is_the_one_process_games_table(tmp_path: Path) -> None:
    texts, ids = corpus()
    assert len(texts) > 300
    dataset = tmp_path / "records"
    dataset.mkdir()
    for k in range(PARTS):
        part = pa.table({"id": ids[k::PARTS], "sgf": texts[k::PARTS]})
        pq.write_table(part, dataset / f"part-{k}.parquet")
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        ddf = dd.read_parquet(str(dataset))
        assert ddf.npartitions == PARTS
        games = ddf.map_partitions(replay_partition, meta=replay_partition(ddf._meta))
        got = games.compute()
        assert len(client.scheduler_info()["workers"]) == 2
    want = one_process(texts, ids)
    assert len(want) >= len(texts) > 300
    assert (want["outcome"] == "refused").sum() > 0, "the records include refused ones"
    got, want = comparable(got), comparable(want)
    assert list(got.columns) == list(want.columns)
    pd.testing.assert_frame_equal(got, want)
