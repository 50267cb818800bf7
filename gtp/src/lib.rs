//! # ttrules-gtp
//!
//! The Go Text Protocol, version 2: the command syntax and response format (GTP 2 draft,
//! sections 2 and 3), a rules-exact engine speaking it ([`server`]), a client that drives other
//! engines as child processes ([`client`]), and GTP regression files ([`tst`]).
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | this file | command syntax, responses, vertices, [`gtp_move`], [`boardsize_command`], the rules commands | r[var.params] |
//! | [`server`] | a rules-exact engine speaking GTP (`ttrules gtp`) | Parts I, II, r[var.count.dead] |
//! | [`client`] | other engines as supervised child processes | |
//! | [`handicap`] | handicap stones: GTP's fixed points, the checks of a placement, its setup | r[var.setup], r[var.handicap], r[ref.handicap] |
//! | [`line`](mod@line) | reading lines with a bound (1 MiB) | |
//! | [`tst`] | GTP regression files (`.tst`): reading, and the vectors written as them | |
//! | [`dead_list`] | what `final_status_list dead` answers | r[end.list], r[end.abuse] |
//! | [`dead_from`] | an engine's dead stones for unmarked records (`--dead-from ENGINE`) | r[rec.dead.source], r[rec.dead.engine] |
//!
//! ```
//! use ttrules_gtp::parse_command;
//! use ttrules_gtp::server::Server;
//! use ttrules_reference::Reference;
//!
//! let cmd = parse_command("7 play b D4").unwrap();
//! assert_eq!((cmd.id, cmd.name.as_str()), (Some(7), "play"));
//! let mut server = Server::<Reference>::new(1);
//! assert_eq!(server.handle_line("boardsize 9").unwrap(), "= \n\n");
//! assert_eq!(server.handle_line("2 play b A1").unwrap(), "=2 \n\n");
//! assert!(server.handle_line("play w A1").unwrap().starts_with("? illegal move"));
//! ```

pub mod client;
pub mod dead_from;
pub mod dead_list;
pub mod handicap;
pub mod line;
pub mod server;
pub mod tst;

use ttrules_spec::{Move, ParsePointError, Player, Point, Rules, Size};

/// A move as GTP commands take it: `b D4`, `w pass` (the colour, lower case, then the vertex).
pub fn gtp_move(player: Player, mv: Move) -> String {
    format!("{} {}", player.letter().to_ascii_lowercase(), mv.gtp())
}

/// `boardsize N`, or `rectangular_boardsize W H` for a rectangle.
pub fn boardsize_command(size: Size) -> String {
    if size.width() == size.height() {
        format!("boardsize {}", size.width())
    } else {
        format!("rectangular_boardsize {} {}", size.width(), size.height())
    }
}

/// One command, after preprocessing: an optional numeric id, the command name and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    pub id: Option<u64>,
    pub name: String,
    pub args: Vec<String>,
}

