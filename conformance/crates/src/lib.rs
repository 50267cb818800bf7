//! The GTP side shared by the crates.io adapters: one loop that reads commands, converts GTP
//! vertices to (column, row) from the bottom left, and asks a [`Library`] for every verdict. A
//! library only answers what its crate answers; what it cannot be asked it declines with
//! `Unsupported` and the command is not listed, so `check-engine` never relies on it.

use std::io::{BufRead, Write};

/// GTP column letters (no I).
pub const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Colour {
    Black,
    White,
}

/// A point as (column, row), both from 0, row 0 the bottom row (GTP row 1).
pub type Vertex = (usize, usize);

/// What an adapter cannot do: the command is answered with a failure naming the reason.
pub type Reply<T> = Result<T, String>;

/// One crate's board behind the protocol. Every method calls the crate; none decides a rule. The
/// constants say which optional commands the crate can answer (and so which are listed).
pub trait Library {
    /// The adapter's name and the crate's version, for `name` and `version`.
    const NAME: &'static str;
    const VERSION: &'static str;
    /// Boards of different width and height (`rectangular_boardsize`).
    const RECTANGLES: bool = false;
    /// Legality asked without playing (`is_legal`).
    const IS_LEGAL: bool = false;
    /// Prisoners counted (`captures`).
    const CAPTURES: bool = false;
    /// A score (`final_score`).
    const SCORE: bool = false;
    /// A way to set stones on a new game (`set_free_handicap`).
    const HANDICAP: bool = false;

    /// A new empty game of `width` x `height` with `komi` (the crate refuses sizes it cannot hold).
    fn new_game(&mut self, width: usize, height: usize, komi: f32) -> Reply<()>;
    /// Komi for the game on the board (the stones stay).
    fn set_komi(&mut self, komi: f32) -> Reply<()>;
    fn play(&mut self, c: Colour, v: Option<Vertex>) -> Reply<()>;
    fn is_legal(&self, _c: Colour, _v: Option<Vertex>) -> bool {
        unreachable!("IS_LEGAL is false")
    }
    fn stone(&self, v: Vertex) -> Option<Colour>;
    /// Stones captured by `c`.
    fn captures(&self, _c: Colour) -> usize {
        unreachable!("CAPTURES is false")
    }
    /// Black's score minus White's, komi included.
    fn score(&self) -> f32 {
        unreachable!("SCORE is false")
    }
    /// Places handicap stones for Black on the empty board, White to move, by the crate's own way
    /// to set stones.
    fn free_handicap(&mut self, _stones: &[Vertex]) -> Reply<()> {
        unreachable!("HANDICAP is false")
    }
}

struct Shim<L: Library> {
    lib: L,
    width: usize,
    height: usize,
    komi: f32,
    commands: Vec<&'static str>,
}

fn parse_colour(text: Option<&&str>) -> Reply<Colour> {
    match text.map(|t| t.to_ascii_lowercase()).as_deref() {
        Some("b" | "black") => Ok(Colour::Black),
        Some("w" | "white") => Ok(Colour::White),
        _ => Err("invalid color".into()),
    }
}

impl<L: Library> Shim<L> {
    fn vertex(&self, text: &str) -> Reply<Option<Vertex>> {
        let t = text.to_ascii_uppercase();
        if t == "PASS" {
            return Ok(None);
        }
        let mut chars = t.chars();
        let letter = chars.next().ok_or("empty vertex")?;
        let x = LETTERS
            .find(letter)
            .ok_or(format!("invalid vertex {text}"))?;
        let row: usize = chars
            .as_str()
            .parse()
            .map_err(|_| format!("invalid vertex {text}"))?;
        if x >= self.width || row == 0 || row > self.height {
            return Err(format!("vertex {text} is off the board"));
        }
        Ok(Some((x, row - 1)))
    }

    fn point(&self, args: &[&str], i: usize, cmd: &str) -> Reply<Option<Vertex>> {
        self.vertex(args.get(i).ok_or(format!("{cmd} needs a vertex"))?)
    }

