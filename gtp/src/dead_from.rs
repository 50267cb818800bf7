//! r[rec.dead.engine]: dead stones for unmarked records from a GTP engine, given the game and
//! asked `final_status_list dead` (and `seki`). Every way it can fail is an error, never a
//! fallback to another source. The record crate's replay calls it through
//! [`ttrules_record::dead_from::JudgeDead`]; [`parse`] reads `--dead-from` into the source it
//! names.

use crate::client::{GtpProcess, Reply, SpawnOptions};
use crate::{boardsize_command, gtp_move};
use std::sync::Arc;
use std::time::Duration;
use ttrules_record::dead_from::{DeadFrom, Ended, JudgeDead};
use ttrules_spec::{Colour, Grid, Player, Point};

/// The default timeout of each command.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// How long `quit` may take before the engine is ended.
const GRACE: Duration = Duration::from_millis(500);

/// A GTP engine's command line, as written and as words, and the timeout of each command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    pub command: String,
    pub argv: Vec<String>,
    pub timeout: Duration,
}

/// Reads `--dead-from`: `marks`, `proven`, or an engine's command line (split as a shell splits
/// words), each command of which waits at most `timeout` (r[rec.dead.source]).
pub fn parse(text: &str, timeout: Duration) -> Result<DeadFrom, String> {
    match text.trim() {
        "marks" => Ok(DeadFrom::Marks),
        "proven" => Ok(DeadFrom::Proven),
        "" => Err("--dead-from: empty; give marks, proven or an engine's command line".into()),
        command => match shlex::split(command) {
            Some(argv) if !argv.is_empty() => Ok(DeadFrom::Judge(Arc::new(EngineCommand {
                command: command.to_string(),
                argv,
                timeout,
            }))),
            _ => Err(format!(
                "--dead-from: `{command}` is not a command line (unbalanced quotes?)"
            )),
        },
    }
}

impl JudgeDead for EngineCommand {
    fn name(&self) -> &str {
        &self.command
    }

    fn judge(&self, game: &Ended) -> Result<(Vec<Point>, Option<Vec<Point>>), String> {
        ask(self, game)
    }
}

/// Starts the engine, gives it the game, asks its dead and seki lists, and ends it. The seki list
/// is `None` when the engine answers that command with a failure.
pub fn ask(e: &EngineCommand, game: &Ended) -> Result<(Vec<Point>, Option<Vec<Point>>), String> {
    let options = SpawnOptions {
        own_group: true,
        ..SpawnOptions::default()
    };
    let mut p = GtpProcess::spawn_with(&e.argv, &options).map_err(|e| e.to_string())?;
    let answer = give_and_ask(&mut p, e.timeout, game);
    // Dropping the process ends it (and its group) when it does not quit in time.
    p.shutdown(GRACE);
    answer
}

fn give_and_ask(
    p: &mut GtpProcess,
    timeout: Duration,
    game: &Ended,
) -> Result<(Vec<Point>, Option<Vec<Point>>), String> {
    let mut must = |cmd: String, what: &str| match p.send(&cmd, timeout) {
        Ok(Reply::Success(_)) => Ok(()),
        Ok(Reply::Failure(why)) => {
            Err(format!("it refuses `{cmd}` ({what}): \"? {}\"", why.trim()))
        }
        Err(e) => Err(e.to_string()),
    };
    let size = game.grid.size();
    must(boardsize_command(size), "the board")?;
    must("clear_board".into(), "the board")?;
    must(format!("komi {}", game.komi), "the komi")?;
    let setup = &game.setup.grid;
    for (player, colour) in [
        (Player::Black, Colour::Black),
        (Player::White, Colour::White),
    ] {
        for q in size.points().filter(|&q| setup.get(q) == colour) {
            must(
                format!("play {}", gtp_move(player, ttrules_spec::Move::Play(q))),
                "a stone of the setup",
            )?;
        }
    }
    for (i, &(player, mv)) in game.turns.iter().enumerate() {
        must(
            format!("play {}", gtp_move(player, mv)),
            &format!("turn {}", i + 1),
        )?;
    }
    // The answer's points, or the engine's failure text.
    let mut list = |status: &str| -> Result<Result<Vec<Point>, String>, String> {
        let cmd = format!("final_status_list {status}");
        match p.send(&cmd, timeout) {
            Ok(Reply::Success(text)) => read_list(&cmd, &text, game.grid).map(Ok),
            Ok(Reply::Failure(why)) => Ok(Err(why)),
            Err(e) => Err(e.to_string()),
        }
    };
    let dead = list("dead")?.map_err(|why| {
        format!(
            "it answers `final_status_list dead` with \"? {}\"",
            why.trim()
        )
    })?;
    // A failure answer to `seki` means the engine does not say.
    let seki = list("seki")?.ok();
    Ok((dead, seki))
}

/// A `final_status_list` answer as a sorted set of points, each a stone of `grid`.
fn read_list(cmd: &str, text: &str, grid: &Grid) -> Result<Vec<Point>, String> {
    let size = grid.size();
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let p = Point::parse_gtp_on(word, size).map_err(|_| {
            format!("its answer to `{cmd}` names `{word}`, which is no vertex of the {size} board")
        })?;
        if grid.get(p) == Colour::Empty {
            return Err(format!(
                "its answer to `{cmd}` names {}, which holds no stone at the end of the game",
                p.gtp()
            ));
        }
        out.push(p);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    #[test]
    fn lists_are_stones_of_the_board() {
        let size = Size::square(5).unwrap();
        let grid = Grid::from_rows(size, &["X....", ".....", ".....", ".....", "....O"]).unwrap();
        let cmd = "final_status_list dead";
        let got = read_list(cmd, "A5 e1\na5", &grid).unwrap();
        let mut want = vec![Point::new(4, 0), Point::new(0, 4)];
        want.sort();
        assert_eq!(got, want);
        assert!(read_list(cmd, "", &grid).unwrap().is_empty());
        let e = read_list(cmd, "A5 Z9", &grid).unwrap_err();
        assert!(
            e.contains("`Z9`, which is no vertex of the 5x5 board"),
            "{e}"
        );
        let e = read_list(cmd, "B2", &grid).unwrap_err();
        assert!(e.contains("B2, which holds no stone"), "{e}");
        assert!(read_list(cmd, "alive", &grid).is_err());
    }
}
