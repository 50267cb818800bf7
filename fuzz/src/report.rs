//! A failing game as people and tools take it: a paste-able TOML vector for `spec/vectors/` (with
//! the verdicts the model engine gave, to be checked by hand before committing) and an SGF record.

use crate::generators::Game;
use std::fmt::Write as _;
use ttrules_spec::{Colour, Engine, Move, Player};

/// The report of a divergence between `A` and `B` on `game`, after the legal turns `played`.
pub fn divergence<A: Engine, B: Engine>(
    game: &Game,
    played: &[(Player, Move)],
    what: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} and {} disagree: {what}", A::NAME, B::NAME);
    let _ = writeln!(
        s,
        "--- as a vector (the expectations are {}'s; check them) ---",
        A::NAME
    );
    s.push_str(&vector_toml::<A>(game, played));
    let _ = writeln!(s, "--- as SGF ---");
    s.push_str(&ttrules_record::write(
        game.komi,
        game.rules,
        &game.setup,
        played,
    ));
    s
}

/// `played` (legal turns) on `game`'s board and rules as a `[[vector]]` table, with the end state
/// that engine `A` reaches.
pub fn vector_toml<A: Engine>(game: &Game, played: &[(Player, Move)]) -> String {
    let size = game.size();
    let mut s = String::new();
    let _ = writeln!(s, "[[vector]]");
    let _ = writeln!(s, "name = \"fuzz-finding-100\"");
    let _ = writeln!(
        s,
        "description = \"found by fuzzing: describe what it shows\""
    );
    let _ = writeln!(s, "clauses = [\"tt.turn\"]");
    let _ = writeln!(s, "size = \"{size}\"");
    let _ = writeln!(
        s,
        "rules = \"{}\"",
        game.rules
            .name()
            .map_or_else(|| game.rules.describe(), str::to_string)
    );
    let _ = writeln!(s, "komi = \"{}\"", game.komi);
    if !game.setup.is_empty_start() {
        let rows: Vec<String> = game
            .setup
            .grid
            .rows()
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect();
        let _ = writeln!(
            s,
            "setup = {{ grid = [{}], to_move = \"{}\", handicap = {} }}",
            rows.join(", "),
            game.setup.to_move.letter(),
            game.setup.handicap
        );
    }
    let moves: Vec<String> = played
        .iter()
        .map(|(p, m)| format!("\"{} {}\"", p.letter(), m.gtp()))
        .collect();
    let _ = writeln!(s, "moves = [{}]", moves.join(", "));
    if let Ok(mut e) = A::from_setup(&game.setup, game.rules) {
        for (_, m) in played {
            let _ = e.play(*m);
        }
        let rows: Vec<String> = e.grid().rows().iter().map(|r| format!("\"{r}\"")).collect();
        let _ = writeln!(s, "grid = [{}]", rows.join(", "));
        let _ = writeln!(s, "to_move = \"{}\"", e.to_move().letter());
        let _ = writeln!(s, "over = {}", e.is_over());
        let score = e.score();
        let _ = writeln!(
            s,
            "score = {{ black = \"{}\", white = \"{}\" }}",
            score.black, score.white
        );
        if let Ok(o) = e.outcome(game.komi, &[]) {
            let _ = writeln!(s, "result = \"{}\"", o.sgf_result());
        }
        let legal: Vec<String> = e
            .legal_points()
            .iter()
            .map(|p| format!("\"{}\"", p.gtp()))
            .collect();
        let _ = writeln!(s, "legal = [{}]", legal.join(", "));
    }
    let _ = Colour::Empty; // the diagram alphabet is the spec's: X, O, .
    s
}
