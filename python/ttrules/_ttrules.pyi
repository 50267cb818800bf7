"""Types of the extension module ttrules._ttrules (the Rust layer; see ttrules/__init__.py)."""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Point = Tuple[int, int]
PointLike = Union[Point, Sequence[int], str]
MoveLike = Union[PointLike, None]

RULES_TEXT_VERSION: str

class Rules:
    """A complete set of rule parameters (r[var.params]).

    ``Rules(name)`` reads any name the command line takes: our ruleset names (``chinese``,
    ``japanese``, ``aga``, …, r[var.rulesets]), the SGF spellings of r[rec.rules] (``TT``,
    ``NZ``, ``GOE``), KataGo rules strings (r[var.katago]) and parameter lists
    (``"repetition=situational suicide=forbidden"``); keyword arguments then set single
    parameters (``Rules("chinese", repetition="positional")``). Raises ``RulesError``.
    """

    def __init__(self, name: str = "tromp-taylor", **parameters: str) -> None: ...
    @property
    def name(self) -> Optional[str]:
        """Our name of these parameters, if they are a named ruleset."""
    @property
    def default_komi(self) -> Optional[float]:
        """The komi the name carries (None for a parameter list)."""
    @property
    def katago(self) -> str:
        """The nearest KataGo rules string (r[var.katago])."""
    @property
    def repetition(self) -> str:
        """positional (r[tt.turn.repetition]), situational, natural-situational or simple-ko."""
    @property
    def suicide(self) -> str:
        """allowed (r[var.suicide.allowed]), multi-stone-only or forbidden."""
    @property
    def counting(self) -> str:
        """area (r[var.count.area]), territory or area-pass-alive."""
    @property
    def tax(self) -> str:
        """none (r[var.tax.none]), seki or all."""
    @property
    def pass_stones(self) -> str:
        """none or one-per-pass (r[var.pass.stones])."""
    @property
    def end(self) -> str:
        """two-passes (r[tt.end]), white-passes-last or repeated-pass."""
    @property
    def first_pass(self) -> str:
        """nothing, button, tie-break, msg or button-new-history (r[var.first-pass])."""
    @property
    def ties(self) -> str:
        """draw (r[tt.winner]) or black-wins."""
    @property
    def handicap(self) -> str:
        """none, n or n-1 (r[var.handicap.compensation])."""
    def parameters(self) -> Dict[str, str]:
        """Every parameter by name, in the order of r[var.params]."""
    def describe(self) -> str:
        """The parameters as one line, ``repetition=positional suicide=allowed …``."""
    @classmethod
    def names(cls) -> List[str]:
        """The named rulesets (r[var.rulesets])."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A game of Go (r[tt.start]): ``Game(width, height=width, rules="tromp-taylor", komi=…)``.

    ``komi`` defaults to the named ruleset's komi (0 for Tromp-Taylor and parameter lists);
    ``setup`` is a diagram (rows of ``X``, ``O`` and ``.``, top row first) or an int array
    indexed ``[y, x]`` (r[var.setup]); ``engine`` is ``"fast"`` or ``"reference"`` (the naive
    engine that follows the text line by line, for cross-checks).
    """

    def __init__(
        self,
        width: int = 19,
        height: Optional[int] = None,
        rules: Union[None, str, Rules] = None,
        *,
        komi: Union[None, float, str] = None,
        setup: Union[None, str, Sequence[str], npt.ArrayLike] = None,
        to_move: str = "B",
        handicap: int = 0,
        engine: str = "fast",
    ) -> None: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def komi(self) -> float: ...
    @property
    def engine(self) -> str: ...
    def play(self, point: MoveLike) -> Tuple[int, int]:
        """Plays for the player to move (r[tt.turn]); returns ``(captured, suicided)``.

        Raises ``IllegalMove`` (with ``reason`` and ``clause``) and changes nothing when the
        move is illegal (r[tt.turn.attempt], r[var.verdict.order]); a point off the board is
        illegal by r[tt.board] (reason ``off-grid``); a value that is no point raises
        ``PointError``.
        """
    def pass_(self) -> None:
        """Passes (r[tt.turn.pass]); ``IllegalMove`` (game-over) after the end."""
    def is_legal(self, point: MoveLike) -> bool: ...
    def verdict(self, point: MoveLike) -> Optional[Tuple[str, str]]:
        """``None`` if ``play(point)`` would be legal, else ``(reason, clause id)``."""
    def legal_moves(self) -> npt.NDArray[np.bool_]:
        """Legal moves as a bool array indexed ``[y, x]`` (r[verdict.legal-moves])."""
    def legal_points(self) -> List[Point]:
        """Legal moves as points, in point-index order (r[verdict.legal-moves])."""
    def board(self) -> npt.NDArray[np.int8]:
        """The colouring, int8 indexed ``[y, x]``: 0 empty, 1 black, -1 white (r[tt.colouring])."""
    @property
    def to_move(self) -> str:
        """``"B"`` or ``"W"``."""
    @property
    def over(self) -> bool:
        """Whether the game has ended (r[tt.end])."""
    @property
    def void(self) -> bool:
        """Whether it ended with no result (r[var.ko.simple.cycle])."""
    @property
    def turns(self) -> int: ...
    @property
    def passes(self) -> int:
        """Consecutive passes counting toward the end (r[tt.end])."""
    @property
    def prisoners(self) -> Tuple[int, int]:
        """``(black, white)`` prisoners held (r[var.prisoners])."""
    @property
    def first_passer(self) -> Optional[str]: ...
    @property
    def handicap(self) -> int: ...
    @property
    def moves(self) -> List[Optional[Point]]:
        """Every turn so far; ``None`` for a pass."""
    def score(self, dead: Union[None, str, Sequence[PointLike]] = None) -> Tuple[float, float]:
        """``(black, white)`` before komi if the game ended now (r[tt.score], r[var.count.dead])."""
    def result(self, dead: Union[None, str, Sequence[PointLike]] = None) -> str:
        """The result with komi as SGF ``RE`` writes it, ``B+3.5``, ``0``, ``Void`` (r[tt.winner])."""
    def winner(self, dead: Union[None, str, Sequence[PointLike]] = None) -> str:
        """``"B"``, ``"W"``, ``"tie"`` or ``"void"``."""
    def margin(self, dead: Union[None, str, Sequence[PointLike]] = None) -> float: ...
    def pass_alive(self) -> Dict[str, List[Point]]:
        """``{"black": points, "white": points}``: each player's pass-alive area (r[life.area])."""
    def resume(self) -> None:
        """Resumes play after the end (r[end.resume])."""
    def undo(self) -> None:
        """Takes back the last turn (replays the rest from the setup: O(turns))."""
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def _panic_for_test(self) -> None: ...

