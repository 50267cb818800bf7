"""The referee's Dask recipe (issue 33 §4, book: guide/referee-shards.md): an event's shards run as
tasks on a Dask LocalCluster of two workers, each task the command line `ttrules referee run FILE
--shard K/N`, then `ttrules referee merge`; the merged folder equals one run's
(r[ref.event.shard], r[ref.event.merge]): results.jsonl ordered by game, match.json, the report
and the standings with Elo, but for the engines' genmove times."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any, Dict, List

# Dask is pinned in python/requirements-test.txt: without it this module fails, never skips.
from dask.distributed import Client, LocalCluster

SHARDS = 3


def event_file(cli: str, folder: Path) -> Path:
    """An all-play-all of three random players on 5x5, 6 games; each player a fresh `ttrules
    gtp` per game seeded from the game's seed ({seed}K: the seed with a digit after it), so every
    game is played the same way whichever run plays it."""
    text = ""
    for k in (1, 2, 3):
        text += f'[[player]]\nlabel = "rand-{k}"\ncommand = "{cli} gtp --seed {{seed}}{k}"\n\n'
    text += '[event]\nkind = "all-play-all"\ngames_per_pair = 2\nsize = 5\nmax_turns = 50\n'
    path = folder / "event.toml"
    path.write_text(text)
    return path


def play_shard(cli: str, event: str, k: int, n: int, out: str) -> str:
    """The recipe's task: one shard, by the command line; a retried task (a worker lost
    mid-shard) continues it with --resume."""
    cmd = [cli, "referee", "run", event, "--shard", f"{k}/{n}", "--out", out, "--json"]
    if os.path.exists(os.path.join(out, "shard.json")):
        cmd.append("--resume")
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["shard"] == f"{k}/{n}", doc
    return out


def run(args: List[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)


def masked(text: str) -> str:
    """The engines' genmove seconds (`"time": 0.012`) written as 0: the clock measures them."""
    return re.sub(r'"time": ?[0-9.eE+-]+', '"time":0', text)


def results(folder: Path) -> List[str]:
    lines = (folder / "results.jsonl").read_text().splitlines()
    return sorted((masked(x) for x in lines), key=lambda x: int(json.loads(x)["game"]))


def summary(cli: str, cwd: Path) -> Dict[str, Any]:
    out = run([cli, "referee", "status", "ev", "--json"], cwd)
    assert out.returncode == 0, out.stderr
    doc: Dict[str, Any] = json.loads(masked(out.stdout))
    return doc["summary"]  # type: ignore[no-any-return]


def test_an_events_shards_on_dask_merge_into_one_runs_folder(cli: str, tmp_path: Path) -> None:
    event = event_file(cli, tmp_path)
    whole, shards, merged = (tmp_path / d for d in ("whole", "shards", "merged"))
    for d in (whole, shards, merged):
        d.mkdir()
    one = run([cli, "referee", "run", str(event), "--out", "ev"], whole)
    assert one.returncode == 0, one.stderr
    assert run([cli, "referee", "report", "ev"], whole).returncode == 0

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as client:
        # One task per shard, each in a folder of its own.
        tasks = [
            client.submit(
                play_shard, cli, str(event), k, SHARDS, str(shards / f"s{k}"),
                retries=2, pure=False,
            )
            for k in range(1, SHARDS + 1)
        ]
        dirs = client.gather(tasks)
    assert dirs == [str(shards / f"s{k}") for k in range(1, SHARDS + 1)]
    for d in dirs:
        assert len((Path(d) / "results.jsonl").read_text().splitlines()) == 2

    m = run([cli, "referee", "merge", *dirs, "--out", "ev", "--json"], merged)
    assert m.returncode == 0, m.stderr
    assert json.loads(m.stdout)["merged"] == 6

    assert len(results(merged / "ev")) == 6
    assert results(merged / "ev") == results(whole / "ev")
    for name in ("match.json", "report.html"):
        assert (merged / "ev" / name).read_bytes() == (whole / "ev" / name).read_bytes(), name
    assert summary(cli, merged) == summary(cli, whole)
