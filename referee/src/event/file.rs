//! The tournament file (r[ref.event.file]): TOML naming the players and the event. Every key is
//! known (an unknown one is an error, not ignored), every value is read as the flags read it
//! ([`crate::setup`]), and a file that is wrong in any way is refused before any engine starts,
//! with the file, the line and what is wrong.
//!
//! ```toml
//! [[player]]
//! label = "gnugo-1"
//! command = "gnugo --mode gtp --level 1"
//!
//! [[player]]
//! label = "gnugo-10"
//! command = "gnugo --mode gtp --level 10"
//! trust_claims = false
//!
//! [event]
//! kind = "all-play-all"
//! games_per_pair = 2
//! size = 9
//! ```

use super::Kind;
use crate::setup::{self, EventSettings, Player, Settings};
use crate::Config;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use toml::Spanned;

/// A value written as text or as a number (`size = 9`, `komi = 6.5`, `handicap = 2`), read as
/// its text.
#[derive(Clone, Debug)]
struct Text(String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Text, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Any {
            S(String),
            I(i64),
            F(f64),
        }
        Ok(Text(match Any::deserialize(d)? {
            Any::S(s) => s,
            Any::I(i) => i.to_string(),
            Any::F(f) => f.to_string(),
        }))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    #[serde(default, rename = "player")]
    players: Vec<PlayerToml>,
    event: Option<Spanned<EventToml>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerToml {
    label: Spanned<String>,
    command: Spanned<String>,
    dir: Option<Spanned<PathBuf>>,
    #[serde(default)]
    env: BTreeMap<Spanned<String>, String>,
    #[serde(default)]
    startup: Vec<String>,
    #[serde(default = "yes")]
    trust_claims: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventToml {
    kind: Spanned<Kind>,
    challenger: Option<Spanned<String>>,
    games_per_pair: Option<Spanned<u32>>,
    size: Option<Spanned<Text>>,
    rules: Option<Spanned<String>>,
    komi: Option<Spanned<Text>>,
    time: Option<Spanned<Text>>,
    time_per_move: Option<Spanned<Text>>,
    handicap: Option<Spanned<Text>>,
    max_turns: Option<Spanned<u32>>,
    at_limit: Option<Spanned<String>>,
    on_fault: Option<Spanned<String>>,
    end: Option<Spanned<String>>,
    arbiter: Option<Spanned<String>>,
    arbiter_when: Option<Spanned<String>>,
    #[serde(default)]
    openings: Vec<PathBuf>,
    out: Option<PathBuf>,
    seed: Option<u64>,
    sprt: Option<Spanned<String>>,
    jobs: Option<Spanned<usize>>,
    timeout: Option<Spanned<f64>>,
    #[serde(default)]
    transcripts: bool,
}

/// The line (from 1) of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// A player's variables, each name checked where the file gives it (issue 32, D11): a name that
/// is empty, holds `=` or NUL, or starts with `-` is refused with the file and its line.
fn env(
    name: &str,
    text: &str,
    vars: BTreeMap<Spanned<String>, String>,
) -> Result<Vec<(String, String)>, String> {
    vars.into_iter()
        .map(|(k, v)| {
            let line = line_of(text, k.span().start);
            let k = k.into_inner();
            match ttrules_gtp::client::env_name_error(&k) {
                Some(why) => Err(format!(
                    "{name}:{line}: env: {k:?} is not a variable's name ({why})"
                )),
                None => Ok((k, v)),
            }
        })
        .collect()
}

/// One of `all`, by its name in the results (`void`, `tromp-taylor`, …).
fn word<T: serde::Serialize + Copy>(all: &[T], s: &str) -> Result<T, String> {
    let listed: Vec<String> = all
        .iter()
        .filter_map(|v| serde_json::to_value(v).ok()?.as_str().map(str::to_string))
        .collect();
    all.iter()
        .zip(&listed)
        .find(|(_, n)| *n == s)
        .map(|(v, _)| *v)
        .ok_or_else(|| format!("{s:?} is not one of {}", listed.join(", ")))
}

/// Reads the tournament file `path` into settings, paths in it taken from its folder; `at(key)`
/// of the result names the file and line of each key.
// long: one statement per key of the tournament file, in the file's order, each marking the
// key's line for the messages; split, the keys would be read in several places.
pub fn read(path: &Path) -> Result<(Settings, HashMap<String, usize>), String> {
    let name = path.display().to_string();
    let text = crate::files::read_regular_text(path, crate::files::MAX_SETTINGS_BYTES)
        .map_err(|e| format!("{name}: {e}"))?;
    let file: FileToml = toml::from_str(&text).map_err(|e| {
        let at = e
            .span()
            .map_or(String::new(), |s| format!(":{}", line_of(&text, s.start)));
        format!("{name}{at}: {}", e.message().trim_end())
    })?;
    let base = path.parent().unwrap_or(Path::new(""));
    let rel = |p: &Path| {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            base.join(p)
        }
    };
    let mut lines: HashMap<String, usize> = HashMap::new();
    let mut mark = |key: String, span: std::ops::Range<usize>| {
        lines.insert(key, line_of(&text, span.start));
    };
    let Some(event) = file.event else {
        return Err(format!(
            "{name}: no [event] table (its kind, games per pair, board, rules)"
        ));
    };
    mark("event".into(), event.span());
    let e = event.into_inner();
    let mut s = Settings::default();
    for (k, p) in file.players.into_iter().enumerate() {
        mark(format!("player.{k}.label"), p.label.span());
        mark(format!("player.{k}.command"), p.command.span());
        s.players.push(Player {
            label: Some(p.label.into_inner()),
            command: p.command.into_inner(),
            dir: p.dir.map(|d| {
                mark(format!("player.{k}.dir"), d.span());
                rel(d.get_ref())
            }),
            env: env(&name, &text, p.env)?,
            startup: p.startup,
            trust_claims: p.trust_claims,
        });
    }
    mark("kind".into(), e.kind.span());
    let games_per_pair = e.games_per_pair.map(|g| {
        mark("games_per_pair".into(), g.span());
        g.into_inner()
    });
    s.event = Some(EventSettings {
        kind: *e.kind.get_ref(),
        challenger: e.challenger.map(|c| {
            mark("challenger".into(), c.span());
            c.into_inner()
        }),
        games_per_pair: games_per_pair.unwrap_or(2),
    });
    macro_rules! text {
        ($field:ident) => {
            e.$field.map(|v| {
                mark(stringify!($field).into(), v.span());
                v.into_inner().0
            })
        };
    }
    macro_rules! plain {
        ($field:ident) => {
            e.$field.map(|v| {
                mark(stringify!($field).into(), v.span());
                v.into_inner()
            })
        };
    }
    if let Some(v) = text!(size) {
        s.size = v;
    }
    if let Some(v) = plain!(rules) {
        s.rules = v;
    }
    s.komi = text!(komi);
    s.time = text!(time);
    s.time_per_move = text!(time_per_move);
    s.handicap = text!(handicap);
    s.max_turns = plain!(max_turns);
    s.arbiter = plain!(arbiter);
    s.sprt = plain!(sprt);
    let words = [
        ("at_limit", plain!(at_limit)),
        ("on_fault", plain!(on_fault)),
        ("end", plain!(end)),
        ("arbiter_when", plain!(arbiter_when)),
    ];
    if let Some(v) = plain!(jobs) {
        s.jobs = v;
    }
    if let Some(v) = plain!(timeout) {
        s.timeout = v;
    }
    s.openings = e.openings.iter().map(|p| rel(p)).collect();
    s.out = e.out.as_deref().map(rel);
    s.seed = e.seed.unwrap_or(1);
    s.transcripts = e.transcripts;
    let at = |key: &str| at_line(&name, &lines, key);
    for (key, value) in words {
        let Some(v) = value else { continue };
        let bad = |e: String| format!("{}: {e}", at(key));
        match key {
            "at_limit" => {
                s.at_limit =
                    word(&[crate::AtLimit::Void, crate::AtLimit::Score], &v).map_err(bad)?
            }
            "on_fault" => {
                s.on_fault = word(&[crate::OnFault::Loss, crate::OnFault::Void], &v).map_err(bad)?
            }
            "end" => s.end = word(&crate::end::Protocol::ALL, &v).map_err(bad)?,
            _ => {
                s.arbiter_when = word(
                    &[
                        crate::end::ArbiterWhen::Dispute,
                        crate::end::ArbiterWhen::Always,
                    ],
                    &v,
                )
                .map_err(bad)?
            }
        }
    }
    Ok((s, lines))
}

/// `FILE:LINE: key`, the line of the key when the file has it, else of the `[event]` table.
pub fn at_line(name: &str, lines: &HashMap<String, usize>, key: &str) -> String {
    let line = lines.get(key).or_else(|| {
        // `player.3.label` stands for the player's table when the key itself is absent.
        let player = key.rsplit_once('.').map(|(p, _)| format!("{p}.label"));
        player
            .and_then(|p| lines.get(&p))
            .or_else(|| lines.get("event"))
    });
    let shown = key.rsplit('.').next().unwrap_or(key);
    match line {
        Some(l) => format!("{name}:{l}: {shown}"),
        None => format!("{name}: {shown}"),
    }
}

/// Reads and checks the tournament file `path`, `adjust` applying the command line's own
/// settings (`--out`, `--resume`, `--jobs`, …) before the check.
pub fn load(path: &Path, adjust: impl FnOnce(&mut Settings)) -> Result<Config, String> {
    let (mut s, lines) = read(path)?;
    adjust(&mut s);
    let name = path.display().to_string();
    setup::build(&s, &|key| at_line(&name, &lines, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> Result<Config, String> {
        let dir = std::env::temp_dir().join(format!("ttrules-event-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let k = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let path = dir.join(format!("t{k}.toml"));
        std::fs::write(&path, text).unwrap();
        let r = load(&path, |_| {});
        let _ = std::fs::remove_file(&path);
        r.map_err(|e| e.replace(&path.display().to_string(), "FILE"))
    }

    const PLAYERS: &str = "[[player]]\nlabel = \"one\"\ncommand = \"gnugo --mode gtp\"\n\n\
                           [[player]]\nlabel = \"two\"\ncommand = \"ttrules gtp\"\n\n\
                           [[player]]\nlabel = \"three\"\ncommand = \"ttrules gtp --seed 2\"\n";

    #[test]
    fn a_good_file_makes_an_event() {
        let cfg = load_text(&format!(
            "{PLAYERS}\n[event]\nkind = \"gauntlet\"\nchallenger = \"two\"\ngames_per_pair = 4\n\
             size = 9\nkomi = 6.5\ntime = \"10s+1s\"\nend = \"chinese\"\n"
        ))
        .unwrap();
        assert_eq!(cfg.games, 8);
        assert_eq!(cfg.players.len(), 3);
        assert_eq!(cfg.players[1].id, "two");
        assert!(cfg.players[1].labelled);
        assert_eq!(cfg.event.as_ref().unwrap().pairs, vec![[1, 0], [1, 2]]);
        assert_eq!(cfg.komi.to_string(), "6.5");
        assert_eq!(cfg.settings["kind"], "gauntlet");
    }

    #[test]
    fn bad_files_are_refused_with_file_line_and_reason() {
        let cases = [
            // An unknown key, at its line.
            (format!("{PLAYERS}\n[event]\nkind = \"all-play-all\"\nboard = 9\n"), "FILE:15: unknown field `board`"),
            // A gauntlet's challenger that is no player.
            (
                format!("{PLAYERS}\n[event]\nkind = \"gauntlet\"\nchallenger = \"four\"\n"),
                "FILE:15: challenger: no player is labelled \"four\" (the players: one, two, three)",
            ),
            // A player without a command.
            ("[[player]]\nlabel = \"x\"\n[event]\nkind = \"match\"\n".into(), "FILE:1: missing field `command`"),
            // Two players with one label.
            (
                format!("{PLAYERS}[[player]]\nlabel = \"two\"\ncommand = \"x\"\n[event]\nkind = \"all-play-all\"\n"),
                "FILE:13: label: the label \"two\" is given twice",
            ),
            // A time control that does not read.
            (format!("{PLAYERS}\n[event]\nkind = \"all-play-all\"\ntime = \"ten minutes\"\n"), "FILE:15: time: "),
            // A handicap that does not fit the board.
            (
                format!("{PLAYERS}\n[event]\nkind = \"all-play-all\"\nsize = 9\nhandicap = 12\n"),
                "FILE:16: handicap: GTP's fixed handicap places at most 9 stones on 9x9",
            ),
            // A match of three.
            (format!("{PLAYERS}\n[event]\nkind = \"match\"\n"), "FILE:14: kind: a match is between two players"),
            // A kind that does not exist.
            (format!("{PLAYERS}\n[event]\nkind = \"swiss\"\n"), "FILE:14: unknown variant `swiss`"),
            (format!("{PLAYERS}\n[event]\nkind = \"match\"\nend = \"nope\"\n"), "FILE:15: end: \"nope\" is not one of tromp-taylor"),
            // Issue 32, D11: variable names that a program reading options would take for one,
            // or that are no names, at the key's own line.
            (
                "[[player]]\nlabel = \"x\"\ncommand = \"x\"\nenv = { OK = \"1\", \"--unset\" = \"HOME\" }\n[event]\nkind = \"match\"\n".into(),
                "FILE:4: env: \"--unset\" is not a variable's name (a name starting with `-`)",
            ),
            (
                "[[player]]\nlabel = \"x\"\ncommand = \"x\"\n\n[player.env]\n\"A=B\" = \"1\"\n[event]\nkind = \"match\"\n".into(),
                "FILE:6: env: \"A=B\" is not a variable's name (a name with `=` in it)",
            ),
            (
                "[[player]]\nlabel = \"x\"\ncommand = \"x\"\nenv = { \"\" = \"1\" }\n[event]\nkind = \"match\"\n".into(),
                "FILE:4: env: \"\" is not a variable's name (an empty name)",
            ),
            // Issue 32, D4: a schedule past the bound, at the value's line, before any game.
            (
                format!("{PLAYERS}\n[event]\nkind = \"all-play-all\"\n\ngames_per_pair = 1000000000\n"),
                "FILE:16: games_per_pair (1000000000 per pair, 3 pairs): 3000000000 games is more than one run plays (1000000)",
            ),
            (format!("{PLAYERS}\n[event]\nkind = \"gauntlet\"\nchallenger = \"one\"\ngames_per_pair = 0\n"), "FILE:16: games_per_pair must be at least 1"),
            (format!("{PLAYERS}\n[event]\nkind = \"gauntlet\"\nchallenger = \"one\"\ngames_per_pair = -3\n"), "FILE:16: invalid value"),
            (format!("{PLAYERS}\n[event]\nkind = \"all-play-all\"\njobs = 100000\n"), "FILE:15: jobs: 100000 games at once is more than one run plays (256)"),
        ];
        for (text, want) in cases {
            let e = load_text(&text)
                .err()
                .unwrap_or_else(|| panic!("accepted:\n{text}"));
            assert!(e.starts_with(want), "{e}\nwanted: {want}\nfile:\n{text}");
        }
    }
}
