//! `ttrules gtp`: a GTP engine whose every answer is the spec's, under any ruleset of Part II. It
//! is a referee, scorer and test opponent, not a player: `genmove` picks uniformly among the legal
//! moves that do not fill one's own single-point eye.
//!
//! Rules-exact choices, documented in the book (`docs/src/guide/gtp.md`): `play` answers
//! `? illegal move: REASON (r[CLAUSE])` for an illegal attempt (r[var.verdict.order]); a `play` or `genmove` for the player who is not
//! to move is refused (r[tt.turn]: turns alternate); after the end every turn is refused (r[tt.end],
//! r[var.end.white-last], r[var.ko.simple.cycle]); `final_score` scores with every stone alive
//! (dead stones are an input, never guessed: r[var.count.dead]), so `final_status_list dead` is
//! empty unless `--dead-list` says otherwise (a test aid for the end protocols, [`DeadList`]), and
//! a void game scores `Void`; `ttrules-resume` resumes play after the end (r[end.resume]); `captures COLOR` is the number of prisoners COLOR
//! holds (r[var.prisoners]). Choosing a ruleset (`kgs-rules`, `ttrules-rules`, or `RU` in
//! `loadsgf`) sets its default komi; a later `komi` overrides it (the last one given wins).

pub use super::dead_list::DeadList;
use super::line::{self, Line};
use super::{format_response, parse_colour, parse_command, parse_vertex, vertices, Command};
use std::io::{self, BufRead, Write};
use ttrules_games::{is_own_eye, Rng};
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{Colour, Engine, Illegal, Komi, Move, Player, Point, Rules, Setup, Size};

mod handicap;
mod state;

/// Every command `ttrules gtp` knows, as `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "color",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "genmove",
    "get_komi",
    "is_legal",
    "kgs-rules",
    "known_command",
    "komi",
    "list_commands",
    "list_stones",
    "loadsgf",
    "name",
    "place_free_handicap",
    "play",
    "printsgf",
    "protocol_version",
    "quit",
    "rectangular_boardsize",
    "set_free_handicap",
    "showboard",
    "ttrules-boardsize",
    "ttrules-resume",
    "ttrules-rules",
    "undo",
    "version",
];

/// The state of one GTP session over engine `E`.
#[derive(Debug)]
pub struct Server<E: Engine> {
    rules: Rules,
    komi: Komi,
    /// How the game started: the empty grid after `boardsize` or `clear_board`, or the setup of a
    /// file `loadsgf` read (r[var.setup]).
    setup: Setup,
    /// The turns played since the setup, for `undo` and `printsgf`.
    moves: Vec<(Player, Move)>,
    /// The number of turns played at each `ttrules-resume` (r[end.resume]).
    resumed: Vec<usize>,
    engine: E,
    rng: Rng,
    /// What `final_status_list dead` answers, and its own random stream.
    dead_list: DeadList,
    dead_rng: Rng,
    quit: bool,
}

type Reply = Result<String, String>;

fn syntax(msg: impl Into<String>) -> String {
    format!("syntax error: {}", msg.into())
}

fn illegal(why: Illegal) -> String {
    format!("illegal move: {} ({})", why.reason(), why.clause())
}

impl<E: Engine> Server<E> {
    /// A session on the empty 19x19 grid under Tromp-Taylor, komi 0; `seed` drives `genmove`.
    pub fn new(seed: u64) -> Server<E> {
        Server {
            rules: Rules::TROMP_TAYLOR,
            komi: Komi::ZERO,
            setup: Setup::empty(Size::STANDARD),
            moves: Vec::new(),
            resumed: Vec::new(),
            engine: E::new(Size::STANDARD, Rules::TROMP_TAYLOR),
            rng: Rng::new(seed),
            dead_list: DeadList::None,
            dead_rng: Rng::new(seed ^ 0xDEAD_0000_0000_0001),
            quit: false,
        }
    }

    /// The same session with `final_status_list dead` answering as `dead_list` says.
    pub fn with_dead_list(mut self, dead_list: DeadList) -> Server<E> {
        self.dead_list = dead_list;
        self
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    fn size(&self) -> Size {
        self.setup.grid.size()
    }

    /// Answers one input line: `None` for a line without a command, else the framed response.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let cmd = parse_command(line)?;
        let reply = self.handle(&cmd);
        Some(format_response(cmd.id, &reply))
    }

