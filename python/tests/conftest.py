"""Shared fixtures: the repository, its records, and the command line `ttrules` the differential
tests compare with (``TTRULES_BIN``, else the workspace's ``target/debug/ttrules``). A missing
binary fails the tests that need it, loudly: they never skip."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
RECORDS = REPO / "tests" / "records"
#: The shared corpus of real records beside the repository (in CI too): tests that need it fail
#: loudly when it is missing, never skip.
SHARED_RECORDS = REPO.parent / "shared" / "records"


def shared_records() -> Path:
    if not SHARED_RECORDS.is_dir():
        pytest.fail(f"the shared records are not at {SHARED_RECORDS}: these tests need them")
    return SHARED_RECORDS


def same(got: Any, want: Any, where: str = "") -> None:
    """`got` equals `want` and every value has the same type (`1` is not `1.0`, `True` is not
    `1`), dicts with their keys in the same order: what `==` alone does not see."""
    assert type(got) is type(want), f"{where}: {type(got).__name__} vs {type(want).__name__}"
    if isinstance(want, dict):
        assert list(got) == list(want), f"{where}: keys {list(got)} vs {list(want)}"
        for k in want:
            same(got[k], want[k], f"{where}.{k}")
    elif isinstance(want, list):
        assert len(got) == len(want), f"{where}: {len(got)} items vs {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            same(g, w, f"{where}[{i}]")
    else:
        assert got == want, f"{where}: {got!r} vs {want!r}"


def ttrules_bin() -> str:
    path = os.environ.get("TTRULES_BIN") or str(REPO / "target" / "debug" / "ttrules")
    if not os.access(path, os.X_OK):
        pytest.fail(
            f"the command line ttrules is not at {path}: build it (cargo build --bin ttrules) "
            "or set TTRULES_BIN; the differential tests need it"
        )
    return path


@pytest.fixture(scope="session")
def cli() -> str:
    return ttrules_bin()


def cli_json(cli: str, *args: str) -> List[Dict[str, Any]]:
    """The documents `ttrules replay --jsonl ARGS` prints, one per game (exit status 2: a
    folder with an unreadable or refused file, whose document is still printed)."""
    out = subprocess.run(
        [cli, "replay", "--jsonl", *args], capture_output=True, text=True, check=False
    )
    assert out.returncode in (0, 1, 2), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def cli_summary(cli: str, *paths: str) -> Dict[str, Any]:
    """The `summary` of `ttrules replay PATHS --summary-json -` (bulk mode)."""
    out = subprocess.run(
        [cli, "replay", *paths, "--summary-json", "-"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode in (0, 1, 2), out.stderr
    # The records' lines come first, the summary object last.
    text = out.stdout
    start = text.index("{\n")
    summary: Dict[str, Any] = json.loads(text[start:])["summary"]
    return summary
