"""Small helpers shared by the tests."""

from __future__ import annotations

from typing import List

import ttrules

SYMBOL = {ttrules.EMPTY: ".", ttrules.BLACK: "X", ttrules.WHITE: "O"}


def rows(g: ttrules.Game) -> List[str]:
    """The diagram rows of `g`, top row first, as the JSON documents write `grid`."""
    b = g.board()
    return ["".join(SYMBOL[int(c)] for c in b[y]) for y in reversed(range(g.height))]


def gtp_list(points: List[tuple]) -> List[str]:  # type: ignore[type-arg]
    return [ttrules.gtp(p) for p in points]
