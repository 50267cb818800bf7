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
//! | [`game`] | 2. Turns, 10. Parameters and the game record | r[tt.turn], r[var.setup] |
//! | [`turn`] | 2. Turns, 3. Moves, 7. Verdicts, 12. Suicide | r[tt.start], r[tt.turn.pass], r[tt.turn.attempt], r[tt.move], r[tt.move.empty], r[tt.move.clear-opponent], r[tt.move.clear-self], r[verdict.order], r[verdict.legal-moves], r[var.suicide.allowed], r[var.suicide.multi-only], r[var.suicide.forbidden], r[var.verdict.order] |
//! | [`repetition`] | 2. Turns, 11. Repetition (the one reader of the repetition parameter) | r[tt.turn.repetition], r[var.ko.situational], r[var.ko.natural-situational], r[var.ko.simple], r[var.ko.simple.cycle], r[var.first-pass.button.new-history] |
//! | [`end`] | 4. The end, 13. The end and the score | r[tt.end], r[var.end.white-last], r[var.handicap], r[var.first-pass] |
//! | [`finish`] | Part V: 22. The pause and the dead stones, 23. The reserved points, 24. The ideal final position, the count and disputes | the `finish.*` clauses (table in [`finish`]) |
//! | [`life`] | 20. Pass-alive chains and pass-alive territory | r[life.region], r[life.vital], r[life.elimination], r[life.pass-alive], r[life.territory], r[life.area] |
//! | [`territory`] | 13. The end and the score | r[var.territory.eye-points], r[var.territory.blocks], r[var.territory.seki] |
//! | [`score`] | 5. Score and winner, 13. The end and the score | r[tt.score], r[tt.winner], r[param.komi], r[var.prisoners], r[var.pass.stones], r[var.count.dead], r[var.count.area], r[var.count.territory], r[var.tax.none], r[var.tax.ilr], r[var.tax.seki.blocks], r[var.tax.all.blocks], r[var.first-pass.button], r[var.first-pass.tie-break], r[var.first-pass.msg], r[var.ties.black-wins], r[var.handicap.compensation], r[var.score.final] |
//!
//! Conventions: `p`, `q: Point`; `c: Colour` (black, white or empty, r[tt.colouring]);
//! `player: Player`; `g: Grid`. Spec words only: *reach*, *clear*, *colouring*, *earlier colouring*,
//! *situation*, *independent-life region* (whose definition itself speaks of chains and liberties),
//! *eye point*, *dame*, *block*, *seki*.
//! Sections 6 (derived notions), 9 (interpretation notes), 14 (KataGo) and 15 (named rulesets) have
//! no module: they add no rule. The whole state is the game record ([`game::Record`]): every other
//! fact is recomputed from it whenever it is asked for.

pub mod board;
pub mod clear;
pub mod end;
pub mod finish;
pub mod game;
pub mod life;
pub mod reach;
pub mod repetition;
pub mod score;
pub mod territory;
pub mod turn;

pub use turn::Reference;
