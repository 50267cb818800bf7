//! Perft against a Go library no one here wrote: the `board-game` crate (0.8.2), whose own tests
//! publish perft values for Tromp-Taylor and for CGOS rules (Tromp-Taylor without suicide).
//! Both libraries are run here, side by side, and must give the same numbers; and the sequence
//! that separates the two 5x5 depth-4 values in circulation (361,041 and 361,233) is shown to be
//! refused by both under Tromp-Taylor (`spec/perft.md`, "The board-game crate").
#![cfg(feature = "peers")]

use board_game::board::Board;
use board_game::games::go::{GoBoard, Komi, Move as BgMove, Rules as BgRules, Tile};
use board_game::util::game_stats::perft_naive;
use std::str::FromStr;
use ttrules_fast::{perft_fast, Fast, PerftRun, PerftSpec};
use ttrules_spec::{Engine, Illegal, Move, Point, Rules, Size};

/// Tromp-Taylor with one parameter changed.
fn rules(key: &str, value: &str) -> Rules {
    let mut rules = Rules::TROMP_TAYLOR;
    rules.set(key, value).unwrap();
    rules
}

fn ours(side: u32, rules: Rules, depth: u32) -> u64 {
    let spec = PerftSpec {
        size: Size::square(side).unwrap(),
        rules,
        depth,
        passes: true,
    };
    perft_fast(&spec, true, &PerftRun::QUIET).total.nodes
}

/// Both libraries, with passes, on the empty 3x3 to depth 7 and 5x5 to depth 4, under
/// Tromp-Taylor and under CGOS rules (our `suicide=forbidden`); and the crate's own published
/// 5x5 values (its `go_perft_fast` and `go_perft_5` tests).
#[test]
fn board_game_perft_agrees_with_ours() {
    let no_suicide = rules("suicide", "forbidden");
    for (theirs, mine) in [
        (BgRules::tromp_taylor(), Rules::TROMP_TAYLOR),
        (BgRules::cgos(), no_suicide),
    ] {
        for (side, max) in [(3u32, 7u32), (5, 4)] {
            let board = GoBoard::new(side as u8, Komi::zero(), theirs);
            for depth in 0..=max {
                assert_eq!(
                    perft_naive(&board, depth),
                    ours(side, mine, depth),
                    "{side}x{side} depth {depth} {theirs:?}"
                );
            }
        }
    }
    assert_eq!(ours(5, Rules::TROMP_TAYLOR, 4), 361_041);
    assert_eq!(ours(5, Rules::TROMP_TAYLOR, 5), 7_984_104);
}

/// B B1, W pass, B A2, W A1: White's last move is a single-stone suicide. It recreates the
/// colouring after Black's A2, so Tromp-Taylor refuses it for repetition
/// (r[tt.note.single-suicide], r[tt.turn.repetition]), and so does the crate; under situational
/// superko (r[var.ko.situational]) it is a legal move. The 192 such sequences at depth 4 on 5x5
/// are the difference between 361,041 and 361,233.
#[test]
fn the_single_stone_suicide_that_separates_the_two_counts() {
    let p = |s: &str| Point::parse_gtp(s).unwrap();
    let first = [Move::Play(p("B1")), Move::Pass, Move::Play(p("A2"))];
    let mut tt = Fast::new(Size::square(5).unwrap(), Rules::TROMP_TAYLOR);
    let situational = rules("repetition", "situational");
    let mut sit = Fast::new(Size::square(5).unwrap(), situational);
    for mv in first {
        tt.play(mv).unwrap();
        sit.play(mv).unwrap();
    }
    assert_eq!(tt.check(Move::Play(p("A1"))), Err(Illegal::Repetition));
    let report = sit.play(Move::Play(p("A1"))).unwrap();
    assert_eq!(report.suicided, 1);

    let t = |s: &str| BgMove::Place(Tile::from_str(s).unwrap());
    let mut board = GoBoard::new(5, Komi::zero(), BgRules::tromp_taylor());
    for mv in [t("B1"), BgMove::Pass, t("A2")] {
        board.play(mv).unwrap();
    }
    assert_eq!(board.is_available_move(t("A1")), Ok(false));
    assert_eq!(board.is_available_move(t("C3")), Ok(true));
}
