//! Exhaustive counts with known answers: complete games and legal positions on small grids
//! (Tromp & Farnebäck, "Combinatorics of Go"), and perft tables (`spec/perft.md`). They check
//! whole engines against numbers computed independently of this repository.
//!
//! | module | what |
//! | --- | --- |
//! | `games` | complete games: [`count_games`] (any engine), [`count_games_tiny`] |
//! | [`graph`] | complete games on grids of at most 57 legal colourings, as paths in the move graph: [`graph::count_games_graph`] |
//! | `legal` | legal positions: [`count_legal`] |
//! | [`perft`] | sequences of a given number of legal turns: [`perft::perft`], [`perft::perft_fast`] |

mod games;
pub mod graph;
mod legal;
pub mod perft;

pub use games::{count_games, count_games_tiny, TINY_AREA};
pub use legal::count_legal;
