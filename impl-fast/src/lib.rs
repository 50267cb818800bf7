//! ttrules-fast: an engine-speed implementation of the Tromp-Taylor rules and every rule variant of
//! `spec/RULES.md` (Part II: every value of every parameter of `Rules`), that agrees with
//! `ttrules-reference` on every observable (`ttrules_spec::engine::Observation`). The hot path of
//! Tromp-Taylor (positional superko, suicide allowed) pays one predictable branch per variant
//! decision.
//!
//! | module | what |
//! | --- | --- |
//! | [`layout`] | the padded grid: guard points around the edge, neighbour offsets |
//! | [`bits`] | bitboards over the padded grid: colour planes, neighbour sets by shifts, flood fill |
//! | [`fast`] | the engine [`Fast`]: mailbox, bit planes, chains with pseudo-liberty sums, the counters of the game record that Part II reads, scoring with dead stones and taxes (one submodule each) |
//! | `history` | every earlier colouring (or situation), stored exactly with a tag, indexed by zobrist hash |
//! | `zobrist` | the random keys of the hash, and the keys of history tags |
//! | [`count`] | exhaustive counts with known answers: games ([`count_games`], [`count_games_tiny`], [`count::graph`]), legal positions ([`count_legal`]), perft ([`perft`], [`perft_fast`], `spec/perft.md`) |
//!
//! # Glossary: engine words and the clauses they stand for
//!
//! | word | meaning | spec |
//! | --- | --- | --- |
//! | chain | a maximal set of same-coloured stones connected by adjacency | r[tt.derived.chain] |
//! | head | the stone that represents its chain; per-chain data is stored at the head | — |
//! | liberty | an empty point adjacent to a chain; a chain reaches empty iff it has one | r[tt.derived.liberty], r[tt.reach] |
//! | pseudo-liberty | a (stone, empty neighbour) adjacency of a chain; their count, sum and sum of squares tell no / one / more liberties exactly | r[tt.derived.liberty] |
//! | atari | a chain with exactly one liberty | r[var.tax.ilr] (c) |
//! | capture | emptying opponent chains left without a liberty | r[tt.move.clear-opponent], r[tt.clear] |
//! | suicide | emptying own chains left without a liberty | r[tt.move.clear-self], r[tt.clear] |
//! | zobrist hash | XOR of a random key per stone; a fast *filter* for colourings, never a judge | r[tt.turn.repetition] |
//! | history | every earlier colouring (or situation, or created colouring), kept as exact bit planes with a tag | r[tt.turn.repetition], r[tt.note.start-colouring], r[var.ko.situational], r[var.ko.natural-situational], r[var.ko.simple.cycle] |
//! | superko | what other engines call r[tt.turn.repetition] (positional) or r[var.ko.situational] / r[var.ko.natural-situational]; here always exact | r[tt.note.positional] |
//! | ko state | what the opponent's last turn did, enough to judge simple ko exactly | r[var.ko.simple] |
//! | record counters | turns, passes, prisoners, opening, first pass: the facts of the game record Part II reads | r[var.prisoners], r[var.handicap], r[var.first-pass], r[tt.end], r[var.end.white-last] |
//! | independent-life region | computed by flood fills over bit planes at scoring time | r[var.tax.ilr] |
//! | block, seki | a block is a flood of one colour's stones and eye points; the dames next to a block with two eye points are flooded as filled, the rest are seki; computed at scoring time | r[var.territory.blocks], r[var.territory.seki] |
//! | region / flood fill | empty points connected through empty points; a region reaches a colour if it touches it | r[tt.score], r[tt.reach] |
//! | vertex | a grid point as an index of the padded layout | r[tt.board] |
//! | eyelike | a playout policy for benchmarks, not a rule ([`Fast::is_eyelike`], and the fused playout step [`Fast::play_if_legal_non_eyelike`]) | — |
//!
//! Where the code is not a literal reading of the spec, a `Note:` comment says why it is
//! equivalent. The invariant checker [`FastWith::assert_invariants`] recomputes everything
//! derived from scratch; the tests run it after every turn.

pub mod bits;
pub mod count;
pub mod fast;
mod history;
pub mod layout;
mod zobrist;

/// A seeded xorshift source for the crate's unit tests: each call `rand(n)` gives the next
/// number in `0..n`.
#[cfg(test)]
pub(crate) fn test_rand(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

/// A random move among `legal` for the crate's unit tests: a pass where there is none, else a pass
/// one time in `pass_one_in` (never when it is 0), else a point drawn from `legal`.
#[cfg(test)]
pub(crate) fn test_move(
    legal: &[ttrules_spec::Point],
    rand: &mut impl FnMut(usize) -> usize,
    pass_one_in: usize,
) -> ttrules_spec::Move {
    use ttrules_spec::Move;
    match legal.len() {
        0 => Move::Pass,
        _ if pass_one_in > 0 && rand(pass_one_in) == 0 => Move::Pass,
        n => Move::Play(legal[rand(n)]),
    }
}

pub use count::perft::{perft, perft_fast, PerftCounts, PerftResult, PerftRun, PerftSpec};
pub use count::{count_games, count_games_tiny, count_legal};
pub use fast::{FastWith, MoveClasses, Vertex};

/// The fast engine, with a 64-bit zobrist hash.
pub type Fast = FastWith<64>;
