//! Re-check of the crates' cells of the conformance matrix (issue 30): goban 0.20.1, go_game_board
//! 0.1.1 and spooky_go 0.6.1, written apart from conformance/crates/src and conformance/witnesses.
//! Each library is used as its README or doc comments show:
//! - goban: `Game::builder().size(..).rule(CHINESE).build()`, `try_play(Move::Play(x, y))` (an Err
//!   when refused), `Move::Pass`, the public `Rule { komi, flag_illegal, flag_score }`.
//! - go_game_board: `Board::with_size(w, h)`, `is_legal(player, Vertex::from_coords(row, col))`,
//!   `play_legal`, `Vertex::pass()`, `tromp_taylor_score()` (positive for Black; komi 6.5 fixed).
//! - spooky_go: `Game::<1>::new(w, h)` / `Game::with_options(..)`, `make_move(&Move::place(col, row))`
//!   (false when refused), `Move::pass()`.
//! Build: a scratch cargo project outside the repo with `goban = "=0.20.1"`, `go_game_board =
//! "=0.1.1"`, `spooky_go = "=0.6.1"` (conformance/crates/Cargo.lock copied), this file as
//! src/main.rs; run from the repository root (it reads docs/conformance/findings/*.sgf).
use std::fs;

use goban::rules::game::Game;
use goban::rules::game_builder::GameBuilder;
use goban::rules::{IllegalRules, Move, Rule, ScoreRules, CHINESE};

type Turn = (char, Option<(u8, u8)>); // colour, (column, row from the top)

/// A finding's game: size, handicap stones (AB) and turns.
fn load(finding: &str) -> (u8, Vec<(u8, u8)>, Vec<Turn>) {
    let path = format!("docs/conformance/findings/{finding}.sgf");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let sz = text.split("SZ[").nth(1).and_then(|s| s.split(']').next()).unwrap().parse().unwrap();
    let pt = |s: &str| (s.as_bytes()[0] - b'a', s.as_bytes()[1] - b'a');
    let mut setup = Vec::new();
    if let Some(ab) = text.split("AB").nth(1) {
        let mut rest = ab;
        while rest.starts_with('[') {
            setup.push(pt(&rest[1..3]));
            rest = &rest[4..];
        }
    }
    let mut turns = Vec::new();
    for node in text.split(';').skip(2) {
        let c = node.chars().next().unwrap();
        let v = node[2..].split(']').next().unwrap();
        turns.push((c, if v.is_empty() { None } else { Some(pt(v)) }));
    }
    (sz, setup, turns)
}

fn gtp(size: u8, p: Option<(u8, u8)>) -> String {
    match p {
        None => "pass".into(),
        Some((x, y)) => format!("{}{}", "ABCDEFGHJKLMNOPQRST".as_bytes()[x as usize] as char, size - y),
    }
}

fn goban_case(cell: &str, finding: &str, rule: Rule, exact: &str) {
    let (size, _, turns) = load(finding);
    let mut g: Game = GameBuilder::default().size((size, size)).rule(rule).build().unwrap();
    let mut answer = String::new();
    for (i, &(c, p)) in turns.iter().enumerate() {
        let mv = match p {
            None => Move::Pass,
            Some((x, y)) => Move::Play(y, x),
        };
        let r = g.try_play(mv).map(|_| ()).map_err(|e| format!("{e:?}"));
        match (i + 1 == turns.len(), r) {
            (true, Ok(())) => answer = "accepted".into(),
            (true, Err(e)) => answer = format!("refused ({e})"),
            (false, Err(e)) => panic!("{cell}: earlier turn {c} {} refused: {e}", gtp(size, p)),
            (false, Ok(())) => {}
        }
    }
    let (c, p) = *turns.last().unwrap();
    println!("{cell}: {c} {} -> library: {answer}; exact: {exact}", gtp(size, p));
}

fn ggb_vertex(p: (u8, u8)) -> go_game_board::Vertex {
    go_game_board::Vertex::from_coords(p.1 as isize, p.0 as isize)
}

