//! The reference engine of ttrules: `spec/RULES.md`, line by line.
//!
//! This engine is deliberately naive. The grid is a plain vector of colours; "reach" is a path search
//! from scratch; "clear" scans the whole grid; the history is a list of full colourings checked by a
//! linear scan. There are no caches, no incremental state, no bit tricks and no `unsafe`. When in
//! doubt, it takes the form a rules lawyer would check fastest. It is the anchor that every other
//! engine is tested against, so it must stay obviously right rather than fast.
//!
//! | module | spec section (`spec/RULES.md`) | clauses |
//! | --- | --- | --- |
//! | [`board`] | 1. The board | r[tt.board], r[tt.board.size], r[tt.adjacent] |
//! | [`reach`] | 1. The board | r[tt.reach] |
//! | [`clear`] | 1. The board | r[tt.clear] |
//! | [`turn`] | 2. Turns, 3. Moves, 4. The end, 7. Verdicts | r[tt.start], r[tt.turn], r[tt.turn.pass], r[tt.turn.repetition], r[tt.turn.attempt], r[tt.move], r[tt.move.empty], r[tt.move.clear-opponent], r[tt.move.clear-self], r[tt.end], r[verdict.order], r[verdict.legal-moves] |
//! | [`score`] | 5. Score and winner | r[tt.score] (r[tt.winner] and r[param.komi] are in `ttrules_spec::score`) |
//!
//! Conventions: `p`, `q: Point`; `c: Colour` (black, white or empty, r[tt.colouring]);
//! `player: Player`; `g: Grid`. Spec words only: *reach*, *clear*, *colouring*, *earlier colouring*.
//! Sections 6 (derived notions) and 9 (interpretation notes) have no module: they add no rule, and
//! this engine does not use the derived notions.

pub mod board;
pub mod clear;
pub mod reach;
pub mod score;
pub mod turn;

pub use turn::Reference;
