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
use ttrules_games::is_own_eye;
use ttrules_gtp::server::{Server, COMMANDS};
use ttrules_gtp::{handicap, parse_colour, parse_command, parse_vertex, vertices, Command};
use ttrules_record::rules::rules_by_any_name;
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Colour, Engine, Komi, Move, Player, Point, Rules, Setup, Size};

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

/// Checks a `=` response against the model and applies the command to the model.
fn accepted(
    model: &mut Model,
    printed: &mut Option<Model>,
    server: &Server<Fast>,
    cmd: &Command,
    body: &str,
) -> Result<(), String> {
    let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
    let expect = |want: &str| answer_is(cmd, body, want);
    match (cmd.name.as_str(), args.as_slice()) {
        (name @ ("boardsize" | "rectangular_boardsize" | "ttrules-boardsize"), _) => {
            let size = size_of(name, &args).ok_or("accepted a bad board size")?;
            model.start(Setup::empty(size), model.rules)?;
            expect("")
        }
        ("clear_board", _) => {
            model.start(Setup::empty(model.size()), model.rules)?;
            expect("")
        }
        ("komi", _) => {
            model.komi = komi_of(&args).ok_or("accepted a bad komi")?;
            expect("")
        }
        ("play", [c, v]) => {
            let (p, mv) = (accepted_colour(c)?, accepted_vertex(v, model.size())?);
            accepted_play(model, p, mv)?;
            expect("")
        }
        ("undo", _) => {
            let mut moves = model.moves.clone();
            moves
                .pop()
                .ok_or("undid a turn that the model does not have")?;
            *model = model.replayed(model.setup.clone(), model.rules, &moves)?;
            expect("")
        }
        ("genmove", [c]) => accepted_genmove(model, accepted_colour(c)?, body),
        ("printsgf", [_]) => {
            *printed = Some(model.clone());
            expect("")
        }
        ("loadsgf", [_, rest @ ..]) => {
            accepted_loadsgf(model, printed.as_ref(), server, rest.is_empty())?;
            expect(&model.engine.to_move().letter().to_ascii_lowercase())
        }
        ("kgs-rules" | "ttrules-rules", [_, ..]) => {
            let (rules, komi) = rules_by_any_name(&args.join(" "))
                .map_err(|e| format!("accepted unknown rules: {e}"))?;
            if let Some(k) = komi {
                model.komi = k;
            }
            model.start(Setup::empty(model.size()), rules)?;
            expect("")
        }
        (name @ ("fixed_handicap" | "place_free_handicap" | "set_free_handicap"), _) => {
            accepted_handicap(model, name, &args, body)?;
            expect(if name == "set_free_handicap" {
                ""
            } else {
                body
            })
        }
        _ => accepted_query(model, cmd, &args, body),
    }
}

/// Checks the answer `body` to an accepted command that changes nothing (the queries: names,
/// `is_legal`, `all_legal`, `final_score`, `list_stones`, `captures`, `color`, `showboard`,
/// `printsgf` without a file, `ttrules-rules` without arguments...) against the model; any other
/// command is an error (the server accepted what it should not know).
fn accepted_query(model: &Model, cmd: &Command, args: &[&str], body: &str) -> Result<(), String> {
    let expect = |want: &str| answer_is(cmd, body, want);
    let player = accepted_colour;
    let vertex = accepted_vertex;
    match (cmd.name.as_str(), args) {
        ("protocol_version", _) => expect("2"),
        ("name", _) => expect("ttrules"),
        ("version", _) => expect(env!("CARGO_PKG_VERSION")),
        ("known_command", [name]) => expect(&COMMANDS.contains(name).to_string()),
        ("list_commands", _) => expect(&COMMANDS.join("\n")),
        ("quit", _) => expect(""),
        ("get_komi", _) => expect(&model.komi.to_string()),
        ("is_legal", [c, v]) => {
            let (p, mv) = (player(c)?, vertex(v, model.size())?);
            expect(if model.legal(p, mv) { "1" } else { "0" })
        }
        ("all_legal", [c]) => {
            if player(c)? == model.engine.to_move() {
                expect(&vertices(&model.engine.legal_points()))
            } else {
                expect("")
            }
        }
        ("final_score", _) => {
            let o = model
                .engine
                .outcome(model.komi, &[])
                .map_err(|e| e.to_string())?;
            expect(&o.sgf_result())
        }
        ("final_status_list", [status]) => match status.to_ascii_lowercase().as_str() {
            "alive" => expect(&vertices(&model.stones(None))),
            _ => expect(""),
        },
        ("list_stones", [c]) => expect(&vertices(&model.stones(Some(player(c)?)))),
        ("captures", [c]) => {
            let held = model.engine.prisoners();
            expect(
                &match player(c)? {
                    Player::Black => held.black,
                    Player::White => held.white,
                }
                .to_string(),
            )
        }
        ("color", [v]) => match vertex(v, model.size())? {
            Move::Pass => Err("answered `color pass`".into()),
            Move::Play(p) => expect(match model.engine.colour_at(p) {
                Colour::Black => "black",
                Colour::White => "white",
                Colour::Empty => "empty",
            }),
        },
        ("showboard", _) => {
            let state = if model.engine.is_over() {
                "over"
            } else {
                "to move"
            };
            if body.contains(state) {
                Ok(())
            } else {
                Err(format!("showboard does not say {state:?}: {body:?}"))
            }
        }
        ("printsgf", []) => expect(model.sgf().trim_end()),
        ("ttrules-rules", []) => match model.rules.name() {
            Some(name) => expect(&format!("{name}\n{}", model.rules.describe())),
            None => expect(&model.rules.describe()),
        },
        (name, _) => Err(format!("accepted `{name}` with arguments {args:?}")),
    }
}

