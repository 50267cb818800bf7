//! A GTP shim around the `spooky_go` crate (snowdrop4/spooky-go): `Game::make_move` to play,
//! `Game::is_legal_move` for `is_legal`, `Game::score` for `final_score`,
//! `Game::set_setup_position` for `set_free_handicap`. Without arguments the game is
//! `Game::new` (the crate's defaults: superko on, no pass before `width * height / 2` moves, the
//! game over after `3 * width * height` moves); `superko=BOOL min=N max=N` make it
//! `Game::with_options` with those values. The crate holds boards of 4 to 32 lines; its `Game` is
//! generic over the number of 64-bit words of a bitboard, so the shim keeps one variant per word
//! count up to 25x25 (10 words).

use spooky_go::bitboard::nw_for_board;
use spooky_go::game::Game;
use spooky_go::player::Player;
use spooky_go::position::Position;
use spooky_go::r#move::Move;
use ttrules_conformance_crates::{serve, Colour, Library, Reply, Vertex};

/// `Game::with_options`' arguments; `None` for `Game::new`.
#[derive(Clone, Copy)]
struct Options {
    superko: bool,
    min_moves: u16,
    max_moves: u16,
}

macro_rules! games {
    ($($nw:literal => $v:ident),*) => {
        enum AnyGame { $($v(Game<$nw>),)* }

        fn make(w: u8, h: u8, komi: f32, o: Option<Options>) -> Reply<AnyGame> {
            let mut g = match nw_for_board(w, h) {
                $($nw => AnyGame::$v(match o {
                    None => Game::new(w, h),
                    Some(o) => Game::with_options(w, h, komi, o.min_moves, o.max_moves, o.superko),
                }),)*
                n => return Err(format!("{n} bitboard words are more than the shim holds")),
            };
            with!(&mut g, x => x.set_komi(komi));
            Ok(g)
        }
    };
}

/// `$body` with `$x` bound to the game, whatever its word count.
macro_rules! with {
    ($g:expr, $x:ident => $body:expr) => {
        match $g {
            AnyGame::N1($x) => $body,
            AnyGame::N2($x) => $body,
            AnyGame::N3($x) => $body,
            AnyGame::N4($x) => $body,
            AnyGame::N5($x) => $body,
            AnyGame::N6($x) => $body,
            AnyGame::N7($x) => $body,
            AnyGame::N8($x) => $body,
            AnyGame::N9($x) => $body,
            AnyGame::N10($x) => $body,
        }
    };
}

games!(1 => N1, 2 => N2, 3 => N3, 4 => N4, 5 => N5, 6 => N6, 7 => N7, 8 => N8, 9 => N9, 10 => N10);

struct Spooky {
    options: Option<Options>,
    game: Option<AnyGame>,
}

fn player(c: Colour) -> Player {
    match c {
        Colour::Black => Player::Black,
        Colour::White => Player::White,
    }
}

fn to_move((x, y): Vertex) -> Move {
    Move::place(x as u8, y as u8)
}

impl Spooky {
    fn game(&self) -> &AnyGame {
        self.game
            .as_ref()
            .expect("a game is made before any command")
    }

    fn game_mut(&mut self) -> Reply<&mut AnyGame> {
        self.game.as_mut().ok_or_else(|| "no game".to_string())
    }
}

impl Library for Spooky {
    const NAME: &'static str = "ttrules-adapter-spooky-go";
    const VERSION: &'static str = "0.6.1";
    const RECTANGLES: bool = true;
    const IS_LEGAL: bool = true;
    const SCORE: bool = true;
    const HANDICAP: bool = true;

    fn new_game(&mut self, width: usize, height: usize, komi: f32) -> Reply<()> {
        // `Game::new` asserts 4..=32 lines: asked first, so the shim refuses instead of panicking.
        if !(4..=32).contains(&width) || !(4..=32).contains(&height) {
            return Err(format!(
                "spooky_go holds boards of 4 to 32 lines, not {width}x{height}"
            ));
        }
        self.game = Some(make(width as u8, height as u8, komi, self.options)?);
        Ok(())
    }

    fn set_komi(&mut self, komi: f32) -> Reply<()> {
        with!(self.game_mut()?, g => g.set_komi(komi));
        Ok(())
    }

    fn play(&mut self, c: Colour, v: Option<Vertex>) -> Reply<()> {
        let mv = v.map_or(Move::pass(), to_move);
        let played = with!(self.game_mut()?, g => g.turn() == player(c) && g.make_move(&mv));
        if played {
            Ok(())
        } else {
            Err("make_move refused it (or not this color's turn)".into())
        }
    }

    fn is_legal(&self, c: Colour, v: Option<Vertex>) -> bool {
        let mv = v.map_or(Move::pass(), to_move);
        with!(self.game(), g => g.turn() == player(c) && g.is_legal_move(&mv))
    }

    fn stone(&self, (x, y): Vertex) -> Option<Colour> {
        let piece = with!(self.game(), g => g.get_piece(&Position::new(x as u8, y as u8)));
        match piece {
            Some(p) if p == Player::Black as i8 => Some(Colour::Black),
            Some(_) => Some(Colour::White),
            None => None,
        }
    }

    fn score(&self) -> f32 {
        let (b, w) = with!(self.game(), g => g.score());
        b - w
    }

    fn free_handicap(&mut self, stones: &[Vertex]) -> Reply<()> {
        let black: Vec<Position> = stones
            .iter()
            .map(|&(x, y)| Position::new(x as u8, y as u8))
            .collect();
        with!(self.game_mut()?, g => g.set_setup_position(&black, &[], Player::White))
            .map_err(|e| e.to_string())
    }
}

fn options(args: &[String]) -> Result<Option<Options>, String> {
    if args.is_empty() {
        return Ok(None);
    }
    let mut o = Options {
        superko: true,
        min_moves: 0,
        max_moves: u16::MAX,
    };
    for a in args {
        let (k, v) = a.split_once('=').ok_or(format!("not KEY=VALUE: {a}"))?;
        let bad = || format!("bad value in {a}");
        match k {
            "superko" => o.superko = v.parse().map_err(|_| bad())?,
            "min" => o.min_moves = v.parse().map_err(|_| bad())?,
            "max" => o.max_moves = v.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown option {a} (superko, min, max)")),
        }
    }
    Ok(Some(o))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match options(&args) {
        Ok(options) => serve(Spooky {
            options,
            game: None,
        }),
        Err(e) => {
            eprintln!("gtp-spooky-go: {e}");
            std::process::exit(2);
        }
    }
}
