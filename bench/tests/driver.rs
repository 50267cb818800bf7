//! The playout driver plays the same games from the same seed: the totals the benchmark reports
//! quote ("the same games") for the fast engine on 9x9, seed 7. A change of the driver's draws,
//! of the fast engine's order of empty points, or of its verdicts shows here first.

use ttrules_bench::{adapters::FastPlayouts, run_playouts, Mode};

#[test]
fn the_fast_engine_plays_the_reported_games_from_seed_7() {
    let rejection = run_playouts::<FastPlayouts>(9, 9, Mode::Rejection, 200, 7);
    assert_eq!(
        (rejection.playouts, rejection.turns, rejection.moves),
        (200, 22_905, 22_481),
        "9x9 rejection, 200 playouts"
    );
    let full = run_playouts::<FastPlayouts>(9, 9, Mode::FullList, 200, 7);
    assert_eq!(
        (full.playouts, full.turns, full.moves),
        (200, 22_994, 22_572),
        "9x9 full list, 200 playouts"
    );
}
