//! Where `finish` takes the game: where `replay` ends it (r[rec.stop.after-end]), and the dead
//! stones `--dead-from` gives for it (r[rec.dead.source]).

use super::{Loaded, Request};
use crate::cli::replay::{replay, Game};
use crate::dead_from::{self, DeadFrom, Source};
use ttrules_reference::finish::DeadStones;
use ttrules_reference::Reference;
use ttrules_spec::Move;

/// The turns of the game up to its end, as `replay` plays them under the finish's rules and komi:
/// turns after the end are left out, with a note on stderr. With `--dead-from`, the request's dead
/// stones become what the source gives, and the source is returned.
pub fn cut(
    loaded: &Loaded,
    req: &mut Request,
    from: Option<&DeadFrom>,
    file: &str,
) -> Result<(Vec<Move>, Option<Source>), String> {
    let game = Game {
        rules: req.rules,
        komi: req.komi,
        setup: loaded.setup.clone(),
        moves: loaded.turns.clone(),
        dead: Vec::new(),
    };
    let r = replay::<Reference>(&game).map_err(|e| e.to_string())?;
    let kept = r.after_end.unwrap_or(game.moves.len());
    if let Some(i) = r.after_end {
        eprintln!(
            "ttrules finish: {file}: node {}: the turns from move {} on ({} in all) come after the end of the game; the finish starts where the game ended, as replay does (r[rec.stop.after-end])",
            game.moves[i].node,
            i + 1,
            game.moves.len() - i
        );
    }
    if let Some(stop) = loaded.stop.as_ref().filter(|_| !r.over) {
        return Err(format!(
            "node {}: the record stops being a game before move {}: {} ({}), and the game has not ended there",
            stop.node,
            stop.move_number,
            stop.text,
            stop.cause.clause()
        ));
    }
    let moves: Vec<Move> = game.moves[..kept].iter().map(|m| m.mv).collect();
    let Some(from) = from else {
        return Ok((moves, None));
    };
    if !r.over || r.illegal.is_some() {
        // The pause is refused below (r[finish.pause]); there is nothing to judge.
        return Ok((moves, None));
    }
    if *from == DeadFrom::Marks {
        let dead = loaded.marks.as_ref().map(|m| m.dead(&r.grid));
        req.dead = DeadStones::Agreed(dead.clone().unwrap_or_default());
        let source = dead.map_or(Source::None, |_| Source::Marks);
        return Ok((moves, Some(source)));
    }
    let turns: Vec<_> = game.moves[..kept]
        .iter()
        .map(|m| (m.player, m.mv))
        .collect();
    let ended = dead_from::Ended {
        setup: &game.setup,
        komi: req.komi,
        turns: &turns,
        grid: &r.grid,
        pass_alive: &r.pass_alive,
    };
    let judged = dead_from::judge(from, &ended)?.expect("only marks give no judgement");
    req.dead = DeadStones::Agreed(judged.dead);
    Ok((moves, Some(judged.source)))
}
