//! Part V of the spec: the 计活子 finish (counting living stones), naive like the rest of this
//! crate: every fact is recomputed from the colourings by searches from scratch.
//!
//! | module | spec section (`spec/RULES.md`) | clauses |
//! | --- | --- | --- |
//! | [`pause`] | 22. The pause and the dead stones | r[finish.pause] |
//! | [`marks`] | 22. The pause and the dead stones | r[finish.marks], r[finish.marks.empty] |
//! | [`dead`] | 22. The pause and the dead stones | r[finish.dead.agreed], r[finish.dead.marks], r[finish.dispute.dead] |
//! | [`reserve`] | 23. The reserved points | r[finish.territory], r[finish.living-group], r[finish.reserved], r[finish.dispute.eye-outside], r[finish.eyes.enough], r[finish.eyes.auto] |
//! | [`fill`] | 24. The ideal final position, the count and disputes | r[finish.fill], r[finish.fill.legal], r[finish.count.stones], r[finish.count.roads], r[finish.count.agree], r[finish.komi], r[finish.winner] |
//! | [`resume`](mod@resume) | 24. The ideal final position, the count and disputes | r[finish.dispute], r[finish.resume.pause], r[finish.resume.ideal] |
//!
//! [`finish`] runs the steps in the order of the text. Conventions as in the rest of the crate
//! (`p: Point`, `g: Grid`, `player: Player`); spec words only: *pause position*, *cleared
//! position*, *territory*, *living group*, *reserved point*, *road point*, *ideal final position*.
//! r[finish.note.tax] is a theorem, not a step: the property tests check it against both engines.

pub mod dead;
pub mod fill;
pub mod marks;
pub mod pause;
pub mod reserve;
pub mod resume;

pub use marks::{MarkKind, Marks};
pub use pause::Pause;
pub use resume::{resume, resume_from_ideal, resume_from_pause, Resolution, Resumption};

use std::fmt;
use ttrules_spec::{Clause, Colour, DeadError, Grid, Illegal, Komi, Move, Outcome, Player, Point};
use ttrules_spec::{SetupError, Size};

/// Which stones are dead (r[finish.dead.agreed]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStones {
    /// No stone is dead (r[tt.note.no-removal]).
    None,
    /// The stones agreed dead, as given (r[var.count.dead] checks them).
    Agreed(Vec<Point>),
    /// Derived from the eye and shared marks (r[finish.dead.marks]); needs [`Eyes::Given`].
    FromMarks,
}

/// Where the reserved points come from (r[finish.reserved]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Eyes {
    /// Marks the players give (read on the cleared position).
    Given(Marks),
    /// Chosen by r[finish.eyes.auto].
    Auto,
}

/// One value per player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Both<T> {
    pub black: T,
    pub white: T,
}

impl<T> Both<T> {
    pub fn get(&self, player: Player) -> &T {
        match player {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }

    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Black => &mut self.black,
            Player::White => &mut self.white,
        }
    }
}

/// What a P-region holding P's stones is (r[finish.living-group]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// An independent-life region: a living group.
    Living,
    /// It contains a dame region: its stones share liberties with the opponent.
    Seki,
    /// Neither: a chain in it has one liberty.
    Unsettled,
}

impl RegionKind {
    pub const fn name(self) -> &'static str {
        match self {
            RegionKind::Living => "living",
            RegionKind::Seki => "seki",
            RegionKind::Unsettled => "unsettled",
        }
    }
}

/// A P-region of the cleared position that holds a stone of P, with what the finish did in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub player: Player,
    pub kind: RegionKind,
    /// Every point of the region, in point-index order.
    pub points: Vec<Point>,
    /// Its points of P's territory (r[finish.territory]), in point-index order.
    pub territory: Vec<Point>,
    /// The reserved points of P in it (r[finish.reserved]).
    pub reserved: Vec<Point>,
    /// Whether two of its reserved points make two eyes on the ideal final position (the test of
    /// r[finish.eyes.auto]); false outside living groups.
    pub two_eyes: bool,
}

/// The kinds of dispute (r[finish.dispute]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DisputeKind {
    /// r[finish.dispute.dead]: an agreed dead stone that the marks keep alive.
    DeadStoneAlive,
    /// r[finish.dispute.eye-outside]: a mark where the position allows none of its kind.
    MarkOutside,
    /// r[finish.eyes.enough]: too few reserved points for a region.
    TooFewEyes,
}

