//! Repetition never trusts the hash: with a zobrist hash of a few bits almost every lookup hits
//! colourings that merely share the hash, and the engine must still agree with the reference on
//! every verdict and observable (r[tt.turn.repetition]: equal hashes are not equal colourings).

mod common;

use common::{play_game, Plan, Rng, Stats};
use ttrules_spec::Size;

fn run<const B: u32>(seed: u64) -> Stats {
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    for (w, h, games) in [
        (1, 5, 40),
        (2, 2, 150),
        (2, 3, 100),
        (3, 3, 200),
        (4, 4, 60),
        (5, 5, 40),
    ] {
        let plan = Plan {
            size: Size::new(w, h).unwrap(),
            max_turns: 200,
            observe_every: 1,
        };
        for _ in 0..games {
            play_game::<B>(plan, &mut rng, &mut stats);
        }
    }
    eprintln!("{B}-bit hash: {stats:#?}");
    assert!(
        stats.hash_collisions > 1000,
        "too few collisions to prove anything"
    );
    assert!(stats.rejected[3] > 0 && stats.superko_beyond_ko > 0);
    stats
}

#[test]
fn a_one_bit_hash_still_agrees() {
    run::<1>(11);
}

#[test]
fn a_three_bit_hash_still_agrees() {
    run::<3>(33);
}
