//! External truth tables (Tromp & Farnebäck, "Combinatorics of Go"): complete games and legal
//! positions on small grids, for both engines.

mod common;

use ttrules_fast::{count_games, count_games_tiny, count_legal, Fast};
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Grid, Size};

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

/// `cargo test --release -p ttrules-fast --test counts -- --ignored --nocapture`: minutes.
#[test]
#[ignore = "minutes in release; run by hand"]
fn game_count_of_1x4() {
    let start = std::time::Instant::now();
    assert_eq!(count_games_tiny(size(1, 4)), Some(2_098_407_841));
    eprintln!("count-games 1x4: {:.2?}", start.elapsed());
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
