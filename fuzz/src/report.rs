//! A failing game as people and tools take it: a paste-able TOML vector for `spec/vectors/` (with
//! the verdicts the model engine gave, to be checked by hand before committing) and an SGF record.

use crate::generators::Game;
use std::fmt::Write as _;
use ttrules_spec::{Clause, Engine, Move, Player};
use ttrules_vectors::{Attempt, Expect, Expected, Vector};

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
/// that engine `A` reaches, written by the one writer of the format
/// ([`ttrules_vectors::vector_toml`]).
pub fn vector_toml<A: Engine>(game: &Game, played: &[(Player, Move)]) -> String {
    let mut expect = Expect::default();
    if let Ok(mut e) = A::from_setup(&game.setup, game.rules) {
        for (_, m) in played {
            let _ = e.play(*m);
        }
        expect.grid = Some(e.grid());
        expect.to_move = Some(e.to_move());
        expect.over = Some(e.is_over());
        expect.score = Some(e.score());
        expect.result = e.outcome(game.komi, &[]).ok().map(|o| o.sgf_result());
        expect.legal = Some(e.legal_points());
    }
    let vector = Vector {
        name: "fuzz-finding-100".into(),
        file: Default::default(),
        description: Some("found by fuzzing: describe what it shows".into()),
        clauses: vec![Clause::Turn],
        size: game.size(),
        rules: game.rules,
        komi: game.komi,
        setup: game.setup.clone(),
        dead: Vec::new(),
        attempts: played
            .iter()
            .map(|&(player, mv)| Attempt {
                player,
                mv,
                expected: Expected::Legal {
                    captured: None,
                    suicided: None,
                },
            })
            .collect(),
        expect,
    };
    ttrules_vectors::vector_toml(&vector)
}
