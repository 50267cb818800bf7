"""ttrules: the Tromp-Taylor rules of Go, exactly, in-process.

The Python face of ttrules, the normative Rust implementation of the Tromp-Taylor rules and of
the variants real rulesets add to them. Every answer is the one the command line ``ttrules``
gives, and every rule cites its clause of ``spec/RULES.md`` (``r[tt.turn.repetition]``).

Points are ``(x, y)`` tuples: ``x`` the column from 0 at the left, ``y`` the row from 0 at the
bottom, so ``(3, 3)`` is GTP ``"D4"``; every function that takes a point also takes a GTP string.
A pass is ``"pass"`` or ``None``. Numpy boards are indexed ``[y, x]`` with the same ``y``
(``np.flipud`` shows them as diagrams print, top row first); ``board()`` holds 0 for empty,
1 for black and -1 for white.

>>> import ttrules
>>> g = ttrules.Game(9, rules="chinese")
>>> g.play("E5"); g.play((2, 2)); g.pass_(); g.pass_()
(0, 0)
(0, 0)
>>> g.over, g.result()
(True, 'W+7.5')
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from . import _ttrules
from ._errors import (
    IllegalMove,
    InternalError,
    KomiError,
    PointError,
    RecordError,
    RulesError,
    SetupError,
    SizeError,
    TtrulesError,
    TtrulesTypeError,
    TtrulesValueError,
)
from ._ttrules import Game, Rules, gtp, point, sgf

__all__ = [
    "Game",
    "Rules",
    "replay",
    "replay_many",
    "verify",
    "merge_summaries",
    "sgf_files",
    "vectors",
    "point",
    "gtp",
    "sgf",
    "EMPTY",
    "BLACK",
    "WHITE",
    "RULES_TEXT_VERSION",
    "SPEC_VERSION",
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

#: The values of ``Game.board()``.
EMPTY, BLACK, WHITE = 0, 1, -1

#: The version of ``spec/RULES.md`` this package implements (``"ttrules-rules 1.1"``): the one
#: that ``ttrules --version`` names, and the ``spec`` field of the JSON documents the command
#: line prints. ``spec/CHANGELOG.md`` lists what each version added, amended and retired.
SPEC_VERSION: str = _ttrules.RULES_TEXT_VERSION

#: The same as ``SPEC_VERSION`` (its earlier name).
RULES_TEXT_VERSION: str = SPEC_VERSION

PathLike = Union[str, "os.PathLike[str]"]


def _options(
    rules: Union[None, str, Rules],
    komi: Union[None, float, str],
    dead: Union[None, str, Iterable[Any]],
) -> Dict[str, Any]:
    """The replay options as the extension takes them: strings, as the command line's flags."""
    out: Dict[str, Any] = {}
    if rules is not None:
        out["rules"] = rules.describe() if isinstance(rules, Rules) else str(rules)
    if komi is not None:
        out["komi"] = str(komi)
    if dead is not None:
        if isinstance(dead, str):
            out["dead"] = dead
        else:
            try:
                points = list(dead)
            except TypeError:
                raise TtrulesTypeError(
                    f"dead must be points (an iterable of (x, y) pairs or GTP strings, or one "
                    f"string of GTP points), not {type(dead).__name__}"
                ) from None
            out["dead"] = ",".join(gtp(p) for p in points)
    return out


