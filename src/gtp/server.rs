//! `ttrules gtp`: a GTP engine whose every answer is the spec's. It is a referee, scorer and test
//! opponent, not a player: `genmove` picks uniformly among the legal moves that do not fill one's
//! own single-point eye.
//!
//! Rules-exact choices, documented in the README: `play` answers `? illegal move: REASON (r[CLAUSE])`
//! for an illegal attempt; a `play` or `genmove` for the player who is not to move is refused
//! (r[tt.turn]: turns alternate); after two passes every turn is refused (r[tt.end]); `final_score`
//! counts every stone (r[tt.note.no-removal]), so `final_status_list dead` is always empty.

use super::{format_response, parse_colour, parse_command, parse_vertex, vertices, Command};
use crate::games::{is_own_eye, Rng};
use crate::sgf;
use std::io::{self, BufRead, Write};
use ttrules_spec::{Colour, Engine, Illegal, Komi, Move, Player, Point, Rules, Size};

/// Every command `ttrules gtp` knows, as `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "color",
    "final_score",
    "final_status_list",
    "genmove",
    "is_legal",
    "kgs-rules",
    "known_command",
    "komi",
    "list_commands",
    "list_stones",
    "loadsgf",
    "name",
    "play",
    "printsgf",
    "protocol_version",
    "quit",
    "rectangular_boardsize",
    "showboard",
    "ttrules-boardsize",
    "ttrules-rules",
    "undo",
    "version",
];

/// The names `kgs-rules` takes, mapped through [`Rules::by_name`] (so each works as soon as the
/// ruleset exists), plus our own names.
const KGS_RULES: &[&str] = &["chinese", "japanese", "aga", "new_zealand"];

/// The state of one GTP session over engine `E`.
#[derive(Debug)]
pub struct Server<E: Engine> {
    size: Size,
    rules: Rules,
    komi: Komi,
    /// The turns played since the last clear, for `undo` and `printsgf`.
    moves: Vec<(Player, Move)>,
    engine: E,
    /// Opponent stones emptied by each player's moves: `[by Black, by White]`.
    captures: [usize; 2],
    rng: Rng,
    quit: bool,
}

type Reply = Result<String, String>;

fn syntax(msg: impl Into<String>) -> String {
    format!("syntax error: {}", msg.into())
}

