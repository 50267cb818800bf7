//! The finish over random games (proptest, deterministic seed), with the events it reaches counted
//! and required:
//!
//! - r[finish.note.tax]: with the reserved points chosen automatically, each player's count equals
//!   the area score with the independent-life regions of the retired tax=all on the same dead
//!   stones (r[finish.note.tax.blocks]); there is no dispute and the ideal final position is legal
//!   (r[finish.fill.legal]), and both counts agree (r[finish.count.agree]);
//! - r[finish.eyes.enough]: the same marks with one reserved point of a living group taken away are
//!   disputed at exactly that group's territory;
//! - r[finish.dispute.eye-outside]: an eye mark moved onto the opponent's territory is disputed at
//!   exactly that point;
//! - r[finish.dispute.dead]: a stone of a living group added to the dead list is disputed;
//! - r[finish.resume.ideal], r[finish.resume.pause]: every disputed finish resumes at a legal
//!   position with the player to move at the pause to move.

use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::cell::RefCell;
use ttrules::games::{is_own_eye, Rng};
use ttrules::reference::finish::{
    finish, resume, DeadStones, DisputeKind, Eyes, Finish, MarkKind, Marks, Pause, RegionKind,
};
use ttrules::reference::Reference;
use ttrules::spec::{Colour, Engine, Komi, Move, Player, Point, Rules, Setup, Size};
use ttrules_fast::Fast;

#[derive(Debug, Default)]
struct Events {
    games: usize,
    living_groups: usize,
    seki_regions: usize,
    unsettled_regions: usize,
    dead_stones: usize,
    too_few: usize,
    outside: usize,
    dead_alive: usize,
}

/// A game under `rules` on `size`: moves drawn uniformly among the legal points that do not fill
/// the mover's single-point eye, for at most `cutoff` turns, then passes until it ends.
fn random_game(size: Size, rules: Rules, seed: u64, cutoff: usize) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut e = Fast::new(size, rules);
    let mut moves = Vec::new();
    while !e.is_over() {
        let g = e.grid();
        let mut legal = e.legal_points();
        legal.retain(|&p| !is_own_eye(&g, p, e.to_move()));
        let mv = match rng.pick(&legal) {
            Some(p) if moves.len() < cutoff => Move::Play(p),
            _ => Move::Pass,
        };
        e.play(mv).expect("a legal move or a pass");
        moves.push(mv);
    }
    moves
}

/// The score of the game with `dead` as engine `E` computes it under `rules`.
/// r[finish.note.tax] (and r[finish.note.tax.blocks]): the area score with the independent-life
/// regions of the retired r[var.tax.all], on the game's final colouring.
fn independent_life_score(size: Size, rules: Rules, moves: &[Move], dead: &[Point]) -> (i64, i64) {
    let mut e = Reference::new(size, rules);
    for &mv in moves {
        e.play(mv).unwrap();
    }
    let [b, w] =
        ttrules_reference::score::independent_life_area_score(e.record().grid(), dead).unwrap();
    (b, w)
}

/// A disputed finish resumes at a legal position, the player to move at the pause to move.
fn check_resumes(pause: &Pause, f: &Finish) -> Result<(), String> {
    let r = resume(pause, f).ok_or("a disputed finish without resumption")?;
    let r = r.map_err(|e| e.to_string())?;
    let e: Reference = r.start(pause.rules()).map_err(|e| e.to_string())?;
    if e.to_move() != pause.to_move() || e.is_over() {
        return Err(format!(
            "resumed with {} to move, over {}",
            e.to_move(),
            e.is_over()
        ));
    }
    Ok(())
}

fn one_game(
    (w, h, seed, cut, dead_pct): (u32, u32, u64, usize, usize),
    ev: &mut Events,
) -> Result<(), String> {
    let size = Size::new(w, h).unwrap();
    let rules = Rules::by_name("jihuozi").unwrap();
    let cutoff = cut * size.area() * 3 / 100;
    let moves = random_game(size, rules, seed, cutoff);
    let pause = Pause::new(Setup::empty(size), moves.clone(), rules).map_err(|e| e.to_string())?;
    let g = pause.grid().clone();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let dead: Vec<Point> = size
        .points()
        .filter(|&p| g.get(p) != Colour::Empty && rng.below(100) < dead_pct)
        .collect();
    let f = finish(
        &pause,
        &DeadStones::Agreed(dead.clone()),
        &Eyes::Auto,
        Komi::ZERO,
    )
    .map_err(|e| e.to_string())?;
    ev.games += 1;
    ev.dead_stones += f.dead.len();
    for r in &f.regions {
        match r.kind {
            RegionKind::Living => ev.living_groups += 1,
            RegionKind::Seki => ev.seki_regions += 1,
            RegionKind::Unsettled => ev.unsettled_regions += 1,
        }
    }
    if !f.disputes.is_empty() || !f.ideal_is_legal() {
        return Err(format!(
            "automatic finish disputed or illegal: {:?}",
            f.disputes
        ));
    }
    let count = (f.count.black.total() as i64, f.count.white.total() as i64);
    let score = independent_life_score(size, rules, &moves, &dead);
    if score != count {
        return Err(format!(
            "independent-life area score {score:?}, count {count:?}\n{}",
            g
        ));
    }
    too_few_eyes(&pause, &f, &dead, ev)?;
    eye_mark_outside(&pause, &f, &dead, ev)?;
    dead_stone_alive(size, &pause, &f, &dead, ev)?;
    Ok(())
}

