//! Where a game that has ended stands, for the 计活子 finish (`ttrules finish`, spec Part V): the
//! turns up to where `replay` ends the game (r[rec.stop.after-end]), and the dead stones
//! `--dead-from` gives for it (r[rec.dead.source]).

use super::{replay, Game};
use crate::dead_from::{self, DeadFrom, Source};
use ttrules_reference::Reference;
use ttrules_sgf::GameRecord;
use ttrules_spec::{Komi, Move, Point, Rules};

/// A record's game up to its end, as `replay` plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    /// The turns of the game up to its end.
    pub moves: Vec<Move>,
    /// The index in the record's moves of the first turn after the end, if any: those turns are
    /// not part of the game (r[rec.stop.after-end]).
    pub after_end: Option<usize>,
    /// The dead stones `--dead-from` gives, and their source, when it was asked and the game
    /// ended without an illegal move (r[rec.dead.source]).
    pub dead: Option<(Vec<Point>, Source)>,
}

/// The game of `g` under `rules` and `komi` up to where `replay` ends it, with the dead stones of
/// `from`. A record that stops being a game (r[rec.stop]) before its game has ended is an error,
/// since the finish needs the game's end; so is a judge's failure.
pub fn game_end(
    g: &GameRecord,
    rules: Rules,
    komi: Komi,
    from: Option<&DeadFrom>,
) -> Result<GameEnd, String> {
    let game = Game {
        rules,
        komi,
        setup: g.setup.clone(),
        moves: g.moves.clone(),
        dead: Vec::new(),
    };
    let r = replay::<Reference>(&game).map_err(|e| e.to_string())?;
    if let Some(stop) = g.stop.as_ref().filter(|_| !r.over) {
        return Err(format!(
            "node {}: the record stops being a game before move {}: {} ({}), and the game has not ended there",
            stop.node,
            stop.move_number,
            stop.text,
            stop.cause.clause()
        ));
    }
    let kept = r.after_end.unwrap_or(game.moves.len());
    let moves: Vec<Move> = game.moves[..kept].iter().map(|m| m.mv).collect();
    let mut end = GameEnd {
        moves,
        after_end: r.after_end,
        dead: None,
    };
    let Some(from) = from else {
        return Ok(end);
    };
    if !r.over || r.illegal.is_some() {
        // The pause is refused by the finish (r[finish.pause]); there is nothing to judge.
        return Ok(end);
    }
    if let DeadFrom::Marks = from {
        let dead = g.marks.as_ref().map(|m| m.dead(&r.grid));
        let source = dead.as_ref().map_or(Source::None, |_| Source::Marks);
        end.dead = Some((dead.unwrap_or_default(), source));
        return Ok(end);
    }
    let turns: Vec<_> = game.moves[..kept]
        .iter()
        .map(|m| (m.player, m.mv))
        .collect();
    let ended = dead_from::Ended {
        setup: &game.setup,
        komi,
        turns: &turns,
        grid: &r.grid,
        pass_alive: &r.pass_alive,
    };
    let judged = dead_from::judge(from, &ended)?.expect("only marks give no judgement");
    end.dead = Some((judged.dead, judged.source));
    Ok(end)
}
