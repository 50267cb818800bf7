"""The peer of `ttrules replay` in the records benchmark (docs/src/reports/records-throughput.md):
sgfmill reads every `*.sgf` file under the folders given, replays the main line of each game on
its board (setup stones, then each move; an illegal move or an unreadable file ends the game) and
area-scores the final position, as `replay` does with the fast engine. It prints one JSON line:
files, games read, moves replayed and the seconds it took, so that both tools are timed over the
same files in the same run.

sgfmill's board has no superko and no turn order, so it does less than `replay`: the comparison
is of reading and replaying, not of the rules. Run with the conformance venv:

    conformance/python/.venv/bin/python bench/peers/sgfmill_replay.py ../shared/records
"""

import json
import os
import sys
import time

from sgfmill import boards, sgf


def sgf_files(roots):
    for root in roots:
        if os.path.isfile(root):
            yield root
            continue
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                if name.lower().endswith(".sgf"):
                    yield os.path.join(folder, name)


def replay(game):
    """The moves replayed on sgfmill's board up to the first it refuses."""
    size = game.get_size()
    board = boards.Board(size)
    root = game.get_root()
    black, white, empty = root.get_setup_stones()
    if black or white:
        board.apply_setup(black, white, empty)
    moves = 0
    for node in game.get_main_sequence()[1:]:
        colour, point = node.get_move()
        if colour is None:
            continue
        if point is not None:
            try:
                board.play(point[0], point[1], colour)
            except ValueError:
                break
        moves += 1
    board.area_score()
    return moves


def main(roots):
    files = games = moves = 0
    start = time.perf_counter()
    for path in sgf_files(roots):
        files += 1
        with open(path, "rb") as f:
            data = f.read()
        try:
            game = sgf.Sgf_game.from_bytes(data)
            moves += replay(game)
        except (ValueError, KeyError, IndexError):
            continue
        games += 1
    seconds = time.perf_counter() - start
    print(json.dumps({"files": files, "games": games, "moves": moves, "seconds": seconds}))


if __name__ == "__main__":
    main(sys.argv[1:] or ["../shared/records"])
