//! The moves table's position hash (`--hashes`): a Zobrist hash of the colouring after each turn,
//! defined here once and for good, engine-independent, so that equal positions of different games
//! (and of different runs) hash equal.
//!
//! The key of a stone of colour `c` (0 black, 1 white) on the point `(x, y)` (column from 0 at the
//! left, row from 0 at the bottom) is `splitmix64(0x7474_7275_6c65_7368 ^ (2 × (25 × y + x) + c))`
//! (the splitmix64 finaliser of [`ttrules_record::shard::stable_hash`] after adding
//! `0x9E37_79B9_7F4A_7C15`); the hash of a colouring is the XOR of the keys of its stones (the
//! empty board hashes to 0). The board's size is not hashed: the game's row gives it.

use ttrules_fast::Fast;
use ttrules_record::replay::Game;
use ttrules_spec::{Colour, Engine, Move, Point};

/// The widest board side (r[tt.board.size]).
const SIDE: u64 = ttrules_spec::point::MAX_SIDE as u64;
const SEED: u64 = 0x7474_7275_6c65_7368;

fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a stone of `colour` (black or white) on `p`.
pub fn key(p: Point, black: bool) -> u64 {
    let i = SIDE * u64::from(p.y) + u64::from(p.x);
    splitmix64(SEED ^ (2 * i + u64::from(!black)))
}

/// The hash of the colouring of `e`, from scratch.
fn colouring<E: Engine>(e: &E) -> u64 {
    let size = e.size();
    let mut h = 0;
    for y in 0..size.height() {
        for x in 0..size.width() {
            let p = Point::new(x as u8, y as u8);
            match e.colour_at(p) {
                Colour::Black => h ^= key(p, true),
                Colour::White => h ^= key(p, false),
                Colour::Empty => {}
            }
        }
    }
    h
}

/// The hash after each of the first `turns` turns of `game` (a replay's turns: the last may be
/// illegal, and has none), played again on the fast engine from its setup. `None` when the game
/// cannot be set up again, which a replay that reached its turns rules out.
///
/// Note: a turn that empties no point (most) toggles the key of the stone it placed; one that
/// captures or suicides is hashed from scratch. A turn after the end is played after a resume,
/// as the replay played it (r[rec.resume]).
pub fn hashes(game: &Game, turns: usize) -> Option<Vec<Option<u64>>> {
    let mut e = Fast::from_setup(&game.setup, game.rules).ok()?;
    let mut h = colouring(&e);
    let mut out = Vec::with_capacity(turns);
    for m in game.moves.iter().take(turns) {
        if e.is_over() && e.resume().is_err() {
            return None;
        }
        match e.play(m.mv) {
            Ok(report) => {
                if report.captured > 0 || report.suicided > 0 {
                    h = colouring(&e);
                } else if let Move::Play(p) = m.mv {
                    h ^= key(p, m.player == ttrules_spec::Player::Black);
                }
                out.push(Some(h));
            }
            Err(_) => out.push(None),
        }
    }
    Some(out)
}
