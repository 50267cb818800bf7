//! The engine under test, as `check-engine` sees it: a GTP child process that is restarted (and
//! brought back to the same position) when it hangs, dies or answers garbage, with the commands it
//! has, and typed helpers for the commands the checks use.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use ttrules_gtp::client::{GtpError, GtpProcess, Reply};
use ttrules_gtp::{boardsize_command, gtp_move};
use ttrules_spec::{Colour, Grid, Komi, Move, Player, Point, Size};

/// Why a command gave no usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The engine hung, died or answered garbage; it was restarted and the command's answer is
    /// lost (the position is restored without it).
    Lost(String),
    /// The engine could not be (re)started: the run cannot go on.
    Dead(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Lost(m) | Fault::Dead(m) => f.write_str(m),
        }
    }
}

/// Where the board is read from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardSource {
    ListStones,
    Showboard,
}

/// How a game starts on the engine: the rules command (if any), the board size, komi, and the
/// command that puts the setup on the board (if the game starts from a setup): `loadsgf FILE`, or
/// `set_free_handicap VERTICES` for a handicap setup on an engine without `loadsgf`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub rules_cmd: Option<String>,
    pub size: Size,
    pub komi: Komi,
    pub setup_cmd: Option<String>,
}

/// At most this many restarts in one run; then the engine is considered dead.
const MAX_RESTARTS: u32 = 20;
/// A command that hangs, kills the engine or answers garbage this many times is no longer used.
const STRIKES: u32 = 2;

pub struct Remote {
    argv: Vec<String>,
    pub timeout: Duration,
    proc: Option<GtpProcess>,
    /// The commands `list_commands` gave.
    pub known: BTreeSet<String>,
    /// Commands no longer used, with why.
    pub disabled: BTreeMap<String, String>,
    strikes: BTreeMap<String, u32>,
    /// Restarts, timeouts and the like, for the report.
    pub events: Vec<String>,
    /// Faults per command name, for the protocol row of the report.
    pub faults: Vec<(String, String)>,
    restarts: u32,
    dead: Option<String>,
    /// Commands sent after every (re)start, before the position is restored.
    pub prelude: Vec<String>,
    /// The position to restore after a restart: how the game started, the turns the engine
    /// accepted.
    start: Option<Start>,
    pub moves: Vec<(Player, Move)>,
    pub board_source: Option<BoardSource>,
    /// Commands sent, for the protocol row.
    pub sent: u64,
    /// What is being checked (`vector ko-100`, `game 3 …`), for the events.
    pub context: String,
    /// Commands that took longer than their own timeout ([`Remote::ask_slow`]): slowness,
    /// reported apart from faults and disagreements.
    pub slow: Vec<String>,
    /// Set during [`Remote::ask_slow`]: a timeout then is slowness, not a fault.
    slow_call: bool,
}

fn first_word(cmd: &str) -> &str {
    cmd.split_whitespace().next().unwrap_or("")
}

impl Remote {
    /// Starts the engine. An engine that cannot be started is an error.
    pub fn start(argv: Vec<String>, timeout: Duration) -> Result<Remote, String> {
        let proc = GtpProcess::spawn(&argv).map_err(|e| e.to_string())?;
        Ok(Remote {
            argv,
            timeout,
            proc: Some(proc),
            known: BTreeSet::new(),
            disabled: BTreeMap::new(),
            strikes: BTreeMap::new(),
            events: Vec::new(),
            faults: Vec::new(),
            restarts: 0,
            dead: None,
            prelude: Vec::new(),
            start: None,
            moves: Vec::new(),
            board_source: None,
            sent: 0,
            context: String::from("capabilities"),
            slow: Vec::new(),
            slow_call: false,
        })
    }

    pub fn is_dead(&self) -> Option<&str> {
        self.dead.as_deref()
    }

    /// Why `name` is not used, or `None` when it is.
    pub fn missing(&self, name: &str) -> Option<String> {
        let on_size = self.size().map(|size| format!("{name} on {size}"));
        if let Some(why) = self.disabled.get(name) {
            Some(format!("`{name}` {why}"))
        } else if let Some((key, why)) = on_size
            .as_ref()
            .and_then(|k| self.disabled.get(k).map(|why| (k, why)))
        {
            Some(format!("`{key}` {why}"))
        } else if !self.known.contains(name) {
            Some(format!("the engine has no {name}"))
        } else {
            None
        }
    }

