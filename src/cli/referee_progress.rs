//! The referee's progress on stderr, drawn from the steps the library reports
//! ([`ttrules_referee::Progress`]): a bar of the games on a terminal, nothing elsewhere (as before
//! the library reported it through a callback).

use std::io::IsTerminal;
use ttrules_referee::Progress;

/// The bar of a run, or nothing.
pub struct Bar {
    show: bool,
    bar: Option<indicatif::ProgressBar>,
}

impl Bar {
    /// A bar when `show` and stderr is a terminal.
    pub fn new(show: bool) -> Bar {
        Bar {
            show: show && std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// Draws one step.
    pub fn step(&mut self, p: Progress) {
        match p {
            Progress::Start { games } if self.show => {
                let pb = indicatif::ProgressBar::new(games);
                if let Ok(style) = indicatif::ProgressStyle::with_template(
                    "games [{bar:30}] {pos}/{len} {msg} ({elapsed})",
                ) {
                    pb.set_style(style.progress_chars("=> "));
                }
                self.bar = Some(pb);
            }
            Progress::Start { .. } => {}
            Progress::Done { score } => {
                if let Some(pb) = &self.bar {
                    pb.inc(1);
                    pb.set_message(score);
                }
            }
            Progress::Finish => {
                if let Some(pb) = self.bar.take() {
                    pb.finish_and_clear();
                }
            }
        }
    }
}