/// `Ok` when the server's answer `body` to `cmd` is `want`, else an error quoting both.
fn answer_is(cmd: &Command, body: &str, want: &str) -> Result<(), String> {
    if body == want {
        Ok(())
    } else {
        Err(format!(
            "`{}` answered {body:?}, the model {want:?}",
            cmd.name
        ))
    }
}

/// The colour argument `s` of an accepted command (an error: the server accepted a bad colour).
fn accepted_colour(s: &str) -> Result<Player, String> {
    parse_colour(s).map_err(|e| format!("accepted a bad colour: {e}"))
}

/// The vertex `s` of an accepted command or answer on a board of `size`.
fn accepted_vertex(s: &str, size: Size) -> Result<Move, String> {
    parse_vertex(s, size).map_err(|e| format!("accepted: {e}"))
}

/// Applies an accepted `play` of `mv` by `p` to the model: a legal move, or else a Black
/// handicap stone with a White pass before it (r[var.handicap]); an error when the model
/// refuses both.
fn accepted_play(model: &mut Model, p: Player, mv: Move) -> Result<(), String> {
    if !model.legal(p, mv) {
        *model = model
            .handicap_stone(p, mv)
            .ok_or(format!("accepted {p} {mv}, which the model refuses"))?;
        return Ok(());
    }
    model.engine.play(mv).map_err(|e| e.to_string())?;
    model.moves.push((p, mv));
    Ok(())
}

/// Checks the move `body` a `genmove` for `p` answered (legal, not into `p`'s own eye, a pass
/// only when every legal move fills an own eye) and plays it on the model.
fn accepted_genmove(model: &mut Model, p: Player, body: &str) -> Result<(), String> {
    let mv = accepted_vertex(body, model.size())?;
    if !model.legal(p, mv) {
        return Err(format!("genmove played {p} {mv}, which the model refuses"));
    }
    let g = model.engine.grid();
    let choices: Vec<Point> = model
        .engine
        .legal_points()
        .into_iter()
        .filter(|&q| !is_own_eye(&g, q, p))
        .collect();
    match mv {
        Move::Play(q) if !choices.contains(&q) => {
            return Err(format!("genmove filled its own eye at {q}"))
        }
        Move::Pass if !choices.is_empty() => {
            return Err(format!(
                "genmove passed with {} moves to choose",
                choices.len()
            ))
        }
        _ => {}
    }
    model.engine.play(mv).map_err(|e| e.to_string())?;
    model.moves.push((p, mv));
    Ok(())
}

/// Checks an accepted `loadsgf` against the model `printed` when the session wrote its file
/// (all its turns, or at most them when a move number was given: `all` is false) and sets the
/// model to the turns the server loaded.
fn accepted_loadsgf(
    model: &mut Model,
    printed: Option<&Model>,
    server: &Server<Fast>,
    all: bool,
) -> Result<(), String> {
    let p = printed.ok_or("loaded a file that the session did not write")?;
    let n = server.moves().len();
    if n > p.moves.len() || (all && n != p.moves.len()) {
        return Err(format!(
            "loadsgf gave {n} turns of the {} printed",
            p.moves.len()
        ));
    }
    let komi = p.komi;
    *model = p.replayed(p.setup.clone(), p.rules, &p.moves[..n])?;
    model.komi = komi;
    Ok(())
}

/// Checks an accepted handicap command `name` with `args` (an empty board before it; the
/// stones placed, listed in `args` or the answer `body`, a valid placement of the number asked
/// for, at the fixed points for `fixed_handicap`) and starts the model on the handicap setup.
fn accepted_handicap(
    model: &mut Model,
    name: &str,
    args: &[&str],
    body: &str,
) -> Result<(), String> {
    if !model.board_is_empty() {
        return Err(format!("accepted `{name}` on a board that is not empty"));
    }
    let listed = if name == "set_free_handicap" {
        args.to_vec()
    } else {
        body.split(' ').collect()
    };
    let stones = handicap::parse_vertices(listed, model.size())
        .map_err(|e| format!("`{name}`: not a placement: {e}"))?;
    if let ("fixed_handicap", [n]) = (name, args) {
        let fixed = n
            .parse()
            .ok()
            .and_then(|n| handicap::fixed_points(model.size(), n));
        if fixed.as_ref() != Some(&stones) {
            return Err(format!("fixed_handicap {n} placed {body:?}"));
        }
    }
    if let ("place_free_handicap", [n]) = (name, args) {
        if n.parse::<usize>().ok() != Some(stones.len()) {
            return Err(format!("place_free_handicap {n} placed {body:?}"));
        }
    }
    model.start(handicap::setup(model.size(), &stones), model.rules)?;
    Ok(())
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