    /// Whether the engine lists `name` and it has not been disabled.
    pub fn has(&self, name: &str) -> bool {
        self.missing(name).is_none()
    }

    /// Sends one command; a hang, a crash or garbage restarts the engine (restoring the position)
    /// and returns [`Fault::Lost`].
    pub fn send(&mut self, cmd: &str) -> Result<Reply, Fault> {
        if let Some(d) = &self.dead {
            return Err(Fault::Dead(d.clone()));
        }
        if self.proc.is_none() {
            self.restart()?;
        }
        self.sent += 1;
        let proc = self.proc.as_mut().expect("a running engine");
        match proc.send(cmd, self.timeout) {
            Ok(r) => Ok(r),
            Err(e) => {
                let name = first_word(cmd).to_string();
                if self.slow_call && matches!(e, GtpError::Timeout { .. }) {
                    self.slow.push(format!(
                        "`{name}` took more than {} s (during {}); engine restarted",
                        self.timeout.as_secs_f64(),
                        self.context
                    ));
                    self.proc = None;
                    self.restart()?;
                    return Err(Fault::Lost(e.to_string()));
                }
                let what = match &e {
                    GtpError::Timeout { .. } => "hang",
                    GtpError::Died { .. } => "crash",
                    GtpError::Garbage { .. } => "garbage reply",
                    GtpError::Spawn { .. } => "cannot start",
                    GtpError::Interrupted { .. } => "interrupted",
                };
                let e_text = format!("{e} (during {})", self.context);
                self.faults.push((what.to_string(), e_text.clone()));
                // A command that is only slow on large boards stays in use on the others.
                let key = match (&e, self.size()) {
                    (GtpError::Timeout { .. }, Some(size)) => format!("{name} on {size}"),
                    _ => name.clone(),
                };
                let n = self.strikes.entry(key.clone()).or_default();
                *n += 1;
                if *n >= STRIKES && !self.disabled.contains_key(&key) {
                    self.disabled.insert(
                        key.clone(),
                        format!("no longer used after {n} faults (last: {e})"),
                    );
                    self.events.push(format!(
                        "`{key}` is no longer used: {n} faults, the last: {e_text}"
                    ));
                }
                self.events.push(format!("{e_text}; engine restarted"));
                self.proc = None;
                self.restart()?;
                Err(Fault::Lost(e.to_string()))
            }
        }
    }

