//! A GTP shim around the `goban` crate (Sagebati/goban): `Game::try_play` under one of its rule
//! presets (`JAP` or `CHI`, the first argument; default `CHI`) or a `Rule` built from its
//! documented flags (`illegal=KO|SUPERKO score=STONES|KOMI`: `IllegalRules` and `ScoreRules`
//! by name, komi 0 until GTP sets it), `Game::check_point` for
//! `is_legal`, `Game::calculate_score` for `final_score`, `Game::put_handicap` for `set_free_handicap`. The shim only speaks the protocol and
//! converts coordinates; every verdict is the library's. `Coord` is (row, column) from the top
//! left, as the crate's `play` documents.

use goban::pieces::stones::Color;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move, Rule, ScoreRules};
use std::str::FromStr;
use ttrules_conformance_crates::{serve, Colour, Library, Reply, Vertex};

struct Goban {
    rule_name: String,
    height: usize,
    game: Option<Game>,
}

impl Goban {
    fn game(&self) -> &Game {
        self.game
            .as_ref()
            .expect("a game is made before any command")
    }

    fn coord(&self, (x, y): Vertex) -> (u8, u8) {
        ((self.height - 1 - y) as u8, x as u8)
    }

    fn colour(c: Colour) -> Color {
        match c {
            Colour::Black => Color::Black,
            Colour::White => Color::White,
        }
    }
}

impl Library for Goban {
    const NAME: &'static str = "ttrules-adapter-goban-crate";
    const VERSION: &'static str = "0.20.1";
    const RECTANGLES: bool = true;
    const IS_LEGAL: bool = true;
    const CAPTURES: bool = true;
    const SCORE: bool = true;
    const HANDICAP: bool = true;

    fn new_game(&mut self, width: usize, height: usize, komi: f32) -> Reply<()> {
        let rule = if self.rule_name.contains('=') {
            flags_rule(&self.rule_name)?
        } else {
            Rule::from_str(&self.rule_name)?
        };
        // `GobanSizes::Custom(height, width)`; the crate panics on sizes it cannot hold.
        let game = std::panic::catch_unwind(|| {
            let mut g = Game::new(GobanSizes::Custom(height, width), rule);
            g.set_komi(komi);
            g
        })
        .map_err(|_| format!("goban cannot make a {width}x{height} board"))?;
        (self.height, self.game) = (height, Some(game));
        Ok(())
    }

    fn set_komi(&mut self, komi: f32) -> Reply<()> {
        self.game.as_mut().ok_or("no game")?.set_komi(komi);
        Ok(())
    }

    fn play(&mut self, c: Colour, v: Option<Vertex>) -> Reply<()> {
        if Goban::colour(c) != self.game().turn() {
            return Err("not this color's turn".into());
        }
        let mv = match v {
            None => Move::Pass,
            Some(v) => {
                let (r, col) = self.coord(v);
                Move::Play(r, col)
            }
        };
        let game = self.game.as_mut().ok_or("no game")?;
        game.try_play(mv).map(|_| ()).map_err(|e| format!("{e:?}"))
    }

    fn is_legal(&self, c: Colour, v: Option<Vertex>) -> bool {
        let g = self.game();
        Goban::colour(c) == g.turn()
            && !g.is_over()
            && match v {
                None => true,
                Some(v) => g.check_point(self.coord(v)).is_none(),
            }
    }

    fn stone(&self, v: Vertex) -> Option<Colour> {
        self.game()
            .goban()
            .get_color(self.coord(v))
            .map(|c| match c {
                Color::Black => Colour::Black,
                Color::White => Colour::White,
            })
    }

    fn captures(&self, c: Colour) -> usize {
        let (b, w) = self.game().prisoners();
        match c {
            Colour::Black => b as usize,
            Colour::White => w as usize,
        }
    }

    fn score(&self) -> f32 {
        let (b, w) = self.game().calculate_score();
        b - w
    }

    /// `Game::put_handicap`: "Put the handicap stones on the goban. This put the turn for white
    /// but doesn't update the komi."
    fn free_handicap(&mut self, stones: &[Vertex]) -> Reply<()> {
        let coords: Vec<(u8, u8)> = stones.iter().map(|&v| self.coord(v)).collect();
        self.game.as_mut().ok_or("no game")?.put_handicap(&coords);
        Ok(())
    }
}

/// A `Rule` from the crate's flags by their names: `illegal=KO|SUPERKO|SUICIDE|FILLEYE` and
/// `score=STONES|KOMI|PRISONNERS`, separated by a space.
fn flags_rule(text: &str) -> Reply<Rule> {
    let mut illegal = IllegalRules::empty();
    let mut score = ScoreRules::empty();
    for part in text.split_whitespace() {
        let (key, values) = part
            .split_once('=')
            .ok_or_else(|| format!("{part:?} is not key=FLAG|FLAG"))?;
        for v in values.split('|').filter(|v| !v.is_empty()) {
            match (key, v) {
                ("illegal", "KO") => illegal |= IllegalRules::KO,
                ("illegal", "SUPERKO") => illegal |= IllegalRules::SUPERKO,
                ("illegal", "SUICIDE") => illegal |= IllegalRules::SUICIDE,
                ("illegal", "FILLEYE") => illegal |= IllegalRules::FILLEYE,
                ("score", "STONES") => score |= ScoreRules::STONES,
                ("score", "KOMI") => score |= ScoreRules::KOMI,
                ("score", "PRISONNERS") => score |= ScoreRules::PRISONNERS,
                _ => return Err(format!("unknown flag {key}={v}")),
            }
        }
    }
    Ok(Rule {
        komi: 0.0,
        flag_illegal: illegal,
        flag_score: score,
    })
}

fn main() {
    serve(Goban {
        rule_name: std::env::args().nth(1).unwrap_or_else(|| "CHI".into()),
        height: 19,
        game: None,
    });
}
