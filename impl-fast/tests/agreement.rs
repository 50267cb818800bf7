//! The fast engine agrees with the reference on every attempt and every observable, over seeded
//! random games: under Tromp-Taylor on every size class, under rule combinations of
//! `Rules::all()` on small grids (from setups too: every one of the 6912 combinations of the values
//! of r[var.params], and a fixed sample of those with a value of r[var.params.katago]), and under
//! the named rulesets on larger grids; every game ends with dead-stone sets (valid and not) scored
//! with several komi values. Each test counts its events and fails on a zero, the new values'
//! events included (r[var.end.repeated-pass], r[var.first-pass.button.new-history],
//! r[var.count.area.pass-alive], r[life.area]).

mod common;

use common::{
    assert_variant_events, play_game, play_game_with, random_colouring, random_setup, Plan, Rng,
    Stats,
};
use std::time::Instant;
use ttrules_spec::{Counting, End, FirstPass, Player, Repetition, Rules, Setup};

#[test]
fn fast_agrees_with_reference_on_random_games() {
    let start = Instant::now();
    // (plan, games)
    let classes = [
        (Plan::new(1, 1, 10, 1), 20),
        (Plan::new(1, 2, 60, 1), 100),
        (Plan::new(1, 3, 80, 1), 100),
        (Plan::new(1, 5, 100, 1), 100),
        (Plan::new(7, 1, 100, 1), 60),
        (Plan::new(1, 25, 150, 5), 8),
        (Plan::new(2, 2, 150, 1), 400),
        (Plan::new(2, 3, 150, 1), 300),
        (Plan::new(3, 2, 150, 1), 100),
        (Plan::new(3, 3, 200, 1), 600),
        (Plan::new(4, 3, 200, 1), 150),
        (Plan::new(4, 4, 200, 1), 150),
        (Plan::new(5, 5, 200, 1), 200),
        (Plan::new(2, 7, 200, 1), 60),
        (Plan::new(9, 9, 250, 5), 20),
        (Plan::new(4, 9, 150, 2), 10),
        (Plan::new(13, 13, 150, 15), 3),
        (Plan::new(19, 5, 120, 10), 3),
        (Plan::new(19, 19, 150, 30), 2),
        (Plan::new(25, 25, 100, 50), 2),
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
        total.add(&stats);
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
        ("repetition rejection", total.rejected[6]),
        ("dead stones scored", total.dead_scored),
    ];
    for (what, n) in events {
        assert!(n > 0, "the generator never produced: {what}");
    }
}

/// Grid sizes the rule-space sweep cycles through, with their turn limits.
const SWEEP_SIZES: [(u32, u32, usize); 8] = [
    (1, 3, 40),
    (2, 2, 50),
    (3, 2, 50),
    (2, 3, 50),
    (3, 3, 60),
    (1, 5, 50),
    (4, 3, 50),
    (4, 4, 50),
];

/// Every combination of `Rules::all()` has a value of r[var.params.katago] in every
/// `KATAGO_SAMPLE`-th place of the list of such combinations; combinations without one are all
/// swept. (Sampling keeps the test's time bounded; the sample is fixed, not random.)
const KATAGO_SAMPLE: usize = 4;

/// The combinations the sweep plays: all 6912 with only the values of r[var.params], and every
/// `KATAGO_SAMPLE`-th of the 25488 with a value of r[var.params.katago] or r[var.params.katago.tax],
/// in `Rules::all()` order.
fn swept_rules() -> Vec<Rules> {
    let all = Rules::all();
    assert_eq!(all.len(), 32400);
    let katago = |r: &Rules| {
        r.tax.by_regions()
            || r.counting == Counting::AreaPassAlive
            || r.end == End::RepeatedPass
            || r.first_pass == FirstPass::ButtonNewHistory
    };
    let (new, old): (Vec<Rules>, Vec<Rules>) = all.into_iter().partition(katago);
    assert_eq!(old.len(), 6912);
    let mut out = old;
    out.extend(new.into_iter().step_by(KATAGO_SAMPLE));
    out
}

/// One game per combination of [`swept_rules`], on small grids, observed after every turn;
/// sometimes from a setup (a legal position, either player to move, a declared handicap) or
/// from a random colouring that may be refused.
fn sweep(first: usize, step: usize, seed: u64) -> Stats {
    let start = Instant::now();
    let all = swept_rules();
    let mut rng = Rng::new(seed);
    let mut total = Stats::default();
    for rules in all.iter().skip(first).step_by(step) {
        let (w, h, max_turns) = SWEEP_SIZES[rng.below(SWEEP_SIZES.len())];
        let mut plan = Plan::new(w, h, max_turns, 1);
        // Fewer passes under simple ko, so that cycles (and void games) have room.
        if rules.repetition == Repetition::SimpleKo {
            plan.pass_percent = 1 + rng.below(4);
        }
        let setup = if rng.chance(4) {
            Setup {
                grid: random_colouring(plan.size, &mut rng),
                to_move: if rng.chance(50) {
                    Player::Black
                } else {
                    Player::White
                },
                handicap: 0,
            }
        } else {
            random_setup(plan.size, &mut rng)
        };
        play_game_with::<64>(plan, *rules, &setup, &mut rng, &mut total);
    }
    eprintln!(
        "sweep {first}/{step}: {} games, {} turns, {} attempts, {:.2?}",
        total.games,
        total.turns,
        total.attempts,
        start.elapsed()
    );
    total
}

#[test]
fn every_rule_combination_agrees_on_small_grids() {
    // Two halves of the swept combinations in turn, each game under a different combination:
    // every one of them appears.
    let mut total = sweep(0, 2, 0xA11_0001);
    total.add(&sweep(1, 2, 0xA11_0002));
    eprintln!("{total:#?}");
    assert_variant_events(&total);
}

#[test]
fn named_rulesets_agree_on_larger_grids() {
    let start = Instant::now();
    let mut rng = Rng::new(0x0A4ED);
    let mut total = Stats::default();
    for named in Rules::NAMED {
        for (plan, games) in [
            (Plan::new(5, 5, 150, 1), 12),
            (Plan::new(7, 6, 150, 3), 4),
            (Plan::new(9, 9, 200, 10), 2),
            (Plan::new(19, 19, 120, 40), 1),
        ] {
            for _ in 0..games {
                let setup = random_setup(plan.size, &mut rng);
                play_game_with::<64>(plan, named.rules, &setup, &mut rng, &mut total);
            }
        }
    }
    eprintln!("named rulesets: {total:#?}\nin {:.2?}", start.elapsed());
    for (what, n) in [
        ("capture", total.captures),
        ("setup", total.setups),
        ("dead stones scored", total.dead_scored),
        ("game ended by passes", total.games_ended_by_passes),
        (
            "repetition or ko rejection",
            total.rejected[5..].iter().sum(),
        ),
    ] {
        assert!(n > 0, "the generator never produced: {what}");
    }
}