/// Too few eyes (r[finish.eyes.enough]): one reserved point of the first living group taken
/// away must give that dispute for the group's territory, no outcome, and a resumption.
fn too_few_eyes(pause: &Pause, f: &Finish, dead: &[Point], ev: &mut Events) -> Result<(), String> {
    let given = |m: Marks| Eyes::Given(m);
    // Too few: one reserved point of the first living group taken away.
    if let Some(r) = f.regions.iter().find(|r| r.kind == RegionKind::Living) {
        let drop = (MarkKind::eye(r.player), r.reserved[0]);
        let marks = Marks {
            list: f
                .marks
                .list
                .iter()
                .copied()
                .filter(|&m| m != drop)
                .collect(),
        };
        let f2 = finish(
            pause,
            &DeadStones::Agreed(dead.to_vec()),
            &given(marks),
            Komi::ZERO,
        )
        .map_err(|e| e.to_string())?;
        let hit = f2.disputes.iter().any(|d| {
            d.kind == DisputeKind::TooFewEyes
                && d.player == Some(r.player)
                && d.points == r.territory
        });
        if !hit || f2.outcome.is_some() {
            return Err(format!(
                "no too-few dispute for {:?}: {:?}",
                r.territory, f2.disputes
            ));
        }
        check_resumes(pause, &f2)?;
        ev.too_few += 1;
    }
    Ok(())
}

/// An eye mark of one player on a territory point of the other must give the dispute
/// r[finish.dispute.eye-outside] there, and a resumption.
fn eye_mark_outside(
    pause: &Pause,
    f: &Finish,
    dead: &[Point],
    ev: &mut Events,
) -> Result<(), String> {
    let given = |m: Marks| Eyes::Given(m);
    // Outside: an eye mark of one player on a territory point of the other.
    let territory_of = |player: Player| f.roads.get(player).first().copied();
    if let Some(p) = territory_of(Player::White) {
        let mut marks = f.marks.clone();
        marks.list.push((MarkKind::BlackEye, p));
        let f3 = finish(
            pause,
            &DeadStones::Agreed(dead.to_vec()),
            &given(marks),
            Komi::ZERO,
        )
        .map_err(|e| e.to_string())?;
        let hit = f3.disputes.iter().any(|d| {
            d.kind == DisputeKind::MarkOutside
                && d.mark == Some(MarkKind::BlackEye)
                && d.points == [p]
        });
        if !hit {
            return Err(format!("no outside dispute at {p}: {:?}", f3.disputes));
        }
        check_resumes(pause, &f3)?;
        ev.outside += 1;
    }
    Ok(())
}

/// A dead stone that reaches an eye mark (a stone of a living group next to one of its marks)
/// must give the dispute r[finish.dispute.dead] first, and a resumption.
fn dead_stone_alive(
    size: Size,
    pause: &Pause,
    f: &Finish,
    dead: &[Point],
    ev: &mut Events,
) -> Result<(), String> {
    let given = |m: Marks| Eyes::Given(m);
    // A dead stone that reaches an eye mark: a stone of a living group next to one of its marks.
    let living_stone = f
        .regions
        .iter()
        .filter(|r| r.kind == RegionKind::Living)
        .find_map(|r| {
            r.points.iter().copied().find(|&s| {
                f.cleared.get(s) == r.player.colour()
                    && ttrules::games::neighbours(size, s).any(|q| r.reserved.contains(&q))
            })
        });
    if let Some(s) = living_stone {
        let mut dead2 = dead.to_vec();
        dead2.push(s);
        let f4 = finish(
            pause,
            &DeadStones::Agreed(dead2),
            &given(f.marks.clone()),
            Komi::ZERO,
        )
        .map_err(|e| e.to_string())?;
        let hit = f4
            .disputes
            .first()
            .is_some_and(|d| d.kind == DisputeKind::DeadStoneAlive && d.points.contains(&s));
        if !hit {
            return Err(format!("no dead-stone dispute at {s}: {:?}", f4.disputes));
        }
        check_resumes(pause, &f4)?;
        ev.dead_alive += 1;
    }
    Ok(())
}

