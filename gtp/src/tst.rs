//! GTP regression files (`.tst`), the format of GNU Go's regression suites and of gogui-regress:
//! GTP commands, one per line; a command with a numeric id is a test, and the line `#? [PATTERN]`
//! after it gives the expected response.
//!
//! How patterns are read here (`check-engine --tst`): `PATTERN` is a regular expression that must
//! match the whole response text (case-insensitive, runs of white space collapsed to one space);
//! `!PATTERN` negates it; a pattern starting with `?` expects a failure response, the rest being
//! matched against the error text (`[?]` accepts any failure). A `*` after the closing bracket marks
//! a known failure. Every other pattern expects a success response.
//!
//! [`export`] writes the vectors in this format (`ttrules export-tst`).

use regex::RegexBuilder;
use std::fmt::Write as _;
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, Move, Point};
use ttrules_vectors::Vector;

/// One command of a `.tst` file, with its expectation when it is a test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number of the command.
    pub line: usize,
    pub id: Option<u64>,
    /// The command without its id.
    pub command: String,
    pub expect: Option<Expect>,
}

/// An expected response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    /// The text between the brackets, as written.
    pub raw: String,
    pub known_failure: bool,
}

impl Expect {
    /// Whether a response (`ok` for `=`, else `?`, and its text) matches. `Err` for a pattern that
    /// is not a valid regular expression.
    pub fn matches(&self, ok: bool, text: &str) -> Result<bool, String> {
        let (negate, pat) = match self.raw.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, self.raw.as_str()),
        };
        let (want_ok, pat) = match pat.strip_prefix('?') {
            Some(rest) => (false, if rest.trim().is_empty() { ".*" } else { rest }),
            None => (true, pat),
        };
        let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let re = RegexBuilder::new(&format!("^(?:{pat})$"))
            .case_insensitive(true)
            .build()
            .map_err(|e| format!("pattern [{}] is not a regular expression: {e}", self.raw))?;
        let m = want_ok == ok && re.is_match(&collapsed);
        Ok(m != negate)
    }
}

/// Reads a `.tst` file. Lines that are neither commands nor `#?` lines are skipped; a `#?` line
/// applies to the command just before it.
pub fn parse(text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if let Some(rest) = trimmed.strip_prefix("#?") {
            let rest = rest.trim();
            if let (Some(open), Some(close)) = (rest.find('['), rest.rfind(']')) {
                if open < close {
                    if let Some(last) = out.last_mut() {
                        last.expect = Some(Expect {
                            raw: rest[open + 1..close].to_string(),
                            known_failure: rest[close + 1..].trim_start().starts_with('*'),
                        });
                    }
                }
            }
            continue;
        }
        let Some(cmd) = crate::parse_command(raw) else {
            continue;
        };
        let command = std::iter::once(cmd.name.as_str())
            .chain(cmd.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        out.push(Entry {
            line: i + 1,
            id: cmd.id,
            command,
            expect: None,
        });
    }
    out
}

/// The `.tst` text for `vectors` (those of one file, `source`). For each vector: `ttrules-rules`
/// (an extension: other engines refuse it and must be set to the rules named in the comment),
/// `boardsize` (`rectangular_boardsize` for a rectangle), `clear_board`, `komi`; then for each attempt a test
/// `is_legal` (except off-grid points, which GTP engines treat as syntax errors) and, when it is
/// legal, the `play`; at the end a `color` test for every point that ever held a stone, and a
/// `final_score` test when the game is over (every stone alive, as `final_score` has no dead-stone
/// input: r[var.count.dead]). A handicap setup is stated with `set_free_handicap`; a vector that
/// starts from any other setup is left out with a comment: plain GTP cannot state it without a file. Test ids count up from `first_id`.
pub fn export(source: &str, vectors: &[Vector], first_id: u64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# The corner cases of ttrules ({source}), as a GTP regression suite.\n\
         # Rules: each vector sets its ruleset with `ttrules-rules` (a ttrules extension);\n\
         # set other engines to the ruleset named in the comment before running it.\n\
         # Tests use is_legal, color and final_score (GNU Go extensions); a refused play\n\
         # is tested by is_legal only. Expected results come from the ttrules reference engine."
    );
    let mut id = first_id;
    for v in vectors {
        export_vector(&mut s, v, &mut id);
    }
    s
}

