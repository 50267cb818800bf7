//! A GTP shim around the `goban` crate (Sagebati/goban): `Game::try_play` under one of its rule
//! presets (`JAP` or `CHI`, the first argument; default `CHI`), `Game::check_point` for
//! `is_legal`, `Game::calculate_score` for `final_score`. The shim only speaks the protocol and
//! converts coordinates; every verdict is the library's. `Coord` is (row, column) from the top
//! left, as the crate's `play` documents.

use goban::pieces::stones::Color;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, Rule};
use std::io::{BufRead, Write};
use std::str::FromStr;

const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

struct Shim {
    rule_name: String,
    width: usize,
    height: usize,
    komi: f32,
    game: Game,
}

impl Shim {
    fn new_game(rule_name: &str, width: usize, height: usize, komi: f32) -> Result<Game, String> {
        let rule = Rule::from_str(rule_name)?;
        // `GobanSizes::Custom(height, width)`; the crate panics on sizes it cannot hold.
        let game = std::panic::catch_unwind(|| {
            let mut g = Game::new(GobanSizes::Custom(height, width), rule);
            g.set_komi(komi);
            g
        })
        .map_err(|_| format!("goban cannot make a {width}x{height} board"))?;
        Ok(game)
    }

    fn reset(&mut self) -> Result<(), String> {
        self.game = Shim::new_game(&self.rule_name, self.width, self.height, self.komi)?;
        Ok(())
    }

    fn vertex(&self, text: &str) -> Result<Option<(u8, u8)>, String> {
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
        Ok(Some(((self.height - row) as u8, x as u8)))
    }

    fn colour(text: Option<&&str>) -> Result<Color, String> {
        match text.map(|t| t.to_ascii_lowercase()).as_deref() {
            Some("b" | "black") => Ok(Color::Black),
            Some("w" | "white") => Ok(Color::White),
            _ => Err("invalid color".into()),
        }
    }

    fn stones(&self, c: Color) -> String {
        let mut out: Vec<String> = self
            .game
            .goban()
            .get_stones()
            .filter(|s| s.color == c)
            .map(|s| {
                let (row, col) = (s.coord.0 as usize, s.coord.1 as usize);
                format!("{}{}", &LETTERS[col..col + 1], self.height - row)
            })
            .collect();
        out.sort();
        out.join(" ")
    }

    fn handle(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("ttrules-adapter-goban-crate".into()),
            "version" => Ok("0.20.1".into()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(c))
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
                let game = Shim::new_game(&self.rule_name, w, h, self.komi)?;
                (self.width, self.height, self.game) = (w, h, game);
                Ok(String::new())
            }
            "clear_board" => self.reset().map(|_| String::new()),
            "komi" => {
                self.komi = args
                    .first()
                    .and_then(|k| k.parse().ok())
                    .ok_or("komi needs a number")?;
                self.game.set_komi(self.komi);
                Ok(String::new())
            }
            "play" => {
                let c = Shim::colour(args.first())?;
                let v = self.vertex(args.get(1).ok_or("play needs a vertex")?)?;
                if c != self.game.turn() {
                    return Err("illegal move: not this color's turn".into());
                }
                let mv = match v {
                    None => Move::Pass,
                    Some((r, col)) => Move::Play(r, col),
                };
                self.game
                    .try_play(mv)
                    .map(|_| String::new())
                    .map_err(|e| format!("illegal move: {e:?}"))
            }
            "is_legal" => {
                let c = Shim::colour(args.first())?;
                let v = self.vertex(args.get(1).ok_or("is_legal needs a vertex")?)?;
                let legal = c == self.game.turn()
                    && !self.game.is_over()
                    && match v {
                        None => true,
                        Some(coord) => self.game.check_point(coord).is_none(),
                    };
                Ok(if legal { "1" } else { "0" }.into())
            }
            "list_stones" => Ok(self.stones(Shim::colour(args.first())?)),
            "captures" => {
                let (b, w) = self.game.prisoners();
                Ok(match Shim::colour(args.first())? {
                    Color::Black => b,
                    Color::White => w,
                }
                .to_string())
            }
            "final_score" => {
                let (b, w) = self.game.calculate_score();
                let d = b - w;
                Ok(if d == 0.0 {
                    "0".into()
                } else if d > 0.0 {
                    format!("B+{d}")
                } else {
                    format!("W+{}", -d)
                })
            }
            _ => Err("unknown command".into()),
        }
    }
}

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "is_legal",
    "list_stones",
    "captures",
    "final_score",
];

fn main() {
    let rule_name = std::env::args().nth(1).unwrap_or_else(|| "CHI".into());
    let game = match Shim::new_game(&rule_name, 19, 19, 7.5) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("gtp-goban: {e}");
            std::process::exit(2);
        }
    };
    // A panic inside the library is the library's failure: say so on stderr and exit non-zero.
    let mut shim = Shim {
        rule_name,
        width: 19,
        height: 19,
        komi: 7.5,
        game,
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
        let reply = match shim.handle(cmd, args) {
            Ok(t) => format!("={id} {t}"),
            Err(e) => format!("?{id} {e}"),
        };
        let _ = write!(out, "{}\n\n", reply.trim_end());
        let _ = out.flush();
        if cmd == "quit" {
            break;
        }
    }
}