impl DisputeKind {
    /// The word of the JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            DisputeKind::DeadStoneAlive => "dead-stone-alive",
            DisputeKind::MarkOutside => "mark-outside",
            DisputeKind::TooFewEyes => "too-few-eyes",
        }
    }

    pub const fn clause(self) -> Clause {
        match self {
            DisputeKind::DeadStoneAlive => Clause::FinishDisputeDead,
            DisputeKind::MarkOutside => Clause::FinishDisputeEyeOutside,
            DisputeKind::TooFewEyes => Clause::FinishEyesEnough,
        }
    }

    /// r[finish.dispute]: dead-stone disputes resume from the pause, the others from the disputed
    /// ideal final position.
    pub const fn resolution(self) -> Resolution {
        match self {
            DisputeKind::DeadStoneAlive => Resolution::FromPause,
            DisputeKind::MarkOutside | DisputeKind::TooFewEyes => Resolution::FromIdeal,
        }
    }
}

/// A contradiction between the marks (or the dead list) and the position, with the disputed points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispute {
    pub kind: DisputeKind,
    /// The player whose stones, marks or region are disputed (`None` for a shared mark).
    pub player: Option<Player>,
    /// The mark's kind, for [`DisputeKind::MarkOutside`].
    pub mark: Option<MarkKind>,
    /// The disputed points, in point-index order.
    pub points: Vec<Point>,
}

impl fmt::Display for Dispute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pts: Vec<String> = self.points.iter().map(|p| p.gtp()).collect();
        let pts = pts.join(" ");
        let who = self.player.map_or("", |p| match p {
            Player::Black => "Black",
            Player::White => "White",
        });
        match (self.kind, self.mark) {
            (DisputeKind::DeadStoneAlive, _) => {
                write!(f, "stones agreed dead that {who}'s marks keep alive: {pts}")?
            }
            (DisputeKind::MarkOutside, Some(MarkKind::Shared) | None) => {
                write!(f, "shared mark {pts} is not on a shared point")?
            }
            (DisputeKind::MarkOutside, Some(kind)) => {
                write!(f, "{} {pts} is not in {who}'s territory", kind.name())?
            }
            (DisputeKind::TooFewEyes, _) => write!(
                f,
                "too few reserved points for {who} in the region of the territory {pts}"
            )?,
        }
        write!(f, " ({})", self.kind.clause())
    }
}

/// Both ways of counting one player's living stones (r[finish.count.stones],
/// r[finish.count.roads]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Stones on the cleared position (局子).
    pub board: usize,
    /// Road points (路子).
    pub roads: usize,
    /// Stones on the ideal final position.
    pub ideal: usize,
}

impl Count {
    /// The count (r[finish.count.agree]: `board + roads == ideal`).
    pub const fn total(self) -> usize {
        self.ideal
    }
}

/// Everything the finish computed, from the pause position to the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Figure 1: the pause position.
    pub pause: Grid,
    /// The player to move at the pause (r[finish.pause]).
    pub to_move: Player,
    /// The dead stones, in point-index order, each once.
    pub dead: Vec<Point>,
    /// Whether they were derived from the marks (r[finish.dead.marks]) rather than agreed.
    pub dead_derived: bool,
    /// Figure 2: the cleared position.
    pub cleared: Grid,
    /// The marks in force: as given (each once), or as chosen by r[finish.eyes.auto].
    pub marks: Marks,
    /// Whether the marks were chosen automatically.
    pub eyes_auto: bool,
    /// The P-regions that hold P's stones, Black's first, each in point-index order.
    pub regions: Vec<Region>,
    /// The reserved points of each player (r[finish.reserved]), in point-index order.
    pub reserved: Both<Vec<Point>>,
    /// The shared marks that stand on shared points, in point-index order.
    pub shared_marks: Vec<Point>,
    /// Every shared point of the cleared position (r[finish.territory]).
    pub shared: Vec<Point>,
    /// Every neutral point.
    pub neutral: Vec<Point>,
    /// The road points of each player (r[finish.reserved]).
    pub roads: Both<Vec<Point>>,
    /// Figure 4: the ideal final position (disputed when [`Finish::disputes`] is not empty).
    pub ideal: Grid,
    /// The stones of the ideal final position that do not reach empty (r[finish.fill.legal]).
    pub without_liberty: Vec<Point>,
    pub count: Both<Count>,
    pub komi: Komi,
    /// The result (r[finish.winner]); `None` when disputed.
    pub outcome: Option<Outcome>,
    /// Every dispute (r[finish.dispute]): dead-stone disputes first, then marks outside, then
    /// regions with too few reserved points.
    pub disputes: Vec<Dispute>,
}

