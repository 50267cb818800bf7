//! The `gtp_session` oracle: an arbitrary command stream into the server of `ttrules gtp`
//! (`ttrules_gtp::server`, over the fast engine), line by line as `serve` reads it.
//!
//! Checked for every line:
//! - never a panic;
//! - a line that is empty after GTP preprocessing gets no response, every other line exactly one,
//!   and every response is well formed (GTP 2, section 3): `=` or `?`, the command's id if it had
//!   one, a space, a body without empty lines or control characters other than newlines, and an
//!   empty line at the end;
//! - a `?` response changes nothing (rules, komi, setup, turns, and every observable of the
//!   engine), and is not given to a command that must succeed: a legal `play`, a `genmove` for
//!   the player to move, a valid `boardsize` or `komi`, an `undo` with a turn to take back, a
//!   `loadsgf` of a file the session wrote;
//! - a `=` response has the effect and the answer that a model, fed only the accepted commands,
//!   predicts: the model keeps the rules, komi, setup and turns, and a fresh fast engine that
//!   replays them; every observable of the server's engine equals the model engine's after every
//!   command (both are fast engines, so this is cheap). Answers checked: `is_legal`,
//!   `all_legal`, `final_score`, `captures`, `list_stones`, `color`, `get_komi`,
//!   `final_status_list`, `known_command`, `list_commands`, `printsgf`, `ttrules-rules`, and
//!   that `genmove` plays a legal move that does not fill the player's own eye (or passes when
//!   there is none).
//!
//! At the end of the session, on boards of at most [`MAX_REFERENCE_AREA`] points, the turns are
//! replayed on a fresh reference engine too and every observable is compared with the server's.
//!
//! Files: `loadsgf FILE` and `printsgf FILE` are sent with FILE replaced by one scratch file per
//! thread, deleted at the start and the end of every session, so a session never touches other
//! files; `printsgf` then `loadsgf` must give back the state that was printed (a round trip
//! through the SGF writer and reader), and `loadsgf FILE N` a prefix of its turns.

use crate::observe::observation_differences;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use ttrules_fast::Fast;
use ttrules_gtp::server::Server;
use ttrules_gtp::{parse_colour, parse_command, parse_vertex, Command};
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Colour, Engine, Komi, Move, Player, Point, Rules, Setup, Size};

mod accepted;

use accepted::accepted;

/// The most lines of a session that are sent.
pub const MAX_LINES: usize = 200;

/// The seed of the server's `genmove`.
pub const SEED: u64 = 1;

/// The largest board (in points) on which the session's game is replayed on the reference engine
/// at the end (its legal-move list and scoring cost about the square of the area).
pub const MAX_REFERENCE_AREA: usize = 81;

/// The state that the accepted commands built, replayed on a fresh fast engine.
#[derive(Clone, Debug)]
struct Model {
    rules: Rules,
    komi: Komi,
    setup: Setup,
    moves: Vec<(Player, Move)>,
    engine: Fast,
}

/// What the server's accessors show, for "a `?` changes nothing".
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    rules: Rules,
    komi: Komi,
    setup: Setup,
    moves: Vec<(Player, Move)>,
    observation: Observation,
}

fn snapshot(s: &Server<Fast>) -> Snapshot {
    Snapshot {
        rules: s.rules(),
        komi: s.komi(),
        setup: s.setup().clone(),
        moves: s.moves().to_vec(),
        observation: Observation::of(s.engine()),
    }
}

impl Model {
    fn new() -> Model {
        Model {
            rules: Rules::TROMP_TAYLOR,
            komi: Komi::ZERO,
            setup: Setup::empty(Size::STANDARD),
            moves: Vec::new(),
            engine: Fast::new(Size::STANDARD, Rules::TROMP_TAYLOR),
        }
    }

    fn size(&self) -> Size {
        self.setup.grid.size()
    }

