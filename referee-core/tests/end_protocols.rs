//! The end-of-game protocols of spec Part VII as pure state machines, driven by scripted players
//! without processes (`ttrules_referee_core::sim`): the six requirements of the source, each with
//! a test, the abuses of r[end.abuse] per protocol, and what each protocol does with a dispute.
//! Every run is also checked by `sim::check` (the bound, only conceded, agreed, arbitrated or
//! captured stones removed, the result equal to the reference's score of the final position).
//!
//! Most tests play one 5x5 position (Black to the left of column C, White to the right of D):
//!
//! ```text
//!   A B C D E
//! 5 . X X O .
//! 4 . . X O .
//! 3 X X X O X     Black's chain has two vital regions, {A1 A2 B2} and {A4 A5 B4}: pass-alive;
//! 2 . . X O .     White's A1 stands in Black's pass-alive territory (dead, provably);
//! 1 O X X O .     Black's E3 is a hopeless stone in White's eye (dead, but not provably).
//! ```
//!
//! The game ends W pass, B pass (21 turns): White passed first and moves first when play resumes.

use ttrules_referee_core::end::{
    ArbiterKind, ArbiterWhen, EndOptions, Finish, Protocol, RoundOutcome,
};
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::sim::{self, Ending, Run, Script};
use ttrules_spec::{Colour, Engine, Komi, Move, Player, Point, Rules, Size};

const BLACK: &[&str] = &[
    "C1", "C2", "C3", "C4", "C5", "B1", "B3", "B5", "A3", "E3", "pass",
];
const WHITE: &[&str] = &[
    "D1", "D2", "D3", "D4", "D5", "A1", "pass", "pass", "pass", "pass",
];

fn pt(v: &str) -> Point {
    Point::parse_gtp(v).unwrap()
}

/// The position's script, then `black` and `white` for the turns after its end.
fn script(black: &[&str], white: &[&str]) -> Script {
    let b: Vec<&str> = BLACK.iter().chain(black).copied().collect();
    let w: Vec<&str> = WHITE.iter().chain(white).copied().collect();
    Script::new(&b, &w)
}

fn opts() -> EndOptions {
    EndOptions::default()
}

/// The ruleset each protocol is played under here.
fn rules_for(p: Protocol) -> &'static str {
    match p {
        Protocol::Jihuozi => "jihuozi",
        Protocol::Japanese => "japanese",
        _ => "chinese",
    }
}

/// Runs `protocol` on a 5x5 game with the scripted players; checks the run.
fn run(protocol: Protocol, s: &mut Script, o: &EndOptions) -> Run {
    run_on(
        protocol,
        rules_for(protocol),
        Size::square(5).unwrap(),
        s,
        o,
    )
}

fn run_on(protocol: Protocol, rules: &str, size: Size, s: &mut Script, o: &EndOptions) -> Run {
    let rules = Rules::by_name(rules).unwrap();
    let judge = Judge::new(size, rules, Komi::ZERO);
    let mut m = protocol.machine_with(o);
    let r =
        sim::run(m.as_mut(), judge, s, o.max_turns).unwrap_or_else(|e| panic!("{protocol:?}: {e}"));
    sim::check(&r).unwrap_or_else(|e| panic!("{protocol:?}: {e}\n{r:#?}"));
    r
}

fn removed(r: &Run) -> Vec<String> {
    match &r.ending {
        Ending::Finished(Finish::Score { dead }) => dead.iter().map(|p| p.gtp()).collect(),
        e => panic!("not scored: {e:?}"),
    }
}

fn outcomes(r: &Run) -> Vec<RoundOutcome> {
    r.report.rounds.iter().map(|x| x.outcome).collect()
}

fn stone(r: &Run, v: &str) -> Colour {
    r.judge.grid().get(pt(v))
}

/// The protocols that ask the players for lists.
const LISTING: [Protocol; 6] = [
    Protocol::Agreement,
    Protocol::Chinese,
    Protocol::Kgs,
    Protocol::Japanese,
    Protocol::Arbiter,
    Protocol::Jihuozi,
];

