#!/usr/bin/env python3
"""Runs a GTP engine and relays every command to it, except a `boardsize` the engine is known to
abort on: that one gets GTP's error reply (`? unacceptable size`) here, as the GTP 2 specification
asks of the engine itself, and the engine never sees it.

    python3 conformance/gtp_size_guard.py MIN MAX ENGINE [ARG...]

Pachi 12.90 aborts on `boardsize 1` (board.c: `assert(size > 1 && size <= BOARD_MAX_SIZE)`), and
`ttrules check-engine` asks every size from 1 to 25 to learn which ones an engine takes; without
the guard the crash would hide every verdict of the cell. Nothing else is changed: every other
command and every reply pass through as they are.
"""

import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: gtp_size_guard.py MIN MAX ENGINE [ARG...]")
    low, high = int(sys.argv[1]), int(sys.argv[2])
    engine = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        words = line.split("#", 1)[0].split()
        ident = words.pop(0) if words and words[0].isdigit() else ""
        if words and words[0] == "boardsize" and len(words) > 1 and words[1].isdigit():
            if not low <= int(words[1]) <= high:
                sys.stdout.write(f"?{ident} unacceptable size\n\n")
                sys.stdout.flush()
                continue
        engine.stdin.write(line if line.endswith("\n") else line + "\n")
        engine.stdin.flush()
        if not words:
            continue
        # Relay one reply: lines up to and including the empty line that ends it.
        while True:
            out = engine.stdout.readline()
            if not out:
                return engine.wait()
            sys.stdout.write(out)
            if out.strip() == "":
                break
        sys.stdout.flush()
        if words[0] == "quit":
            break
    engine.stdin.close()
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main())
