"""Verifying a folder of records on a Dask cluster: one task per shard, summaries merged.

The recipe of ``docs/src/guide/python.md``. Each task calls :func:`ttrules.verify` on its shard
(a deterministic split of the sorted file list by a hash of each path), writing the shard's JSON
lines to ``out/shard-K-of-N.jsonl`` through a temporary file and a rename, so a task rerun after
a killed worker rewrites its shard whole; the driver merges the shard summaries with
:func:`ttrules.merge_summaries`. The same code runs on a ``LocalCluster`` or on a real cluster:
only the client's scheduler address changes. Dask itself is only needed by :func:`verify_on`.
"""

from __future__ import annotations

import os
import uuid
import zlib
from typing import Any, Dict, List, Optional, Sequence, Union

from . import merge_summaries, sgf_files, verify

__all__ = ["shard_of", "shards", "verify_shard", "verify_on"]


def shard_of(path: str, n: int) -> int:
    """The shard (0 ≤ k < n) of ``path``: CRC-32 of its UTF-8 bytes modulo ``n``, the same on
    every machine and every run (Python's ``hash`` is salted per process)."""
    if n < 1:
        raise ValueError(f"shards: {n} is not a positive number of shards")
    return zlib.crc32(os.fsencode(path)) % n


def shards(files: Sequence[str], n: int) -> List[List[str]]:
    """``files`` split into ``n`` disjoint shards that together hold every file once."""
    out: List[List[str]] = [[] for _ in range(n)]
    for f in files:
        out[shard_of(f, n)].append(f)
    return out


def verify_shard(
    files: Sequence[str],
    k: int,
    n: int,
    out: Optional[str] = None,
    threads: int = 1,
    **options: Any,
) -> Dict[str, Any]:
    """One task: verifies shard ``k`` of ``n`` (``files`` is that shard) and returns its summary;
    with ``out`` (a folder), writes ``out/shard-K-of-N.jsonl`` whole, by rename."""
    target = None
    if out is not None:
        os.makedirs(out, exist_ok=True)
        target = os.path.join(out, f"shard-{k}-of-{n}.jsonl")
    return verify(list(files), threads=threads, out=target, **options)


def verify_on(
    client: Any,
    paths: Union[str, Sequence[str]],
    n: int,
    out: Optional[str] = None,
    threads: int = 1,
    retries: int = 2,
    **options: Any,
) -> Dict[str, Any]:
    """Verifies every record of ``paths`` on the Dask ``client``'s cluster in ``n`` tasks and
    returns the merged summary, equal to ``ttrules replay PATHS --summary-json``'s ``summary``.

    The file list is made here, on the client; the workers must see the same paths (a shared
    file system, or the same folder laid out on every machine). ``retries`` reruns a task whose
    worker died.
    """
    files = sgf_files(paths)
    run = uuid.uuid4().hex[:8]
    futures = [
        client.submit(
            verify_shard,
            shard,
            k,
            n,
            out,
            threads,
            key=f"ttrules-verify-{run}-{k}-of-{n}",
            retries=retries,
            **options,
        )
        for k, shard in enumerate(shards(files, n))
    ]
    return merge_summaries(client.gather(futures))