/// Requirement 1, r[end.list]: engines that mark nothing are not penalised. Under every protocol
/// two players without dead lists end the game as Tromp-Taylor does: nothing removed, no turn
/// added, the round agreed; one that concedes its own stones while the other marks nothing loses
/// exactly those.
#[test]
fn engines_without_dead_lists_fall_back_to_tromp_taylor() {
    for p in Protocol::ALL {
        let mut s = script(&[], &[]);
        let r = run(p, &mut s, &opts());
        assert!(removed(&r).is_empty(), "{p:?}");
        assert_eq!(r.report.extra_turns, 0, "{p:?}");
        assert_eq!(r.judge.turns().len(), 21);
        if LISTING.contains(&p) {
            assert_eq!(outcomes(&r), [RoundOutcome::Agreed], "{p:?}");
            assert_eq!(r.report.rounds[0].black_dead, None);
        }
        let mut s = script(&[], &[]).lists(Player::Black, &[Some("E3")]);
        let r = run(p, &mut s, &opts());
        let want: Vec<String> = if LISTING.contains(&p) {
            vec!["E3".into()]
        } else {
            Vec::new()
        };
        assert_eq!(removed(&r), want, "{p:?}");
    }
}

/// Requirement 2, r[end.bound]: no protocol loops forever. Players that dispute every round
/// (each marks all the other's stones) and then either pass at once or play random moves: every
/// protocol ends, within its bound (checked by `sim::check`) and the move limit.
#[test]
fn disputing_players_never_keep_a_protocol_going() {
    let mut resumed_rounds = 0;
    for p in LISTING {
        for seed in 0..12u64 {
            let mut s = script(&[], &[])
                .lists(Player::Black, &[Some("D1 D2 D3 D4 D5 A1")])
                .lists(Player::White, &[Some("C1 C2 C3 C4 C5 B1 B3 B5 A3 E3")]);
            if seed > 0 {
                s.then_random = [Some(seed), Some(seed + 100)];
            }
            let o = EndOptions {
                max_turns: Some(150),
                ..opts()
            };
            let r = run(p, &mut s, &o);
            assert!(r.judge.turns().len() <= 150);
            resumed_rounds += r.report.rounds.len().saturating_sub(1);
            if seed == 0 && matches!(p, Protocol::Chinese | Protocol::Jihuozi) {
                // Both pass at once: four passes in a row, all alive.
                assert_eq!(outcomes(&r), [RoundOutcome::AllAlive], "{p:?}");
                assert_eq!(r.judge.turns().len(), 23);
                assert!(removed(&r).is_empty());
            }
        }
    }
    assert!(resumed_rounds > 0, "no protocol reached a second round");
}