/// GTP 3.1 preprocessing of one line: control characters other than tab and newline are removed,
/// everything from `#` on is a comment, tabs become spaces. `None` when nothing is left.
pub fn preprocess(line: &str) -> Option<String> {
    let line = line.split('#').next().unwrap_or("");
    let cleaned: String = line
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let trimmed = cleaned.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// Reads one line as a command; `None` for a line that is empty after preprocessing.
pub fn parse_command(line: &str) -> Option<Command> {
    let line = preprocess(line)?;
    let mut words = line.split_whitespace();
    let first = words.next()?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next().unwrap_or("").to_string()),
            // An id too long for u64 is no id: answered as an unknown command.
            Err(_) => (None, first.to_string()),
        }
    } else {
        (None, first.to_string())
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// The full response text: `=[id] result` or `?[id] message`, ended by an empty line. Empty lines
/// inside a result would end the response early, so they are dropped.
pub fn format_response(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(t) => ('=', t),
        Err(t) => ('?', t),
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let body: Vec<&str> = text
        .lines()
        .enumerate()
        .filter(|(i, l)| *i == 0 || !l.trim().is_empty())
        .map(|(_, l)| l.trim_end())
        .collect();
    format!("{mark}{id} {}\n\n", body.join("\n"))
}

/// Reads a GTP colour: `b`, `w`, `black`, `white`, any case.
pub fn parse_colour(s: &str) -> Result<Player, String> {
    Player::parse(s).ok_or_else(|| format!("invalid color {s:?} (expected b, w, black or white)"))
}

/// Reads a GTP vertex (`D4`, `pass`) for a board of `size`; points off the board are errors.
pub fn parse_vertex(s: &str, size: Size) -> Result<Move, String> {
    match Move::parse_gtp(s) {
        Ok(Move::Play(p)) if !size.contains(p) => Err(format!(
            "invalid vertex {s:?}: {}",
            ParsePointError::OffGrid {
                text: s.to_string(),
                size
            }
        )),
        Ok(mv) => Ok(mv),
        Err(e) => Err(format!("invalid vertex: {e}")),
    }
}

/// The command that puts an engine under `rules` (given on the command line as `name`), from the
/// commands it has: `ttrules-rules NAME`; else `kgs-rules` with KGS's name when one of `chinese`,
/// `japanese`, `aga`, `new_zealand` is exactly the ruleset; else `kata-set-rules` with the KataGo
/// string; else none (the engine plays as configured on its command line).
pub fn rules_command(has: impl Fn(&str) -> bool, rules: Rules, name: &str) -> Option<String> {
    // KGS knows four rulesets by its names (the table `ttrules_spec::names::KGS`).
    let kgs_name = ttrules_spec::any_name::kgs_name(rules);
    if has("ttrules-rules") {
        Some(format!("ttrules-rules {name}"))
    } else if let (true, Some(k)) = (has("kgs-rules"), kgs_name) {
        Some(format!("kgs-rules {k}"))
    } else if has("kata-set-rules") {
        Some(format!(
            "kata-set-rules {}",
            ttrules_spec::katago::write(&rules, None).0
        ))
    } else {
        None
    }
}

/// Vertices separated by single spaces, in the order given.
pub fn vertices(points: &[Point]) -> String {
    points.iter().map(|p| p.gtp()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_gtp_3_1() {
        assert_eq!(
            preprocess("  play\tb  d4 # a comment\r"),
            Some("play b  d4".into())
        );
        assert_eq!(preprocess("# only a comment"), None);
        assert_eq!(preprocess("   \t "), None);
        assert_eq!(preprocess("na\x07me"), Some("name".into()));
    }

    #[test]
    fn commands_with_and_without_ids() {
        let c = parse_command("12 play b D4").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "D4"]);
        let c = parse_command("name").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "name"));
        let c = parse_command("7").unwrap();
        assert_eq!((c.id, c.name.as_str()), (Some(7), ""));
        assert_eq!(parse_command(""), None);
        let c = parse_command("99999999999999999999999 name").unwrap();
        assert_eq!(c.id, None);
    }

    #[test]
    fn responses_are_framed() {
        assert_eq!(format_response(None, &Ok("2".into())), "= 2\n\n");
        assert_eq!(format_response(Some(4), &Ok(String::new())), "=4 \n\n");
        assert_eq!(
            format_response(Some(3), &Err("illegal move".into())),
            "?3 illegal move\n\n"
        );
        assert_eq!(
            format_response(None, &Ok("\na\n\nb".into())),
            "= \na\nb\n\n"
        );
    }

    #[test]
    fn vertices_and_colours() {
        let size = Size::square(9).unwrap();
        assert_eq!(parse_vertex("PASS", size), Ok(Move::Pass));
        assert_eq!(parse_vertex("j9", size), Ok(Move::Play(Point::new(8, 8))));
        assert!(parse_vertex("K9", size)
            .unwrap_err()
            .contains("not on the 9x9"));
        assert!(parse_vertex("I3", size).is_err());
        assert_eq!(parse_colour("WHITE"), Ok(Player::White));
        assert!(parse_colour("red").is_err());
    }
}
