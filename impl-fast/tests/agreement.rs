//! The fast engine agrees with the reference on every attempt and every observable, over
//! thousands of seeded random games on every size class.

mod common;

use common::{play_game, Plan, Rng, Stats};
use std::time::Instant;
use ttrules_spec::Size;

fn plan(w: u32, h: u32, max_turns: usize, observe_every: usize) -> Plan {
    Plan {
        size: Size::new(w, h).unwrap(),
        max_turns,
        observe_every,
    }
}

#[test]
fn fast_agrees_with_reference_on_random_games() {
    let start = Instant::now();
    // (plan, games)
    let classes = [
        (plan(1, 1, 10, 1), 20),
        (plan(1, 2, 60, 1), 100),
        (plan(1, 3, 80, 1), 100),
        (plan(1, 5, 100, 1), 100),
        (plan(7, 1, 100, 1), 60),
        (plan(1, 25, 150, 5), 8),
        (plan(2, 2, 150, 1), 400),
        (plan(2, 3, 150, 1), 300),
        (plan(3, 2, 150, 1), 100),
        (plan(3, 3, 200, 1), 800),
        (plan(4, 3, 200, 1), 150),
        (plan(4, 4, 200, 1), 150),
        (plan(5, 5, 200, 1), 300),
        (plan(2, 7, 200, 1), 60),
        (plan(9, 9, 250, 5), 30),
        (plan(4, 9, 150, 2), 10),
        (plan(13, 13, 150, 15), 4),
        (plan(19, 5, 120, 10), 3),
        (plan(19, 19, 150, 30), 3),
        (plan(25, 25, 100, 50), 2),
    ];
    let mut rng = Rng::new(0x5EED_7777);
    let mut total = Stats::default();
    for (plan, games) in classes {
        let t = Instant::now();
        let mut stats = Stats::default();
        for _ in 0..games {
            play_game::<64>(plan, &mut rng, &mut stats);
        }
        eprintln!(
            "{}: {} games, {} turns, {} attempts, {:.2?}",
            plan.size,
            stats.games,
            stats.turns,
            stats.attempts,
            t.elapsed()
        );
        total.games += stats.games;
        total.turns += stats.turns;
        total.attempts += stats.attempts;
        total.single_suicide += stats.single_suicide;
        total.multi_suicide += stats.multi_suicide;
        total.captures += stats.captures;
        total.superko_beyond_ko += stats.superko_beyond_ko;
        total.region_reaching_both += stats.region_reaching_both;
        total.games_ended_by_passes += stats.games_ended_by_passes;
        for k in 0..4 {
            total.rejected[k] += stats.rejected[k];
        }
    }
    eprintln!("{total:#?}\nin {:.2?}", start.elapsed());
    let events = [
        ("single-stone suicide rejected", total.single_suicide),
        ("multi-stone suicide played", total.multi_suicide),
        ("capture", total.captures),
        ("repetition beyond simple ko", total.superko_beyond_ko),
        (
            "empty region reaching both colours",
            total.region_reaching_both,
        ),
        ("game ended by two passes", total.games_ended_by_passes),
        ("game-over rejection", total.rejected[0]),
        ("off-grid rejection", total.rejected[1]),
        ("occupied rejection", total.rejected[2]),
        ("repetition rejection", total.rejected[3]),
    ];
    for (what, n) in events {
        assert!(n > 0, "the generator never produced: {what}");
    }
}