/// Requirement 3: no protocol stops a player from capturing what can be captured. Black, whose
/// mark on White's A1 is disputed, captures it by playing A2: in the resumed play of `chinese`,
/// `jihuozi` and `kgs` (a cleanup turn there), on the copy of `japanese` (so A1 is removed from the
/// original, where it still stands); and before its pass under the protocols that never resume.
#[test]
fn a_disputed_stone_can_always_be_captured() {
    for p in [
        Protocol::Chinese,
        Protocol::Jihuozi,
        Protocol::Kgs,
        Protocol::Japanese,
    ] {
        let mut s = script(&["A2", "pass"], &["pass", "pass"])
            .lists(Player::Black, &[Some("A1"), Some("")])
            .lists(Player::White, &[None]);
        let r = run(p, &mut s, &opts());
        match p {
            Protocol::Japanese => {
                assert_eq!(stone(&r, "A1"), Colour::White, "the original keeps it");
                assert_eq!(removed(&r), ["A1"]);
                assert_eq!(outcomes(&r), [RoundOutcome::CopyResolved]);
                assert_eq!(r.report.rounds[0].copy_dead, Some(vec!["A1".to_string()]));
                assert_eq!(r.report.copy_turns, 4);
                assert!(s
                    .asked
                    .iter()
                    .skip(21)
                    .all(|&(_, cleanup, copy)| copy && cleanup));
            }
            _ => {
                assert_eq!(stone(&r, "A1"), Colour::Empty, "{p:?}: captured");
                assert_eq!(r.judge.resumptions(), [21]);
                assert_eq!(r.judge.turns()[21].player, Player::White, "W passed first");
            }
        }
        if p == Protocol::Kgs {
            assert!(s.asked[21..].iter().all(|&(_, cleanup, _)| cleanup));
            assert_eq!(outcomes(&r), [RoundOutcome::Resumed]);
        }
        if matches!(p, Protocol::Chinese | Protocol::Jihuozi) {
            assert_eq!(outcomes(&r), [RoundOutcome::Resumed, RoundOutcome::Agreed]);
            assert_eq!(r.report.rounds[0].first.as_deref(), Some("W"));
            assert_eq!(r.report.rounds[0].turns, Some(4));
            assert_eq!(r.report.extra_turns, 4);
        }
    }
    // Before the end, under the protocols that never resume.
    for p in [
        Protocol::TrompTaylor,
        Protocol::Agreement,
        Protocol::Arbiter,
    ] {
        let mut b: Vec<&str> = BLACK.to_vec();
        b.insert(9, "A2");
        let mut w: Vec<&str> = WHITE.to_vec();
        w.insert(6, "pass");
        let mut s = Script::new(&b, &w).lists(Player::Black, &[Some("A1")]);
        let r = run(p, &mut s, &opts());
        assert_eq!(stone(&r, "A1"), Colour::Empty, "{p:?}");
    }
}

/// Requirement 4: a board where every group is unsettled (two or three stones on 19x19) ends under
/// every protocol, whatever the players mark.
#[test]
fn a_board_of_unsettled_stones_ends() {
    let lists: [Option<&str>; 4] = [None, Some("Q16"), Some("D4 Q16"), Some("D4")];
    let mut ended = 0;
    let boards: [(&[&str], &[&str]); 2] = [
        (&["D4", "pass"], &["Q16", "pass"]),
        (&["D4", "Q4", "pass"], &["Q16", "pass", "pass"]),
    ];
    for p in Protocol::ALL {
        for (i, b) in lists.iter().enumerate() {
            for (w, (black, white)) in [None, Some("D4"), Some("Q16 D4 Q4")]
                .into_iter()
                .flat_map(|w| boards.map(|x| (w, x)))
            {
                let mut s = Script::new(black, white)
                    .lists(Player::Black, &[*b])
                    .lists(Player::White, &[w]);
                if i == 3 {
                    s.then_random = [Some(1), Some(2)];
                }
                let o = EndOptions {
                    max_turns: Some(60),
                    ..opts()
                };
                let rules = if p == Protocol::Jihuozi {
                    "jihuozi"
                } else {
                    "chinese"
                };
                let r = run_on(p, rules, Size::square(19).unwrap(), &mut s, &o);
                assert!(matches!(r.ending, Ending::Finished(_) | Ending::MoveLimit));
                ended += 1;
            }
        }
    }
    assert_eq!(ended, 7 * 4 * 3 * 2);
}

