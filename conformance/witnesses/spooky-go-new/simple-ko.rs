// Witness for the conformance matrix (docs/conformance/README.md#spooky-go-new), cell `simple-ko`:
// spooky_go 0.6.1, Game::new (superko, pass after area/2 moves, over after 3 x area). It calls only the library's public API (no ttrules, no adapter),
// plays each game below and prints the library's answer next to the exact one (the ttrules
// reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
// (the deviation reproduces); exit 1: they agree.
// Run: cargo run --release --manifest-path conformance/crates/Cargo.toml --example spooky-go-new-simple-ko

use spooky_go::game::Game;
use spooky_go::player::Player;
use spooky_go::position::Position;
use spooky_go::r#move::Move;

// spooky_go: Game::new(w, h) (its own pass and length rules), then set_komi; make_move returns false for a move it refuses; score() is (Black, White),
// komi to White. Game<1>: one bitboard word holds boards up to 8x8.
fn new_game(size: usize, komi: f32, stones: &[(usize, usize)]) -> Game<1> {
    let mut g: Game<1> = {
        let mut g = Game::new(size as u8, size as u8);
        g.set_komi(komi);
        g
    };
    if !stones.is_empty() {
        let black: Vec<Position> = stones
            .iter()
            .map(|&(x, y)| Position::new(x as u8, y as u8))
            .collect();
        g.set_setup_position(&black, &[], Player::White).unwrap();
    }
    g
}

fn play(g: &mut Game<1>, black: bool, v: Option<(usize, usize)>) -> Result<(), String> {
    let player = if black { Player::Black } else { Player::White };
    let mv = v.map_or(Move::pass(), |(x, y)| Move::place(x as u8, y as u8));
    if g.turn() == player && g.make_move(&mv) {
        Ok(())
    } else {
        Err("make_move returned false".into())
    }
}

fn score_difference(g: &Game<1>) -> f32 {
    let (b, w) = g.score();
    b - w
}

struct Check {
    size: usize,
    komi: f32,
    setup: &'static [&'static str],
    moves: &'static [&'static str],
    /// The attempt and whether it is legal, with why; or None for the final score.
    attempt: Option<(&'static str, bool, &'static str)>,
    exact_score: &'static str,
    clause: &'static str,
}

const CHECKS: &[Check] = &[Check {
    size: 4,
    komi: 7.5,
    setup: &[],
    moves: &["B D3", "W D2", "B C4", "W C3"],
    attempt: Some(("B pass", true, "legal")),
    exact_score: "",
    clause: "tt.turn.pass",
}];

/// "B C3" -> (black?, Some((x, y))) with y counted from the top row; None for a pass.
fn turn(text: &str, size: usize) -> (bool, Option<(usize, usize)>) {
    let (c, p) = text.split_once(' ').unwrap();
    if p == "pass" {
        return (c == "B", None);
    }
    let x = "ABCDEFGHJKLMNOPQRSTUVWXYZ".find(&p[..1]).unwrap();
    (c == "B", Some((x, size - p[1..].parse::<usize>().unwrap())))
}

fn result(d: f32) -> String {
    if d == 0.0 {
        "0".into()
    } else if d > 0.0 {
        format!("B+{d}")
    } else {
        format!("W+{}", -d)
    }
}

fn main() {
    let mut differs = false;
    for k in CHECKS {
        let stones: Vec<(usize, usize)> = k
            .setup
            .iter()
            .map(|s| turn(&format!("B {s}"), k.size).1.unwrap())
            .collect();
        let mut g = new_game(k.size, k.komi, &stones);
        for m in k.moves {
            let (black, v) = turn(m, k.size);
            if let Err(e) = play(&mut g, black, v) {
                println!("the library refused {m} of the game ({e}): the witness cannot play it");
                std::process::exit(2);
            }
        }
        let setup = if k.setup.is_empty() {
            String::new()
        } else {
            format!("handicap stones {}, then ", k.setup.join(" "))
        };
        println!(
            "game ({}x{}, komi {}): {setup}{}",
            k.size,
            k.size,
            k.komi,
            k.moves.join(", ")
        );
        match k.attempt {
            Some((attempt, legal, why)) => {
                let (black, v) = turn(attempt, k.size);
                let r = play(&mut g, black, v);
                let said = match &r {
                    Ok(()) => "accepted".to_string(),
                    Err(e) => format!("refused ({e})"),
                };
                let exact = if legal {
                    "legal".to_string()
                } else {
                    format!("illegal: {why}")
                };
                println!(
                    "  {attempt}: library {said}; exact: {exact} (r[{}])",
                    k.clause
                );
                differs |= r.is_ok() != legal;
            }
            None => {
                let got = result(score_difference(&g));
                println!(
                    "  score: library {got}; exact {} (r[{}])",
                    k.exact_score, k.clause
                );
                differs |= got != k.exact_score;
            }
        }
    }
    println!(
        "{}",
        if differs {
            "the deviation reproduces"
        } else {
            "the library agrees with the exact answers"
        }
    );
    std::process::exit(if differs { 0 } else { 1 });
}
