"""Records per second of the Dask recipe (ttrules.distributed.verify_on) on a LocalCluster of
1, 2 and 4 single-threaded worker processes, one task per worker, and where the time goes.

Usage: python python/bench/dask_bench.py [RECORDS_DIR] (default ../shared/records). Prints
Markdown. Cluster start-up is timed apart from the run.
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
    files = ttrules.sgf_files(folder)
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
    print(f"{n} files, {size / 1e6:.1f} MB, {summary['games']} games\n")
    print("| step (one process, one thread) | seconds | records/s |\n| --- | ---: | ---: |")
    print(f"| reading the files (Python `open().read()`, warm cache) | {read:.2f} | {n / read:,.0f} |")
    print(f"| `ttrules.verify`: read, replay, summary | {verify1:.2f} | {n / verify1:,.0f} |")
    print(f"| `ttrules.replay_many`: the same plus a JSON document per game, parsed in Python ({docs}) | {documents:.2f} | {n / documents:,.0f} |")
    print()
    print("| workers (tasks) | cluster start s | run s | records/s | slowest task s | scheduling and transfer s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for workers in (1, 2, 4):
        start = time.perf_counter()
        with LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            up = time.perf_counter() - start
            client.run(lambda: __import__("ttrules"))  # import on every worker before timing
            start = time.perf_counter()
            merged = verify_on(client, folder, workers)
            run = time.perf_counter() - start
            assert merged == summary, "the merged summary differs from the single run"
            # The slowest task alone, measured on the driver, for the overhead estimate.
            slowest = 0.0
            for part in shards(files, workers):
                t = time.perf_counter()
                ttrules.verify(part, threads=1)
                slowest = max(slowest, time.perf_counter() - t)
        print(f"| {workers} | {up:.1f} | {run:.2f} | {n / run:,.0f} | {slowest:.2f} | {max(run - slowest, 0):.2f} |")
    print(f"\nMachine: {os.cpu_count()} cores.")


if __name__ == "__main__":
    main()