/// Requirement 5, r[end.dispute] r[end.concession]: the four marking cases, under every protocol
/// that asks for lists. (a) Black marks White's A1 dead and White does not: disputed. (b) Black
/// marks its own E3 dead and White does not: a concession, removed, nothing disputed. (c) both at
/// once. (d) several groups: Black marks A1 and its own E3, White marks E3 and Black's whole chain.
#[test]
fn the_four_marking_cases_under_every_protocol() {
    let cases: [(&str, Option<&str>, Option<&str>); 4] = [
        ("a", Some("A1"), Some("")),
        ("b", Some("E3"), None),
        ("c", Some("A1 E3"), Some("")),
        ("d", Some("A1 E3"), Some("E3 C1 C2 C3 C4 C5 B1 B3 B5 A3")),
    ];
    for p in LISTING {
        for (case, b, w) in cases {
            let mut s = script(&[], &[])
                .lists(Player::Black, &[b])
                .lists(Player::White, &[w]);
            let r = run(p, &mut s, &opts());
            let first = &r.report.rounds[0];
            let disputed: Vec<&str> = first.disputed.iter().map(String::as_str).collect();
            let want: &[&str] = match case {
                "a" | "c" => &["A1"],
                "b" => &[],
                _ => &["C1", "B1", "C2", "A3", "B3", "C3", "C4", "B5", "C5", "A1"],
            };
            let mut want_sorted: Vec<&str> = want.to_vec();
            let key = |v: &&str| {
                let q = pt(v);
                (q.y, q.x)
            };
            want_sorted.sort_by_key(key);
            assert_eq!(disputed, want_sorted, "{p:?} case {case}");
            let gone = removed(&r);
            // Black's concession of E3 stands in every protocol (kgs: unless its cleanup ran).
            let cleanup = p == Protocol::Kgs && !want.is_empty();
            if case != "a" && !cleanup {
                assert!(
                    gone.contains(&"E3".to_string()),
                    "{p:?} case {case}: {gone:?}"
                );
            }
            if case == "b" {
                assert_eq!(outcomes(&r), [RoundOutcome::Agreed], "{p:?}");
                assert_eq!(gone, ["E3"]);
            }
            // Nothing Black did not concede is removed: the disputed stones stand (the players
            // pass at once), except where the arbiter proves A1 dead.
            let a1_dead = p == Protocol::Arbiter && want.contains(&"A1");
            assert_eq!(
                gone.contains(&"A1".to_string()),
                a1_dead,
                "{p:?} case {case}"
            );
            assert!(!gone.contains(&"C3".to_string()), "{p:?} case {case}");
        }
    }
}

/// r[end.agreement] r[end.chinese] r[end.kgs] r[end.japanese] r[end.arbiter] r[end.jihuozi]: what
/// each protocol does with the same dispute (Black marks A1 and its own E3, White marks nothing of
/// Black's) when the players pass at once afterwards.
#[test]
fn one_dispute_under_each_protocol() {
    let expect: [(Protocol, &[RoundOutcome], &[&str]); 6] = [
        (Protocol::Agreement, &[RoundOutcome::AllAlive], &["E3"]),
        (Protocol::Chinese, &[RoundOutcome::AllAlive], &["E3"]),
        (Protocol::Jihuozi, &[RoundOutcome::AllAlive], &["E3"]),
        (Protocol::Kgs, &[RoundOutcome::Resumed], &[]),
        (Protocol::Japanese, &[RoundOutcome::CopyResolved], &["E3"]),
        (
            Protocol::Arbiter,
            &[RoundOutcome::Arbitrated],
            &["A1", "E3"],
        ),
    ];
    for (p, want, gone) in expect {
        let mut s = script(&[], &[])
            .lists(Player::Black, &[Some("A1 E3")])
            .lists(Player::White, &[Some("")]);
        let r = run(p, &mut s, &opts());
        assert_eq!(outcomes(&r), want, "{p:?}");
        let mut gone: Vec<String> = gone.iter().map(|v| v.to_string()).collect();
        gone.sort_by_key(|v| {
            let q = pt(v);
            (q.y, q.x)
        });
        assert_eq!(removed(&r), gone, "{p:?}");
        let extra = match p {
            Protocol::Chinese | Protocol::Jihuozi | Protocol::Kgs | Protocol::Japanese => 2,
            _ => 0,
        };
        assert_eq!(r.report.extra_turns, extra, "{p:?}");
    }
}

