#!/usr/bin/env python3
"""Times two commands in turn (A B A B ..., after one warm-up of each) and prints, for each, the
median user + system CPU seconds and wall seconds of its runs (wait4's rusage of the whole
process tree, as /usr/bin/time reports it), then the median and range of the paired CPU ratios
A/B. Output of the commands is thrown away; their exit codes are printed, not acted on (`replay`
exits 2 when some file is unreadable, and its runs still count).

Usage: scripts/paired-cpu.py RUNS 'COMMAND A' 'COMMAND B'   (each command one shell string)
Used by docs/src/reports/records-throughput.md.
"""
import os
import statistics
import subprocess
import sys
import time


def run(cmd: str, codes: set) -> tuple[float, float]:
    """One run of `cmd` under `sh -c`: (CPU seconds, wall seconds); its exit code goes to `codes`."""
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(["sh", "-c", cmd], stdout=null, stderr=null)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    codes.add(os.waitstatus_to_exitcode(status))
    return usage.ru_utime + usage.ru_stime, wall


def main() -> int:
    if len(sys.argv) != 4 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        print(__doc__, file=sys.stderr)
        return 2
    runs, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    codes = (set(), set())
    run(a, codes[0]), run(b, codes[1])
    times = ([], [])
    ratios = []
    for _ in range(runs):
        ta, tb = run(a, codes[0]), run(b, codes[1])
        times[0].append(ta)
        times[1].append(tb)
        ratios.append(ta[0] / tb[0] if tb[0] > 0 else float("inf"))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}; {runs} pairs after one warm-up each")
    for name, cmd, runs_of, seen in (("A", a, times[0], codes[0]), ("B", b, times[1], codes[1])):
        cpu = statistics.median(t[0] for t in runs_of)
        wall = statistics.median(t[1] for t in runs_of)
        exits = ", ".join(str(c) for c in sorted(seen))
        print(f"{name}: CPU {cpu:.3f} s, wall {wall:.3f} s (medians), exit codes {exits}: {cmd}")
    print(
        f"A/B CPU, paired: median {statistics.median(ratios):.3f}, "
        f"min {min(ratios):.3f}, max {max(ratios):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