    /// Answers one command: `Ok(result)` or `Err(message)`.
    pub fn handle(&mut self, cmd: &Command) -> Reply {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        let name = cmd.name.as_str();
        match name {
            "protocol_version" | "name" | "version" | "known_command" | "list_commands"
            | "quit" => self.session(name, &args),
            "boardsize"
            | "rectangular_boardsize"
            | "ttrules-boardsize"
            | "clear_board"
            | "komi"
            | "get_komi"
            | "fixed_handicap"
            | "place_free_handicap"
            | "set_free_handicap"
            | "loadsgf"
            | "kgs-rules"
            | "ttrules-rules" => self.setup_command(name, &args),
            "play" | "undo" | "ttrules-resume" | "genmove" => self.turn_command(name, &args),
            "is_legal" | "all_legal" | "final_score" | "final_status_list" | "list_stones"
            | "captures" | "showboard" | "color" | "printsgf" => self.query(name, &args),
            "" => Err("unknown command: (none)".into()),
            _ => Err("unknown command".into()),
        }
    }

    /// The commands about the session itself: its protocol, names, commands, and the end of it.
    fn session(&mut self, name: &str, args: &[&str]) -> Reply {
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("ttrules".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => match args {
                [name] => Ok(COMMANDS.contains(name).to_string()),
                _ => Err(syntax("known_command takes one command name")),
            },
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }

    /// The commands that set up a game: the grid, komi, handicap stones, a record to load, the rules.
    fn setup_command(&mut self, name: &str, args: &[&str]) -> Reply {
        match name {
            "boardsize" => match args {
                [n] => {
                    let n: u32 = n.parse().map_err(|_| syntax("boardsize takes a number"))?;
                    let size = Size::square(n).map_err(|_| "unacceptable size".to_string())?;
                    self.start(Setup::empty(size), self.rules);
                    Ok(String::new())
                }
                _ => Err(syntax("boardsize takes one number")),
            },
            "rectangular_boardsize" | "ttrules-boardsize" => {
                let size = match args {
                    [w, h] => {
                        let w: u32 = w.parse().map_err(|_| syntax("width is not a number"))?;
                        let h: u32 = h.parse().map_err(|_| syntax("height is not a number"))?;
                        Size::new(w, h).map_err(|_| "unacceptable size".to_string())?
                    }
                    [wxh] => wxh
                        .parse::<Size>()
                        .map_err(|_| "unacceptable size".to_string())?,
                    _ => return Err(syntax("expected WIDTH HEIGHT or WxH")),
                };
                self.start(Setup::empty(size), self.rules);
                Ok(String::new())
            }
            "clear_board" => {
                self.start(Setup::empty(self.size()), self.rules);
                Ok(String::new())
            }
            "komi" => match args {
                [k] => {
                    if k.parse::<f64>().is_err() {
                        return Err(syntax(format!("komi {k:?} is not a number")));
                    }
                    self.komi = k.parse::<Komi>().map_err(|e| e.to_string())?;
                    Ok(String::new())
                }
                _ => Err(syntax("komi takes one number")),
            },
            "get_komi" => Ok(self.komi.to_string()),
            "fixed_handicap" => self.fixed_handicap(args),
            "place_free_handicap" => self.place_free_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "loadsgf" => match args {
                [file] => self.loadsgf(file, None),
                [file, n] => {
                    let n: usize = n
                        .parse()
                        .map_err(|_| syntax("the move number is not a number"))?;
                    self.loadsgf(file, Some(n))
                }
                _ => Err(syntax(
                    "loadsgf takes a file name and an optional move number",
                )),
            },
            "kgs-rules" | "ttrules-rules" if !args.is_empty() => {
                // A parameter list has spaces: the words are one name.
                let name = args.join(" ");
                let (rules, komi) = rules_by_any_name(&name).map_err(|e| {
                    format!(
                        "unknown ruleset: {e} (expected a ruleset name, SGF spelling, KataGo \
                     name or string, or a parameter list; ttrules names: {})",
                        Rules::NAMED
                            .iter()
                            .map(|n| n.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })?;
                if let Some(k) = komi {
                    self.komi = k;
                }
                self.start(Setup::empty(self.size()), rules);
                Ok(String::new())
            }
            "kgs-rules" => Err(syntax("kgs-rules takes a ruleset name")),
            "ttrules-rules" => Ok(match self.rules.name() {
                Some(name) => format!("{name}\n{}", self.rules.describe()),
                None => self.rules.describe(),
            }),
            _ => Err("unknown command".into()),
        }
    }

    /// The commands that take or take back a turn.
    fn turn_command(&mut self, name: &str, args: &[&str]) -> Reply {
        match name {
            "play" => match args {
                [c, v] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    let mv = parse_vertex(v, self.size()).map_err(syntax)?;
                    self.play(player, mv)
                }
                _ => Err(syntax("play takes a color and a vertex")),
            },
            "undo" => {
                // The setup is where the game starts, not a turn: undo stops there.
                if self.moves.is_empty() {
                    return Err("cannot undo".into());
                }
                let mut moves = std::mem::take(&mut self.moves);
                moves.pop();
                let mut resumed = std::mem::take(&mut self.resumed);
                resumed.retain(|&r| r <= moves.len());
                let (setup, rules) = (self.setup.clone(), self.rules);
                self.replay(setup, rules, &moves, &resumed)
                    .expect("a prefix of a legal game is legal");
                Ok(String::new())
            }
            // r[end.resume]: play resumes after the end; refused while the game goes on or after
            // a void end.
            "ttrules-resume" => match self.engine.resume() {
                Ok(()) => {
                    self.resumed.push(self.moves.len());
                    Ok(String::new())
                }
                Err(e) => Err(e.to_string()),
            },
            "genmove" => match args {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    self.genmove(player)
                }
                _ => Err(syntax("genmove takes a color")),
            },
            _ => Err("unknown command".into()),
        }
    }

    /// The commands that ask about the game without changing it.
    fn query(&mut self, name: &str, args: &[&str]) -> Reply {
        match name {
            "is_legal" => match args {
                [c, v] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    let mv = parse_vertex(v, self.size()).map_err(syntax)?;
                    let legal = player == self.engine.to_move() && self.engine.check(mv).is_ok();
                    Ok(if legal { "1" } else { "0" }.into())
                }
                _ => Err(syntax("is_legal takes a color and a vertex")),
            },
            "all_legal" => match args {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    if player != self.engine.to_move() {
                        return Ok(String::new());
                    }
                    Ok(vertices(&self.engine.legal_points()))
                }
                _ => Err(syntax("all_legal takes a color")),
            },
            // r[var.count.dead]: dead stones are an input, never guessed; here every stone lives.
            "final_score" => self
                .engine
                .outcome(self.komi, &[])
                .map(|o| o.sgf_result())
                .map_err(|e| e.to_string()),
            "final_status_list" => match args {
                [status] => self.final_status_list(status),
                _ => Err(syntax("final_status_list takes a status")),
            },
            "list_stones" => match args {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    Ok(vertices(&self.stones(Some(player))))
                }
                _ => Err(syntax("list_stones takes a color")),
            },
            // r[var.prisoners]: the prisoners COLOR holds (its captures, the opponent's suicided
            // stones, and the pass stones the opponent handed over).
            "captures" => match args {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    let p = self.engine.prisoners();
                    Ok(match player {
                        Player::Black => p.black,
                        Player::White => p.white,
                    }
                    .to_string())
                }
                _ => Err(syntax("captures takes a color")),
            },
            "showboard" => Ok(self.showboard()),
            "color" => match args {
                [v] => match parse_vertex(v, self.size()).map_err(syntax)? {
                    Move::Pass => Err(syntax("color takes a point, not pass")),
                    Move::Play(p) => Ok(match self.engine.colour_at(p) {
                        Colour::Black => "black",
                        Colour::White => "white",
                        Colour::Empty => "empty",
                    }
                    .into()),
                },
                _ => Err(syntax("color takes a vertex")),
            },
            "printsgf" => self.printsgf(args),
            _ => Err("unknown command".into()),
        }
    }

    /// `final_status_list STATUS`: the stones of `status` (alive, dead or seki; any case).
    /// r[tt.note.no-removal], r[var.count.dead]: every stone counts for its owner, unless
    /// --dead-list names some dead (drawn anew for each question); no stone is in seki.
    fn final_status_list(&mut self, status: &str) -> Reply {
        match status.to_ascii_lowercase().as_str() {
            "alive" => {
                let dead = self.dead_list.dead(&self.engine, &mut self.dead_rng);
                let mut alive = self.stones(None);
                alive.retain(|p| !dead.contains(p));
                Ok(vertices(&alive))
            }
            "dead" => Ok(vertices(
                &self.dead_list.dead(&self.engine, &mut self.dead_rng),
            )),
            "seki" => Ok(String::new()),
            _ => Err(syntax(format!(
                "unknown status {status:?} (expected alive, dead or seki)"
            ))),
        }
    }

    /// `printsgf [FILE]`: the game as SGF (resumed turns included), as the answer or written to
    /// FILE.
    fn printsgf(&self, args: &[&str]) -> Reply {
        let text = ttrules_record::write_resumed(
            self.komi,
            self.rules,
            &self.setup,
            &self.moves,
            &self.resumed,
        );
        match args {
            [] => Ok(text.trim_end().to_string()),
            [file] => files::write(file, &text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {file}: {e}")),
            _ => Err(syntax("printsgf takes an optional file name")),
        }
    }

    /// A new game from `setup` under `rules`; komi is kept. The setup must be legal.
    fn start(&mut self, setup: Setup, rules: Rules) {
        self.engine = match E::from_setup(&setup, rules) {
            Ok(e) => e,
            Err(e) => panic!("a checked setup was refused: {e}"),
        };
        self.setup = setup;
        self.rules = rules;
        self.moves.clear();
        self.resumed.clear();
    }

    /// Replays `moves` from `setup` under `rules`, resuming play before the turns `resumed`
    /// names (r[end.resume]), stopping at the first illegal one (returned with its index); a
    /// setup that is not legal is refused before anything changes.
    fn replay(
        &mut self,
        setup: Setup,
        rules: Rules,
        moves: &[(Player, Move)],
        resumed: &[usize],
    ) -> Result<(), ReplayError> {
        let mut engine =
            E::from_setup(&setup, rules).map_err(|e| ReplayError::Setup(e.to_string()))?;
        let mut played = Vec::with_capacity(moves.len());
        let mut failure = None;
        let mut kept = Vec::new();
        for (i, &(player, mv)) in moves.iter().enumerate() {
            if resumed.contains(&i) && engine.resume().is_ok() {
                kept.push(i);
            }
            if player != engine.to_move() {
                failure = Some(ReplayError::Turn(i, engine.to_move()));
                break;
            }
            if let Err(why) = engine.play(mv) {
                failure = Some(ReplayError::Illegal(i, why));
                break;
            }
            played.push((player, mv));
        }
        if let Some(f) = failure {
            return Err(f);
        }
        if resumed.contains(&moves.len()) && engine.resume().is_ok() {
            kept.push(moves.len());
        }
        self.engine = engine;
        self.setup = setup;
        self.rules = rules;
        self.moves = played;
        self.resumed = kept;
        Ok(())
    }

    fn play(&mut self, player: Player, mv: Move) -> Reply {
        let to_move = self.engine.to_move();
        if player != to_move && !self.engine.is_over() {
            if let Some(reply) = self.handicap_move(player, mv) {
                return reply;
            }
            return Err(format!(
                "illegal move: it is {to_move}'s turn (r[tt.turn]: players alternate)"
            ));
        }
        match self.engine.play(mv) {
            Ok(_) => {
                self.moves.push((player, mv));
                Ok(String::new())
            }
            Err(why) => Err(illegal(why)),
        }
    }

    fn genmove(&mut self, player: Player) -> Reply {
        if let Err(why) = self.engine.check(Move::Pass) {
            return Err(illegal(why));
        }
        let to_move = self.engine.to_move();
        if player != to_move {
            return Err(format!(
                "it is {to_move}'s turn (r[tt.turn]: players alternate)"
            ));
        }
        let g = self.engine.grid();
        let mut legal = self.engine.legal_points();
        legal.retain(|&p| !is_own_eye(&g, p, player));
        let mv = self.rng.pick(&legal).map_or(Move::Pass, Move::Play);
        self.play(player, mv)?;
        Ok(mv.gtp())
    }

    /// The stones of `player` (or of both), in point-index order.
    fn stones(&self, player: Option<Player>) -> Vec<Point> {
        self.size()
            .points()
            .filter(|&p| match (self.engine.colour_at(p), player) {
                (Colour::Empty, _) => false,
                (_, None) => true,
                (c, Some(pl)) => c == pl.colour(),
            })
            .collect()
    }

    fn showboard(&self) -> String {
        let e = &self.engine;
        let mut s = String::from("\n");
        s.push_str(&e.grid().labelled());
        let state = if e.is_void() {
            "the game is over: void (r[var.ko.simple.cycle])".to_string()
        } else if e.is_over() {
            "the game is over".to_string()
        } else {
            format!("{} to move", e.to_move())
        };
        let p = e.prisoners();
        s.push_str(&format!(
            "{state}; prisoners: Black {}, White {}; rules {}, komi {}",
            p.black, p.white, self.rules, self.komi
        ));
        s
    }

    /// `loadsgf FILE [N]`: the first game of the file as `replay` reads it (spec Part III: setup,
    /// handicap, `RU` with its default komi, `KM`), its main line up to just before move N (or up
    /// to where the record stops being a game, r[rec.stop]). A file without `RU` keeps the session's rules; one without `KM` (or `RU`) keeps its komi.
    fn loadsgf(&mut self, file: &str, upto: Option<usize>) -> Reply {
        let text = files::read(file).map_err(|e| format!("cannot load file {file}: {e}"))?;
        let record = ttrules_record::read_first(&text, file)
            .map_err(|e| format!("cannot load file {file}: {e}"))?;
        // GTP: "the position just before move_number"; the file's moves are numbered from 1, and
        // the White passes implied between handicap stones are not numbered.
        let take = match upto {
            None => record.moves.len(),
            Some(n) => {
                let mut explicit = 0;
                record
                    .moves
                    .iter()
                    .position(|m| {
                        if !m.implied {
                            explicit += 1;
                        }
                        !m.implied && explicit >= n.max(1)
                    })
                    .unwrap_or(record.moves.len())
            }
        };
        let moves: Vec<(Player, Move)> = record.moves[..take]
            .iter()
            .map(|m| (m.player, m.mv))
            .collect();
        // r[rec.resume]: the moves marked `RESUME` resume the game where it has ended.
        let resumed: Vec<usize> = record.moves[..take]
            .iter()
            .enumerate()
            .filter(|(_, m)| m.resume)
            .map(|(i, _)| i)
            .collect();
        let (rules, named_komi) = match record.rules_from.of_record(record.rules) {
            Some(rules) => (rules, Some(record.komi)),
            None => (self.rules, None),
        };
        let komi = record
            .komi_from
            .of_record(record.komi)
            .or(named_komi)
            .unwrap_or(self.komi);
        match self.replay(record.setup, rules, &moves, &resumed) {
            Ok(()) => {
                self.komi = komi;
                Ok(self.engine.to_move().letter().to_ascii_lowercase())
            }
            Err(ReplayError::Setup(e)) => Err(format!("cannot load file {file}: {e}")),
            Err(ReplayError::Turn(i, to_move)) => {
                let m = &record.moves[i];
                Err(format!(
                    "cannot load file {file}: move {} ({} {}, node {}) is out of turn: {to_move} \
                     is to move (r[tt.turn])",
                    i + 1,
                    m.player.letter(),
                    m.mv,
                    m.node
                ))
            }
            Err(ReplayError::Illegal(i, why)) => {
                let m = &record.moves[i];
                Err(format!(
                    "cannot load file {file}: move {} ({} {}, node {}) is illegal: {why}",
                    i + 1,
                    m.player.letter(),
                    m.mv,
                    m.node
                ))
            }
        }
    }
}

