//! The one seam between `replay --compare` and the record reader (spec Part III): a record is read
//! exactly as `replay` reads it ([`replay_file`]: the reader, the overrides of r[rec.override], the
//! dead stones of `--dead` or of the record's marks, r[rec.dead]) and becomes the setup, the rules
//! and komi `replay` would play, the turns and the stones agreed dead. Nothing else of the reader
//! is used, so that a new reader connects here and nowhere else.

use crate::dead_from::Source as DeadSource;
use crate::replay::{replay_file, Options};
use ttrules_sgf::{Stop, Warning};
use ttrules_spec::{Komi, Point, Rules, Setup, Size};

/// One turn of a record and where it stands in the file (the reader's own type).
pub type RecordTurn = ttrules_sgf::RecordMove;

pub use ttrules_sgf::Source;

/// A game record as the comparison replays it.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordGame {
    pub setup: Setup,
    /// The rules and komi `replay` plays the record with (r[rec.rules], r[rec.komi],
    /// r[rec.override]), and where each comes from.
    pub rules: Rules,
    pub komi: Komi,
    pub rules_from: Source,
    pub komi_from: Source,
    /// The turns of the main line, in order, up to where the record stops being a game.
    pub turns: Vec<RecordTurn>,
    /// The stones agreed dead at the end (r[var.count.dead]), and where they come from
    /// (r[rec.dead.source]).
    pub dead: Vec<Point>,
    pub dead_from: DeadSource,
    /// The game's number in the file, from 1, and how many the file holds (r[rec.trees]).
    pub tree: usize,
    pub trees: usize,
    /// Where the record stops being a game, as far as reading tells (r[rec.stop]); a turn after
    /// the end depends on the rules and is found by each row's replay.
    pub stop: Option<Stop>,
    /// The warnings of r[rec.warnings], as `replay` gives them.
    pub warnings: Vec<Warning>,
}

impl RecordGame {
    /// A game of `turns` from `setup`, with `dead` stones given on the command line, under
    /// tromp-taylor with komi 0 by default, the only game of its file.
    pub fn new(setup: Setup, turns: Vec<RecordTurn>, dead: Vec<Point>) -> RecordGame {
        RecordGame {
            setup,
            rules: Rules::TROMP_TAYLOR,
            komi: Komi::ZERO,
            rules_from: Source::Default,
            komi_from: Source::Default,
            dead_from: if dead.is_empty() {
                DeadSource::None
            } else {
                DeadSource::Flag
            },
            turns,
            dead,
            tree: 1,
            trees: 1,
            stop: None,
            warnings: Vec::new(),
        }
    }

    pub fn size(&self) -> Size {
        self.setup.grid.size()
    }
}

/// Reads game `only` (from 1; the first when `None`) of the file `bytes` named `file`, as
/// `replay FILE --game N` reads it with the command line's `opts`. The error says what is wrong
/// and where, as `replay` says it.
pub fn read_game(
    bytes: &[u8],
    file: &str,
    only: Option<usize>,
    opts: &Options,
) -> Result<RecordGame, String> {
    let n = only.unwrap_or(1);
    let replayed = replay_file(bytes, file, Some(n), opts)
        .into_iter()
        .next()
        .expect("replay_file answers once for one game");
    let r = match replayed {
        Ok(r) => r,
        Err(e) => {
            return Err(match e.tree {
                Some(t) if t > 1 || only.is_some() => format!("game {t}: {}", e.message),
                _ => e.message,
            })
        }
    };
    let g = r.record;
    Ok(RecordGame {
        setup: g.setup,
        rules: g.rules,
        komi: g.komi,
        rules_from: g.rules_from,
        komi_from: g.komi_from,
        turns: g.moves,
        dead_from: r.dead_from.clone(),
        dead: r.game.dead,
        tree: g.tree,
        trees: g.trees,
        stop: g.stop,
        warnings: r.warnings,
    })
}
