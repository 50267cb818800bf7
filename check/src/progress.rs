//! How far a run has got, reported as it goes through a callback ([`crate::run`]'s `progress`):
//! the library says which phase runs, how long it is and what it is doing; the caller (the
//! command line) decides whether and how to draw it.

/// One step of a run's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A phase starts: `vectors`, `games` or `tst`, with `len` items.
    Start { phase: &'static str, len: u64 },
    /// What is being done now (a vector's name, a game).
    Now(String),
    /// One more item of the phase is done.
    Inc,
    /// The phase is over.
    Finish,
}
