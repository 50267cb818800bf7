//! The observables of [`Observation`], each with the moments at which the oracles compare it.
//!
//! Comparing everything after every action made the reference engine recompute its scores (with
//! taxes, by flood fills from scratch) and its legal-move list (a full verdict on every point)
//! after every action: about nine tenths of a fuzz run went there. The reference stays as naive as
//! it is; instead every observable has a cost class:
//!
//! | class | compared | observables |
//! | --- | --- | --- |
//! | every action | at the start, after every action (legal or not), at every checkpoint and at the end | `grid`, `to_move`, `consecutive_passes`, `over`, `void`, `turns`, `prisoners`, `first_passer`, `handicap` |
//! | checkpoints | at the start, at every checkpoint the input chooses, and at the end of every game | `score`, `outcome`, `legal_points`, `pass_alive` |
//!
//! At a checkpoint the whole [`Observation`] of both engines is compared (`Observation::of`, the
//! spec's own gathering), so a checkpoint compares every observable, cheap or costly; it also
//! checks that the every-action reads below read what `Observation::of` reads.
//!
//! **Adding an observable** to [`Observation`] is a compile error in this module until it gets
//! one line in the table of `observables!`: under `every_action` with how to read it from an
//! engine, or under `checkpoints`. An observable whose reference computation costs more than
//! about the area of the board (a search, a flood fill per point, a list over the grid) belongs to
//! the checkpoints.

use ttrules_spec::engine::Observation;
use ttrules_spec::{Engine, Grid, Outcome, PassAlive, Player, Point, Prisoners, Score};

/// How an observed value is printed in a report.
pub trait Show {
    fn show(&self) -> String;
}

impl Show for Grid {
    fn show(&self) -> String {
        self.rows().join("/")
    }
}

macro_rules! show_by_debug {
    ($($t:ty),* $(,)?) => {
        $(impl Show for $t {
            fn show(&self) -> String {
                format!("{self:?}")
            }
        })*
    };
}

show_by_debug!(
    Player,
    u32,
    bool,
    Prisoners,
    Option<Player>,
    Score,
    Outcome,
    Vec<Point>,
    PassAlive
);

/// One line of a difference report: `what: x vs y`.
fn line(what: &str, x: &impl Show, y: &impl Show) -> String {
    format!("{what}: {} vs {}", x.show(), y.show())
}

/// The table of observables. Each `every_action` entry names a field of [`Observation`] and how
/// to read it from an engine `e` (as `Observation::of` does); each `checkpoints` entry names a
/// field only. The expansion destructures [`Observation`] exhaustively, so every field must have
/// exactly one entry.
macro_rules! observables {
    (
        every_action { $($cheap:ident => |$e:ident| $read:expr,)* }
        checkpoints { $($costly:ident,)* }
    ) => {
        /// The observables compared after every action, in table order.
        pub const EVERY_ACTION: &[&str] = &[$(stringify!($cheap)),*];

        /// The observables compared only at checkpoints and at the end, in table order.
        pub const AT_CHECKPOINTS: &[&str] = &[$(stringify!($costly)),*];

        /// Never called: fails to compile when [`Observation`] has a field without an entry.
        #[allow(dead_code)]
        fn every_field_has_a_class(o: &Observation) {
            let Observation { $($cheap: _,)* $($costly: _,)* } = o;
        }

        /// Every difference between the every-action observables of two engines, one line each.
        pub fn cheap_differences<A: Engine, B: Engine>(a: &A, b: &B) -> Vec<String> {
            let mut out = Vec::new();
            $(
                let x = { let $e = a; $read };
                let y = { let $e = b; $read };
                if x != y {
                    out.push(line(stringify!($cheap), &x, &y));
                }
            )*
            out
        }

        /// Every difference between two whole observations, one line each.
        pub fn observation_differences(a: &Observation, b: &Observation) -> Vec<String> {
            let mut out = Vec::new();
            $(
                if a.$cheap != b.$cheap {
                    out.push(line(stringify!($cheap), &a.$cheap, &b.$cheap));
                }
            )*
            $(
                if a.$costly != b.$costly {
                    out.push(line(stringify!($costly), &a.$costly, &b.$costly));
                }
            )*
            out
        }

        /// Where the every-action reads of `e` differ from its `Observation::of` (`o`): they must
        /// read the same values, or the every-action comparison would compare something else.
        pub fn reads_differ_from_observation<E: Engine>(e: &E, o: &Observation) -> Vec<String> {
            let mut out = Vec::new();
            $(
                let x = { let $e = e; $read };
                if x != o.$cheap {
                    out.push(line(concat!(stringify!($cheap), " (read vs Observation::of)"), &x, &o.$cheap));
                }
            )*
            out
        }
    };
}

observables! {
    every_action {
        grid => |e| e.grid(),
        to_move => |e| e.to_move(),
        consecutive_passes => |e| e.consecutive_passes(),
        over => |e| e.is_over(),
        void => |e| e.is_void(),
        turns => |e| e.turns(),
        prisoners => |e| e.prisoners(),
        first_passer => |e| e.first_passer(),
        handicap => |e| e.handicap(),
    }
    checkpoints {
        score,
        outcome,
        legal_points,
        pass_alive,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_reference::Reference;
    use ttrules_spec::{Move, Rules, Size};

    #[test]
    fn the_table_names_every_field_once() {
        let mut all: Vec<&str> = EVERY_ACTION.iter().chain(AT_CHECKPOINTS).copied().collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(EVERY_ACTION.contains(&"grid") && AT_CHECKPOINTS.contains(&"legal_points"));
    }

    #[test]
    fn reads_agree_with_observation_and_differences_are_found() {
        let mut a = Reference::new(Size::new(3, 2).unwrap(), Rules::TROMP_TAYLOR);
        let b = a.clone();
        a.play(Move::Play(ttrules_spec::Point::new(1, 0))).unwrap();
        assert!(reads_differ_from_observation(&a, &Observation::of(&a)).is_empty());
        let cheap = cheap_differences(&a, &b);
        assert!(cheap.iter().any(|l| l.starts_with("grid: ")), "{cheap:?}");
        assert!(
            cheap.iter().any(|l| l.starts_with("turns: 1 vs 0")),
            "{cheap:?}"
        );
        let all = observation_differences(&Observation::of(&a), &Observation::of(&b));
        assert!(
            all.iter().any(|l| l.starts_with("legal_points: ")),
            "{all:?}"
        );
        assert!(all.len() > cheap.len());
    }
}
