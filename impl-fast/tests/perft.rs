//! Perft (`spec/perft.md`): the published values, the two engines and the two ways of counting
//! the last ply agreeing under every ruleset, and the columns reaching every event.
//!
//! The expensive published values are `#[ignore]`d:
//! `cargo test --release -p ttrules-fast --test perft -- --ignored --nocapture`.

mod common;

use ttrules_fast::{perft, perft_fast, Fast, PerftCounts, PerftResult, PerftRun, PerftSpec};
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, Illegal, Move, Rules, Size};

fn spec(w: u32, h: u32, rules: Rules, depth: u32, passes: bool) -> PerftSpec {
    PerftSpec {
        size: Size::new(w, h).unwrap(),
        rules,
        depth,
        passes,
    }
}

/// Tromp-Taylor with the parameters of a list changed: `rules("end=white-passes-last
/// suicide=multi-stone-only")`.
fn rules(params: &str) -> Rules {
    let mut rules = Rules::TROMP_TAYLOR;
    for pair in params.split_whitespace() {
        let (key, value) = pair.split_once('=').expect("name=value");
        rules.set(key, value).unwrap();
    }
    rules
}

const TWO: PerftRun<'static> = PerftRun {
    threads: 2,
    progress: &|_, _| {},
};

fn fast(s: &PerftSpec) -> PerftResult {
    perft_fast(s, true, &TWO)
}

fn nodes(w: u32, depths: std::ops::RangeInclusive<u32>, passes: bool) -> Vec<u64> {
    depths
        .map(|d| {
            fast(&spec(w, w, Rules::TROMP_TAYLOR, d, passes))
                .total
                .nodes
        })
        .collect()
}

/// r[tt.turn.pass], r[tt.end]: 19x19 with passes, depths 0 to 3 (the published 1; 362; 130,683;
/// 47,046,242).
#[test]
fn nineteen_with_passes_to_depth_3() {
    assert_eq!(nodes(19, 0..=3, true), [1, 362, 130_683, 47_046_242]);
}

/// McKenzie (2005): 9x9, moves only, depths 1 to 4 (81; 6,480; 511,920; 39,929,136).
#[test]
fn nine_moves_only_to_depth_4() {
    assert_eq!(nodes(9, 1..=4, false), [81, 6_480, 511_920, 39_929_136]);
}

/// The reference engine gives the published values as far as it is quick: 19x19 to depth 2,
/// 9x9 moves only to depth 3.
#[test]
fn the_reference_gives_the_published_values() {
    let run = |s: &PerftSpec| perft::<Reference>(s, &TWO).total.nodes;
    assert_eq!(run(&spec(19, 19, Rules::TROMP_TAYLOR, 2, true)), 130_683);
    assert_eq!(run(&spec(9, 9, Rules::TROMP_TAYLOR, 3, false)), 511_920);
}

/// The board-game crate's 5x5 value at depth 4 with passes (361,041, its `go_perft_fast` test)
/// is ours; 361,233 is the count of the rulesets under which a single-stone suicide is a legal
/// move: 192 more sequences, exactly the ones Tromp-Taylor refuses for repetition
/// (r[tt.note.single-suicide], r[tt.turn.repetition]) and situational superko allows as
/// suicides (r[var.ko.situational]).
#[test]
fn five_by_five_at_depth_4_and_single_stone_suicide() {
    let tt = fast(&spec(5, 5, Rules::TROMP_TAYLOR, 4, true)).total;
    let situational = fast(&spec(5, 5, rules("repetition=situational"), 4, true)).total;
    assert_eq!(
        tt,
        PerftCounts {
            nodes: 361_041,
            captures: 368,
            suicides: 0,
            repetitions: 192,
            ended: 625,
        }
    );
    assert_eq!(
        situational,
        PerftCounts {
            nodes: 361_233,
            suicides: 192,
            repetitions: 0,
            ..tt
        }
    );
}

