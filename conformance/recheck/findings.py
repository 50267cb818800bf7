"""Reads a published finding's game (docs/conformance/findings/ID/CELL-N.sgf) for the re-check
scripts: the board size, komi, handicap stones (AB) and the turns as (colour, point), point = (column,
row from the top) counted from 0, or None for a pass. Our own code (issue 30's re-check)."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(finding):
    """finding: 'ID/CELL-N' under docs/conformance/findings."""
    text = open(os.path.join(ROOT, "docs/conformance/findings", finding + ".sgf")).read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    komi = float(re.search(r"KM\[([-\d.]+)\]", text).group(1))
    setup = []
    m = re.search(r"AB((?:\[[a-z]{2}\])+)", text)
    if m:
        setup = [(ord(p[0]) - 97, ord(p[1]) - 97) for p in re.findall(r"\[([a-z]{2})\]", m.group(1))]
    turns = [(c, None if v == "" else (ord(v[0]) - 97, ord(v[1]) - 97))
             for c, v in re.findall(r";([BW])\[([a-z]{0,2})\]", text)]
    return size, komi, setup, turns


def gtp(size, point):
    """GTP name of a point: column letter (no I), row counted from the bottom."""
    return "pass" if point is None else "ABCDEFGHJKLMNOPQRST"[point[0]] + str(size - point[1])
