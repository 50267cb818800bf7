//! A GTP shim around the Go board of the `board-game` crate (KarelPeeters/board-game-rs):
//! `Board::play` to play, `Board::is_available_move` for `is_legal`, `GoBoard::current_score`
//! (Black's and White's area, komi to White) for `final_score`, `GoBoard::from_fen` (the crate's
//! way to write a position) for `set_free_handicap`. The first argument names the crate's rules:
//! `TT` (`Rules::tromp_taylor()`, the default) or `CGOS` (`Rules::cgos()`). Boards are square.
//! The crate's `Player::A` is Black, `Player::B` White; `Tile::new(x, y)` counts `y` from the
//! bottom, as GTP does.

use board_game::board::{Board, Player};
use board_game::games::go::{GoBoard, Komi, Move, Rules, Tile};
use ttrules_conformance_crates::{serve, Colour, Library, Reply, Vertex};

struct BoardGame {
    rules: Rules,
    board: Option<GoBoard>,
}

fn player(c: Colour) -> Player {
    match c {
        Colour::Black => Player::A,
        Colour::White => Player::B,
    }
}

fn komi(k: f32) -> Reply<Komi> {
    Komi::try_from(k).map_err(|_| format!("board-game takes komi in halves, not {k}"))
}

fn to_move(v: Option<Vertex>) -> Move {
    match v {
        None => Move::Pass,
        Some((x, y)) => Move::Place(Tile::new(x as u8, y as u8)),
    }
}

impl BoardGame {
    fn board(&self) -> &GoBoard {
        self.board
            .as_ref()
            .expect("a game is made before any command")
    }
}

impl Library for BoardGame {
    const NAME: &'static str = "ttrules-adapter-board-game";
    const VERSION: &'static str = "0.8.2";
    const IS_LEGAL: bool = true;
    const SCORE: bool = true;
    const HANDICAP: bool = true;

    fn new_game(&mut self, width: usize, height: usize, k: f32) -> Reply<()> {
        if width != height {
            return Err("board-game has square boards only".into());
        }
        self.board = Some(GoBoard::new(width as u8, komi(k)?, self.rules));
        Ok(())
    }

    fn set_komi(&mut self, k: f32) -> Reply<()> {
        // The crate has no komi setter: the same position, history and state with the new komi.
        let b = self.board();
        let history = b.history().clone();
        self.board = Some(GoBoard::from_parts(
            b.rules(),
            b.chains().clone(),
            b.next_player(),
            b.state(),
            history,
            komi(k)?,
        ));
        Ok(())
    }

    fn play(&mut self, c: Colour, v: Option<Vertex>) -> Reply<()> {
        let b = self.board.as_mut().ok_or("no game")?;
        if b.next_player() != player(c) {
            return Err("not this color's turn".into());
        }
        b.play(to_move(v)).map_err(|e| format!("{e:?}"))
    }

    fn is_legal(&self, c: Colour, v: Option<Vertex>) -> bool {
        let b = self.board();
        b.next_player() == player(c) && b.is_available_move(to_move(v)).unwrap_or(false)
    }

    fn stone(&self, (x, y): Vertex) -> Option<Colour> {
        let b = self.board();
        b.stone_at(Tile::new(x as u8, y as u8)).map(|p| match p {
            Player::A => Colour::Black,
            Player::B => Colour::White,
        })
    }

    fn score(&self) -> f32 {
        let b = self.board();
        let s = b.current_score();
        s.a as f32 - s.b as f32 - b.komi().as_float()
    }

    /// The position as the crate's FEN (`tiles next pass komi`, rows from the top), White to move.
    fn free_handicap(&mut self, stones: &[Vertex]) -> Reply<()> {
        let b = self.board();
        let n = b.size() as usize;
        let rows: Vec<String> = (0..n)
            .rev()
            .map(|y| {
                (0..n)
                    .map(|x| if stones.contains(&(x, y)) { 'b' } else { '.' })
                    .collect()
            })
            .collect();
        let fen = format!("{} w 0 {}", rows.join("/"), b.komi().as_float());
        let board = GoBoard::from_fen(&fen, self.rules).map_err(|e| format!("{e:?}"))?;
        self.board = Some(board);
        Ok(())
    }
}

fn main() {
    let rules = match std::env::args().nth(1).as_deref() {
        None | Some("TT") => Rules::tromp_taylor(),
        Some("CGOS") => Rules::cgos(),
        Some(other) => {
            eprintln!("gtp-board-game: unknown rules {other} (TT, CGOS)");
            std::process::exit(2);
        }
    };
    serve(BoardGame { rules, board: None });
}
