"""The Python package's side of node/bench/bench.js: the same moves (a JSON file of games) and the
same records, timed the same way (per CPU-second of this process, every thread's). Prints one
JSON object."""
import json
import os
import sys
import time

import ttrules

SECONDS = float(os.environ.get("BENCH_SECONDS", "2"))


def timed(f):
    count, start = 0, time.process_time()
    while True:
        count += f()
        elapsed = time.process_time() - start
        if elapsed >= SECONDS:
            return count / elapsed


def main():
    games = [[tuple(m) for m in g] for g in json.load(open(sys.argv[1]))]
    records = sys.argv[2]
    moves = sum(len(g) for g in games)

    def play():
        for ms in games:
            g = ttrules.Game(19)
            p = g.play
            for m in ms:
                p(m)
        return moves

    positions = []
    for ms in games:
        for at in (50, 100, 150, 200):
            if len(ms) >= at:
                g = ttrules.Game(19)
                for m in ms[:at]:
                    g.play(m)
                positions.append(g)

    def legal():
        for g in positions:
            g.legal_moves()
        return len(positions)

    files = ttrules.sgf_files(records)
    data = [open(f, "rb").read() for f in files]

    def replay():
        for b in data:
            try:
                ttrules.replay(b)
            except ttrules.RecordError:
                pass
        return len(data)

    def replay_many():
        n = 0
        for _ in ttrules.replay_many(files):
            n += 0
        return len(files)

    print(json.dumps({
        "play": timed(play),
        "legal_moves": timed(legal),
        "replay": timed(replay),
        "replay_many": timed(replay_many),
    }))


main()
