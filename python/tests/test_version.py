"""The version of the rules text: ``ttrules.SPEC_VERSION`` is the version line of spec/RULES.md,
and every replay document names it in its ``spec`` field, as the command line's JSON does."""

from __future__ import annotations

import re
from pathlib import Path

import ttrules

REPO = Path(__file__).resolve().parents[2]


def test_spec_version_is_the_version_line_of_rules_md() -> None:
    text = (REPO / "spec" / "RULES.md").read_text(encoding="utf-8")
    m = re.search(r"^Version: \*\*(ttrules-rules [0-9.]+)\*\*", text, re.M)
    assert m, "spec/RULES.md has no version line"
    assert ttrules.SPEC_VERSION == m.group(1)
    assert ttrules.RULES_TEXT_VERSION == ttrules.SPEC_VERSION


def test_replay_documents_name_the_spec_version() -> None:
    docs = ttrules.replay(REPO / "examples" / "9x9-game.sgf")
    assert docs
    for doc in docs:
        assert doc["spec"] == ttrules.SPEC_VERSION
