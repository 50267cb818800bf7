//! Repetition never trusts the hash: with a zobrist hash of a few bits almost every lookup hits
//! colourings (or situations) that merely share the hash, and the engine must still agree with the
//! reference on every verdict and observable (r[tt.turn.repetition], r[var.ko.situational],
//! r[var.ko.natural-situational], r[var.ko.simple.cycle]: equal hashes are not equal colourings).

mod common;

use common::{play_game_with, random_setup, Plan, Rng, Stats};
use ttrules_spec::{Illegal, Rules};

fn run<const B: u32>(seed: u64) -> Stats {
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    let all = Rules::all();
    let mut k = 0;
    for (w, h, games) in [
        (1, 5, 40),
        (2, 2, 150),
        (2, 3, 100),
        (3, 3, 200),
        (4, 4, 60),
        (5, 5, 30),
    ] {
        let plan = Plan::new(w, h, 150, 1);
        for _ in 0..games {
            // Every third game Tromp-Taylor; the others walk through the rule space with a
            // stride that visits every repetition and suicide value.
            let rules = if k % 3 == 0 {
                Rules::TROMP_TAYLOR
            } else {
                all[(k * 577) % all.len()]
            };
            k += 1;
            let setup = random_setup(plan.size, &mut rng);
            play_game_with::<B>(plan, rules, &setup, &mut rng, &mut stats);
        }
    }
    eprintln!("{B}-bit hash: {stats:#?}");
    assert!(
        stats.hash_collisions > 1000,
        "too few collisions to prove anything"
    );
    for why in [
        Illegal::Repetition,
        Illegal::SituationalRepetition,
        Illegal::NaturalRepetition,
        Illegal::Ko,
    ] {
        assert!(stats.rejected[why as usize] > 0, "no {why:?} rejection");
    }
    assert!(stats.superko_beyond_ko > 0);
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
