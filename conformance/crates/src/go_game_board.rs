//! A GTP shim around the `go_game_board` crate (lukaszlew/go_game_board, libEGo's board in
//! Rust): `Board::is_legal` for `is_legal` and before every `play`, then `Board::play_legal` (the
//! crate's contract: it plays a move the caller found legal), `Board::tromp_taylor_score` for
//! `final_score`, `play_legal` of Black stones for `set_free_handicap` (how libEGo places them).
//! The board's komi is 6.5 and has no setter: the shim takes `komi 6.5` and refuses any other.
//! Boards are 1 to 19 lines, rectangles too; `Vertex::from_coords(row, column)` counts rows from
//! the bottom here, as GTP does (the crate's orientation does not change any rule).

use go_game_board::{Board, Color, Player, Vertex as EgoVertex};
use ttrules_conformance_crates::{serve, Colour, Library, Reply, Vertex};

/// The komi `Board::with_size` sets.
const KOMI: f32 = 6.5;

struct GoGameBoard {
    board: Option<Board>,
}

fn player(c: Colour) -> Player {
    match c {
        Colour::Black => Player::Black,
        Colour::White => Player::White,
    }
}

fn vertex(v: Option<Vertex>) -> EgoVertex {
    match v {
        None => EgoVertex::pass(),
        Some((x, y)) => EgoVertex::from_coords(y as isize, x as isize),
    }
}

impl GoGameBoard {
    fn board(&self) -> &Board {
        self.board
            .as_ref()
            .expect("a game is made before any command")
    }
}

impl Library for GoGameBoard {
    const NAME: &'static str = "ttrules-adapter-go-game-board";
    const VERSION: &'static str = "0.1.1";
    const RECTANGLES: bool = true;
    const IS_LEGAL: bool = true;
    const SCORE: bool = true;
    const HANDICAP: bool = true;

    fn new_game(&mut self, width: usize, height: usize, _komi: f32) -> Reply<()> {
        // `Board::with_size` asserts 1..=19 lines: asked first, so the shim refuses instead.
        if !(1..=19).contains(&width) || !(1..=19).contains(&height) {
            return Err(format!(
                "go_game_board holds boards of 1 to 19 lines, not {width}x{height}"
            ));
        }
        self.board = Some(Board::with_size(width, height));
        Ok(())
    }

    fn set_komi(&mut self, komi: f32) -> Reply<()> {
        if komi == KOMI {
            Ok(())
        } else {
            Err(format!("the board's komi is {KOMI}, and it has no setter"))
        }
    }

    fn play(&mut self, c: Colour, v: Option<Vertex>) -> Reply<()> {
        let (p, v) = (player(c), vertex(v));
        let b = self.board.as_mut().ok_or("no game")?;
        if !b.is_legal(p, v) {
            return Err("is_legal says no".into());
        }
        b.play_legal(p, v);
        Ok(())
    }

    fn is_legal(&self, c: Colour, v: Option<Vertex>) -> bool {
        self.board().is_legal(player(c), vertex(v))
    }

    fn stone(&self, v: Vertex) -> Option<Colour> {
        match self.board().color_at(vertex(Some(v))) {
            Color::Black => Some(Colour::Black),
            Color::White => Some(Colour::White),
            _ => None,
        }
    }

    /// `tromp_taylor_score`: positive when Black is ahead.
    fn score(&self) -> f32 {
        self.board().tromp_taylor_score()
    }

    fn free_handicap(&mut self, stones: &[Vertex]) -> Reply<()> {
        let b = self.board.as_mut().ok_or("no game")?;
        for &s in stones {
            let v = vertex(Some(s));
            if !b.is_legal(Player::Black, v) {
                return Err(format!("is_legal says no to a handicap stone at {s:?}"));
            }
            b.play_legal(Player::Black, v);
        }
        Ok(())
    }
}

fn main() {
    serve(GoGameBoard { board: None });
}
