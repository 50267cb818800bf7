"""Throughput of the Python package, measured in one run (never asserted by a test):

- moves per second through ``Game.play`` (fast and reference engines), replaying seeded random
  legal 19x19 games;
- ``Game.legal_moves()`` calls per second on 19x19 positions from those games;
- records per second of ``ttrules.replay_many`` (1 and 2 threads) against sgfmill reading and
  replaying the same records (board only: parse, main line, ``Board.play``), same run. A record
  is a file; each record rate repeats whole passes over the files for at least 2 s, after one
  untimed pass that warms the file cache.

Usage: python python/bench/bench.py [RECORDS_DIR] (default ../shared/records). Prints Markdown.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from typing import Callable, List, Tuple

import ttrules


def timed(f: Callable[[], int], min_seconds: float = 2.0) -> Tuple[float, int]:
    """Runs ``f`` (which returns a count) until ``min_seconds`` have passed; count per second."""
    count, start = 0, time.perf_counter()
    while True:
        count += f()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return count / elapsed, count


def random_games(n: int, seed: int) -> List[List[Tuple[int, int]]]:
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        g = ttrules.Game(19)
        moves = []
        for _ in range(250):
            legal = g.legal_points()
            if not legal:
                break
            mv = rng.choice(legal)
            g.play(mv)
            moves.append(mv)
        games.append(moves)
    return games


def bench_play(games: List[List[Tuple[int, int]]], engine: str) -> float:
    def run() -> int:
        n = 0
        for moves in games:
            g = ttrules.Game(19, engine=engine)
            play = g.play
            for mv in moves:
                play(mv)
            n += len(moves)
        return n

    return timed(run)[0]


def bench_legal(games: List[List[Tuple[int, int]]]) -> float:
    positions = []
    for moves in games:
        g = ttrules.Game(19)
        for i, mv in enumerate(moves):
            g.play(mv)
            if i % 50 == 49:
                positions.append(g.copy())

    def run() -> int:
        for p in positions:
            p.legal_moves()
        return len(positions)

    return timed(run)[0]


def sgfmill_replay(files: List[str]) -> int:
    from sgfmill import boards, sgf, sgf_moves

    n = 0
    for f in files:
        try:
            with open(f, "rb") as fh:
                game = sgf.Sgf_game.from_bytes(fh.read())
            board, plays = sgf_moves.get_setup_and_moves(game)
            for colour, move in plays:
                if move is None:
                    continue
                row, col = move
                board.play(row, col, colour)
            n += 1
        except (ValueError, IndexError):
            n += 1  # refused, as ttrules refuses some: the file was still read
    return n


def main() -> None:
    folder = sys.argv[1] if len(sys.argv) > 1 else "../shared/records"
    files = ttrules.sgf_files(folder)
    print(f"- **Measured:** {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"- **Machine:** {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"- **Regenerate:** `python python/bench/bench.py {folder}`")
    print()
    games = random_games(8, seed=1)
    total = sum(len(m) for m in games)
    fast = bench_play(games, "fast")
    ref = bench_play(games[:2], "reference")
    legal = bench_legal(games)
    print(f"| what | per second |\n| --- | ---: |")
    print(f"| `Game.play`, fast engine, 19x19 ({total} moves of 8 random games) | {fast:,.0f} moves |")
    print(f"| `Game.play`, reference engine, 19x19 | {ref:,.0f} moves |")
    print(f"| `Game.legal_moves()`, 19x19 mid-game positions | {legal:,.0f} calls |")
    n_games = sum(1 for _ in ttrules.replay_many(files, threads=1))  # also warms the file cache
    rates = {}
    for threads in (1, 2):
        def run(threads: int = threads) -> int:
            for _ in ttrules.replay_many(files, threads=threads):
                pass
            return len(files)

        rates[threads], done = timed(run)
        print(f"| `replay_many`, {threads} thread{'s' if threads > 1 else ''}, {len(files)} files ({n_games} games, full replay --json documents; {done // len(files)} passes) | {rates[threads]:,.0f} records |")
    sgfmill, done = timed(lambda: sgfmill_replay(files))
    print(f"| sgfmill 1.1.1: read, parse, main line on `Board.play` (board only), {len(files)} files ({done // len(files)} passes) | {sgfmill:,.0f} records |")
    print()
    print(f"Ratios (same run): fast/reference `play` {fast / ref:,.1f}x; `replay_many` 1 thread/sgfmill {rates[1] / sgfmill:,.1f}x; 2 threads/1 thread {rates[2] / rates[1]:,.2f}x.")


if __name__ == "__main__":
    main()