def replay(
    source: Union[PathLike, bytes],
    rules: Union[None, str, Rules] = None,
    *,
    komi: Union[None, float, str] = None,
    handicap: Optional[int] = None,
    dead: Union[None, str, Iterable[Any]] = None,
    strict: bool = False,
    engine: str = "fast",
    game: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """Replays and scores every game of one SGF file (a path, or the file's bytes).

    Returns one dict per game of the file, each exactly the object ``ttrules replay --json``
    prints (Part III, r[rec.stop], r[rec.result.agree]); ``game=N`` keeps only game N (from 1).
    ``rules``, ``komi``, ``handicap``, ``dead`` and ``strict`` override the record as the command
    line's flags do (r[rec.override]); ``dead`` takes points or a string of GTP points. A missing
    file raises ``FileNotFoundError``; a file that is not a Go record, or a refused game, raises
    :class:`RecordError` with its ``kind``; when one game of several is refused, the error's
    ``games`` holds the documents of the others, as the command line prints them. An illegal move is not an error: the document says
    where replay stopped (``illegal``, with its reason and clause).
    """
    if isinstance(source, (bytearray, memoryview)):
        source = bytes(source)
    return _ttrules.replay_docs(
        source,
        handicap=handicap,
        strict=strict,
        engine=engine,
        game=game,
        **_options(rules, komi, dead),
    )


def replay_many(
    paths: Any,
    threads: int = 0,
    *,
    ordered: bool = False,
    rules: Union[None, str, Rules] = None,
    komi: Union[None, float, str] = None,
    handicap: Optional[int] = None,
    dead: Union[None, str, Iterable[Any]] = None,
    strict: bool = False,
    engine: str = "fast",
    ids: Any = None,
    format: str = "dicts",
    moves: bool = False,
) -> Any:
    """Replays many records on ``threads`` threads (0: one per core), with the GIL released.

    ``paths`` are files or folders (searched recursively for ``*.sgf``, as ``ttrules replay
    DIR`` does), or a column of SGF texts: any object of the Arrow PyCapsule interface (a
    pyarrow ``Array`` or ``ChunkedArray``, a polars ``Series``) of text or bytes, named by
    ``ids``, another column of text or integers of the same length (default: the row numbers);
    a record's id is its documents' ``file``. A null text is a refused record.

    With ``format="dicts"`` (the default), yields one dict per game as soon as its record is done
    (in record order with ``ordered=True``): the ``replay --json`` document, or for a game or
    record that could not be replayed ``{"file", "tree", "outcome": "refused", "error": {"kind",
    "message"}}`` as bulk ``replay --jsonl`` writes it. The dicts are built in Rust, without JSON
    text. Stopping the iteration early stops the work.

    With ``format="arrow"``, returns the games table (and with ``moves=True`` the moves table)
    of ``ttrules replay --parquet``, in record order, as :class:`Tables`: Arrow record batches
    that pyarrow, polars and DuckDB read through the Arrow PyCapsule interface, without a copy.
    """
    if format not in ("dicts", "arrow"):
        raise TtrulesValueError(f"format must be 'dicts' or 'arrow', not {format!r}")
    if not _is_arrow(paths):
        paths = _path_list(paths)
    args = dict(
        threads=threads,
        handicap=handicap,
        strict=strict,
        engine=engine,
        ids=ids,
        **_options(rules, komi, dead),
    )
    if format == "arrow":
        return _ttrules.replay_many_arrow(paths, moves=moves, **args)
    if moves:
        raise TtrulesValueError("moves=True is for format='arrow' (the dicts hold the turns)")
    return _ttrules.replay_many_docs(paths, ordered=ordered, **args)


def _is_arrow(obj: Any) -> bool:
    """Whether ``obj`` is an Arrow column (the PyCapsule interface)."""
    return hasattr(obj, "__arrow_c_stream__") or hasattr(obj, "__arrow_c_array__")


def verify(
    paths: Union[PathLike, Sequence[PathLike]],
    threads: int = 0,
    *,
    out: Optional[PathLike] = None,
    rules: Union[None, str, Rules] = None,
    komi: Union[None, float, str] = None,
    handicap: Optional[int] = None,
    strict: bool = False,
    engine: str = "fast",
) -> Dict[str, Any]:
    """Replays every file of ``paths`` and returns the summary of the run.

    The summary is the ``summary`` object of ``ttrules replay --summary-json`` (counts of files,
    games, outcomes, illegal moves by reason and clause, stops, refusals, warnings, ``RE``
    agreement), computed by the same code. With ``out``, every game's JSON line (as ``replay
    --jsonl`` writes it) is written in file order to a temporary file that is renamed to ``out``
    when complete: a rerun rewrites it whole, and a killed run leaves no partial ``out``.
    Summaries of disjoint shards add up with :func:`merge_summaries`.
    """
    text = _ttrules.verify_json(
        _path_list(paths),
        threads=threads,
        out=out,
        handicap=handicap,
        strict=strict,
        engine=engine,
        **_options(rules, komi, None),
    )
    result: Dict[str, Any] = json.loads(text)
    return result


def merge_summaries(summaries: Iterable[Dict[str, Any]]) -> Dict[str, Any]:
    """The summary of a run over the union of disjoint shards: every count added.

    Equal to the summary one :func:`verify` (or ``ttrules replay --summary-json``) over all the
    files gives, since each count is a sum over files.
    """
    merged: Dict[str, Any] = {}
    try:
        summaries = list(summaries)
    except TypeError:
        raise TtrulesTypeError(
            f"summaries must be an iterable of summaries (dicts), not {type(summaries).__name__}"
        ) from None
    for s in summaries:
        if not isinstance(s, dict):
            raise TtrulesTypeError(f"each summary must be a dict, not {type(s).__name__}")
        for key, value in s.items():
            if isinstance(value, dict):
                counts = Counter(merged.get(key, {}))
                counts.update(value)
                merged[key] = dict(sorted(counts.items()))
            elif isinstance(value, int):
                merged[key] = merged.get(key, 0) + value
            else:
                raise TtrulesValueError(f"merge_summaries: field {key!r} is not a count")
    return merged


def sgf_files(paths: Union[PathLike, Sequence[PathLike]]) -> List[str]:
    """The SGF files of ``paths`` as ``ttrules replay`` finds them: folders searched
    recursively for ``*.sgf`` (any case), sorted within each folder."""
    return list(_ttrules.sgf_files(_path_list(paths)))


def vectors() -> List[Dict[str, Any]]:
    """The corner-case vectors of ``spec/vectors/``, each as ``ttrules export-vectors`` writes it
    (setup, attempts with their expected verdicts and clauses, the end state), plus ``file``, its
    TOML file's name. Each was checked on both engines first; test another implementation by
    playing the attempts and comparing."""
    return [json.loads(d) for d in _ttrules.vectors_json()]


def _path_list(paths: Union[PathLike, Sequence[PathLike]]) -> List[Any]:
    """The paths as a list (a path alone is a list of one); checked in the extension, which
    raises :class:`TtrulesTypeError` for anything that is not a path."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        return [paths]
    try:
        return list(paths)
    except TypeError:
        raise TtrulesTypeError(
            f"paths must be a path (str or os.PathLike) or a list of paths, "
            f"not {type(paths).__name__}"
        ) from None