impl Finish {
    /// Figure 3: the points drawn ﹟ on the cleared position (reserved points and shared marks).
    pub fn drawn_reserved(&self) -> Vec<Point> {
        let mut all: Vec<Point> = self
            .reserved
            .black
            .iter()
            .chain(&self.reserved.white)
            .chain(&self.shared_marks)
            .copied()
            .collect();
        all.sort_by_key(|&p| self.cleared.size().index(p));
        all.dedup();
        all
    }

    /// How the disputes are to be resolved, if there are any (r[finish.dispute]).
    pub fn resolution(&self) -> Option<Resolution> {
        self.disputes.iter().map(|d| d.kind.resolution()).min()
    }

    /// The ideal final position is a legal position (r[finish.fill.legal]).
    pub fn ideal_is_legal(&self) -> bool {
        self.without_liberty.is_empty()
    }
}

/// How a mark came to stand on a stone (r[finish.marks.empty]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OnStone {
    /// An eye mark on its own player's stone or a shared mark on a stone: wrong whatever is dead.
    Never,
    /// The stone is not among the stones agreed dead.
    NotAgreedDead,
    /// The dead stones are derived from the marks, and other marks keep this stone alive.
    KeptAlive,
}

/// Why a finish cannot be computed: each names its clause and, where there is one, the point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FinishError {
    /// The setup of the game is not a legal position (r[var.setup]).
    Setup(SetupError),
    /// A turn of the game is illegal (`number` from 1).
    IllegalTurn {
        number: usize,
        player: Player,
        mv: Move,
        why: Illegal,
    },
    /// The game has not ended: there is no pause (r[finish.pause]).
    NotEnded { turns: usize },
    /// The game ended void (r[finish.pause]).
    Void,
    /// The dead list is wrong (r[var.count.dead]).
    Dead(DeadError),
    /// A mark off the grid (r[finish.marks]).
    MarkOffGrid {
        kind: MarkKind,
        point: Point,
        size: Size,
    },
    /// A mark on a stone (r[finish.marks.empty]).
    MarkOnStone {
        kind: MarkKind,
        point: Point,
        colour: Colour,
        /// Why the stone is there to stand on.
        stone: OnStone,
    },
    /// Dead stones derived from marks chosen from the dead stones (r[finish.eyes.auto]).
    Circular,
    /// Play cannot resume from the pause under these rules (r[finish.resume.pause]).
    ResumeUnsupported { what: &'static str },
}

impl FinishError {
    /// The clause the error is about.
    pub fn clause(&self) -> Clause {
        match self {
            FinishError::Setup(_) => Clause::VarSetup,
            FinishError::IllegalTurn { why, .. } => why.clause(),
            FinishError::NotEnded { .. } | FinishError::Void => Clause::FinishPause,
            FinishError::Dead(_) => Clause::VarCountDead,
            FinishError::MarkOffGrid { .. } => Clause::FinishMarks,
            FinishError::MarkOnStone { .. } => Clause::FinishMarksEmpty,
            FinishError::Circular => Clause::FinishEyesAuto,
            FinishError::ResumeUnsupported { .. } => Clause::FinishResumePause,
        }
    }

    /// The point the error is about, if any.
    pub fn point(&self) -> Option<Point> {
        match self {
            FinishError::Setup(SetupError::StoneWithoutPath(p)) => Some(*p),
            FinishError::IllegalTurn {
                mv: Move::Play(p), ..
            } => Some(*p),
            FinishError::Dead(DeadError::OffGrid(p, _) | DeadError::Empty(p)) => Some(*p),
            FinishError::MarkOffGrid { point, .. } | FinishError::MarkOnStone { point, .. } => {
                Some(*point)
            }
            _ => None,
        }
    }
}