/// `Fast::move_classes` (the bulk count's source, r[perft.bulk]) says of every empty point what
/// playing it on a copy says: legal or refused for `ko`/`repetition`, and whether it captures
/// (r[tt.move.clear-opponent]) or suicides (r[tt.move.clear-self]). Over seeded random games on
/// 5x5 to 9x9 under every ruleset, counting each kind of point and failing on a zero.
#[test]
fn move_classes_match_playing_each_point() {
    let mut rng = common::Rng::new(13);
    let mut seen = PerftCounts::default();
    for r in rulesets() {
        for side in [5, 7, 9] {
            let size = Size::square(side).unwrap();
            let mut e = Fast::new(size, r);
            for _ in 0..3 * size.area() {
                if e.is_over() {
                    break;
                }
                let m = e.move_classes();
                let mut copy = e.clone();
                for p in size.points() {
                    let v = e.vertex(p).0 as usize;
                    if e.colour_at(p) != Colour::Empty {
                        assert!(!m.legal.get(v) && !m.repetition.get(v), "{p} occupied");
                        continue;
                    }
                    copy.clone_from(&e);
                    let (legal, captures, suicides, repeats) = match copy.play(Move::Play(p)) {
                        Ok(t) => (true, t.captured > 0, t.suicided > 0, false),
                        Err(Illegal::Ko | Illegal::Repetition) => (false, false, false, true),
                        Err(Illegal::SituationalRepetition | Illegal::NaturalRepetition) => {
                            (false, false, false, true)
                        }
                        Err(
                            Illegal::GameOver
                            | Illegal::OffGrid
                            | Illegal::Occupied
                            | Illegal::SingleStoneSuicide
                            | Illegal::Suicide,
                        ) => (false, false, false, false),
                    };
                    let got = (
                        m.legal.get(v),
                        m.captures.get(v),
                        m.suicides.get(v),
                        m.repetition.get(v),
                    );
                    assert_eq!(got, (legal, captures, suicides, repeats), "{r} {p}\n{e:?}");
                    seen.captures += u64::from(captures);
                    seen.suicides += u64::from(suicides);
                    seen.repetitions += u64::from(repeats);
                }
                // Mostly moves, sometimes a pass; captures and suicides come from crowding.
                let legal: Vec<_> = m.legal.iter().collect();
                if legal.is_empty() || rng.chance(5) {
                    e.play(Move::Pass).unwrap();
                } else {
                    let v = legal[rng.below(legal.len())];
                    let p = e.point_of(ttrules_fast::Vertex(v as u16));
                    e.play(Move::Play(p)).unwrap();
                }
            }
        }
    }
    assert!(
        seen.captures > 0 && seen.suicides > 0 && seen.repetitions > 0,
        "{seen:?}"
    );
    eprintln!("move classes checked: {seen:?}");
}

