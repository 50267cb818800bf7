// Witness for the conformance matrix (docs/conformance/README.md#go-game-board), cell `superko-positional`:
// go_game_board 0.1.1, Board::is_legal, play_legal, tromp_taylor_score. It calls only the library's public API (no ttrules, no adapter),
// plays each game below and prints the library's answer next to the exact one (the ttrules
// reference's, hard-coded, with the clause that decides it). Exit 0: the library's answer differs
// (the deviation reproduces); exit 1: they agree.
// Run: cargo run --release --manifest-path conformance/crates/Cargo.toml --example go-game-board-superko-positional

use go_game_board::{Board, Player, Vertex};

// go_game_board: Board::with_size(w, h) (komi 6.5, no setter); is_legal, then play_legal (the
// crate's contract: the caller checks); tromp_taylor_score(), positive when Black is ahead.
fn new_game(size: usize, _komi: f32, stones: &[(usize, usize)]) -> Board {
    let mut b = Board::with_size(size, size);
    for &(x, y) in stones {
        b.play_legal(Player::Black, Vertex::from_coords(y as isize, x as isize));
    }
    b
}

fn play(b: &mut Board, black: bool, v: Option<(usize, usize)>) -> Result<(), String> {
    let p = if black { Player::Black } else { Player::White };
    let v = v.map_or(Vertex::pass(), |(x, y)| {
        Vertex::from_coords(y as isize, x as isize)
    });
    if !b.is_legal(p, v) {
        return Err("is_legal says no".into());
    }
    b.play_legal(p, v);
    Ok(())
}

fn score_difference(b: &Board) -> f32 {
    b.tromp_taylor_score()
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
    size: 2,
    komi: 6.5,
    setup: &[],
    moves: &["B A1", "W B1", "B A2", "W B2", "B A1", "W A2"],
    attempt: Some(("B A1", false, "repetition")),
    exact_score: "",
    clause: "tt.turn.repetition",
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
