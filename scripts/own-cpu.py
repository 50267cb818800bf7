#!/usr/bin/env python3
"""Runs a command and appends one JSON line to LOG: its wall time, the CPU of the whole process
tree (wait4's rusage, as /usr/bin/time reports it), and the command's own CPU (user + system of
its process alone, read from /proc every 50 ms until it exits), so that the tree's CPU minus the
command's own is what its children (the engines) used.

Usage: scripts/own-cpu.py LOG -- COMMAND [ARGS...]   (Linux only: /proc)
Used by scripts/referee-side-by-side.sh (docs/src/reports/referee-side-by-side.md).
"""
import json
import os
import sys
import time


def main() -> int:
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    log, cmd = sys.argv[1], sys.argv[3:]
    tick = os.sysconf("SC_CLK_TCK")
    start = time.time()
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    own = 0.0
    while True:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                own = (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            pass
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done == pid:
            break
        time.sleep(0.05)
    tree = usage.ru_utime + usage.ru_stime
    record = {
        "cmd": " ".join(cmd),
        "wall": round(time.time() - start, 2),
        "tree_cpu": round(tree, 2),
        "own_cpu": round(own, 2),
        "children_cpu": round(tree - own, 2),
        "status": os.waitstatus_to_exitcode(status),
    }
    with open(log, "a") as f:
        f.write(json.dumps(record) + "\n")
    print(json.dumps(record), file=sys.stderr)
    return 0 if record["status"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
