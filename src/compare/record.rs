//! The one seam between `replay --compare` and the SGF reader: a record becomes the setup, the
//! rules and komi it names, its turns and the stones agreed dead. Nothing else of the reader is
//! used, so that a new reader connects here and nowhere else.

use crate::sgf;
use ttrules_spec::{Komi, Move, Player, Point, Rules, Setup, Size};

/// A game record as the comparison replays it.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordGame {
    pub setup: Setup,
    /// The rules `RU` names, with the komi that name carries; `None` without `RU`.
    pub rules: Option<(Rules, Option<Komi>)>,
    /// `KM`, if the record gives one.
    pub komi: Option<Komi>,
    /// The turns of the main line, in order.
    pub turns: Vec<RecordTurn>,
    /// The stones agreed dead at the end (r[var.count.dead]).
    pub dead: Vec<Point>,
}

/// One turn of a record and where it stands in the file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    /// The node on the main line, the root being node 0.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
    /// A White pass the record does not write, implied between handicap stones.
    pub implied: bool,
}

impl RecordGame {
    pub fn size(&self) -> Size {
        self.setup.grid.size()
    }
}

/// Reads the record in `bytes`, with the dead stones of `dead` (GTP points separated by commas or
/// spaces, as `--dead` gives them). The error says what is wrong and where.
pub fn read_game(bytes: &[u8], dead: Option<&str>) -> Result<RecordGame, String> {
    let text = String::from_utf8_lossy(bytes);
    let record = sgf::read(&text).map_err(|e| e.to_string())?;
    let dead = match dead {
        None => Vec::new(),
        Some(list) => list
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| Point::parse_gtp_on(s, record.size).map_err(|e| format!("--dead: {e}")))
            .collect::<Result<_, _>>()?,
    };
    Ok(RecordGame {
        setup: record.setup,
        rules: record.rules,
        komi: record.komi,
        turns: record
            .moves
            .iter()
            .map(|m| RecordTurn {
                node: m.node,
                player: m.player,
                mv: m.mv,
                implied: m.implied,
            })
            .collect(),
        dead,
    })
}