/// r[end.japanese.final-status]: a disputed chain captured on the copy is removed whole from the
/// original (its unmarked stones too); one left standing is alive; the copy changes neither the
/// original's turns nor its prisoners, and the engines play on the copy only.
#[test]
fn japanese_applies_final_statuses_and_discards_the_copy() {
    // White marks Black's chain by one stone (C3) and E3; on the copy White does not capture the
    // chain but captures E3 (E2 then E4).
    let mut s = script(&["pass", "pass", "pass"], &["E2", "E4", "pass", "pass"])
        .lists(Player::Black, &[Some("")])
        .lists(Player::White, &[Some("C3 E3")]);
    let r = run(Protocol::Japanese, &mut s, &opts());
    assert_eq!(removed(&r), ["E3"]);
    assert_eq!(r.report.rounds[0].copy_dead, Some(vec!["E3".to_string()]));
    assert_eq!(
        r.judge.turns().len(),
        21,
        "no copy turn is a turn of the game"
    );
    assert_eq!(r.judge.engine().prisoners(), Default::default());
    let copy = r.copy.as_ref().unwrap();
    assert_eq!(
        copy.turns().len(),
        21 + 5,
        "W E2, B pass, W E4, B pass, W pass"
    );
    assert_eq!(copy.grid().get(pt("E3")), Colour::Empty);
    assert_eq!(stone(&r, "E3"), Colour::Black);
    // A chain of several stones captured on the copy goes whole, the stones no one marked too:
    // Black adds E4 to its hopeless E3 (a two-stone chain in White's eye), White marks E3 only
    // and, first to move on the copy (it passed first), captures both with E2 and E5.
    let mut b: Vec<&str> = BLACK[..10].to_vec();
    b.extend(["E4", "pass"]);
    let mut w: Vec<&str> = WHITE.to_vec();
    w.extend(["pass", "E2", "E5", "pass"]);
    let mut s = Script::new(&b, &w)
        .lists(Player::Black, &[Some("")])
        .lists(Player::White, &[Some("E3")]);
    let r = run(Protocol::Japanese, &mut s, &opts());
    assert_eq!(r.judge.turns().len(), 23);
    assert_eq!(r.report.rounds[0].disputed, ["E3"]);
    assert_eq!(r.report.rounds[0].first.as_deref(), Some("W"));
    assert_eq!(
        r.report.rounds[0].copy_dead,
        Some(vec!["E3".to_string(), "E4".to_string()])
    );
    assert_eq!(removed(&r), ["E3", "E4"]);
    assert_eq!(
        stone(&r, "E4"),
        Colour::Black,
        "the original keeps them until scored"
    );
}

/// r[end.japanese]: the move limit bounds the copy's turns; at the limit the final statuses are
/// read as they stand.
#[test]
fn japanese_copies_stop_at_the_move_limit() {
    let mut s = script(&[], &[])
        .lists(Player::Black, &[Some("A1")])
        .lists(Player::White, &[Some("")]);
    s.then_random = [Some(5), Some(6)];
    let o = EndOptions {
        max_turns: Some(30),
        ..opts()
    };
    let r = run(Protocol::Japanese, &mut s, &o);
    assert!(
        r.report.copy_turns > 0 && r.report.copy_turns <= 9,
        "{:?}",
        r.report
    );
    assert!(r.copy.as_ref().unwrap().turns().len() <= 30);
    assert!(matches!(r.ending, Ending::Finished(Finish::Score { .. })));
}

