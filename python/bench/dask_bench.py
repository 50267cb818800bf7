"""Records per second of the Dask recipe (ttrules.distributed.verify_on) on a LocalCluster of
1, 2 and 4 single-threaded worker processes, one task per worker, and where the time goes.

Usage: python python/bench/dask_bench.py [RECORDS_DIR [REPEAT]] (default ../shared/records, 1).
Prints Markdown. Cluster start-up is timed apart from the run. ``REPEAT`` lists every file that
many times (each copy is replayed and counted; duplicates land in the same shard), so that a
release build has enough work for the scheduling costs to be told apart from noise.

Columns: ``load`` is the 1-minute load average before the cluster starts; ``slowest task`` is
the largest shard re-run alone on the driver afterwards; ``run - slowest`` is what the run
took beyond it (Dask's costs plus CPU contention); ``empty tasks`` sends the same shards' file
lists to the workers and returns their lengths, no replay: Dask's own scheduling and transfer.
"""

from __future__ import annotations

import os
import sys
import time

import ttrules
from ttrules.distributed import shards, verify_on


def main() -> None:
    from dask.distributed import Client, LocalCluster

    folder = sys.argv[1] if len(sys.argv) > 1 else "../shared/records"
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    files = ttrules.sgf_files(folder) * repeat
    n = len(files)
    # The parts, measured in this process, single-threaded.
    start = time.perf_counter()
    size = 0
    for f in files:
        with open(f, "rb") as fh:
            size += len(fh.read())
    read = time.perf_counter() - start
    start = time.perf_counter()
    summary = ttrules.verify(files, threads=1)
    verify1 = time.perf_counter() - start
    start = time.perf_counter()
    docs = sum(1 for _ in ttrules.replay_many(files, threads=1))
    documents = time.perf_counter() - start
    print(f"{n} files ({repeat} x {n // repeat}), {size / 1e6:.1f} MB, {summary['games']} games\n")
    print("| step (one process, one thread) | seconds | records/s |\n| --- | ---: | ---: |")
    print(f"| reading the files (Python `open().read()`, warm cache) | {read:.2f} | {n / read:,.0f} |")
    print(f"| `ttrules.verify`: read, replay, summary | {verify1:.2f} | {n / verify1:,.0f} |")
    print(f"| `ttrules.replay_many`: the same plus each game's document as a dict, built in Rust ({docs}) | {documents:.2f} | {n / documents:,.0f} |")
    print()
    print("| workers (tasks) | load | cluster start s | run s | records/s | slowest task s | run - slowest s | empty tasks s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for workers in (1, 2, 4):
        load = os.getloadavg()[0]
        start = time.perf_counter()
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            up = time.perf_counter() - start
            client.run(lambda: __import__("ttrules"))  # import on every worker before timing
            start = time.perf_counter()
            merged = verify_on(client, files, workers)
            run = time.perf_counter() - start
            assert merged == summary, "the merged summary differs from the single run"
            # Dask's own cost: the same tasks' file lists sent, a count returned, no replay.
            start = time.perf_counter()
            client.gather([client.submit(len, part, pure=False) for part in shards(files, workers)])
            empty = time.perf_counter() - start
            # The slowest task alone, measured on the driver, for the overhead estimate.
            slowest = 0.0
            for part in shards(files, workers):
                t = time.perf_counter()
                ttrules.verify(part, threads=1)
                slowest = max(slowest, time.perf_counter() - t)
        print(f"| {workers} | {load:.1f} | {up:.1f} | {run:.2f} | {n / run:,.0f} | {slowest:.2f} | {run - slowest:.2f} | {empty:.3f} |")
    print(f"\nMachine: {os.cpu_count()} cores.")


if __name__ == "__main__":
    main()
