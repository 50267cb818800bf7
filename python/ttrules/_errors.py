"""The exceptions of ttrules. Every error the package raises is a :class:`TtrulesError` (or one
of Python's own ``OSError`` subclasses for files, or ``KeyboardInterrupt`` for Ctrl-C): bad
values are also ``ValueError``s, arguments of the wrong type also ``TypeError``s."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

__all__ = [
    "TtrulesError",
    "TtrulesValueError",
    "TtrulesTypeError",
    "IllegalMove",
    "RulesError",
    "SizeError",
    "PointError",
    "KomiError",
    "SetupError",
    "RecordError",
    "InternalError",
]


class TtrulesError(Exception):
    """The base class of every ttrules exception."""


class TtrulesValueError(TtrulesError, ValueError):
    """A value ttrules cannot use (also a ``ValueError``)."""


class IllegalMove(TtrulesError):
    """An attempt that is not a legal turn (``spec/RULES.md`` section 7).

    ``reason`` is the word the JSON output and the vectors use (``occupied``, ``suicide``,
    ``ko``, ``repetition``, ``off-grid``, ``game-over``); ``clause`` is the id of the clause that
    forbids it (``tt.turn.repetition``) and ``clause_url`` its anchor in the rendered spec; ``point`` is the
    ``(x, y)`` point tried, ``None`` for a pass.
    """

    def __init__(
        self,
        message: str,
        reason: str,
        clause: str,
        point: Optional[Tuple[int, int]] = None,
        clause_url: str = "",
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.clause = clause
        self.point = point
        self.clause_url = clause_url

    def __reduce__(self):  # type: ignore[no-untyped-def]
        args = (str(self), self.reason, self.clause, self.point, self.clause_url)
        return (type(self), args)


class TtrulesTypeError(TtrulesValueError, TypeError):
    """An argument of the wrong type, e.g. ``Game("9")``: a ``TypeError``, and a
    :class:`TtrulesValueError` as every bad argument is; the message names the argument."""


class RulesError(TtrulesValueError):
    """A rules string that names no ruleset, KataGo rules or parameter list (r[var.params])."""


class SizeError(TtrulesValueError):
    """A board size outside 1..=25 in each dimension (r[tt.board.size])."""


class PointError(TtrulesValueError):
    """A value that is not a point, or not a point of this board (r[tt.board])."""


class KomiError(TtrulesValueError):
    """A komi that is not a multiple of 0.5 (r[param.komi])."""


class SetupError(TtrulesValueError):
    """A setup that cannot start a game (r[var.setup])."""


class RecordError(TtrulesError):
    """A record that cannot be replayed: not SGF, not Go, a refused game (r[rec.stop]).

    ``kind`` is the refusal kind of ``replay --jsonl`` (``unreadable``, ``not-go``, ``size``,
    ``setup``, ``strict``, …), ``file`` the file's name, ``tree`` the game's number in the file
    (``None``: the whole file). ``games`` holds what was replayed before the refusal was raised:
    from :func:`ttrules.replay`, the documents of the file's other games, as ``replay --json``
    prints them beside the refusal (empty otherwise).
    """

    def __init__(
        self,
        message: str,
        kind: str,
        file: str,
        tree: Optional[int] = None,
        games: Optional[List[Any]] = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.file = file
        self.tree = tree
        self.games: List[Any] = list(games or [])

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (str(self), self.kind, self.file, self.tree, self.games))


class InternalError(TtrulesError):
    """A bug in ttrules: a Rust panic, caught at the boundary. Please report it."""
