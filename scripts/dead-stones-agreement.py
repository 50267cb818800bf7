#!/usr/bin/env python3
"""Agreement with the records' own results, by dead-stone source (issue 18, r[rec.dead.source]).

Reads the JSON Lines of three bulk replays of the same records and prints a Markdown table: for
the games whose replay reaches the end of the game (outcome `over`) with a numeric RE (kinds
`score` and `draw`) under (a), how many agree with RE, by ruleset (the record's `RU`), under
(a) the marks only, (b) `--dead-from proven`, (c) `--dead-from ENGINE`. A game refused under (c)
(kind `dead-from`: the engine failed) counts as an error, not a disagreement. Also prints the
games with TB/TW marks under territory counting that disagree, and with --list, every game that
still disagrees under (c), for a hand classification. Usage:

    ttrules replay --jsonl ../shared/records > a.jsonl
    ttrules replay --jsonl --dead-from proven ../shared/records > b.jsonl
    scripts/dead-stones-agreement.py --files a.jsonl > files.txt
    xargs -d '\\n' ttrules replay --jsonl --dead-from "/usr/games/gnugo --mode gtp" \\
        < files.txt > c.jsonl
    scripts/dead-stones-agreement.py a.jsonl b.jsonl c.jsonl [--list]

Given four files, the first is a marks-only run of an earlier build ("before").
"""
import json
import re
import sys
from collections import Counter, defaultdict

MARKS = re.compile(rb"(^|[;\]\s])(TB|TW)\s*\[")
NUMERIC = ("score", "draw")


def rows(path):
    with open(path) as f:
        return {
            (g.get("file"), g.get("tree")): g
            for g in (json.loads(line) for line in f if line.strip())
        }


def chosen(a):
    return {
        k: g
        for k, g in a.items()
        if g.get("outcome") == "over" and (g.get("re") or {}).get("kind") in NUMERIC
    }


def has_marks(path, cache={}):
    if path not in cache:
        with open(path, "rb") as f:
            cache[path] = MARKS.search(f.read()) is not None
    return cache[path]


def ruleset(g):
    return (g.get("rules") or {}).get("name") or "?"


def main(args):
    listing = "--list" in args
    paths = [a for a in args if not a.startswith("--")]
    if "--files" in args:
        for file in sorted({k[0] for k in chosen(rows(paths[0]))}):
            print(file)
        return
    columns = [rows(p) for p in paths]
    games = chosen(columns[-3])
    table = defaultdict(lambda: [0] + [Counter() for _ in columns])
    for k, g in games.items():
        for name in ("all", ruleset(g)):
            row = table[name]
            row[0] += 1
            for i, col in enumerate(columns):
                h = col.get(k) or {}
                if h.get("outcome") == "refused":
                    row[i + 1]["error"] += 1
                else:
                    row[i + 1][h.get("re_agrees")] += 1
    heads = ["(a) marks only", "(b) --dead-from proven", "(c) --dead-from ENGINE"]
    if len(columns) == 4:
        heads.insert(0, "before: marks only")
    print("| ruleset | games | " + " | ".join(heads[: len(columns)]) + " |")
    print("| --- | --- |" + " --- |" * len(columns))
    for name in ["all"] + sorted(n for n in table if n != "all"):
        n, *cells = table[name]
        text = [
            f"{c[True]}" + (f" ({c['error']} errors)" if c["error"] else "") for c in cells
        ]
        print(f"| {name} | {n} | " + " | ".join(text) + " |")
    marked = [
        g
        for g in games.values()
        if (g.get("rules") or {}).get("counting") == "territory" and has_marks(g["file"])
    ]
    agree = sum(g.get("re_agrees") is True for g in marked)
    print(f"\nterritory counting, TB/TW marks, numeric RE, over: {agree} of {len(marked)} agree")
    for g in marked:
        if g.get("re_agrees") is not True:
            print(f"  {g['file']}: RE {g['re']['text']}, ttrules {g.get('result')}")
    if listing:
        last = columns[-1]
        print("\nstill disagreeing under the last column:")
        for k in sorted(games, key=str):
            h = last.get(k) or {}
            if h.get("re_agrees") is False:
                print(
                    f"  {k[0]} (game {k[1]}, {ruleset(h)}): RE {h['re']['text']}, "
                    f"ttrules {h.get('result')}, dead {len(h.get('dead') or [])} "
                    f"from {h.get('dead_from')}"
                )


if __name__ == "__main__":
    main(sys.argv[1:])