    /// The model of `setup`, `rules` and `moves` (komi kept), replayed on a fresh engine.
    fn replayed(
        &self,
        setup: Setup,
        rules: Rules,
        moves: &[(Player, Move)],
    ) -> Result<Model, String> {
        let mut engine = Fast::from_setup(&setup, rules)
            .map_err(|e| format!("the model refuses the setup: {e}"))?;
        for &(player, mv) in moves {
            if player != engine.to_move() {
                return Err(format!("the model: {player} {mv} is out of turn"));
            }
            engine
                .play(mv)
                .map_err(|e| format!("the model: {player} {mv} is illegal: {e}"))?;
        }
        Ok(Model {
            rules,
            komi: self.komi,
            setup,
            moves: moves.to_vec(),
            engine,
        })
    }

    fn start(&mut self, setup: Setup, rules: Rules) -> Result<(), String> {
        *self = self.replayed(setup, rules, &[])?;
        Ok(())
    }

    fn stones(&self, of: Option<Player>) -> Vec<Point> {
        let e = &self.engine;
        self.size()
            .points()
            .filter(|&p| match (e.colour_at(p), of) {
                (Colour::Empty, _) => false,
                (_, None) => true,
                (c, Some(pl)) => c == pl.colour(),
            })
            .collect()
    }

    /// Whether `player` may play `mv` now.
    fn legal(&self, player: Player, mv: Move) -> bool {
        player == self.engine.to_move() && self.engine.check(mv).is_ok()
    }

    /// A Black stone with White to move in a handicap opening of r[var.handicap] (from the empty
    /// grid, Black moves with White passes between them): the server plays a White handicap pass,
    /// then the stone. The model after both, when both are legal.
    fn handicap_stone(&self, player: Player, mv: Move) -> Option<Model> {
        let opening = self.setup.is_empty_start()
            && self.moves.len() % 2 == 1
            && self.moves.iter().enumerate().all(|(i, &(p, m))| {
                if i % 2 == 0 {
                    p == Player::Black && m != Move::Pass
                } else {
                    (p, m) == (Player::White, Move::Pass)
                }
            });
        if player != Player::Black || mv == Move::Pass || !opening {
            return None;
        }
        let mut next = self.clone();
        next.engine.play(Move::Pass).ok()?;
        next.engine.play(mv).ok()?;
        next.moves
            .extend([(Player::White, Move::Pass), (Player::Black, mv)]);
        Some(next)
    }

    /// No stone and no turn: the board the handicap commands take.
    fn board_is_empty(&self) -> bool {
        self.moves.is_empty()
            && self
                .size()
                .points()
                .all(|p| self.setup.grid.get(p) == Colour::Empty)
    }

    fn sgf(&self) -> String {
        ttrules_record::write(self.komi, self.rules, &self.setup, &self.moves)
    }
}

/// The board size a `boardsize`, `rectangular_boardsize` or `ttrules-boardsize` asks for, if
/// valid.
fn size_of(name: &str, args: &[&str]) -> Option<Size> {
    match (name, args) {
        ("boardsize", [n]) => Size::square(n.parse().ok()?).ok(),
        ("boardsize", _) => None,
        (_, [w, h]) => Size::new(w.parse().ok()?, h.parse().ok()?).ok(),
        (_, [wxh]) => wxh.parse().ok(),
        _ => None,
    }
}

/// The komi a `komi` command sets, if valid.
fn komi_of(args: &[&str]) -> Option<Komi> {
    match args {
        [k] if k.parse::<f64>().is_ok() => k.parse().ok(),
        _ => None,
    }
}

/// The scratch file of this thread's sessions.
fn scratch_file() -> PathBuf {
    let thread: String = format!("{:?}", std::thread::current().id())
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    std::env::temp_dir().join(format!(
        "ttrules-gtp-session-{}-{thread}.sgf",
        std::process::id()
    ))
}