    fn list_stones(&self, c: Colour) -> String {
        let mut out = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if self.lib.stone((x, y)) == Some(c) {
                    out.push(format!("{}{}", &LETTERS[x..x + 1], y + 1));
                }
            }
        }
        out.join(" ")
    }

    fn handle(&mut self, cmd: &str, args: &[&str]) -> Reply<String> {
        if !self.commands.contains(&cmd) {
            return Err("unknown command".into());
        }
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok(L::NAME.into()),
            "version" => Ok(L::VERSION.into()),
            "list_commands" => Ok(self.commands.join("\n")),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| self.commands.contains(c))
                .to_string()),
            "quit" => Ok(String::new()),
            "boardsize" | "rectangular_boardsize" => {
                let n: Vec<usize> = args
                    .iter()
                    .map(|a| a.parse().map_err(|_| "not a number"))
                    .collect::<Result<_, _>>()?;
                let (w, h) = match (cmd, n.as_slice()) {
                    ("boardsize", [n]) => (*n, *n),
                    ("rectangular_boardsize", [w, h]) => (*w, *h),
                    _ => return Err("wrong arguments".into()),
                };
                if !(1..=25).contains(&w) || !(1..=25).contains(&h) {
                    return Err("unacceptable size".into());
                }
                self.lib
                    .new_game(w, h, self.komi)
                    .map_err(|e| format!("unacceptable size: {e}"))?;
                (self.width, self.height) = (w, h);
                Ok(String::new())
            }
            "clear_board" => self
                .lib
                .new_game(self.width, self.height, self.komi)
                .map(|_| String::new()),
            "komi" => {
                self.komi = args
                    .first()
                    .and_then(|k| k.parse().ok())
                    .ok_or("komi needs a number")?;
                self.lib.set_komi(self.komi).map(|_| String::new())
            }
            "play" => {
                let c = parse_colour(args.first())?;
                let v = self.point(args, 1, cmd)?;
                self.lib
                    .play(c, v)
                    .map(|_| String::new())
                    .map_err(|e| format!("illegal move: {e}"))
            }
            "is_legal" => {
                let c = parse_colour(args.first())?;
                let v = self.point(args, 1, cmd)?;
                let legal = self.lib.is_legal(c, v);
                Ok(if legal { "1" } else { "0" }.into())
            }
            "list_stones" => Ok(self.list_stones(parse_colour(args.first())?)),
            "captures" => Ok(self.lib.captures(parse_colour(args.first())?).to_string()),
            "final_score" => {
                let d = self.lib.score();
                Ok(if d == 0.0 {
                    "0".into()
                } else if d > 0.0 {
                    format!("B+{d}")
                } else {
                    format!("W+{}", -d)
                })
            }
            "set_free_handicap" => {
                let stones: Vec<Vertex> = (0..args.len())
                    .map(|i| {
                        self.point(args, i, cmd)?
                            .ok_or("a handicap stone cannot be a pass".into())
                    })
                    .collect::<Reply<_>>()?;
                if stones.len() < 2 {
                    return Err("invalid handicap: at least two stones".into());
                }
                self.lib.free_handicap(&stones).map(|_| String::new())
            }
            _ => Err("unknown command".into()),
        }
    }
}

/// Runs the protocol on standard input and output until `quit` or the end of input.
pub fn serve<L: Library>(mut lib: L) {
    if let Err(e) = lib.new_game(19, 19, 7.5) {
        eprintln!("{}: {e}", L::NAME);
        std::process::exit(2);
    }
    let mut commands = vec![
        "protocol_version",
        "name",
        "version",
        "list_commands",
        "known_command",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "list_stones",
    ];
    for (has, cmd) in [
        (L::RECTANGLES, "rectangular_boardsize"),
        (L::IS_LEGAL, "is_legal"),
        (L::CAPTURES, "captures"),
        (L::SCORE, "final_score"),
        (L::HANDICAP, "set_free_handicap"),
    ] {
        if has {
            commands.push(cmd);
        }
    }
    let mut shim = Shim {
        lib,
        width: 19,
        height: 19,
        komi: 7.5,
        commands,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.split('#').next().unwrap_or("").trim().to_string();
        if line.is_empty() {
            continue;
        }
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let id = if words[0].bytes().all(|b| b.is_ascii_digit()) {
            words.remove(0)
        } else {
            ""
        };
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        // A panic inside the crate is the crate's failure: it is answered as a failure (the
        // message names it), and the game is started again so that the next command has a board.
        let reply =
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| shim.handle(cmd, args)))
            {
                Ok(Ok(t)) => format!("={id} {t}"),
                Ok(Err(e)) => format!("?{id} {e}"),
                Err(_) => {
                    let _ = shim.lib.new_game(shim.width, shim.height, shim.komi);
                    format!("?{id} the library panicked on `{line}`")
                }
            };
        let _ = write!(out, "{}\n\n", reply.trim_end());
        let _ = out.flush();
        if cmd == "quit" {
            break;
        }
    }
}
