//! `ttrules gtp --dead-list`: what `final_status_list dead` answers, for testing the end protocols
//! of spec Part VII against an engine that marks nothing, exactly the provably dead stones, every
//! stone (an abuse of r[end.abuse]) or a random set that changes with every question.

use ttrules_games::Rng;
use ttrules_spec::{Colour, Engine, Point};

/// The dead lists `ttrules gtp` gives.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum DeadList {
    /// No stone: dead stones are an input, never guessed (r[var.count.dead]).
    #[default]
    None,
    /// The stones standing in the opponent's pass-alive territory (r[end.arbiter.proven]).
    Proven,
    /// Every stone on the board, both colours.
    All,
    /// Each stone with probability one half, drawn anew at every question (seeded by `--seed`).
    Random,
}

impl DeadList {
    /// The dead stones of `e`'s position, in point-index order.
    pub fn dead<E: Engine>(self, e: &E, rng: &mut Rng) -> Vec<Point> {
        let g = e.grid();
        let stones = g.size().points().filter(|&p| g.get(p) != Colour::Empty);
        match self {
            DeadList::None => Vec::new(),
            DeadList::Proven => e.pass_alive().dead_stones(&g),
            DeadList::All => stones.collect(),
            DeadList::Random => stones.filter(|_| rng.percent(50)).collect(),
        }
    }
}