/// The rulesets the agreement tests run under: every named one, and parameter lists that reach
/// the values the named ones leave out.
fn rulesets() -> Vec<Rules> {
    let mut out: Vec<Rules> = Rules::NAMED.iter().map(|n| n.rules).collect();
    for extra in [
        "repetition=natural-situational",
        "first_pass=button",
        "end=white-passes-last suicide=multi-stone-only",
        "repetition=simple-ko suicide=allowed",
    ] {
        let r = rules(extra);
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// Bulk counting (r[perft.bulk] of `spec/perft.md`) gives what playing every last turn gives,
/// under every ruleset, on 3x3 to depth 6 with passes; the columns reach every event.
#[test]
fn bulk_counting_equals_playing_under_every_ruleset() {
    let mut seen = PerftCounts::default();
    for r in rulesets() {
        for (w, h, depth) in [(3, 3, 6), (2, 3, 7)] {
            let s = spec(w, h, r, depth, true);
            let bulk = fast(&s);
            let played = perft_fast(&s, false, &TWO);
            assert_eq!(bulk, played, "{r} {w}x{h} depth {depth}");
            seen.captures += u64::from(bulk.total.captures > 0);
            seen.suicides += u64::from(bulk.total.suicides > 0);
            seen.repetitions += u64::from(bulk.total.repetitions > 0);
            seen.ended += u64::from(bulk.total.ended > 0);
        }
    }
    assert!(
        seen.captures > 0 && seen.suicides > 0 && seen.repetitions > 0 && seen.ended > 0,
        "{seen:?}"
    );
}

/// The reference and the fast engine give the same counts and the same divide, under every
/// ruleset, on 3x3 to depth 5 with passes and 4x4 moves only to depth 4.
#[test]
fn the_engines_agree_under_every_ruleset() {
    for r in rulesets() {
        for s in [spec(3, 3, r, 5, true), spec(4, 4, r, 4, false)] {
            assert_eq!(perft::<Reference>(&s, &TWO), fast(&s), "{r} {s:?}");
        }
    }
}

/// The divide lines add up to the total at depth 2 and more; at depth 1 the refusals at the
/// start are in no line (r[perft.divide]). The threads do not change the result.
#[test]
fn divide_adds_up_and_threads_do_not_matter() {
    let s = spec(3, 3, Rules::TROMP_TAYLOR, 5, true);
    let one = perft_fast(&s, true, &PerftRun::QUIET);
    let three = perft_fast(
        &s,
        true,
        &PerftRun {
            threads: 3,
            progress: &|_, _| {},
        },
    );
    assert_eq!(one, three);
    let mut sum = PerftCounts::default();
    for (_, k) in &one.divide {
        sum += *k;
    }
    assert_eq!(sum, one.total);
    assert_eq!(one.divide.len(), 10, "nine points and the pass");
    // 1x1 at depth 1: the move is refused at the start, the pass is the only line.
    let tiny = fast(&spec(1, 1, Rules::TROMP_TAYLOR, 1, true));
    assert_eq!(tiny.total.repetitions, 1);
    assert_eq!(tiny.divide.len(), 1);
    assert_eq!(tiny.divide[0].1.repetitions, 0);
}

fn timed(what: &str, s: PerftSpec, expect: u64) {
    let start = std::time::Instant::now();
    let k = fast(&s).total;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{what}: {k:?} in {secs:.1} s ({:.0} nodes/s)",
        k.nodes as f64 / secs
    );
    assert_eq!(k.nodes, expect, "{what}");
}

/// 19x19 with passes, depth 4: 16,889,859,009. About a minute of CPU in release.
#[test]
#[ignore = "a minute of CPU in release; run by hand"]
fn nineteen_with_passes_depth_4() {
    timed(
        "19x19 depth 4",
        spec(19, 19, Rules::TROMP_TAYLOR, 4, true),
        16_889_859_009,
    );
}

/// McKenzie (2005): 9x9 moves only, depth 5: 3,074,496,080 (suicide illegal there; the same
/// under Tromp-Taylor at this depth).
#[test]
#[ignore = "tens of seconds of CPU in release; run by hand"]
fn nine_moves_only_depth_5() {
    timed(
        "9x9 moves only depth 5",
        spec(9, 9, Rules::TROMP_TAYLOR, 5, false),
        3_074_496_080,
    );
    timed(
        "9x9 moves only depth 5, suicide forbidden",
        spec(9, 9, rules("suicide=forbidden"), 5, false),
        3_074_496_080,
    );
}

/// 5x5 moves only, suicide forbidden, depth 7: 2,411,088,112.
#[test]
#[ignore = "a minute of CPU in release; run by hand"]
fn five_moves_only_no_suicide_depth_7() {
    timed(
        "5x5 moves only depth 7, suicide forbidden",
        spec(5, 5, rules("suicide=forbidden"), 7, false),
        2_411_088_112,
    );
}