impl fmt::Display for FinishError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FinishError::Setup(e) => return write!(f, "{e}"),
            FinishError::IllegalTurn {
                number,
                player,
                mv,
                why,
            } => return write!(f, "turn {number} ({} {mv}) is illegal: {why}", player.letter()),
            FinishError::Dead(e) => return write!(f, "{e}"),
            FinishError::NotEnded { turns } => write!(
                f,
                "the game has not ended after its {turns} turns, so there is no pause to finish from (two consecutive passes end it)"
            )?,
            FinishError::Void => write!(f, "the game ended void: there is no result to finish")?,
            FinishError::MarkOffGrid { kind, point, size } => {
                write!(f, "{} {point}: the point is off the {size} board", kind.name())?
            }
            FinishError::MarkOnStone {
                kind,
                point,
                colour,
                stone,
            } => {
                let holds = match colour {
                    Colour::Black => "a black stone",
                    Colour::White => "a white stone",
                    Colour::Empty => "no stone",
                };
                let why = match stone {
                    OnStone::Never => "",
                    OnStone::NotAgreedDead => " that is not agreed dead",
                    OnStone::KeptAlive => " that the marks keep alive",
                };
                write!(
                    f,
                    "{} {point}: the point holds {holds}{why}; marks stand on empty points",
                    kind.name()
                )?
            }
            FinishError::Circular => write!(
                f,
                "the dead stones cannot be derived from marks that are chosen from the dead stones: agree the dead stones, or give the marks"
            )?,
            FinishError::ResumeUnsupported { what } => write!(
                f,
                "play cannot resume from the pause by replaying without its passes under {what}"
            )?,
        }
        write!(f, " ({})", self.clause())
    }
}

impl std::error::Error for FinishError {}

/// Runs the finish on `pause`: the dead stones, the reserved points, the ideal final position, both
/// counts, komi and the winner, or the disputes (sections 22 to 24, in the order of the text).
pub fn finish(
    pause: &Pause,
    dead: &DeadStones,
    eyes: &Eyes,
    komi: Komi,
) -> Result<Finish, FinishError> {
    let g = pause.grid();
    let given = match eyes {
        Eyes::Given(m) => {
            marks::check_on_grid(m, g.size())?;
            Some(m.deduplicated())
        }
        Eyes::Auto => None,
    };
    // r[finish.dead.agreed]: agreed, derived from the marks, or none.
    let (dead_stones, dead_derived) = match (dead, &given) {
        (DeadStones::None, _) => (Vec::new(), false),
        (DeadStones::Agreed(list), _) => (dead::agreed(g, list)?, false),
        (DeadStones::FromMarks, Some(m)) => {
            marks::check_before_derivation(g, m)?;
            (dead::derived(g, m), true)
        }
        (DeadStones::FromMarks, None) => return Err(FinishError::Circular),
    };
    let cleared = dead::cleared(g, &dead_stones);
    let mut disputes = Vec::new();
    if let Some(m) = &given {
        marks::check_empty(&cleared, m, dead_derived)?;
        if !dead_derived {
            disputes.extend(dead::contradicted(g, &dead_stones, m));
        }
    }
    let mut regions = reserve::regions(&cleared);
    let marks = match given {
        Some(m) => m,
        None => reserve::auto_marks(&cleared, &regions),
    };
    let reserved = reserve::reserve(&cleared, &marks);
    disputes.extend(reserved.outside.iter().cloned());
    let roads = reserve::roads(&cleared, &reserved.points);
    let ideal = fill::ideal(&cleared, &roads);
    disputes.extend(reserve::too_few(
        &cleared,
        &regions,
        &reserved.points,
        &ideal,
    ));
    reserve::describe(&mut regions, &reserved.points, &ideal);
    let without_liberty = fill::without_liberty(&ideal);
    let count = fill::count(&cleared, &roads, &ideal);
    let outcome = disputes.is_empty().then(|| fill::outcome(&count, komi));
    let (shared, neutral) = reserve::shared_and_neutral(&cleared);
    Ok(Finish {
        pause: g.clone(),
        to_move: pause.to_move(),
        dead: dead_stones,
        dead_derived,
        cleared,
        marks,
        eyes_auto: *eyes == Eyes::Auto,
        regions,
        reserved: reserved.points,
        shared_marks: reserved.shared_marks,
        shared,
        neutral,
        roads,
        ideal,
        without_liberty,
        count,
        komi,
        outcome,
        disputes,
    })
}

/// The points of `g` in point-index order that satisfy `f`.
fn points_where(g: &Grid, f: impl Fn(Point) -> bool) -> Vec<Point> {
    g.size().points().filter(|&p| f(p)).collect()
}

/// Sorts points by point index and removes repeats.
fn sorted(g: &Grid, mut ps: Vec<Point>) -> Vec<Point> {
    ps.sort_by_key(|&p| g.size().index(p));
    ps.dedup();
    ps
}
