"""The Dask row of docs/src/reports/datasets.md: a partitioned Parquet dataset of SGF texts
(columns `id` and `sgf`, as `cargo run --release -p ttrules-bench --example collection` writes
it) replayed by the guide's recipe (`ttrules.datasets.replay_partition` on a LocalCluster of
2 single-threaded workers) into a games table written as Parquet, then checked against the
games table of one `ttrules replay --sgf-column sgf --id-column id ... --parquet` run.

Usage (in a venv with the pinned test requirements and the package):
    python scripts/datasets-dask.py DATASET_DIR ONE_PROCESS_GAMES_PARQUET OUT_DIR

Prints: the wall time of the replay (cluster start apart), each worker's CPU time and peak
resident memory (getrusage in the worker processes), the driver's, the output's size, and the
comparison: row counts and a checksum (the sum of pandas' 64-bit row hashes over the columns
named in COLUMNS, which does not depend on row order) of both tables, and whether the two
tables, sorted by (id, tree), are equal on those columns, and then on every column but `game`,
`row` and `file` (one column at a time); then where one partition's CPU time goes, in this
process. A measurement, not a test.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

import dask.dataframe as dd
from dask.distributed import Client, LocalCluster

from ttrules.datasets import plain, replay_partition

COLUMNS = [
    "id", "tree", "outcome", "turns", "rules", "komi", "result", "score_black", "score_white",
    "re", "re_agrees", "stop_cause", "illegal_turn", "black_player",
]


def usage() -> tuple:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return (r.ru_utime + r.ru_stime, r.ru_maxrss / 1024)


def table(path: str) -> pd.DataFrame:
    t = plain(pq.read_table(path, columns=COLUMNS))
    return t.to_pandas()


def every_column(got_path: str, want_path: str) -> list:
    """The columns of the one-process table (but `game`, `row` and `file`, which number and name
    rows per partition) that differ from the Dask table's, the rows of both in (id, tree) order;
    one column at a time, dictionaries decoded."""
    import pyarrow as pa
    import pyarrow.compute as pc

    def order(path: str) -> pa.Array:
        keys = pq.read_table(path, columns=["id", "tree"])
        return pc.sort_indices(keys, [("id", "ascending"), ("tree", "ascending")])

    def column(path: str, name: str, at: pa.Array) -> pa.Array:
        c = pq.read_table(path, columns=[name]).column(0).combine_chunks()
        if pa.types.is_dictionary(c.type):
            c = c.cast(c.type.value_type)
        return c.take(at)

    got_at, want_at = order(got_path), order(want_path)
    differing = []
    for name in pq.read_schema(want_path).names:
        if name in ("game", "row", "file"):
            continue
        w = column(want_path, name, want_at)
        g = column(got_path, name, got_at)
        if g.type != w.type:
            g = g.cast(w.type)
        if not g.equals(w):
            differing.append(name)
    return differing


def partition_breakdown(dataset: str) -> None:
    """Where one partition's CPU time goes in this process (the dataset's last file, read twice
    so that the imports are not counted): reading it into pandas with dask, the replay into the
    games table, decoding and the pandas frame, writing it."""
    import tempfile

    import pyarrow as pa

    from ttrules.datasets import games_table

    def cpu() -> float:
        return usage()[0]

    path = sorted(Path(dataset).glob("*.parquet"))[-1]
    steps = []
    for _ in range(2):
        t = cpu()
        df = dd.read_parquet(str(path)).compute()
        steps.append(("dask read_parquet to pandas", cpu() - t))
    t = cpu()
    g = games_table(pa.array(df["sgf"], from_pandas=True), pa.array(df["id"], from_pandas=True),
                    threads=1)
    steps.append(("games_table, one thread", cpu() - t))
    t = cpu()
    frame = plain(g).to_pandas(types_mapper=pd.ArrowDtype)
    steps.append(("plain and to_pandas", cpu() - t))
    t = cpu()
    with tempfile.TemporaryDirectory() as d:
        frame.to_parquet(f"{d}/games.parquet", index=False)
    steps.append(("to_parquet", cpu() - t))
    print(f"one partition, {path.name}: {len(df):,} rows, {g.num_rows:,} games; CPU s: "
          + ", ".join(f"{n} {s:.2f}" for n, s in steps))


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main() -> None:
    dataset, one, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    start = time.perf_counter()
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        up = time.perf_counter()
        before = client.run(usage)
        t0 = time.perf_counter()
        ddf = dd.read_parquet(dataset)
        games = ddf.map_partitions(replay_partition, meta=replay_partition(ddf._meta))
        games.to_parquet(str(out), write_index=False)
        wall = time.perf_counter() - t0
        after = client.run(usage)
        parts = ddf.npartitions
    print(f"cluster start {up - start:.1f} s; {parts} partitions; replay and write {wall:.1f} s wall")
    for w in sorted(after):
        cpu = after[w][0] - before[w][0]
        print(f"worker {w}: {cpu:.1f} s CPU in the run, peak RSS {after[w][1]:.0f} MB")
    cpu, rss = usage()
    print(f"driver: {cpu:.1f} s CPU (whole script so far), peak RSS {rss:.0f} MB")
    print(f"output {out}: {size(out):,} bytes")
    got, want = table(str(out)), table(one)
    key = ["id", "tree"]
    hashes = [int(pd.util.hash_pandas_object(df, index=False).sum()) % 2**64 for df in (got, want)]
    print(f"rows: dask {len(got):,}, one process {len(want):,}")
    print(f"checksum over {', '.join(COLUMNS)}: dask {hashes[0]:016x}, one process {hashes[1]:016x}")
    got = got.sort_values(key, na_position="first").reset_index(drop=True)
    want = want.sort_values(key, na_position="first").reset_index(drop=True)
    print(f"equal (sorted by id, tree): {got.equals(want)}")
    differing = every_column(str(out), one)
    print(f"every column but game, row, file compared: {differing or 'all equal'}")
    print(f"outcomes: {want['outcome'].value_counts().to_dict()}")
    print(f"turns: {int(want['turns'].fillna(0).sum()):,}")
    partition_breakdown(dataset)
    sys.stdout.flush()
    os._exit(0 if got.equals(want) and hashes[0] == hashes[1] and not differing else 1)


if __name__ == "__main__":
    main()