/// r[end.arbiter] r[end.arbiter.proven] r[end.arbiter.engine]: the proven arbiter removes A1
/// (it stands in Black's pass-alive territory) and never E3; an engine arbiter decides the
/// disputed stones only; `always` asks no player; an arbiter without an answer calls nothing dead.
#[test]
fn arbiters_decide_disputes() {
    let proven = EndOptions::default();
    let engine = EndOptions {
        arbiter: ArbiterKind::Engine,
        ..opts()
    };
    let always = |kind| EndOptions {
        arbiter: kind,
        arbiter_when: ArbiterWhen::Always,
        max_turns: None,
    };
    let lists = |s: Script| {
        s.lists(Player::Black, &[Some("A1")])
            .lists(Player::White, &[Some("E3 C3")])
    };
    // Proven, on a dispute: A1 dead; E3 and C3 (disputed by White) alive.
    let r = run(Protocol::Arbiter, &mut lists(script(&[], &[])), &proven);
    assert_eq!(removed(&r), ["A1"]);
    assert_eq!(r.report.rounds[0].arbiter, Some(vec!["A1".to_string()]));
    // An engine arbiter that calls E3 and A1 dead, and B1 (undisputed: it changes nothing).
    let mut s = lists(script(&[], &[]));
    s.arbiter = Some(vec![pt("E3"), pt("A1"), pt("B1")]);
    let r = run(Protocol::Arbiter, &mut s, &engine);
    assert_eq!(removed(&r), ["A1", "E3"]);
    assert_eq!(r.requests.arbiter, 1);
    // No answer: nothing but the concessions (none here).
    let r = run(Protocol::Arbiter, &mut lists(script(&[], &[])), &engine);
    assert!(removed(&r).is_empty());
    // Always: the players are not asked.
    let mut s = script(&[], &[]);
    s.arbiter = Some(vec![pt("E3"), pt("C3")]);
    let r = run(Protocol::Arbiter, &mut s, &always(ArbiterKind::Engine));
    assert_eq!(r.requests.dead_list, 0);
    assert_eq!(removed(&r), ["C3", "E3"]);
    let r = run(
        Protocol::Arbiter,
        &mut script(&[], &[]),
        &always(ArbiterKind::Proven),
    );
    assert_eq!(removed(&r), ["A1"]);
    assert_eq!(outcomes(&r), [RoundOutcome::Arbitrated]);
}

/// Requirement 6, r[end.abuse] (a): a player that marks every stone dead. Its own stones are
/// concessions; what happens to the opponent's follows each protocol's rule, and the abuser never
/// gains: its score with the protocol is never above its score without it (every stone alive).
#[test]
fn marking_everything_dead_is_not_rewarded() {
    let all = "A1 B1 C1 D1 A3 B3 C3 D3 E3 C2 D2 C4 D4 B5 C5 D5";
    for p in LISTING {
        let mut s = script(&[], &[])
            .lists(Player::Black, &[Some(all)])
            .lists(Player::White, &[Some("A1")]);
        let r = run(p, &mut s, &opts());
        let score = |dead: &[Point]| r.judge.engine().score_with_dead(dead).unwrap();
        let dead: Vec<Point> = removed(&r).iter().map(|v| pt(v)).collect();
        let (with, without) = (score(&dead), score(&[]));
        assert!(
            with.black - with.white <= without.black - without.white,
            "{p:?}"
        );
        // White's stones other than its conceded A1 stay: the abuser's marks are disputed.
        assert!(!dead.contains(&pt("D3")), "{p:?}");
        if p != Protocol::Kgs {
            assert!(
                dead.contains(&pt("C3")),
                "{p:?}: the abuser's own stones are conceded"
            );
        }
    }
}

/// Requirement 6, r[end.abuse] (b): a list that changes every round. Only `chinese` and `jihuozi`
/// have more than one round; each new round needs a move, so random lists and random play still
/// end within the bound, and only the last round's concessions are removed.
#[test]
fn changing_lists_every_round_is_bounded() {
    let mut rounds = 0;
    for p in [Protocol::Chinese, Protocol::Jihuozi] {
        for seed in 1..=8u64 {
            let own = ["C3 A1", "E3", "D3", "C1 D1", "", "A3 D5"];
            let rotate: Vec<Option<&str>> =
                (0..6).map(|i| Some(own[(i + seed as usize) % 6])).collect();
            let mut s = script(&[], &[])
                .lists(Player::Black, &rotate)
                .lists(Player::White, &[Some("E3 C3")]);
            s.then_random = [Some(seed), Some(seed * 7)];
            let o = EndOptions {
                max_turns: Some(120),
                ..opts()
            };
            let r = run(p, &mut s, &o);
            rounds += r.report.rounds.len();
        }
    }
    assert!(
        rounds > 16,
        "the lists changed over too few rounds: {rounds}"
    );
}