/// `line` with the file argument of `loadsgf` and `printsgf` replaced by `file`.
fn redirect_files(line: &str, file: &Path) -> String {
    match parse_command(line) {
        Some(cmd)
            if matches!(cmd.name.as_str(), "loadsgf" | "printsgf") && !cmd.args.is_empty() =>
        {
            let mut out = String::new();
            if let Some(id) = cmd.id {
                let _ = write!(out, "{id} ");
            }
            let _ = write!(out, "{} {}", cmd.name, file.display());
            for a in &cmd.args[1..] {
                let _ = write!(out, " {a}");
            }
            out.push('\n');
            out
        }
        _ => line.to_string(),
    }
}

/// GTP 2 framing: `=` or `?`, the id if the command had one, a space, a body without empty lines
/// or control characters other than newlines, an empty line at the end.
fn framing_error(cmd: &Command, r: &str) -> Option<String> {
    let Some(body) = r.strip_prefix(['=', '?']) else {
        return Some("does not start with = or ?".into());
    };
    let id = cmd.id.map(|i| i.to_string()).unwrap_or_default();
    let Some(body) = body.strip_prefix(id.as_str()) else {
        return Some(format!("does not echo the id {id}"));
    };
    let Some(body) = body.strip_prefix(' ') else {
        return Some("no space after the mark and id".into());
    };
    let Some(body) = body.strip_suffix("\n\n") else {
        return Some("not ended by an empty line".into());
    };
    if body.contains("\n\n") || body.ends_with('\n') {
        return Some("an empty line inside the body".into());
    }
    if body.chars().any(|c| c.is_control() && c != '\n') {
        return Some("a control character in the body".into());
    }
    None
}

/// The body of a well-formed response (after the mark, id and space; without the final empty
/// line).
fn body_of<'a>(cmd: &Command, r: &'a str) -> &'a str {
    let id_len = cmd.id.map_or(0, |i| i.to_string().len());
    &r[2 + id_len..r.len() - 2]
}

/// What a session exercised, for the statistics of a run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionStats {
    /// Lines with a command.
    pub commands: u64,
    /// Commands answered `=` and `?`.
    pub accepted: u64,
    pub refused: u64,
    /// Accepted turns: `play` and `genmove`.
    pub turns: u64,
    /// `loadsgf` of a file the session printed, accepted.
    pub round_trips: u64,
    /// Sessions whose end was compared with the reference engine.
    pub reference_checks: u64,
}

impl SessionStats {
    pub fn add(&mut self, o: &SessionStats) {
        self.commands += o.commands;
        self.accepted += o.accepted;
        self.refused += o.refused;
        self.turns += o.turns;
        self.round_trips += o.round_trips;
        self.reference_checks += o.reference_checks;
    }
}

/// Replays `data` as a GTP session; `Err` with the transcript on any failure.
pub fn gtp_session(data: &[u8]) -> Result<SessionStats, String> {
    let file = scratch_file();
    let _ = std::fs::remove_file(&file);
    let result = session(data, &file);
    let _ = std::fs::remove_file(&file);
    result
}