/// See the module documentation: 500 random games, 2x2 to 7x7, cut off anywhere from the start to
/// three turns per point, a random tenth of the stones (or none, or a third) agreed dead.
#[test]
fn the_automatic_finish_counts_what_tax_all_scores() {
    let config = Config {
        cases: 500,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let events = RefCell::new(Events::default());
    let strategy = (
        2u32..=7,
        2u32..=7,
        proptest::prelude::any::<u64>(),
        0usize..=100,
        proptest::sample::select(vec![0usize, 10, 33]),
    );
    let result = runner.run(&strategy, |input| {
        one_game(input, &mut events.borrow_mut())
            .map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{input:?}: {e}")))
    });
    let ev = events.into_inner();
    eprintln!("finish events: {ev:?}");
    if let Err(e) = result {
        panic!("{e}");
    }
    for (name, n) in [
        ("living groups", ev.living_groups),
        ("seki regions", ev.seki_regions),
        ("unsettled regions", ev.unsettled_regions),
        ("dead stones", ev.dead_stones),
        ("too-few disputes", ev.too_few),
        ("outside disputes", ev.outside),
        ("dead-stone disputes", ev.dead_alive),
    ] {
        assert!(n > 0, "the generator never reached {name}: {ev:?}");
    }
}

/// A point on `size` most of the time, and off it (past the right edge) for x = 6.
fn on_board(size: Size, x: u8, y: u8) -> Point {
    if x == 6 {
        return Point::new(size.width() as u8, 0);
    }
    Point::new(x % size.width() as u8, y % size.height() as u8)
}

/// Any marks and dead lists, on random games: the finish is an error or a finish, never a panic;
/// a finish has a result exactly when it has no dispute, its ideal final position is legal when it
/// has none (r[finish.fill.legal]), and a disputed one resumes (r[finish.dispute]).
#[test]
fn any_marks_give_an_error_or_a_consistent_finish() {
    let config = Config {
        cases: 600,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[11; 32]);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let tally = RefCell::new([0usize; 3]); // errors, finishes, disputed finishes
    let strategy = (
        1u32..=6,
        1u32..=6,
        proptest::prelude::any::<u64>(),
        proptest::collection::vec((0u8..3, 0u8..7, 0u8..7), 0..12),
        proptest::collection::vec((0u8..7, 0u8..7), 0..4),
        proptest::prelude::any::<bool>(),
    );
    let result = runner.run(&strategy, |(w, h, seed, marks, dead, derive)| {
        let size = Size::new(w, h).unwrap();
        let rules = Rules::by_name("jihuozi").unwrap();
        let moves = random_game(size, rules, seed, size.area());
        let pause = Pause::new(Setup::empty(size), moves, rules).unwrap();
        let kinds = [MarkKind::BlackEye, MarkKind::WhiteEye, MarkKind::Shared];
        let marks = Marks {
            list: marks
                .iter()
                .map(|&(k, x, y)| (kinds[usize::from(k)], on_board(size, x, y)))
                .collect(),
        };
        let dead = if derive {
            DeadStones::FromMarks
        } else {
            DeadStones::Agreed(dead.iter().map(|&(x, y)| on_board(size, x, y)).collect())
        };
        let mut t = tally.borrow_mut();
        match finish(&pause, &dead, &Eyes::Given(marks), Komi::ZERO) {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                t[0] += 1;
            }
            Ok(f) => {
                t[1] += 1;
                proptest::prop_assert_eq!(f.outcome.is_some(), f.disputes.is_empty());
                if f.disputes.is_empty() {
                    proptest::prop_assert!(f.ideal_is_legal(), "{}", f.ideal);
                } else {
                    t[2] += 1;
                    check_resumes(&pause, &f)
                        .map_err(proptest::test_runner::TestCaseError::fail)?;
                }
            }
        }
        Ok(())
    });
    let t = tally.into_inner();
    eprintln!("errors, finishes, disputed finishes: {t:?}");
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(
        t.iter().all(|&n| n > 0),
        "a kind of outcome never happened: {t:?}"
    );
}