/// Requirement 6, r[end.abuse] (c): Black's hopeless E3 in White's eye, which Black will not
/// concede. Rewarded (it stays) under `tromp-taylor`, `agreement` and `proven`; not under
/// `chinese`, `jihuozi`, `kgs` (White captures it in resumed play) and `japanese` (captured on
/// the copy, removed from the original).
#[test]
fn hopeless_stones_in_the_opponents_eye() {
    for p in Protocol::ALL {
        // White captures E3 with E2 and E4 when play resumes (first turn White's).
        let mut s = script(&["pass", "pass", "pass"], &["E2", "E4", "pass", "pass"])
            .lists(Player::Black, &[Some("")])
            .lists(Player::White, &[Some("E3")]);
        let r = run(p, &mut s, &opts());
        let stays = stone(&r, "E3") == Colour::Black && !removed(&r).contains(&"E3".to_string());
        let rewarded = matches!(
            p,
            Protocol::TrompTaylor | Protocol::Agreement | Protocol::Arbiter
        );
        assert_eq!(stays, rewarded, "{p:?}");
    }
}

/// r[end.jihuozi]: the counts of living stones and the ideal final position; the result is the
/// count, which is the jihuozi ruleset's score (checked by `sim::check`); other rulesets refused.
#[test]
fn jihuozi_counts_living_stones() {
    let mut s = script(&[], &[])
        .lists(Player::Black, &[Some("A1 E3")])
        .lists(Player::White, &[Some("A1 E3")]);
    let r = run(Protocol::Jihuozi, &mut s, &opts());
    assert_eq!(removed(&r), ["A1", "E3"]);
    let c = r.report.count.unwrap();
    // Black: 9 stones, road points: its territory (A1 A2 B2 A4 A5 B4) less two reserved eyes.
    assert_eq!((c.black.board, c.black.roads, c.black.ideal), (9, 4, 13));
    // White: 5 stones, the E column less two reserved points.
    assert_eq!((c.white.board, c.white.roads, c.white.ideal), (5, 3, 8));
    let ideal = r.report.ideal.as_ref().unwrap();
    assert_eq!(ideal.reserved.len(), 4);
    assert!(ideal.diagram.starts_with('５'));
    assert_eq!(r.report.reserved.as_ref().unwrap().len(), 4);
    for name in ["chinese", "japanese", "aga", "tromp-taylor"] {
        assert!(
            ttrules_referee_core::end::jihuozi::Jihuozi::unsupported(Rules::by_name(name).unwrap())
                .is_some(),
            "{name}"
        );
    }
    for name in ["jihuozi", "ancient-chinese"] {
        let rules = Rules::by_name(name).unwrap();
        assert_eq!(
            ttrules_referee_core::end::jihuozi::Jihuozi::unsupported(rules),
            None
        );
    }
}

/// r[end.resume] r[end.chinese]: resumed play continues the game (its turns and history stay),
/// and a new round follows an end reached after a move; a void cycle in resumed play voids it.
#[test]
fn resumed_play_is_the_same_game() {
    let mut s = script(&["A2", "pass"], &["pass", "pass"])
        .lists(Player::Black, &[Some("A1"), Some("")])
        .lists(Player::White, &[Some(""), Some("")]);
    let r = run(Protocol::Chinese, &mut s, &opts());
    assert_eq!(r.judge.turns().len(), 25);
    assert_eq!(r.report.rounds[1].turn, 25);
    assert_eq!(r.judge.turns()[21].mv, Move::Pass);
    assert_eq!(r.judge.engine().prisoners().black, 1, "the capture of A1");
}
