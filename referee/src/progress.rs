//! How far a run has got, reported through a callback: the library says when the run starts and
//! how many games it has to play, when a game is done and the score so far; the caller (the
//! command line) decides whether and how to draw it.

/// One step of a run's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The games start: `games` to play in this run.
    Start { games: u64 },
    /// One more game is done; `score` is the standing so far in words (the first two players'
    /// score in a match, the leader in an event).
    Done { score: String },
    /// The run is over.
    Finish,
}