class ReplayIter(Iterator[Dict[str, Any]]):
    def __iter__(self) -> "ReplayIter": ...
    def __next__(self) -> Dict[str, Any]: ...

class Table:
    """An Arrow table (record batches) of the PyCapsule interface."""
    num_rows: int
    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...

class Tables:
    """The games table and, with ``moves=True``, the moves table of ``replay_many``."""
    games: Table
    moves: Optional[Table]
    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...

def _rules_from_state(parameters: str, komi_halves: Optional[int]) -> Rules: ...
def replay_docs(
    source: Any,
    rules: Optional[str] = None,
    komi: Optional[str] = None,
    handicap: Optional[int] = None,
    dead: Optional[str] = None,
    strict: bool = False,
    engine: str = "fast",
    game: Optional[int] = None,
) -> List[Dict[str, Any]]: ...
def replay_many_docs(
    paths: Any,
    threads: int = 0,
    ordered: bool = False,
    rules: Optional[str] = None,
    komi: Optional[str] = None,
    handicap: Optional[int] = None,
    dead: Optional[str] = None,
    strict: bool = False,
    engine: str = "fast",
    ids: Any = None,
) -> ReplayIter: ...
def replay_many_arrow(
    paths: Any,
    threads: int = 0,
    rules: Optional[str] = None,
    komi: Optional[str] = None,
    handicap: Optional[int] = None,
    dead: Optional[str] = None,
    strict: bool = False,
    engine: str = "fast",
    ids: Any = None,
    moves: bool = False,
) -> Tables: ...
def verify_json(
    paths: List[str],
    threads: int = 0,
    out: Optional[str] = None,
    rules: Optional[str] = None,
    komi: Optional[str] = None,
    handicap: Optional[int] = None,
    dead: Optional[str] = None,
    strict: bool = False,
    engine: str = "fast",
) -> str: ...
def sgf_files(paths: List[str]) -> List[str]: ...
def vectors_json() -> List[str]: ...
def point(p: PointLike) -> Point:
    """``point("D4") == (3, 3)``."""
def gtp(p: PointLike) -> str:
    """``gtp((3, 3)) == "D4"``."""
def sgf(p: PointLike, width: int, height: int) -> str:
    """``sgf((3, 3), 19, 19) == "dp"`` (SGF counts rows from the top)."""
