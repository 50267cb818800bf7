"""The Dask recipe (issue 20 §3): a LocalCluster with several workers verifies a folder of
records through the package, one task per shard, and the merged summary is exactly the summary
of one `ttrules replay DIR --summary-json` run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ttrules
from conftest import RECORDS, cli_json, cli_summary
from ttrules.distributed import shard_of, shards, verify_on, verify_shard

# Dask is pinned in python/requirements-test.txt: without it this module fails, never skips.
from dask.distributed import Client, LocalCluster  # noqa: E402


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    with LocalCluster(
        n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, Client(cluster) as c:
        yield c


def test_shards_are_disjoint_and_cover_everything() -> None:
    files = ttrules.sgf_files(RECORDS)
    for n in [1, 2, 3, 7]:
        parts = shards(files, n)
        assert sorted(f for p in parts for f in p) == sorted(files)
        assert all(shard_of(f, n) == k for k, p in enumerate(parts) for f in p)


@pytest.mark.parametrize("n", [1, 4])
def test_the_merged_summary_is_the_single_process_summary(
    client, cli: str, tmp_path: Path, n: int  # type: ignore[no-untyped-def]
) -> None:
    out = tmp_path / "shards"
    merged = verify_on(client, str(RECORDS), n, out=str(out))
    assert merged == cli_summary(cli, str(RECORDS))
    assert merged["games"] > 50
    written = sorted(out.glob("shard-*.jsonl"))
    assert len(written) == n
    lines = [json.loads(x) for f in written for x in f.read_text().splitlines()]
    key = lambda d: (d["file"], d.get("tree") or 0)  # noqa: E731
    assert sorted(lines, key=key) == sorted(cli_json(cli, str(RECORDS)), key=key)


def test_a_rerun_shard_is_rewritten_whole(tmp_path: Path) -> None:
    files = ttrules.sgf_files(RECORDS)
    part = shards(files, 2)[0]
    first = verify_shard(part, 0, 2, out=str(tmp_path))
    path = tmp_path / "shard-0-of-2.jsonl"
    good = path.read_text()
    # A killed run's leftovers: a truncated shard file and a stray temporary file.
    path.write_text(good[: len(good) // 2])
    (tmp_path / "shard-0-of-2.jsonl.tmp-1").write_text("{")
    assert verify_shard(part, 0, 2, out=str(tmp_path)) == first
    assert path.read_text() == good
