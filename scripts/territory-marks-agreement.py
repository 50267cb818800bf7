#!/usr/bin/env python3
"""Territory counting against the records' own results (issue 18 §1).

Reads the JSON Lines of `ttrules replay --jsonl DIR` and prints, for the games counted by territory
(the record's rules or --rules) whose RE is a score and whose file holds TB/TW marks, how many agree
with RE, then each that does not, with ttrules' result and scores. Usage:

    ttrules replay --jsonl /work/shared/records > replay.jsonl
    scripts/territory-marks-agreement.py replay.jsonl
"""
import json
import re
import sys
from collections import Counter

MARKS = re.compile(rb"(^|[;\]\s])(TB|TW)\s*\[")


def has_marks(path, cache={}):
    if path not in cache:
        with open(path, "rb") as f:
            cache[path] = MARKS.search(f.read()) is not None
    return cache[path]


def main(path):
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    chosen = [
        g
        for g in rows
        if (g.get("rules") or {}).get("counting") == "territory"
        and (g.get("re") or {}).get("kind") == "score"
        and has_marks(g["file"])
    ]
    tally = Counter(g.get("re_agrees") for g in chosen)
    print(
        f"territory games with TB/TW and a numeric RE: {len(chosen)}; "
        f"agree {tally[True]}, disagree {tally[False]}, not scored {tally[None]}"
    )
    for g in chosen:
        if g.get("re_agrees") is not True:
            stop = (g.get("stop") or {}).get("cause")
            print(
                f"  {g['file']}: RE {g['re']['text']}, ttrules {g.get('result')} "
                f"(score {g.get('score')}, dead stones {len(g.get('dead') or [])}"
                + (f", stopped: {stop}" if stop else "")
                + ")"
            )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/dev/stdin")
