//! The moves table's builder: one row per turn replayed ([`crate::schema::MOVES`]).

use crate::games::{move_name, u16_of, u32_of, D8, SIDE};
use crate::schema::{moves_schema, MOVES};
use crate::vocab::Vocab;
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, UInt16Builder, UInt32Builder, UInt64Builder, UInt8Builder,
};
use arrow_array::types::{Int16Type, Int8Type};
use arrow_array::{ArrayRef, RecordBatch};
use ttrules_record::replay::Replayed;
use ttrules_spec::{Move, Player};

/// The moves of the `move` column's vocabulary: a pass, and each point of the widest board.
const MOVES_KNOWN: usize = 1 + SIDE as usize * SIDE as usize;

/// The index of `m` in the `move` column's vocabulary: a pass 0, a point of the widest board
/// after it.
fn move_index(m: Move) -> Option<usize> {
    match m {
        Move::Pass => Some(0),
        Move::Play(p) if p.x < SIDE && p.y < SIDE => {
            Some(1 + usize::from(p.x) * usize::from(SIDE) + usize::from(p.y))
        }
        Move::Play(_) => None,
    }
}

/// Builds the moves table a batch at a time, as [`crate::Games`] does the games table; with
/// `hashes`, the position hash of each turn ([`crate::hash`]) is computed (the game is played
/// again), else the column is null.
pub struct Moves {
    hashes: bool,
    game: UInt64Builder,
    turn: UInt32Builder,
    node: UInt32Builder,
    colour: Vocab<Int8Type>,
    mv: Vocab<Int16Type>,
    x: UInt8Builder,
    y: UInt8Builder,
    legal: BooleanBuilder,
    implied: BooleanBuilder,
    captures: UInt16Builder,
    reason: D8,
    clause: D8,
    hash: UInt64Builder,
    rows: usize,
}

impl Moves {
    pub fn new(hashes: bool) -> Moves {
        Moves {
            hashes,
            game: UInt64Builder::new(),
            turn: UInt32Builder::new(),
            node: UInt32Builder::new(),
            colour: Vocab::new(2),
            mv: Vocab::new(MOVES_KNOWN),
            x: UInt8Builder::new(),
            y: UInt8Builder::new(),
            legal: BooleanBuilder::new(),
            implied: BooleanBuilder::new(),
            captures: UInt16Builder::new(),
            reason: D8::default(),
            clause: D8::default(),
            hash: UInt64Builder::new(),
            rows: 0,
        }
    }

    /// The rows pushed since the last batch.
    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds the turns of one game, numbered `game`.
    pub fn push(&mut self, game: u64, r: &Replayed) {
        let turns = &r.replay.turns;
        let hashes = if self.hashes {
            crate::hash::hashes(&r.game, turns.len())
        } else {
            None
        };
        self.rows += turns.len();
        for (i, t) in turns.iter().enumerate() {
            self.game.append_value(game);
            self.turn.append_value(u32_of(t.number));
            self.node.append_value(u32_of(t.node));
            let player = t.player;
            let colour = usize::from(player == Player::White);
            self.colour.append(colour, || player.letter());
            match move_index(t.mv) {
                Some(i) => self.mv.append(i, || move_name(t.mv)),
                None => self.mv.append_other(&move_name(t.mv)),
            }
            match t.mv {
                Move::Play(p) => {
                    self.x.append_value(p.x);
                    self.y.append_value(p.y);
                }
                Move::Pass => {
                    self.x.append_null();
                    self.y.append_null();
                }
            }
            self.legal.append_value(t.legal);
            self.implied.append_value(t.implied);
            self.captures.append_value(u16_of(t.captured as usize));
            match &r.replay.illegal {
                Some((it, why)) if !t.legal && it.number == t.number => {
                    self.reason.append_value(why.reason());
                    self.clause.append_value(why.clause().id());
                }
                _ => {
                    self.reason.append_null();
                    self.clause.append_null();
                }
            }
            self.hash
                .append_option(hashes.as_ref().and_then(|h| h.get(i).copied().flatten()));
        }
    }

    /// The rows pushed since the last batch, as a batch; the builder starts afresh.
    pub fn finish(&mut self) -> RecordBatch {
        self.rows = 0;
        let a = |b: &mut dyn ArrayBuilder| b.finish();
        let (colour, mv) = (self.colour.finish(), self.mv.finish());
        let columns: Vec<(&'static str, ArrayRef)> = vec![
            ("game", a(&mut self.game)),
            ("turn", a(&mut self.turn)),
            ("node", a(&mut self.node)),
            ("colour", colour),
            ("move", mv),
            ("x", a(&mut self.x)),
            ("y", a(&mut self.y)),
            ("legal", a(&mut self.legal)),
            ("implied", a(&mut self.implied)),
            ("captures", a(&mut self.captures)),
            ("reason", a(&mut self.reason)),
            ("clause", a(&mut self.clause)),
            ("hash", a(&mut self.hash)),
        ];
        debug_assert!(columns.iter().map(|c| c.0).eq(MOVES.iter().map(|c| c.name)));
        RecordBatch::try_new(
            moves_schema(),
            columns.into_iter().map(|(_, c)| c).collect(),
        )
        .expect("the builders make the schema's columns")
    }
}
