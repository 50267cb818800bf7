//! The methods that take a [`Vertex`], a list position or a [`Point`] from the caller check it
//! before they index anything (the fast engine indexes its arrays unchecked in release builds):
//! a vertex that is not an empty grid point of the engine is refused or answered "no", and the
//! engine is left as it was; the methods whose precondition says "must" panic with a message.

use ttrules_fast::{Fast, Vertex};
use ttrules_spec::{Engine, Move, Point, Rules, Size};

fn game(size: u32, moves: &[(u8, u8)]) -> Fast {
    let mut e = Fast::new_game(Size::square(size).unwrap(), Rules::TROMP_TAYLOR);
    for &(x, y) in moves {
        e.play(Move::Play(Point::new(x, y))).unwrap();
    }
    e
}

/// Vertices no 9x9 engine may index with: a guard, an occupied point, past the layout, past
/// any layout.
fn bad_vertices(e: &Fast) -> [Vertex; 4] {
    [
        Vertex(0),
        e.vertex(Point::new(4, 4)),
        Vertex(200),
        Vertex(u16::MAX),
    ]
}

#[test]
fn bad_vertices_are_refused_and_change_nothing() {
    let mut e = game(9, &[(4, 4)]);
    let before = e.clone();
    for v in bad_vertices(&e) {
        assert!(!e.is_legal_vertex(v), "{v:?} legal");
        assert!(!e.is_eyelike(v), "{v:?} eyelike");
        assert!(!e.play_if_legal_non_eyelike(v), "{v:?} played");
        assert_eq!(e.grid(), before.grid());
        assert_eq!(e.hash(), before.hash());
        assert_eq!(e.turns(), before.turns());
    }
    // The good ones still play.
    let v = e.vertex(Point::new(0, 0));
    assert!(e.is_legal_vertex(v));
    assert!(e.play_if_legal_non_eyelike(v));
    assert_eq!(e.turns(), 2);
}

#[test]
#[should_panic(expected = "not an empty grid point")]
fn play_vertex_on_an_occupied_point_panics() {
    let mut e = game(9, &[(4, 4)]);
    let v = e.vertex(Point::new(4, 4));
    e.play_vertex(v);
}

#[test]
#[should_panic(expected = "not an empty grid point")]
fn play_vertex_past_the_layout_panics() {
    let mut e = game(9, &[]);
    e.play_vertex(Vertex(u16::MAX));
}

#[test]
#[should_panic(expected = "empty_at(81) with 81 empty points")]
fn empty_at_past_the_list_panics() {
    game(9, &[]).empty_at(81);
}

#[test]
#[should_panic(expected = "empty_at(80) with 80 empty points")]
fn the_playout_step_past_the_list_panics() {
    game(9, &[(0, 0)]).play_empty_if_legal_non_eyelike(80);
}

#[test]
#[should_panic(expected = "off the grid")]
fn colour_at_off_the_grid_panics() {
    game(9, &[]).colour_at(Point::new(9, 0));
}

/// `clone_from` a smaller engine leaves no point of the larger layout behind: a vertex that
/// was an empty grid point of the 19x19 engine is not one of the 9x9 engine it now is.
#[test]
fn clone_from_a_smaller_engine_leaves_no_old_grid_point() {
    let mut big = game(19, &[(3, 3)]);
    let v = big.vertex(Point::new(15, 15));
    assert!(big.is_legal_vertex(v));
    let small = game(9, &[(4, 4)]);
    big.clone_from(&small);
    assert!(!big.is_legal_vertex(v), "{v:?} legal after clone_from");
    assert!(!big.play_if_legal_non_eyelike(v));
    assert_eq!(big.grid(), small.grid());
    big.assert_invariants();
}