fn session(data: &[u8], file: &Path) -> Result<SessionStats, String> {
    let mut stats = SessionStats::default();
    let mut server = Server::<Fast>::new(SEED);
    let mut model = Model::new();
    // The state that `printsgf FILE` wrote last.
    let mut printed: Option<Model> = None;
    let mut transcript = String::new();
    let fail = |transcript: &str, what: String| -> String {
        format!("gtp_session: {what}\n--- the session (> sent, < received) ---\n{transcript}")
    };
    for raw in data.split_inclusive(|&b| b == b'\n').take(MAX_LINES) {
        let line = redirect_files(&String::from_utf8_lossy(raw), file);
        let _ = writeln!(transcript, "> {}", line.trim_end_matches('\n'));
        let before = snapshot(&server);
        let response =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.handle_line(&line)))
                .map_err(|panic| {
                    let msg = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    fail(&transcript, format!("the server panicked: {msg}"))
                })?;
        let cmd = match (parse_command(&line), response) {
            (None, None) => continue,
            (None, Some(r)) => {
                return Err(fail(
                    &transcript,
                    format!("a response to a line without a command: {r:?}"),
                ))
            }
            (Some(_), None) => return Err(fail(&transcript, "no response".into())),
            (Some(cmd), Some(r)) => {
                for l in r.trim_end_matches('\n').lines() {
                    let _ = writeln!(transcript, "< {l}");
                }
                if let Some(why) = framing_error(&cmd, &r) {
                    return Err(fail(
                        &transcript,
                        format!("malformed response {r:?}: {why}"),
                    ));
                }
                let body = body_of(&cmd, &r).to_string();
                stats.commands += 1;
                if r.starts_with('=') {
                    stats.accepted += 1;
                    match cmd.name.as_str() {
                        "play" | "genmove" => stats.turns += 1,
                        "loadsgf" => stats.round_trips += 1,
                        _ => {}
                    }
                } else {
                    stats.refused += 1;
                }
                let outcome = if r.starts_with('=') {
                    accepted(&mut model, &mut printed, &server, &cmd, &body)
                } else if snapshot(&server) != before {
                    Err("a `?` response changed the state".to_string())
                } else {
                    refused(&model, printed.as_ref(), &cmd)
                };
                outcome.map_err(|what| fail(&transcript, what))?;
                cmd
            }
        };
        if let Some(what) = state_differences(&server, &model) {
            return Err(fail(
                &transcript,
                format!(
                    "after `{}`, the server and the model differ: {what}",
                    cmd.name
                ),
            ));
        }
        if server.quit_requested() {
            break;
        }
    }
    if model.size().area() <= MAX_REFERENCE_AREA {
        stats.reference_checks += 1;
        let reference = replay_on_reference(&model).map_err(|e| fail(&transcript, e))?;
        let diffs = observation_differences(
            &Observation::of(&reference),
            &Observation::of(server.engine()),
        );
        if !diffs.is_empty() {
            return Err(fail(
                &transcript,
                format!(
                    "at the end, the reference and the server differ: {}",
                    diffs.join("; ")
                ),
            ));
        }
    }
    Ok(stats)
}

fn replay_on_reference(model: &Model) -> Result<Reference, String> {
    let mut r = Reference::from_setup(&model.setup, model.rules)
        .map_err(|e| format!("the reference refuses the setup: {e}"))?;
    for &(player, mv) in &model.moves {
        r.play(mv)
            .map_err(|e| format!("the reference refuses {player} {mv}: {e}"))?;
    }
    Ok(r)
}

/// Where the server's state differs from the model's.
fn state_differences(server: &Server<Fast>, model: &Model) -> Option<String> {
    let mut out = Vec::new();
    if server.rules() != model.rules {
        out.push(format!("rules {} vs {}", server.rules(), model.rules));
    }
    if server.komi() != model.komi {
        out.push(format!("komi {} vs {}", server.komi(), model.komi));
    }
    if *server.setup() != model.setup {
        out.push("setup".to_string());
    }
    if server.moves() != model.moves {
        out.push(format!("turns {:?} vs {:?}", server.moves(), model.moves));
    }
    out.extend(observation_differences(
        &Observation::of(server.engine()),
        &Observation::of(&model.engine),
    ));
    (!out.is_empty()).then(|| out.join("; "))
}