/// Why a replay stopped.
#[derive(Debug)]
enum ReplayError {
    Setup(String),
    Turn(usize, Player),
    Illegal(usize, Illegal),
}

/// Serves GTP on `input`/`output` until `quit` or the end of the input. Only I/O errors end the
/// session early. A line longer than [`line::MAX_LINE`] is answered `? command line too long` as
/// soon as the bound is passed and its rest is skipped unkept: memory stays bounded whatever the
/// input (`ttrules gtp < /dev/zero`).
pub fn serve<E: Engine>(
    server: &mut Server<E>,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut input = input;
    let mut buf = Vec::new();
    let read = |e: io::Error| io::Error::new(e.kind(), format!("reading the commands: {e}"));
    let mut say = |text: &str| -> io::Result<()> {
        output
            .write_all(text.as_bytes())
            .and_then(|()| output.flush())
            .map_err(|e| io::Error::new(e.kind(), format!("writing the responses: {e}")))
    };
    loop {
        let resp = match line::read_line(&mut input, &mut buf, line::MAX_LINE).map_err(read)? {
            Line::End => return Ok(()),
            Line::Whole => server.handle_line(&String::from_utf8_lossy(&buf)),
            Line::TooLong { ended } => {
                // Answered at once, then the rest of the line streams past unkept.
                let reply = Err(format!(
                    "command line too long (over {} bytes): ignored",
                    line::MAX_LINE
                ));
                say(&format_response(line::leading_id(&buf), &reply))?;
                if !ended {
                    line::skip_line(&mut input).map_err(read)?;
                }
                None
            }
        };
        if let Some(resp) = resp {
            say(&resp)?;
        }
        if server.quit_requested() {
            return Ok(());
        }
    }
}

mod files;
#[cfg(test)]
mod tests;