fn ggb_case(cell: &str, finding: &str, exact: &str) {
    use go_game_board::{Board, Player, Vertex};
    let (size, setup, turns) = load(finding);
    let mut b = Board::with_size(size as usize, size as usize);
    for &s in &setup {
        b.play_legal(Player::Black, ggb_vertex(s)); // handicap stones: consecutive Black plays
    }
    let mut answer = String::new();
    for (i, &(c, p)) in turns.iter().enumerate() {
        let pl = if c == 'B' { Player::Black } else { Player::White };
        let v = p.map(ggb_vertex).unwrap_or_else(Vertex::pass);
        let legal = b.is_legal(pl, v);
        if i + 1 == turns.len() && p.is_some() {
            answer = format!("is_legal = {legal}");
        } else if !legal {
            panic!("{cell}: earlier turn {c} {} not legal", gtp(size, p));
        }
        b.play_legal(pl, v);
    }
    if turns.last().unwrap().1.is_none() {
        let s = b.tromp_taylor_score();
        answer = format!("tromp_taylor_score() = {s} ({})", if s > 0.0 { format!("B+{s}") } else { format!("W+{}", -s) });
    }
    let (c, p) = *turns.last().unwrap();
    println!("{cell}: after {c} {} -> library: {answer}; exact: {exact}", gtp(size, p));
}

fn spooky_case<const NW: usize>(cell: &str, finding: &str, mut g: spooky_go::game::Game<NW>, exact: &str) {
    use spooky_go::r#move::Move as SMove;
    let (size, _, turns) = load(finding);
    let mut answer = String::new();
    for (i, &(c, p)) in turns.iter().enumerate() {
        let mv = match p {
            None => SMove::pass(),
            Some((x, y)) => SMove::place(x, y),
        };
        let ok = g.make_move(&mv);
        if i + 1 == turns.len() {
            answer = format!("make_move = {ok}");
        } else if !ok {
            panic!("{cell}: earlier turn {c} {} refused", gtp(size, p));
        }
    }
    let (c, p) = *turns.last().unwrap();
    println!("{cell}: {c} {} (turn {}) -> library: {answer}; exact: {exact}", gtp(size, p), turns.len());
}

fn main() {
    let no_suicide_filter = Rule {
        komi: 7.5,
        flag_illegal: IllegalRules::KO | IllegalRules::SUPERKO,
        flag_score: ScoreRules::STONES | ScoreRules::KOMI,
    };
    goban_case("goban-crate-chi superko-positional", "goban-crate-chi/superko-positional-1", CHINESE,
        "illegal, repetition (r[tt.turn.repetition]): the grid after it is the grid after W A1 (turn 2)");
    goban_case("goban-crate-suicide superko-positional", "goban-crate-suicide/superko-positional-1", no_suicide_filter,
        "illegal, repetition (r[tt.turn.repetition])");
    goban_case("goban-crate-suicide suicide-single", "goban-crate-suicide/suicide-single-1", no_suicide_filter,
        "illegal, repetition (r[tt.turn.repetition]): the single-stone suicide leaves the grid after B A1");
    ggb_case("go-game-board superko-positional", "go-game-board/superko-positional-1",
        "illegal, repetition (r[tt.turn.repetition])");
    ggb_case("go-game-board score-area", "go-game-board/score-area-1",
        "W+2.5 (Black 4, White 0 + komi 6.5; r[var.score.final])");
    ggb_case("go-game-board handicap", "go-game-board/handicap-1",
        "W+17.5 (Black 19, White 30 + komi 6.5; r[var.score.final])");
    spooky_case("spooky-go-new end (documented)", "spooky-go-new/end-1", spooky_go::game::Game::<1>::new(4, 4),
        "legal (r[tt.turn.pass]); documented: Game::new sets min_moves_before_pass_possible = area / 2");
    spooky_case("spooky-go-new simple-ko (documented)", "spooky-go-new/simple-ko-1", spooky_go::game::Game::<1>::new(4, 4),
        "legal (r[tt.turn.pass]); documented: Game::new sets min_moves_before_pass_possible = area / 2");
    spooky_case("spooky-go-new superko-situational (documented, 1)", "spooky-go-new/superko-situational-1",
        spooky_go::game::Game::<1>::new(4, 4),
        "legal (r[tt.turn.pass]); documented: Game::new sets min_moves_before_pass_possible = area / 2");
    spooky_case("spooky-go-new superko-situational (documented, 3)", "spooky-go-new/superko-situational-3",
        spooky_go::game::Game::<1>::new(5, 5),
        "illegal, repetition (r[var.ko.situational]); documented: \"Check superko only if captures occur\"");
    spooky_case("spooky-go-superko superko-situational (documented)", "spooky-go-superko/superko-situational-1",
        spooky_go::game::Game::<1>::with_options(5, 5, 7.5, 0, 65535, true),
        "illegal, repetition (r[var.ko.situational])");
}
