//! See the game: one self-contained HTML page that steps through Go games with every ruling of
//! ttrules (issue 35). The page holds its style, its script and its data; it opens from disk in
//! any browser, with no server and no network. At every turn it draws the board (SVG, with
//! coordinates, the last move and what the turn emptied), the turn's verdict with its clause linked
//! to the published book, the prisoners, and for a refused repetition the earlier colouring the
//! move would recreate beside it; after the last turn, the count with territory, dame, seki and
//! dead stones marked and the score taken apart as `replay --compare` does, under one ruleset or
//! several side by side.
//!
//! The data is [`model::Page`]: a replayed record becomes a [`model::Game`] with [`game`]; other
//! reports (the referee's, `check-engine`'s, the finish) build games from their own data with
//! [`model::Game::new`] and add notes, flags and panels. [`html`] writes the page.
//!
//! | module | what |
//! | --- | --- |
//! | [`model`] | the page's data, as the script reads it |
//! | [`replayed`] | a game from a replay of `ttrules_record`: colourings, verdicts, repetitions |
//! | [`count`] | the count at the end: marks and the score taken apart |
//! | [`finish`] | the 计活子 finish's panels: living stones, road points, the tax |
//! | [`clause`] | a clause's address in the published book |
//! | [`page`] | the HTML page, style and script embedded |
//!
//! Layers: `clause` < `model` < `count`, `finish`, `page` < `replayed`. Each module imports only
//! modules of an earlier layer (`tests/layering.rs` checks it).
//!
//! The crate knows nothing of the command line: `ttrules replay --html` and the others call it.

pub mod clause;
pub mod count;
pub mod finish;
pub mod model;
pub mod page;
pub mod replayed;

pub use clause::clause_url;
pub use model::{Game, Mark, Marks, Page, Panel, Turn, Verdict};
pub use page::{fixed_size, html};
pub use replayed::game;