/// Writes the commands and tests of one vector `v` (see [`export`]), its tests numbered from
/// `id` on (`id` is left at the next free number).
fn export_vector(s: &mut String, v: &Vector, id: &mut u64) {
    let _ = writeln!(
        s,
        "\n# vector {} (rules {}, clauses {})",
        v.name,
        v.rules,
        v.clauses
            .iter()
            .map(|c| c.id())
            .collect::<Vec<_>>()
            .join(", ")
    );
    if let Some(d) = &v.description {
        let _ = writeln!(s, "# {d}");
    }
    let Some((mut e, mut touched)) = start_commands(s, v) else {
        return;
    };
    attempt_tests(s, v, &mut e, &mut touched, id);
    end_tests(s, v, &e, touched, id);
}

/// Writes the commands that set up `v`'s game (rules, board size, `clear_board`, komi, and a
/// handicap's `set_free_handicap`) and returns the reference engine at its start with the points
/// that hold a stone; `None` (with a comment saying why) for a setup that GTP cannot state
/// without a file or that the reference refuses.
fn start_commands(s: &mut String, v: &Vector) -> Option<(Reference, Vec<Point>)> {
    let free = crate::handicap::free_stones(&v.setup);
    if !v.setup.is_empty_start() && free.is_none() {
        let _ = writeln!(
            s,
            "# starts from a setup ({} to move, handicap {}), which GTP cannot state without \
             a file: left out",
            v.setup.to_move.letter(),
            v.setup.handicap
        );
        return None;
    }
    let _ = writeln!(s, "ttrules-rules {}", v.rules);
    if v.size.width() == v.size.height() {
        let _ = writeln!(s, "boardsize {}", v.size.width());
    } else {
        let _ = writeln!(
            s,
            "# a {} board: needs rectangular_boardsize\nrectangular_boardsize {} {}",
            v.size,
            v.size.width(),
            v.size.height()
        );
    }
    let _ = writeln!(s, "clear_board\nkomi {}", v.komi);
    let mut touched: Vec<Point> = Vec::new();
    let e = match &free {
        None => Reference::new(v.size, v.rules),
        Some(stones) => match Reference::from_setup(&v.setup, v.rules) {
            Ok(e) => {
                let vertices: Vec<String> = stones.iter().map(|p| p.gtp()).collect();
                let _ = writeln!(s, "set_free_handicap {}", vertices.join(" "));
                touched.extend(stones);
                e
            }
            Err(err) => {
                let _ = writeln!(s, "# its setup is refused ({err}): left out");
                return None;
            }
        },
    };
    Some((e, touched))
}

/// Writes an `is_legal` test for each attempt of `v` on the grid (an off-grid point gets a
/// comment instead) and the `play` of each legal one, played on `e` too; the points played are
/// added to `touched`.
fn attempt_tests(
    s: &mut String,
    v: &Vector,
    e: &mut Reference,
    touched: &mut Vec<Point>,
    id: &mut u64,
) {
    for a in &v.attempts {
        let colour = a.player.letter().to_ascii_lowercase();
        let verdict = e.check(a.mv);
        let off_grid = matches!(a.mv, Move::Play(p) if !v.size.contains(p));
        if off_grid {
            let _ = writeln!(
                s,
                "# {} {} is off the grid: not asked",
                a.player.letter(),
                a.mv
            );
        } else {
            let why = match verdict {
                Ok(()) => String::new(),
                Err(i) => format!("  # {i}"),
            };
            let _ = writeln!(
                s,
                "{id} is_legal {colour} {}{why}\n#? [{}]",
                a.mv,
                u8::from(verdict.is_ok())
            );
            *id += 1;
        }
        if verdict.is_ok() {
            let _ = writeln!(s, "play {colour} {}", a.mv);
            e.play(a.mv).expect("checked legal");
            if let Move::Play(p) = a.mv {
                touched.push(p);
            }
        }
    }
}