/// Checks that a `?` response was allowed: commands that must succeed do not get one.
fn refused(model: &Model, printed: Option<&Model>, cmd: &Command) -> Result<(), String> {
    let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
    let must_succeed = match (cmd.name.as_str(), args.as_slice()) {
        ("protocol_version" | "name" | "version" | "list_commands" | "clear_board", _) => true,
        ("quit" | "showboard" | "get_komi" | "final_score", _) => true,
        (name @ ("boardsize" | "rectangular_boardsize" | "ttrules-boardsize"), _) => {
            size_of(name, &args).is_some()
        }
        ("komi", _) => komi_of(&args).is_some(),
        ("undo", _) => !model.moves.is_empty(),
        ("play", [c, v]) => match (parse_colour(c), parse_vertex(v, model.size())) {
            (Ok(p), Ok(mv)) => model.legal(p, mv) || model.handicap_stone(p, mv).is_some(),
            _ => false,
        },
        ("genmove", [c]) => {
            parse_colour(c).is_ok_and(|p| p == model.engine.to_move() && !model.engine.is_over())
        }
        ("loadsgf", [_]) => printed.is_some(),
        _ => false,
    };
    if must_succeed {
        Err(format!(
            "`{}` with arguments {args:?} was refused, and the model says it must succeed",
            cmd.name
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Command {
        parse_command(line).expect("a command")
    }

    #[test]
    fn framing_is_checked() {
        let c = cmd("7 name");
        assert_eq!(framing_error(&c, "=7 ttrules\n\n"), None);
        assert_eq!(framing_error(&c, "?7 no\n\n"), None);
        assert!(framing_error(&c, "= ttrules\n\n").unwrap().contains("id"));
        assert!(framing_error(&c, "=7ttrules\n\n")
            .unwrap()
            .contains("space"));
        assert!(framing_error(&c, "=7 ttrules\n")
            .unwrap()
            .contains("empty line"));
        assert!(framing_error(&c, "=7 a\n\nb\n\n")
            .unwrap()
            .contains("inside"));
        assert!(framing_error(&c, "=7 a\r\n\n").unwrap().contains("control"));
        assert!(framing_error(&c, "!7 a\n\n").unwrap().contains("start"));
        assert_eq!(body_of(&c, "=7 ttrules\n\n"), "ttrules");
        assert_eq!(body_of(&cmd("name"), "= \n\n"), "");
    }

    #[test]
    fn wrong_answers_and_wrong_refusals_are_found() {
        let server = Server::<Fast>::new(SEED);
        let mut model = Model::new();
        let mut printed = None;
        let wrong = accepted(
            &mut model,
            &mut printed,
            &server,
            &cmd("is_legal b D4"),
            "0",
        );
        assert!(wrong.unwrap_err().contains("the model \"1\""));
        let wrong = accepted(&mut model, &mut printed, &server, &cmd("get_komi"), "6.5");
        assert!(wrong.is_err());
        assert!(accepted(&mut model, &mut printed, &server, &cmd("play w D4"), "").is_err());
        assert!(refused(&model, None, &cmd("play b D4")).is_err());
        assert!(refused(&model, None, &cmd("play w D4")).is_ok());
        assert!(refused(&model, None, &cmd("boardsize 9")).is_err());
        assert!(refused(&model, None, &cmd("boardsize 9 9")).is_ok());
        assert!(refused(&model, None, &cmd("undo")).is_ok());
        assert!(accepted(&mut model, &mut printed, &server, &cmd("loadsgf f"), "b").is_err());
    }

    #[test]
    fn file_arguments_are_redirected() {
        let f = Path::new("/tmp/x.sgf");
        assert_eq!(
            redirect_files("3 printsgf /etc/passwd\n", f),
            "3 printsgf /tmp/x.sgf\n"
        );
        assert_eq!(
            redirect_files("loadsgf a 4 # c\n", f),
            "loadsgf /tmp/x.sgf 4\n"
        );
        assert_eq!(redirect_files("printsgf\n", f), "printsgf\n");
        assert_eq!(redirect_files("play b D4\n", f), "play b D4\n");
    }

    #[test]
    fn a_session_that_loads_what_it_printed() {
        let s = gtp_session(
            b"boardsize 5\nplay b C3\nprintsgf f\nclear_board\nloadsgf f\nloadsgf f 1\n",
        )
        .unwrap();
        assert_eq!((s.commands, s.accepted, s.round_trips), (6, 6, 2));
        assert_eq!(s.reference_checks, 1);
    }
}
