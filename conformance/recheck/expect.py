#!/usr/bin/env python3
"""An independent, naive reading of the rules (spec/RULES.md) used to check the findings' expected
values by hand: replays a finding's SGF (moves, AB setup, RU ruleset string) and prints, for the
last turn, legal or the reason, and, for an ended game, the score with every stone alive.

Written for the re-check of issue 30 apart from ttrules' engines; clauses implemented:
r[tt.move] (clear opponent, then self), r[tt.turn.repetition] (positional), r[var.ko.situational],
r[var.ko.natural-situational], r[var.ko.simple], r[var.suicide.allowed|multi-only|forbidden], r[tt.end] (two passes),
r[var.count.area], r[var.count.territory] (tax none, prisoners incl. suicided stones),
r[var.prisoners]. Usage: expect.py FINDING.sgf [repetition=... suicide=... counting=...]"""
import re
import sys

PRESETS = {  # named rulesets seen in the findings' RU, read from spec/RULES.md section 15
    "tromp-taylor": dict(repetition="positional", suicide="allowed", counting="area"),
    "new-zealand": dict(repetition="situational", suicide="multi-only", counting="area"),
    "chinese-superko": dict(repetition="positional", suicide="forbidden", counting="area"),
}


def parse(sgf, overrides=()):
    size = int(re.search(r"SZ\[(\d+)\]", sgf).group(1))
    komi = float(re.search(r"KM\[([-\d.]+)\]", sgf).group(1))
    ru = re.search(r"RU\[([^\]]*)\]", sgf).group(1)
    rules = dict(repetition="positional", suicide="allowed", counting="area")
    if ru.lower() in PRESETS:
        rules.update(PRESETS[ru.lower()])
    else:
        rules.update(dict(kv.split("=", 1) for kv in ru.split()))


    rules.update(dict(kv.split("=", 1) for kv in overrides))
    setup = []
    m = re.search(r"AB((?:\[[a-z]{2}\])+)", sgf)
    if m:
        setup = [(ord(p[0]) - 97, ord(p[1]) - 97) for p in re.findall(r"\[([a-z]{2})\]", m.group(1))]
    pl = re.search(r"PL\[([BW])\]", sgf)
    moves = [(c, None if v == "" else (ord(v[0]) - 97, ord(v[1]) - 97))
             for c, v in re.findall(r";([BW])\[([a-z]{0,2})\]", sgf)]
    return size, komi, rules, setup, (pl.group(1) if pl else "B"), moves


def gtp(size, p):
    return "pass" if p is None else "ABCDEFGHJKLMNOPQRST"[p[0]] + str(size - p[1])


def neighbours(size, p):
    x, y = p
    for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def clear(size, board, colour):
    """Empty every stone of colour that does not reach empty (r[tt.clear]); return how many."""
    reach = set()
    todo = [p for p, c in board.items() if c == colour and
            any(board.get(q) is None for q in neighbours(size, p))]
    while todo:
        p = todo.pop()
        if p in reach:
            continue
        reach.add(p)
        todo += [q for q in neighbours(size, p) if board.get(q) == colour]
    dead = [p for p, c in board.items() if c == colour and p not in reach]
    for p in dead:
        del board[p]
    return len(dead)


def key(board):
    return tuple(sorted(board.items()))


def play(size, rules, state, colour, point):
    """Return (verdict, new board, captured, suicided); verdict 'legal' or the reason."""
    board, history, situations, last_start, made = state
    if point in board:
        return "occupied", board, 0, 0
    new = dict(board)
    new[point] = colour
    captured = clear(size, new, "W" if colour == "B" else "B")
    suicided = clear(size, new, colour)
    if suicided and rules["suicide"] == "forbidden":
        return "suicide", board, 0, 0
    if suicided == 1 and point not in new and rules["suicide"] == "multi-only":
        return "suicide", board, 0, 0
    rep = rules["repetition"]
    other = "W" if colour == "B" else "B"
    if rep == "positional" and key(new) in history:
        return "repetition", board, 0, 0
    if rep == "situational" and (key(new), other) in situations:
        return "repetition", board, 0, 0
    if rep == "natural-situational" and key(new) in made[colour]:
        return "repetition", board, 0, 0
    if rep == "simple-ko" and last_start is not None and key(new) == last_start:
        return "ko", board, 0, 0
    return "legal", new, captured, suicided


def score(size, board, counting, prisoners, komi):
    pts = {"B": 0, "W": 0}
    for c in board.values():
        if counting == "area":
            pts[c] += 1
    seen = set()
    for y in range(size):
        for x in range(size):
            p = (x, y)
            if p in board or p in seen:
                continue
            region, border, todo = set(), set(), [p]
            while todo:
                q = todo.pop()
                if q in region:
                    continue
                region.add(q)
                for r in neighbours(size, q):
                    if r in board:
                        border.add(board[r])
                    else:
                        todo.append(r)
            seen |= region
            if len(border) == 1:
                pts[border.pop()] += len(region)
    if counting == "territory":
        pts["B"] += prisoners["B"]
        pts["W"] += prisoners["W"]
    return pts["B"], pts["W"] + komi


def main(path, overrides=()):
    size, komi, rules, setup, first, moves = parse(open(path).read(), overrides)
    print("rules:", " ".join(f"{k}={v}" for k, v in rules.items()))
    board = {p: "B" for p in setup}
    history = {key(board)}
    situations = {(key(board), first)}
    starts = []  # colouring at the start of each turn
    prisoners = {"B": 0, "W": 0}
    made = {"B": set(), "W": set()}  # colourings produced by each player's moves
    passes = 0
    for i, (colour, point) in enumerate(moves):
        last = i == len(moves) - 1
        if passes >= 2:
            print(f"{colour} {gtp(size, point)}: illegal: game-over (r[tt.end])")
            return
        last_start = starts[-1] if starts else None
        other = "W" if colour == "B" else "B"
        if point is None:
            starts.append(key(board))
            passes += 1
            situations.add((key(board), other))
            verdict = "legal"
        else:
            verdict, new, cap, sui = play(size, rules, (board, history, situations, last_start, made),
                                          colour, point)
            if verdict == "legal":
                starts.append(key(board))
                board = new
                prisoners[colour] += cap
                prisoners[other] += sui
                history.add(key(board))
                made[colour].add(key(board))
                situations.add((key(board), other))
                passes = 0
        if last or verdict != "legal":
            print(f"{colour} {gtp(size, point)}: {verdict}")
            if verdict != "legal" and not last:
                print("  (an earlier turn of the game is illegal: the finding's game is wrong)")
                return
    rows = []
    for y in range(size):
        rows.append("".join({"B": "X", "W": "O"}.get(board.get((x, y)), ".") for x in range(size)))
    print("board after the last turn (row " + str(size) + " first):\n  " + "\n  ".join(rows))
    if passes >= 2:
        b, w = score(size, board, rules["counting"], prisoners, komi)
        d = b - w
        res = "0" if d == 0 else (f"B+{d:g}" if d > 0 else f"W+{-d:g}")
        print(f"score ({rules['counting']}, every stone alive): Black {b:g}, White {w:g}: {res}")
        if rules["counting"] == "territory":
            b2, w2 = score(size, board, "area", prisoners, komi)
            print(f"  (for comparison, area: Black {b2:g}, White {w2:g})")


if __name__ == "__main__":
    # expect.py FINDING.sgf [key=value ...]: the values override the record's RU (to try a reading)
    print("==", sys.argv[1])
    main(sys.argv[1], sys.argv[2:])