/// Writes a `color` test for every point in `touched` (in point order, once each) and, when
/// `e`'s game is over, a `final_score` test with every stone alive (r[var.count.dead]).
fn end_tests(s: &mut String, v: &Vector, e: &Reference, mut touched: Vec<Point>, id: &mut u64) {
    touched.sort();
    touched.dedup();
    let g = e.grid();
    for p in touched {
        let c = match g.get(p) {
            Colour::Black => "black",
            Colour::White => "white",
            Colour::Empty => "empty",
        };
        let _ = writeln!(s, "{id} color {p}\n#? [{c}]");
        *id += 1;
    }
    if e.is_over() {
        let _ = writeln!(
            s,
            "{id} final_score\n#? [{}]",
            e.outcome(v.komi, &[])
                .map_or_else(|err| format!("?{err}"), |o| o.sgf_result())
                .replace('+', "\\+")
        );
        *id += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// r[var.handicap]: a vector from a handicap setup is exported with `set_free_handicap`
    /// (issue 30: handicap findings carry a `.tst` that reproduces them), its stones tested too.
    #[test]
    fn a_handicap_setup_is_exported_with_set_free_handicap() {
        let toml = "[[vector]]\nname = \"h-100\"\nclauses = [\"var.handicap\"]\nsize = \"5x5\"\n\
                    komi = \"0.5\"\nmoves = [\"W A1\", \"B pass\", \"W pass\"]\n\
                    [vector.setup]\ngrid = [\".....\", \"...X.\", \".....\", \".X...\", \".....\"]\n\
                    to_move = \"W\"\nhandicap = 2\n";
        let vs = ttrules_vectors::parse_file(toml, std::path::Path::new("h.toml")).unwrap();
        let t = export("test", &vs, 1);
        assert!(
            t.contains("clear_board\nkomi 0.5\nset_free_handicap B2 D4\n"),
            "{t}"
        );
        assert!(t.contains("play w A1"), "{t}");
        assert!(t.contains("color B2\n#? [black]"), "{t}");
        assert!(t.contains("final_score\n#? ["), "{t}");
        assert!(!t.contains("left out"), "{t}");
    }

    #[test]
    fn parses_commands_and_expectations() {
        let t = "boardsize 9\n# comment\n10 is_legal b A1\n#? [1]\n11 final_score\n#? [B\\+3]*\nplay b A1\n";
        let e = parse(t);
        assert_eq!(e.len(), 4);
        assert_eq!(e[1].id, Some(10));
        assert_eq!(e[1].command, "is_legal b A1");
        assert_eq!(e[1].expect.as_ref().unwrap().raw, "1");
        assert!(e[2].expect.as_ref().unwrap().known_failure);
        assert_eq!(e[3].expect, None);
        assert_eq!(e[1].line, 3);
    }

    #[test]
    fn patterns_match_whole_responses() {
        let x = |raw: &str| Expect {
            raw: raw.into(),
            known_failure: false,
        };
        assert_eq!(x("1").matches(true, "1"), Ok(true));
        assert_eq!(x("1").matches(true, "10"), Ok(false));
        assert_eq!(x("1").matches(false, "1"), Ok(false));
        assert_eq!(x("black|white").matches(true, "White"), Ok(true));
        assert_eq!(x("!A1").matches(true, "B2"), Ok(true));
        assert_eq!(x("?").matches(false, "illegal move"), Ok(true));
        assert_eq!(x("?illegal.*").matches(false, "illegal move"), Ok(true));
        assert_eq!(x("?").matches(true, ""), Ok(false));
        assert_eq!(x("W\\+1").matches(true, "W+1"), Ok(true));
        assert!(x("(").matches(true, "").is_err());
    }
}