    /// Ends the current process and starts a new one at the same position.
    fn restart(&mut self) -> Result<(), Fault> {
        self.proc = None; // dropping ends and reaps it
        loop {
            self.restarts += 1;
            if self.restarts > MAX_RESTARTS {
                let msg = format!("more than {MAX_RESTARTS} restarts; giving up on the engine");
                self.events.push(msg.clone());
                self.dead = Some(msg.clone());
                return Err(Fault::Dead(msg));
            }
            let mut proc = match GtpProcess::spawn(&self.argv) {
                Ok(p) => p,
                Err(e) => {
                    let msg = e.to_string();
                    self.events.push(msg.clone());
                    self.dead = Some(msg.clone());
                    return Err(Fault::Dead(msg));
                }
            };
            let mut script: Vec<String> = self.prelude.clone();
            if let Some(start) = &self.start {
                script.extend(start_script(start));
                for &(p, mv) in &self.moves {
                    script.push(format!("play {}", gtp_move(p, mv)));
                }
            }
            let mut ok = true;
            for cmd in &script {
                self.sent += 1;
                match proc.send(cmd, self.timeout) {
                    Ok(_) => {}
                    Err(e) => {
                        self.events
                            .push(format!("while restoring the position after a restart: {e}"));
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                self.proc = Some(proc);
                return Ok(());
            }
        }
    }

    /// [`Remote::ask`] with its own `timeout`, for a command that may legitimately be slow
    /// (`final_score` on a large board): a timeout is recorded in `slow`, not as a fault.
    pub fn ask_slow(
        &mut self,
        cmd: &str,
        timeout: Duration,
    ) -> Result<Result<String, String>, Fault> {
        let normal = self.timeout;
        self.timeout = timeout;
        self.slow_call = true;
        let r = self.ask(cmd);
        self.timeout = normal;
        self.slow_call = false;
        r
    }

    /// `Ok(text)` of a success; a failure reply is `Err(Some(text))`.
    pub fn ask(&mut self, cmd: &str) -> Result<Result<String, String>, Fault> {
        Ok(match self.send(cmd)? {
            Reply::Success(t) => Ok(t),
            Reply::Failure(t) => Err(t),
        })
    }

    /// The board size of the current game, once it is set up.
    pub fn size(&self) -> Option<Size> {
        self.start.as_ref().map(|s| s.size)
    }

    /// A new game as `start` says. `Ok(Err(reason))` when the engine refuses the rules, the size,
    /// the komi or the setup file.
    pub fn setup(&mut self, start: &Start) -> Result<Result<(), String>, Fault> {
        let size = start.size;
        if size.width() != size.height() && !self.has("rectangular_boardsize") {
            return Ok(Err(format!(
                "{size} is not square and the engine has no rectangular_boardsize"
            )));
        }
        // Forget the old position first, so a restart during setup restores nothing stale.
        self.start = None;
        self.moves.clear();
        for cmd in start_script(start) {
            if let Err(e) = self.ask(&cmd)? {
                return Ok(Err(format!("the engine refuses `{cmd}`: {e}")));
            }
        }
        self.start = Some(start.clone());
        Ok(Ok(()))
    }

    /// Plays; `true` when the engine accepts.
    pub fn play(&mut self, player: Player, mv: Move) -> Result<bool, Fault> {
        match self.send(&format!("play {}", gtp_move(player, mv)))? {
            Reply::Success(_) => {
                self.moves.push((player, mv));
                Ok(true)
            }
            Reply::Failure(_) => Ok(false),
        }
    }

    /// Takes back the last accepted turn with `undo`, or by replaying the others from the start.
    /// Returns false when the engine cannot be brought back.
    pub fn take_back(&mut self) -> Result<bool, Fault> {
        let mut target = self.moves.clone();
        target.pop();
        if self.has("undo") {
            if let Reply::Success(_) = self.send("undo")? {
                self.moves = target;
                return Ok(true);
            }
        }
        self.rebuild(&target)
    }

    /// Clears the board and plays `moves`; false when the engine refuses one of them.
    pub fn rebuild(&mut self, moves: &[(Player, Move)]) -> Result<bool, Fault> {
        self.moves.clear();
        if let Err(_e) = self.ask("clear_board")? {
            return Ok(false);
        }
        if let Some(cmd) = self.start.as_ref().and_then(|s| s.setup_cmd.clone()) {
            if let Err(_e) = self.ask(&cmd)? {
                return Ok(false);
            }
        }
        for &(p, mv) in moves {
            if !self.play(p, mv)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `is_legal`, when the engine has it: `Ok(Ok(bool))`, or `Ok(Err(reply))` for an unreadable
    /// answer.
    pub fn is_legal(&mut self, player: Player, mv: Move) -> Result<Result<bool, String>, Fault> {
        Ok(
            match self.ask(&format!("is_legal {}", gtp_move(player, mv)))? {
                Ok(t) if t.trim() == "1" => Ok(true),
                Ok(t) if t.trim() == "0" => Ok(false),
                Ok(t) => Err(format!("= {t}")),
                Err(t) => Err(format!("? {t}")),
            },
        )
    }

    /// The engine's board, from its board source: `Ok(Err(why))` when the answer is unreadable.
    pub fn board(&mut self, size: Size) -> Result<Result<Grid, String>, Fault> {
        match self.board_source {
            Some(BoardSource::ListStones) => {
                let mut g = Grid::empty(size);
                for player in [Player::Black, Player::White] {
                    let cmd = format!("list_stones {}", player.letter().to_ascii_lowercase());
                    let text = match self.ask(&cmd)? {
                        Ok(t) => t,
                        Err(t) => return Ok(Err(format!("`{cmd}` failed: {t}"))),
                    };
                    for word in text.split_whitespace() {
                        match Point::parse_gtp_on(word, size) {
                            Ok(p) if g.get(p) == Colour::Empty => g.set(p, player.colour()),
                            Ok(p) => {
                                return Ok(Err(format!(
                                    "`{cmd}` lists {p} twice or for both colours"
                                )))
                            }
                            Err(e) => return Ok(Err(format!("`{cmd}` answered {text:?}: {e}"))),
                        }
                    }
                }
                Ok(Ok(g))
            }
            Some(BoardSource::Showboard) => Ok(match self.ask("showboard")? {
                Ok(t) => parse_showboard(&t, size)
                    .ok_or_else(|| format!("cannot read the diagram of showboard: {t:?}")),
                Err(t) => Err(format!("showboard failed: {t}")),
            }),
            None => Ok(Err("no board source".into())),
        }
    }

    /// `captures b` and `captures w`: stones captured by each player.
    pub fn captures(&mut self) -> Result<Result<[usize; 2], String>, Fault> {
        let mut out = [0usize; 2];
        for (i, c) in ["b", "w"].iter().enumerate() {
            match self.ask(&format!("captures {c}"))? {
                Ok(t) => match t.trim().parse() {
                    Ok(n) => out[i] = n,
                    Err(_) => return Ok(Err(format!("`captures {c}` answered {t:?}"))),
                },
                Err(t) => return Ok(Err(format!("`captures {c}` failed: {t}"))),
            }
        }
        Ok(Ok(out))
    }

    /// Ends the engine politely.
    pub fn shutdown(mut self) {
        if let Some(p) = self.proc.take() {
            p.shutdown(Duration::from_millis(500));
        }
    }
}

/// The commands that start a game as `start` says: the rules, the size, an empty board, the setup
/// command, then komi (last, so that neither the rules nor the file override it).
pub fn start_script(start: &Start) -> Vec<String> {
    let mut script: Vec<String> = start.rules_cmd.iter().cloned().collect();
    script.push(boardsize_command(start.size));
    script.push("clear_board".into());
    script.extend(start.setup_cmd.iter().cloned());
    script.push(format!("komi {}", start.komi));
    script
}

/// Reads the diagram of a `showboard` response: rows that start with their row number followed by
/// one cell per column (`X`/`x`/`#`/`@` black, `O`/`o` white, `.`/`+`/`,` empty; a last-move mark
/// in parentheses is ignored). Lines of other text are skipped; `None` when not every row is found.
pub fn parse_showboard(text: &str, size: Size) -> Option<Grid> {
    let (w, h) = (size.width(), size.height());
    let mut rows: BTreeMap<usize, Vec<Colour>> = BTreeMap::new();
    for line in text.lines() {
        let cleaned: String = line
            .chars()
            .map(|c| {
                if matches!(c, '(' | ')' | '[' | ']' | '<' | '>') {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let mut words = cleaned.split_whitespace();
        let Some(Ok(row)) = words.next().map(str::parse::<usize>) else {
            continue;
        };
        if row == 0 || row > h || rows.contains_key(&row) {
            continue;
        }
        let cell = |ch: char| match ch {
            'X' | 'x' | '#' | '@' | '●' => Some(Colour::Black),
            'O' | 'o' | '○' => Some(Colour::White),
            '.' | '+' | ',' | '·' | '-' => Some(Colour::Empty),
            _ => None,
        };
        let rest: Vec<&str> = words.collect();
        let cells: Option<Vec<Colour>> = if rest
            .first()
            .is_some_and(|t| t.chars().count() == w && w > 1)
        {
            rest[0].chars().map(cell).collect()
        } else if rest.len() >= w && rest[..w].iter().all(|t| t.chars().count() == 1) {
            rest[..w]
                .iter()
                .map(|t| t.chars().next().and_then(cell))
                .collect()
        } else {
            None
        };
        if let Some(cells) = cells {
            rows.insert(row, cells);
        }
    }
    if rows.len() != h {
        return None;
    }
    let mut g = Grid::empty(size);
    for (row, cells) in rows {
        for (x, c) in cells.into_iter().enumerate() {
            g.set(Point::new(x as u8, (row - 1) as u8), c);
        }
    }
    Some(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_gnugo_and_ttrules_diagrams() {
        let size = Size::square(3).unwrap();
        let gnugo = "\n   A B C\n 3 . . . 3\n 2 . X . 2     WHITE (O) has captured 0 stones\n 1 O . . 1     BLACK (X) has captured 0 stones\n   A B C";
        let g = parse_showboard(gnugo, size).unwrap();
        assert_eq!(g.rows(), vec!["...", ".X.", "O.."]);
        let leela = " 3 . . . \n 2 .(X). \n 1 O + . ";
        assert_eq!(
            parse_showboard(leela, size).unwrap().rows(),
            vec!["...", ".X.", "O.."]
        );
        assert_eq!(parse_showboard("= ", size), None);
        assert_eq!(parse_showboard(" 3 . . .\n 2 . . .", size), None);
    }
}
