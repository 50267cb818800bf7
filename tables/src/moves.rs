//! The moves table's builder: one row per turn replayed ([`crate::schema::MOVES`]).

use crate::games::{move_name, u16_of, u32_of, D8};
use crate::plain::{Bools, Maybe, Values};
use crate::schema::{moves_schema, MOVES};
use crate::vocab::Vocab;
use arrow_array::builder::ArrayBuilder;
use arrow_array::types::{Int16Type, Int8Type, UInt16Type, UInt32Type, UInt64Type, UInt8Type};
use arrow_array::{new_null_array, ArrayRef, RecordBatch};
use arrow_schema::DataType;
use ttrules_record::replay::{Replayed, TurnRecord};
use ttrules_spec::{Move, Player};

/// Builds the moves table a batch at a time, as [`crate::Games`] does the games table; with
/// `hashes`, the position hash of each turn ([`crate::hash`]) is computed (the game is played
/// again), else the column is null.
pub struct Moves {
    hashes: bool,
    game: Values<UInt64Type>,
    turn: Values<UInt32Type>,
    node: Values<UInt32Type>,
    colour: Vocab<Int8Type>,
    mv: Vocab<Int16Type>,
    x: Maybe<UInt8Type>,
    y: Maybe<UInt8Type>,
    legal: Bools,
    implied: Bools,
    captures: Values<UInt16Type>,
    reason: D8,
    clause: D8,
    /// Without `hashes` the column is all null, made at the batch's end.
    hash: Maybe<UInt64Type>,
    rows: usize,
}

impl Moves {
    pub fn new(hashes: bool) -> Moves {
        Moves {
            hashes,
            game: Values::default(),
            turn: Values::default(),
            node: Values::default(),
            colour: Vocab::new(2),
            mv: Vocab::new(Move::INDEXED),
            x: Maybe::default(),
            y: Maybe::default(),
            legal: Bools::default(),
            implied: Bools::default(),
            captures: Values::default(),
            reason: D8::default(),
            clause: D8::default(),
            hash: Maybe::default(),
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
        let n = turns.len();
        self.rows += n;
        // Column by column: each a loop the compiler can keep tight, with one reservation.
        self.game.extend(std::iter::repeat_n(game, n));
        self.turn.extend(turns.iter().map(|t| u32_of(t.number)));
        self.node.extend(turns.iter().map(|t| u32_of(t.node)));
        for t in turns {
            let player = t.player;
            let colour = usize::from(player == Player::White);
            self.colour.append(colour, || player.letter());
            match t.mv.index() {
                Some(i) => self.mv.append(i, || move_name(t.mv)),
                None => self.mv.append_other(&move_name(t.mv)),
            }
        }
        let point = |t: &TurnRecord| match t.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        };
        self.x.extend(turns.iter().map(|t| point(t).map(|p| p.x)));
        self.y.extend(turns.iter().map(|t| point(t).map(|p| p.y)));
        self.legal.extend(turns.iter().map(|t| t.legal));
        self.implied.extend(turns.iter().map(|t| t.implied));
        self.captures
            .extend(turns.iter().map(|t| u16_of(t.captured as usize)));
        // The reason and clause of the one illegal turn; null for the others.
        let illegal = r.replay.illegal.as_ref().and_then(|(it, why)| {
            let at = turns
                .iter()
                .position(|t| !t.legal && it.number == t.number)?;
            Some((at, why))
        });
        match illegal {
            Some((at, why)) => {
                for (column, word) in [
                    (&mut self.reason, why.reason()),
                    (&mut self.clause, why.clause().id()),
                ] {
                    column.append_nulls(at);
                    column.append_value(word);
                    column.append_nulls(n - at - 1);
                }
            }
            None => {
                self.reason.append_nulls(n);
                self.clause.append_nulls(n);
            }
        }
        if self.hashes {
            self.hash
                .extend((0..n).map(|i| hashes.as_ref().and_then(|h| h.get(i).copied().flatten())));
        }
    }

    /// The rows pushed since the last batch, as a batch; the builder starts afresh.
    pub fn finish(&mut self) -> RecordBatch {
        let rows = std::mem::take(&mut self.rows);
        let a = |b: &mut dyn ArrayBuilder| b.finish();
        let (colour, mv) = (self.colour.finish(), self.mv.finish());
        let hash = match self.hashes {
            true => self.hash.finish(),
            false => new_null_array(&DataType::UInt64, rows),
        };
        let columns: Vec<(&'static str, ArrayRef)> = vec![
            ("game", self.game.finish()),
            ("turn", self.turn.finish()),
            ("node", self.node.finish()),
            ("colour", colour),
            ("move", mv),
            ("x", self.x.finish()),
            ("y", self.y.finish()),
            ("legal", self.legal.finish()),
            ("implied", self.implied.finish()),
            ("captures", self.captures.finish()),
            ("reason", a(&mut self.reason)),
            ("clause", a(&mut self.clause)),
            ("hash", hash),
        ];
        debug_assert!(columns.iter().map(|c| c.0).eq(MOVES.iter().map(|c| c.name)));
        RecordBatch::try_new(
            moves_schema(),
            columns.into_iter().map(|(_, c)| c).collect(),
        )
        .expect("the builders make the schema's columns")
    }
}
