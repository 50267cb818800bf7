"""Games per CPU-second of ``ttrules.replay_many`` against the command line's ``replay --jsonl``
on the same records, measured in one run (issue 34 §4; never asserted by a test).

Each repetition runs, in this order: ``ttrules replay --jsonl DIR > /dev/null`` (CPU time of the
child: user + system, all its threads), ``replay_many(DIR)`` consuming every dict, and
``replay_many(DIR, format="arrow")`` made ready to use as a ``pyarrow.Table`` (with and without
the moves table); the Python rows are this process's CPU time (all its threads: the pool's and
the calling thread's). One untimed pass first warms the file cache. Prints Markdown: every
repetition, then the median rate of each row and its ratio to the command line's.

Usage: python python/bench/speed.py TTRULES_BIN [RECORDS_DIR] [REPEAT]
(default ../shared/records, 5 repetitions).
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from typing import Callable, Dict, List

import pyarrow as pa

import ttrules


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cli_run(cli: str, folder: str) -> Callable[[], int]:
    def run() -> int:
        with open(os.devnull, "wb") as null:
            subprocess.run([cli, "replay", "--jsonl", folder], stdout=null, check=False)
        return 0

    return run


def dicts(folder: str) -> int:
    return sum(1 for _ in ttrules.replay_many(folder))


def arrow(folder: str, moves: bool) -> int:
    tables = ttrules.replay_many(folder, format="arrow", moves=moves)
    games = pa.table(tables.games)
    if moves:
        pa.table(tables.moves)
    return int(games.num_rows)


def main() -> None:
    cli = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) > 2 else "../shared/records"
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    out = subprocess.run([cli, "replay", "--jsonl", folder], capture_output=True, check=False)
    games = sum(1 for line in out.stdout.splitlines() if line.strip())
    assert dicts(folder) == games == arrow(folder, False), "the same games on every path"
    rows: Dict[str, Callable[[], int]] = {
        "`ttrules replay --jsonl DIR` (command line)": cli_run(cli, folder),
        "`replay_many(DIR)`: every game as a dict": lambda: dicts(folder),
        '`replay_many(DIR, format="arrow")` as a `pyarrow.Table`': lambda: arrow(folder, False),
        "the same with `moves=True`, both tables": lambda: arrow(folder, True),
    }
    rates: Dict[str, List[float]] = {k: [] for k in rows}
    walls: Dict[str, List[float]] = {k: [] for k in rows}
    for _ in range(repeat):
        for name, f in rows.items():
            c0, p0, w0 = child_cpu(), time.process_time(), time.perf_counter()
            f()
            wall = time.perf_counter() - w0
            cpu = (child_cpu() - c0) if name.endswith("(command line)") else (
                time.process_time() - p0)
            rates[name].append(games / cpu)
            walls[name].append(wall)
    print(f"- **Records:** `{folder}`, {games} games; {repeat} repetitions, interleaved")
    print(f"- **Machine:** {platform.machine()}, {os.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}, load "
          f"{os.getloadavg()[0]:.1f} at the end\n")
    cli_name = next(iter(rows))
    cli_median = statistics.median(rates[cli_name])
    print("| path | games per CPU-second, each repetition | median | / command line | median wall s |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name in rows:
        each = ", ".join(f"{r:,.0f}" for r in rates[name])
        med = statistics.median(rates[name])
        print(f"| {name} | {each} | {med:,.0f} | {med / cli_median:.2f} | "
              f"{statistics.median(walls[name]):.2f} |")


if __name__ == "__main__":
    main()
