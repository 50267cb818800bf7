//! The handicap commands of `ttrules gtp` (GTP 2 draft, section 4.1), and the handicap stones a
//! GUI sends as Black moves. Each handicap command needs the empty board (no stone, no turn) and
//! starts the game from the setup of its stones (r[var.setup], r[var.handicap]): Black stones,
//! White to move; the stones are not turns (GTP: "not included in the move history"), so `undo`
//! stops before them.

use super::{syntax, Reply, Server};
use crate::handicap::{fits, fixed_points, parse_vertices, setup};
use crate::vertices;
use ttrules_spec::{Colour, Engine, Move, Player, Point};

impl<E: Engine> Server<E> {
    /// No stone and no turn: the board the handicap commands need.
    fn board_is_empty(&self) -> bool {
        self.moves.is_empty()
            && self
                .setup
                .grid
                .size()
                .points()
                .all(|p| self.setup.grid.get(p) == Colour::Empty)
    }

    fn stones_asked(&self, name: &str, args: &[&str]) -> Result<u32, String> {
        let [n] = args else {
            return Err(syntax(format!("{name} takes a number of stones")));
        };
        let n: u32 = n
            .parse()
            .map_err(|_| syntax(format!("{name} takes a number of stones, not {n:?}")))?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        Ok(n)
    }

    fn place(&mut self, stones: &[Point]) -> Reply {
        let rules = self.rules;
        self.start(setup(self.size(), stones), rules);
        Ok(vertices(stones))
    }

    /// `fixed_handicap N`: GTP's fixed points (section 4.1.1).
    pub(super) fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.stones_asked("fixed_handicap", args)?;
        fits(self.size(), n, true).map_err(|why| format!("invalid number of stones: {why}"))?;
        let stones = fixed_points(self.size(), n).expect("fits");
        self.place(&stones)
    }

    /// `place_free_handicap N`: the fixed points where GTP has them for N, else N points drawn
    /// from the session's random stream (this engine is a random player).
    pub(super) fn place_free_handicap(&mut self, args: &[&str]) -> Reply {
        let n = self.stones_asked("place_free_handicap", args)?;
        fits(self.size(), n, false).map_err(|why| format!("invalid number of stones: {why}"))?;
        let stones = fixed_points(self.size(), n).unwrap_or_else(|| {
            let mut free: Vec<Point> = self.size().points().collect();
            let mut chosen = Vec::new();
            for _ in 0..n {
                let i = self.rng.below(free.len());
                chosen.push(free.swap_remove(i));
            }
            chosen
        });
        self.place(&stones)
    }

    /// `set_free_handicap V...`: the stones another program chose.
    pub(super) fn set_free_handicap(&mut self, args: &[&str]) -> Reply {
        let stones = parse_vertices(args.iter().copied(), self.size())
            .map_err(|why| format!("bad vertex list: {why}"))?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        self.place(&stones).map(|_| String::new())
    }

    /// Whether the game so far is a handicap opening of r[var.handicap] with White to move: from
    /// the empty grid, Black moves with White passes between them, a Black move last.
    fn in_handicap_opening(&self) -> bool {
        self.setup.is_empty_start()
            && self.resumed.is_empty()
            && self.moves.len() % 2 == 1
            && self.moves.iter().enumerate().all(|(i, &(p, mv))| {
                if i % 2 == 0 {
                    p == Player::Black && mv != Move::Pass
                } else {
                    (p, mv) == (Player::White, Move::Pass)
                }
            })
    }

    /// `play b V` with White to move in a handicap opening: a handicap stone as GUIs send it
    /// (GoGui's consecutive Black moves; GTP "does not consider consecutive moves of the same
    /// colour illegal"). It is played as the opening of r[var.handicap] writes it: a White pass
    /// (a handicap pass), then the Black move. `None` when the game is not in such an opening.
    pub(super) fn handicap_move(&mut self, player: Player, mv: Move) -> Option<Reply> {
        if player != Player::Black || mv == Move::Pass || !self.in_handicap_opening() {
            return None;
        }
        let before = self.moves.clone();
        let passed = self.engine.play(Move::Pass).is_ok();
        if passed {
            self.moves.push((Player::White, Move::Pass));
            if self.engine.play(mv).is_ok() {
                self.moves.push((player, mv));
                return Some(Ok(String::new()));
            }
        }
        // The stone is refused (an occupied point): the game is as it was.
        let (setup, rules, resumed) = (self.setup.clone(), self.rules, self.resumed.clone());
        self.replay(setup, rules, &before, &resumed)
            .expect("a prefix of a legal game is legal");
        Some(Err(match self.engine.check(mv) {
            Err(why) => super::illegal(why),
            Ok(()) => "illegal move: a handicap stone must be on an empty point".into(),
        }))
    }
}