impl<E: Engine> Server<E> {
    /// A session on the empty 19x19 grid under Tromp-Taylor, komi 0; `seed` drives `genmove`.
    pub fn new(seed: u64) -> Server<E> {
        Server {
            size: Size::STANDARD,
            rules: Rules::TROMP_TAYLOR,
            komi: Komi::ZERO,
            moves: Vec::new(),
            engine: E::new(Size::STANDARD, Rules::TROMP_TAYLOR),
            captures: [0, 0],
            rng: Rng::new(seed),
            quit: false,
        }
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
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
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("ttrules".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => match args.as_slice() {
                [name] => Ok(COMMANDS.contains(name).to_string()),
                _ => Err(syntax("known_command takes one command name")),
            },
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => match args.as_slice() {
                [n] => {
                    let n: u32 = n.parse().map_err(|_| syntax("boardsize takes a number"))?;
                    let size = Size::square(n).map_err(|_| "unacceptable size".to_string())?;
                    self.reset(size, self.rules);
                    Ok(String::new())
                }
                _ => Err(syntax("boardsize takes one number")),
            },
            "rectangular_boardsize" | "ttrules-boardsize" => {
                let size = match args.as_slice() {
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
                self.reset(size, self.rules);
                Ok(String::new())
            }
            "clear_board" => {
                self.reset(self.size, self.rules);
                Ok(String::new())
            }
            "komi" => match args.as_slice() {
                [k] => {
                    if k.parse::<f64>().is_err() {
                        return Err(syntax(format!("komi {k:?} is not a number")));
                    }
                    self.komi = k.parse::<Komi>().map_err(|e| e.to_string())?;
                    Ok(String::new())
                }
                _ => Err(syntax("komi takes one number")),
            },
            "play" => match args.as_slice() {
                [c, v] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    let mv = parse_vertex(v, self.size).map_err(syntax)?;
                    self.play(player, mv)
                }
                _ => Err(syntax("play takes a color and a vertex")),
            },
            "undo" => {
                if self.moves.is_empty() {
                    return Err("cannot undo".into());
                }
                let mut moves = std::mem::take(&mut self.moves);
                moves.pop();
                self.replay_from_start(&moves)
                    .expect("a prefix of a legal game is legal");
                Ok(String::new())
            }
            "is_legal" => match args.as_slice() {
                [c, v] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    let mv = parse_vertex(v, self.size).map_err(syntax)?;
                    let legal = player == self.engine.to_move() && self.engine.check(mv).is_ok();
                    Ok(if legal { "1" } else { "0" }.into())
                }
                _ => Err(syntax("is_legal takes a color and a vertex")),
            },
            "all_legal" => match args.as_slice() {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    if player != self.engine.to_move() {
                        return Ok(String::new());
                    }
                    Ok(vertices(&self.engine.legal_points()))
                }
                _ => Err(syntax("all_legal takes a color")),
            },
            "genmove" => match args.as_slice() {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    self.genmove(player)
                }
                _ => Err(syntax("genmove takes a color")),
            },
            "final_score" => Ok(self.engine.score().outcome(self.komi).sgf_result()),
            "final_status_list" => match args.as_slice() {
                [status] => match status.to_ascii_lowercase().as_str() {
                    // r[tt.note.no-removal]: every stone on the grid counts for its owner.
                    "alive" => Ok(vertices(&self.stones(None))),
                    "dead" | "seki" => Ok(String::new()),
                    _ => Err(syntax(format!(
                        "unknown status {status:?} (expected alive, dead or seki)"
                    ))),
                },
                _ => Err(syntax("final_status_list takes a status")),
            },
            "list_stones" => match args.as_slice() {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    Ok(vertices(&self.stones(Some(player))))
                }
                _ => Err(syntax("list_stones takes a color")),
            },
            "captures" => match args.as_slice() {
                [c] => {
                    let player = parse_colour(c).map_err(syntax)?;
                    Ok(self.captures[player as usize].to_string())
                }
                _ => Err(syntax("captures takes a color")),
            },
            "showboard" => Ok(self.showboard()),
            "color" => match args.as_slice() {
                [v] => match parse_vertex(v, self.size).map_err(syntax)? {
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
            "loadsgf" => match args.as_slice() {
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
            "printsgf" => {
                let text = sgf::write(self.size, self.komi, self.rules, &self.moves);
                match args.as_slice() {
                    [] => Ok(text.trim_end().to_string()),
                    [file] => std::fs::write(file, text)
                        .map(|_| String::new())
                        .map_err(|e| format!("cannot write {file}: {e}")),
                    _ => Err(syntax("printsgf takes an optional file name")),
                }
            }
            "kgs-rules" => match args.as_slice() {
                [name] => {
                    let known = KGS_RULES.contains(&name.to_ascii_lowercase().as_str());
                    match Rules::by_name(name) {
                        Some(rules) => {
                            self.reset(self.size, rules);
                            Ok(String::new())
                        }
                        None if known => Err(self.unsupported(name)),
                        None => Err(format!(
                            "unknown ruleset {name:?} (kgs-rules takes chinese, japanese, aga, \
                             new_zealand, or a ttrules ruleset name)"
                        )),
                    }
                }
                _ => Err(syntax("kgs-rules takes a ruleset name")),
            },
            "ttrules-rules" => match args.as_slice() {
                [] => Ok(self.rules.to_string()),
                [name] => match Rules::by_name(name) {
                    Some(rules) => {
                        self.reset(self.size, rules);
                        Ok(String::new())
                    }
                    None => Err(self.unsupported(name)),
                },
                _ => Err(syntax("ttrules-rules takes one ruleset name")),
            },
            "" => Err("unknown command: (none)".into()),
            _ => Err("unknown command".into()),
        }
    }

    fn unsupported(&self, name: &str) -> String {
        let names: Vec<&str> = Rules::NAMED.iter().map(|(n, _)| *n).collect();
        format!(
            "unsupported ruleset {name:?} (ttrules supports: {})",
            names.join(", ")
        )
    }

    /// A new game: `size`, `rules`, the empty grid (r[tt.start]); komi is kept.
    fn reset(&mut self, size: Size, rules: Rules) {
        self.size = size;
        self.rules = rules;
        self.engine = E::new(size, rules);
        self.moves.clear();
        self.captures = [0, 0];
    }

    /// Replays `moves` on a new game, stopping at the first illegal one (returned with its index).
    fn replay_from_start(&mut self, moves: &[(Player, Move)]) -> Result<(), (usize, Illegal)> {
        self.reset(self.size, self.rules);
        for (i, &(player, mv)) in moves.iter().enumerate() {
            debug_assert_eq!(player, self.engine.to_move());
            let report = self.engine.play(mv).map_err(|why| (i, why))?;
            self.captures[player as usize] += report.captured;
            self.moves.push((player, mv));
        }
        Ok(())
    }

    fn play(&mut self, player: Player, mv: Move) -> Reply {
        let to_move = self.engine.to_move();
        if player != to_move {
            return Err(format!(
                "illegal move: it is {to_move}'s turn (r[tt.turn]: players alternate)"
            ));
        }
        match self.engine.play(mv) {
            Ok(report) => {
                self.captures[player as usize] += report.captured;
                self.moves.push((player, mv));
                Ok(String::new())
            }
            Err(why) => Err(format!("illegal move: {} ({})", why.reason(), why.clause())),
        }
    }

    fn genmove(&mut self, player: Player) -> Reply {
        let to_move = self.engine.to_move();
        if player != to_move {
            return Err(format!(
                "it is {to_move}'s turn (r[tt.turn]: players alternate)"
            ));
        }
        if let Err(why) = self.engine.check(Move::Pass) {
            return Err(format!("illegal move: {} ({})", why.reason(), why.clause()));
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
        self.size
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
        let state = if e.is_over() {
            "the game is over".to_string()
        } else {
            format!("{} to move", e.to_move())
        };
        s.push_str(&format!(
            "{state}; captures: Black {}, White {}; rules {}, komi {}",
            self.captures[0], self.captures[1], self.rules, self.komi
        ));
        s
    }

    fn loadsgf(&mut self, file: &str, upto: Option<usize>) -> Reply {
        let text = std::fs::read(file).map_err(|e| format!("cannot load file {file}: {e}"))?;
        let record = sgf::read(&String::from_utf8_lossy(&text))
            .map_err(|e| format!("cannot load file {file}: {e}"))?;
        // GTP: "the position just before move_number"; SGF moves are numbered from 1.
        let take = upto.map_or(record.moves.len(), |n| {
            n.saturating_sub(1).min(record.moves.len())
        });
        let moves: Vec<(Player, Move)> = record.moves[..take]
            .iter()
            .map(|m| (m.player, m.mv))
            .collect();
        let saved = (self.size, self.rules, self.komi, self.moves.clone());
        self.size = record.size;
        self.rules = record.rules;
        self.komi = record.komi;
        if let Err((i, why)) = self.replay_from_start(&moves) {
            let m = &record.moves[i];
            let msg = format!(
                "cannot load file {file}: move {} ({} {}, node {}) is illegal: {why}",
                i + 1,
                m.player.letter(),
                m.mv,
                m.node
            );
            let (size, rules, komi, old) = saved;
            self.size = size;
            self.rules = rules;
            self.komi = komi;
            self.replay_from_start(&old)
                .expect("the previous game was legal");
            return Err(msg);
        }
        Ok(self.engine.to_move().letter().to_ascii_lowercase())
    }
}

/// Serves GTP on `input`/`output` until `quit` or the end of the input. Only I/O errors on the
/// output end the session early.
pub fn serve<E: Engine>(
    server: &mut Server<E>,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut input = input;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buf);
        if let Some(resp) = server.handle_line(&line) {
            output.write_all(resp.as_bytes())?;
            output.flush()?;
        }
        if server.quit_requested() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_reference::Reference;

    fn session(lines: &[&str]) -> Vec<String> {
        let mut s = Server::<Reference>::new(1);
        lines.iter().filter_map(|l| s.handle_line(l)).collect()
    }

    #[test]
    fn basic_commands() {
        let r = session(&[
            "protocol_version",
            "1 name",
            "known_command play",
            "known_command frobnicate",
            "frobnicate",
        ]);
        assert_eq!(
            r,
            vec![
                "= 2\n\n",
                "=1 ttrules\n\n",
                "= true\n\n",
                "= false\n\n",
                "? unknown command\n\n"
            ]
        );
    }

    #[test]
    fn illegal_moves_name_reason_and_clause() {
        let r = session(&[
            "boardsize 3",
            "play b B2",
            "play w B2",
            "play b A1",
            "play w pass",
            "play b pass",
            "play w pass",
        ]);
        assert_eq!(r[2], "? illegal move: occupied (r[tt.move.empty])\n\n");
        assert!(r[3].starts_with("? illegal move: it is White's turn"));
        assert_eq!(r[6], "? illegal move: game-over (r[tt.end])\n\n");
    }

    #[test]
    fn ko_suicide_and_scoring() {
        let r = session(&[
            "boardsize 3",
            "play b B2",
            "play w B3",
            "play b C3",
            "play w A2",
            "play b A3",
            "is_legal w B3",
            "play w B3",
            "captures b",
            "list_stones b",
            "final_score",
            "komi 6.5",
            "final_score",
            "komi 6.3",
            "komi x",
        ]);
        assert_eq!(r[6], "= 0\n\n");
        assert_eq!(
            r[7],
            "? illegal move: repetition (r[tt.turn.repetition])\n\n"
        );
        assert_eq!(r[8], "= 1\n\n");
        assert_eq!(r[9], "= B2 A3 C3\n\n");
        assert_eq!(r[10], "= B+3\n\n");
        assert_eq!(r[12], "= W+3.5\n\n");
        assert!(r[13].starts_with("? komi 6.3: komi must be a multiple of 0.5"));
        assert!(r[14].starts_with("? syntax error"));
    }

    #[test]
    fn undo_rebuilds_and_sizes_are_checked() {
        let r = session(&[
            "undo",
            "boardsize 26",
            "boardsize 0",
            "boardsize x",
            "rectangular_boardsize 5 2",
            "play b A1",
            "undo",
            "list_stones black",
            "is_legal b A1",
            "play b E2",
            "play w F1",
        ]);
        assert_eq!(r[0], "? cannot undo\n\n");
        assert_eq!(r[1], "? unacceptable size\n\n");
        assert_eq!(r[2], "? unacceptable size\n\n");
        assert!(r[3].starts_with("? syntax error"));
        assert_eq!(r[7], "= \n\n");
        assert_eq!(r[8], "= 1\n\n");
        assert!(r[10].starts_with("? syntax error: invalid vertex"));
    }

    #[test]
    fn rules_selection() {
        let r = session(&[
            "kgs-rules tromp-taylor",
            "kgs-rules japanese",
            "kgs-rules go-moku",
            "ttrules-rules",
            "ttrules-rules koPOSITIONALscoreAREAsui1",
        ]);
        assert_eq!(r[0], "= \n\n");
        if Rules::by_name("japanese").is_none() {
            assert!(
                r[1].starts_with("? unsupported ruleset \"japanese\""),
                "{}",
                r[1]
            );
        }
        assert!(r[2].starts_with("? unknown ruleset"));
        assert_eq!(r[3], "= tromp-taylor\n\n");
        if Rules::by_name("koPOSITIONALscoreAREAsui1").is_none() {
            assert!(r[4].starts_with("? unsupported ruleset"));
        }
    }

    #[test]
    fn genmove_is_seeded_and_legal() {
        let mut a = Server::<Reference>::new(5);
        let mut b = Server::<Reference>::new(5);
        for s in [&mut a, &mut b] {
            s.handle_line("boardsize 5");
        }
        for i in 0..40 {
            let c = if i % 2 == 0 { "b" } else { "w" };
            let ra = a.handle_line(&format!("genmove {c}")).unwrap();
            let rb = b.handle_line(&format!("genmove {c}")).unwrap();
            assert_eq!(ra, rb);
            assert!(ra.starts_with("= "), "{ra}");
        }
    }

    #[test]
    fn malformed_input_never_panics() {
        let mut s = Server::<Reference>::new(1);
        for line in [
            "play",
            "play b",
            "play x D4",
            "play b Z99",
            "is_legal",
            "all_legal q",
            "list_stones",
            "captures",
            "final_status_list",
            "final_status_list bogus",
            "loadsgf /nonexistent/file.sgf",
            "loadsgf a b c",
            "printsgf a b",
            "komi",
            "rectangular_boardsize a b",
            "ttrules-boardsize 30x2",
            "known_command",
            "123456",
            "\u{1}\u{2}",
            "genmove",
            "genmove purple",
        ] {
            let r = s.handle_line(line);
            if let Some(r) = r {
                assert!(r.starts_with('?'), "{line:?} -> {r:?}");
                assert!(r.ends_with("\n\n"));
            }
        }
    }
}
