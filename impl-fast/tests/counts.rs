//! External truth tables (Tromp & Farnebäck, "Combinatorics of Go"): complete games and legal
//! positions on small grids, for both engines.

mod common;

use ttrules_fast::count::graph::{count_games_graph, GameCount, GraphRun, MoveGraph};
use ttrules_fast::{count_games, count_games_tiny, count_legal, Fast};
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, Grid, Move, Size};

fn size(w: u32, h: u32) -> Size {
    Size::new(w, h).unwrap()
}

#[test]
fn game_counts_of_1xn_for_both_engines() {
    for (w, h, games) in [(1, 1, 1), (1, 2, 9), (2, 1, 9), (1, 3, 907), (3, 1, 907)] {
        assert_eq!(count_games::<Fast>(size(w, h)), games, "fast {w}x{h}");
        assert_eq!(
            count_games::<Reference>(size(w, h)),
            games,
            "reference {w}x{h}"
        );
    }
}

#[test]
fn tiny_walk_agrees_with_the_engines() {
    for (w, h) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1)] {
        assert_eq!(
            count_games_tiny(size(w, h)),
            Some(count_games::<Fast>(size(w, h))),
            "{w}x{h}"
        );
    }
}

/// `cargo test --release -p ttrules-fast --test counts -- --ignored --nocapture`: a minute.
#[test]
#[ignore = "a minute in release; run by hand"]
fn tiny_walk_game_count_of_1x4() {
    let start = std::time::Instant::now();
    assert_eq!(count_games_tiny(size(1, 4)), Some(2_098_407_841));
    eprintln!("count_games_tiny 1x4: {:.2?}", start.elapsed());
}

fn by_graph(g: &MoveGraph, threads: usize, memo_bytes: usize) -> GameCount {
    let run = GraphRun {
        threads,
        memo_bytes,
        progress: &|_, _| {},
    };
    count_games_graph(g, &run)
}

/// The move graph holds every legal position (r[tt.derived.every-stone-reaches-empty]) and
/// nothing else, and the two engines' move functions build the same graph: every move of either
/// player on every legal colouring of these grids agrees.
#[test]
fn both_engines_build_the_same_move_graph() {
    for (w, h) in [(1, 1), (1, 2), (1, 3), (1, 4), (4, 1), (2, 2)] {
        let fast = MoveGraph::build::<Fast>(size(w, h)).unwrap();
        let reference = MoveGraph::build::<Reference>(size(w, h)).unwrap();
        assert_eq!(fast, reference, "{w}x{h}");
        assert_eq!(
            Some(fast.colourings() as u64),
            count_legal(size(w, h)),
            "{w}x{h}"
        );
    }
    assert!(
        MoveGraph::build::<Fast>(size(1, 5)).is_err(),
        "113 colourings"
    );
}

/// Paths in the move graph count what the engines' game-tree walks count, with any number of
/// threads and with a memo of one slot (no reuse at all): the memo and the symmetries change
/// the work, never the count.
#[test]
fn move_graph_counts_agree_with_the_walks() {
    for (w, h) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1)] {
        let g = MoveGraph::build::<Fast>(size(w, h)).unwrap();
        let walked = count_games::<Fast>(size(w, h));
        for (threads, memo) in [(1, 1 << 20), (2, 1 << 20), (3, 16)] {
            assert_eq!(by_graph(&g, threads, memo).games, walked, "{w}x{h}");
        }
    }
}

/// Tromp (1999): 2,098,407,841 games on 1x4, the longest with 40 moves (61 turns at most with
/// passes, by an independent brute force); the printed longest
/// game is a game (every turn legal for the fast engine) with that many moves.
#[test]
fn move_graph_count_of_1x4() {
    let g = MoveGraph::build::<Fast>(size(1, 4)).unwrap();
    let c = by_graph(&g, 2, 256 << 20);
    assert_eq!(c.games, 2_098_407_841);
    assert_eq!(c.longest_moves, 40);
    assert_eq!(c.longest_turns, 61, "passes included");
    let mut e = Fast::new(size(1, 4), ttrules_spec::Rules::TROMP_TAYLOR);
    for &mv in &c.longest_game {
        e.play(mv).unwrap();
    }
    assert!(e.is_over());
    let moves = c.longest_game.iter().filter(|m| **m != Move::Pass).count();
    assert_eq!(moves, 40);
    assert!(c.longest_game.len() as u32 <= c.longest_turns);
}

/// Tromp (1999): 386,356,909,593 games on 2x2, the longest with 48 moves.
/// `cargo test --release -p ttrules-fast --test counts -- --ignored --nocapture`: a minute.
#[test]
#[ignore = "a minute of CPU in release; run by hand"]
fn move_graph_count_of_2x2() {
    let start = std::time::Instant::now();
    let g = MoveGraph::build::<Fast>(size(2, 2)).unwrap();
    let c = by_graph(&g, 2, 1 << 30);
    eprintln!("count-games 2x2: {:.2?}", start.elapsed());
    assert_eq!(c.games, 386_356_909_593);
    assert_eq!(c.longest_moves, 48);
}

const LEGAL_POSITIONS: &[(u32, u32, u64)] = &[
    (1, 1, 1),
    (1, 2, 5),
    (1, 3, 15),
    (1, 4, 41),
    (1, 5, 113),
    (2, 2, 57),
    (2, 3, 489),
    (3, 3, 12_675),
    (3, 4, 321_689),
    (4, 4, 24_318_165),
];

#[test]
fn legal_position_counts_fast() {
    for &(w, h, n) in LEGAL_POSITIONS {
        assert_eq!(count_legal(size(w, h)), Some(n), "{w}x{h}");
        if w != h {
            assert_eq!(count_legal(size(h, w)), Some(n), "{h}x{w}");
        }
    }
}

/// Every colouring of the grid, in base 3, checked with an obviously-correct flood fill written
/// from the spec text (r[tt.reach], r[tt.derived.every-stone-reaches-empty]).
fn count_legal_by_spec(size: Size) -> u64 {
    let area = size.area();
    let mut total = 0;
    for code in 0..3u64.pow(area as u32) {
        let mut g = Grid::empty(size);
        let mut k = code;
        for i in 0..area {
            let c = [Colour::Empty, Colour::Black, Colour::White][(k % 3) as usize];
            k /= 3;
            g.set(size.point(i), c);
        }
        if common::every_stone_reaches_empty(&g) {
            total += 1;
        }
    }
    total
}

#[test]
fn legal_position_counts_by_spec_flood_fill() {
    for &(w, h, n) in LEGAL_POSITIONS.iter().filter(|(w, h, _)| w * h <= 9) {
        assert_eq!(count_legal_by_spec(size(w, h)), n, "{w}x{h}");
    }
}
