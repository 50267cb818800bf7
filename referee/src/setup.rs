//! From settings as text (the command line's flags or the tournament file's keys) to a checked
//! [`Config`]: one reading for both, so that a file and the flags mean the same thing, and every
//! setting is checked before any engine starts. Errors name where the setting came from through
//! the `at` function (`--size`, or `event.toml:7: size`).

use super::clock::{parse_duration, TimeControl};
use super::end::{ArbiterKind, ArbiterWhen, EndOptions, Protocol};
use super::engine::EngineSpec;
use super::handicap::{Handicap, Placement};
use super::pairing::{Event, Kind};
use super::{AtLimit, Config, OnFault};
use std::path::PathBuf;
use std::time::Duration;
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{Komi, Rules, Size};

/// One player as given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Player {
    /// Its label; `None` for the flags' engines, which are `a` and `b`.
    pub label: Option<String>,
    pub command: String,
    pub dir: Option<PathBuf>,
    pub env: Vec<(String, String)>,
    pub startup: Vec<String>,
    pub trust_claims: bool,
}

/// The event of a tournament file: its kind, the challenger of a gauntlet, the games per pair.
#[derive(Clone, Debug, PartialEq)]
pub struct EventSettings {
    pub kind: Kind,
    pub challenger: Option<String>,
    pub games_per_pair: u32,
}

/// Every setting of a run, as text where the user writes text.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub players: Vec<Player>,
    /// `None`: the two-engine match of the command line (`--black`, `--white`, `--games`).
    pub event: Option<EventSettings>,
    pub games: u32,
    pub size: String,
    pub rules: String,
    pub komi: Option<String>,
    pub alternate: bool,
    pub openings: Vec<PathBuf>,
    pub time: Option<String>,
    pub time_per_move: Option<String>,
    pub handicap: Option<String>,
    pub max_turns: Option<u32>,
    pub at_limit: AtLimit,
    pub on_fault: OnFault,
    pub end: Protocol,
    pub arbiter: Option<String>,
    pub arbiter_when: ArbiterWhen,
    pub seed: u64,
    pub sprt: Option<String>,
    pub jobs: usize,
    pub timeout: f64,
    pub out: Option<PathBuf>,
    pub resume: bool,
    pub progress: bool,
    pub transcripts: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            players: Vec::new(),
            event: None,
            games: 10,
            size: "9".into(),
            rules: "tromp-taylor".into(),
            komi: None,
            alternate: false,
            openings: Vec::new(),
            time: None,
            time_per_move: None,
            handicap: None,
            max_turns: None,
            at_limit: AtLimit::Void,
            on_fault: OnFault::Loss,
            end: Protocol::TrompTaylor,
            arbiter: None,
            arbiter_when: ArbiterWhen::Dispute,
            seed: 1,
            sprt: None,
            jobs: 1,
            timeout: 20.0,
            out: None,
            resume: false,
            progress: true,
            transcripts: false,
        }
    }
}

/// The most games one run schedules (a match's `--games`, an event's pairs times
/// `games_per_pair`): a million. The schedule is never held whole (game `n` is computed when it
/// is due), but each game played keeps its results line in memory for the summary (about a
/// kilobyte), and a run of more games than this is a mistake in a number more often than a plan;
/// split a longer run over several output folders. Issue 32, D4.
pub const MAX_GAMES: u64 = 1_000_000;

/// The longest move limit (`--max-turns`, `max_turns`): 100,000 turns, forty times the longest
/// default (4 per point: 2,500 on 25x25). A game keeps its turns and positions in memory, so the
/// bound is one on a game's memory.
pub const MAX_TURNS: u32 = 100_000;

/// The most games played at once (`--jobs`, `jobs`): each job runs its own engine processes
/// (two, or three with an arbiter engine), so the bound is one on processes and threads.
pub const MAX_JOBS: usize = 256;

/// `games` checked: at least 1, at most [`MAX_GAMES`]; `what` says where the number came from.
fn check_games(games: u64, what: &str) -> Result<u32, String> {
    if games == 0 {
        return Err(format!("{what} must be at least 1"));
    }
    if games > MAX_GAMES {
        return Err(format!(
            "{what}: {games} games is more than one run plays ({MAX_GAMES}); split the run over \
             several output folders"
        ));
    }
    Ok(games as u32)
}

/// Splits a command line into words as a shell would; `None` when it cannot (an unclosed quote)
/// or holds no word.
pub fn split(cmd: &str) -> Option<Vec<String>> {
    shlex::split(cmd).filter(|w| !w.is_empty())
}

/// The time control and the handicap, from their text in the flags' syntax (`--time`,
/// `--time-per-move`, `--handicap`): the one place that reads them, for the flags and the
/// tournament file alike. The time control is read by [`TimeControl::parse`] (absolute, byo-yomi,
/// Canadian; r[ref.time.overtime]); the handicap is `N`, `N fixed` or `N free`, checked against
/// the board (r[ref.handicap]).
pub fn time_and_handicap(
    s: &Settings,
    size: Size,
    at: &dyn Fn(&str) -> String,
) -> Result<(Option<TimeControl>, Option<Handicap>), String> {
    let time = match (&s.time, &s.time_per_move) {
        (Some(_), Some(_)) => {
            return Err(format!(
                "{}: give either a time or a time per move, not both",
                at("time")
            ))
        }
        (Some(t), None) => Some(TimeControl::parse(t).map_err(|e| format!("{}: {e}", at("time")))?),
        (None, Some(t)) => {
            let d = parse_duration(t).map_err(|e| format!("{}: {e}", at("time_per_move")))?;
            if d.is_zero() {
                return Err(format!("{} must be more than 0", at("time_per_move")));
            }
            Some(TimeControl::PerMove(d))
        }
        (None, None) => None,
    };
    let handicap = match &s.handicap {
        None => None,
        Some(h) => {
            let words: Vec<&str> = h.split_whitespace().collect();
            let (n, placement) = match words.as_slice() {
                [n] | [n, "fixed"] => (n, Placement::Fixed),
                [n, "free"] => (n, Placement::Free),
                _ => {
                    return Err(format!(
                        "{}: {h:?} is not a handicap (N, N fixed or N free)",
                        at("handicap")
                    ))
                }
            };
            let stones: u32 = n
                .parse()
                .map_err(|_| format!("{}: {h:?} is not a number of stones", at("handicap")))?;
            ttrules_gtp::handicap::fits(size, stones, placement == Placement::Fixed)
                .map_err(|why| format!("{}: {why}", at("handicap")))?;
            Some(Handicap { stones, placement })
        }
    };
    Ok((time, handicap))
}

/// The settings checked and made a [`Config`]; `at(key)` names where a setting came from.
pub fn build(s: &Settings, at: &dyn Fn(&str) -> String) -> Result<Config, String> {
    let size: Size = s.size.parse().map_err(|e| format!("{}: {e}", at("size")))?;
    let (rules, named_komi) = rules_by_any_name(&s.rules).map_err(|e| {
        let names: Vec<&str> = Rules::NAMED.iter().map(|n| n.name).collect();
        format!(
            "{}: unsupported ruleset: {e} (a ruleset name: {}; a KataGo name or rules string; or \
             a parameter list)",
            at("rules"),
            names.join(", ")
        )
    })?;
    // r[ref.handicap]: a handicap that does not fit is refused before any engine starts.
    let (time, handicap) = time_and_handicap(s, size, at)?;
    if handicap.is_some() && !s.openings.is_empty() {
        return Err(format!(
            "{} and {}: an opening is a game from the empty grid with Black to move, and a \
             handicap game starts from the stones with White to move; use one or the other \
             (r[ref.handicap])",
            at("handicap"),
            at("openings")
        ));
    }
    let komi: Komi = match &s.komi {
        Some(k) => k.parse().map_err(|e| format!("{}: {e}", at("komi")))?,
        // r[ref.handicap.komi]: a handicap game's komi is 0.5 unless given.
        None if handicap.is_some() => "0.5".parse().expect("a komi"),
        None => named_komi.unwrap_or_else(|| "7.5".parse().expect("a komi")),
    };
    check_limits(s, at)?;
    // r[ref.limit.default]: every game has a move limit.
    let max_turns = s
        .max_turns
        .unwrap_or_else(|| super::endless::default_max_turns(size));
    let sprt = match &s.sprt {
        Some(t) => Some(t.parse().map_err(|e| format!("{}: {e}", at("sprt")))?),
        None => None,
    };
    let (arbiter_kind, arbiter_argv) = arbiter(s, at)?;
    if s.end == Protocol::Jihuozi {
        if let Some(why) = super::end::jihuozi::Jihuozi::unsupported(rules) {
            return Err(why);
        }
    }
    let openings = super::load_openings(&s.openings, size, rules)?;
    let players = players(s, at)?;
    let (event, games) = event_and_games(s, at)?;
    if sprt.is_some() && players.len() != 2 {
        return Err(format!(
            "{}: a sequential test compares two players; this event has {}",
            at("sprt"),
            players.len()
        ));
    }
    let logs = |id: &str| {
        s.out
            .as_ref()
            .map(|d| d.join("logs").join(format!("{id}.log")))
    };
    let settings = settings_json(s, size, rules, komi, time, handicap, &openings);
    Ok(Config {
        games,
        players,
        event,
        size,
        rules,
        rules_name: s.rules.clone(),
        komi,
        alternate: s.alternate,
        openings,
        time,
        handicap,
        max_turns: Some(max_turns),
        at_limit: s.at_limit,
        on_fault: s.on_fault,
        end: s.end,
        end_options: EndOptions {
            arbiter: arbiter_kind,
            arbiter_when: s.arbiter_when,
            max_turns: Some(max_turns),
        },
        arbiter: arbiter_argv.map(|argv| EngineSpec::new("arbiter", argv, logs("arbiter"))),
        jobs: s.jobs,
        out: s.out.clone(),
        resume: s.resume,
        shard: None,
        sprt,
        seed: s.seed,
        timeout: Duration::from_secs_f64(s.timeout),
        progress: s.progress,
        transcripts: s.transcripts,
        settings,
    })
}

/// The event of a tournament file (`None` for the flags' match) and the games of the schedule.
fn event_and_games(
    s: &Settings,
    at: &dyn Fn(&str) -> String,
) -> Result<(Option<Event>, u32), String> {
    let event = match &s.event {
        None => None,
        Some(e) => Some(event(s, e, at)?),
    };
    let games = match &event {
        None => check_games(u64::from(s.games), &at("games"))?,
        Some(e) => e.games(),
    };
    Ok((event, games))
}

/// The command timeout, the jobs and the move limit given: each within its bounds.
fn check_limits(s: &Settings, at: &dyn Fn(&str) -> String) -> Result<(), String> {
    if !(s.timeout.is_finite() && s.timeout > 0.0 && s.timeout < 1e6) {
        return Err(format!(
            "{} {} is not a positive number of seconds",
            at("timeout"),
            s.timeout
        ));
    }
    if s.jobs == 0 {
        return Err(format!("{} must be at least 1", at("jobs")));
    }
    if s.jobs > MAX_JOBS {
        return Err(format!(
            "{}: {} games at once is more than one run plays ({MAX_JOBS}); each runs its own \
             engine processes",
            at("jobs"),
            s.jobs
        ));
    }
    if s.max_turns == Some(0) {
        return Err(format!("{} must be at least 1", at("max_turns")));
    }
    if let Some(n) = s.max_turns.filter(|&n| n > MAX_TURNS) {
        return Err(format!(
            "{}: {n} turns is more than a game may last ({MAX_TURNS}; the default is 4 per \
             point, 2,500 on 25x25)",
            at("max_turns")
        ));
    }
    Ok(())
}

/// Who arbitrates (r[end.arbiter]): `proven`, or an engine's command split into words; only
/// under `--end arbiter`, which needs one.
fn arbiter(
    s: &Settings,
    at: &dyn Fn(&str) -> String,
) -> Result<(ArbiterKind, Option<Vec<String>>), String> {
    Ok(match (&s.end, &s.arbiter) {
        (Protocol::Arbiter, None) => {
            return Err(format!(
                "{}: the arbiter end protocol needs --arbiter proven or --arbiter \"CMD\" \
                 (arbiter = … in a tournament file; r[end.arbiter])",
                at("end")
            ))
        }
        (Protocol::Arbiter, Some(a)) if a == "proven" => (ArbiterKind::Proven, None),
        (Protocol::Arbiter, Some(a)) => (
            ArbiterKind::Engine,
            Some(
                split(a)
                    .ok_or_else(|| format!("{}: cannot split {a:?} into words", at("arbiter")))?,
            ),
        ),
        (_, Some(_)) => {
            return Err(format!(
                "{} is for --end arbiter (end = \"arbiter\" in a tournament file)",
                at("arbiter")
            ))
        }
        (_, None) => (ArbiterKind::Proven, None),
    })
}

/// The players, each command split and each label unique.
fn players(s: &Settings, at: &dyn Fn(&str) -> String) -> Result<Vec<EngineSpec>, String> {
    let mut out: Vec<EngineSpec> = Vec::new();
    for (k, p) in s.players.iter().enumerate() {
        let id = p
            .label
            .clone()
            .unwrap_or_else(|| ["a", "b"][k.min(1)].to_string());
        let key = |what: &str| at(&format!("player.{k}.{what}"));
        if id.trim().is_empty() || id.contains(['/', '\\']) || id.chars().any(char::is_control) {
            return Err(format!(
                "{}: {id:?} is not a label (a non-empty name without slashes)",
                key("label")
            ));
        }
        if out.iter().any(|o| o.id == id) {
            return Err(format!(
                "{}: the label {id:?} is given twice; each player needs its own",
                key("label")
            ));
        }
        let argv = split(&p.command).ok_or_else(|| {
            format!(
                "{}: cannot split {:?} into words",
                key("command"),
                p.command
            )
        })?;
        let log = s
            .out
            .as_ref()
            .map(|d| d.join("logs").join(format!("{id}.log")));
        let mut spec = EngineSpec::new(&id, argv, log);
        spec.labelled = p.label.is_some();
        spec.dir = p.dir.clone();
        spec.env = p.env.clone();
        spec.startup = p.startup.clone();
        spec.trust_claims = p.trust_claims;
        out.push(spec);
    }
    Ok(out)
}

/// The pairs of a tournament file's event (r[ref.event.schedule]).
fn event(s: &Settings, e: &EventSettings, at: &dyn Fn(&str) -> String) -> Result<Event, String> {
    let n = s.players.len();
    let label = |i: usize| s.players[i].label.clone().unwrap_or_default();
    let challenger = match (e.kind, &e.challenger) {
        (Kind::Gauntlet, None) => {
            return Err(format!(
                "{}: a gauntlet names its challenger",
                at("challenger")
            ))
        }
        (Kind::Gauntlet, Some(c)) => (0..n).find(|&i| label(i) == *c).ok_or_else(|| {
            let all: Vec<String> = (0..n).map(label).collect();
            format!(
                "{}: no player is labelled {c:?} (the players: {})",
                at("challenger"),
                all.join(", ")
            )
        })?,
        (_, Some(_)) => {
            return Err(format!("{} is for a gauntlet", at("challenger")));
        }
        (_, None) => 0,
    };
    match e.kind {
        Kind::Match if n != 2 => {
            return Err(format!(
                "{}: a match is between two players; the file names {n}",
                at("kind")
            ))
        }
        _ if n < 2 => {
            return Err(format!(
                "{}: an event needs at least two players; the file names {n}",
                at("kind")
            ))
        }
        _ => {}
    }
    if e.games_per_pair == 0 {
        return Err(format!("{} must be at least 1", at("games_per_pair")));
    }
    // r[ref.event.schedule]: the pairs times the games per pair, checked before the pairs are
    // listed (an all-play-all of n players has n(n-1)/2 of them).
    let pairs = match e.kind {
        Kind::AllPlayAll => n as u64 * (n as u64 - 1) / 2,
        Kind::Gauntlet => n as u64 - 1,
        Kind::Match => 1,
    };
    let what = format!(
        "{} ({} per pair, {pairs} pairs)",
        at("games_per_pair"),
        e.games_per_pair,
    );
    check_games(pairs * u64::from(e.games_per_pair), &what)?;
    Ok(Event::new(e.kind, n, challenger, e.games_per_pair))
}

/// What fixes the schedule and how games are played, as `match.json` records it (not the games,
/// which a resumed event may extend, nor the jobs, timeout or transcripts). The flags' match keeps
/// the keys it always had; an event adds its players and pairing.
fn settings_json(
    s: &Settings,
    size: Size,
    rules: Rules,
    komi: Komi,
    time: Option<TimeControl>,
    handicap: Option<Handicap>,
    openings: &[super::Opening],
) -> serde_json::Value {
    let mut v = serde_json::json!({
        "size": size.to_string(),
        "rules": rules.to_string(),
        "komi": komi.to_string(),
        "alternate": s.alternate,
        "openings": openings.iter().map(|o| o.name.clone()).collect::<Vec<_>>(),
        "time": time.map(|t| t.to_string()),
        "max_turns": s.max_turns,
        "at_limit": s.at_limit,
        "on_fault": s.on_fault,
        "end": s.end,
        "seed": s.seed,
        "sprt": s.sprt,
    });
    match &s.event {
        None => {
            v["black"] = s.players[0].command.clone().into();
            v["white"] = s.players[1].command.clone().into();
        }
        Some(e) => {
            v["kind"] = e.kind.word().into();
            v["challenger"] = e.challenger.clone().into();
            v["players"] = s
                .players
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "label": p.label,
                        "command": p.command,
                        "dir": p.dir,
                        "env": p.env.iter().cloned().collect::<std::collections::BTreeMap<_, _>>(),
                        "startup": p.startup,
                        "trust_claims": p.trust_claims,
                    })
                })
                .collect();
        }
    }
    if let Some(h) = handicap {
        v["handicap"] = serde_json::to_value(h).expect("JSON");
    }
    if s.end == Protocol::Arbiter {
        v["arbiter"] = s.arbiter.clone().into();
        v["arbiter_when"] = serde_json::to_value(s.arbiter_when).expect("JSON");
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_a_shell_splits_them() {
        assert_eq!(
            split(r#"gnugo --mode gtp  --level '1 0' "a\"b" c\ d"#).unwrap(),
            ["gnugo", "--mode", "gtp", "--level", "1 0", "a\"b", "c d"]
        );
        assert_eq!(split("a 'b"), None);
        assert_eq!(split("   "), None);
    }

    #[test]
    fn handicaps_that_do_not_fit_are_refused() {
        let at = |k: &str| format!("--{k}");
        let nine: Size = "9".parse().unwrap();
        let with = |h: &str| Settings {
            handicap: Some(h.into()),
            ..Settings::default()
        };
        let stones = |h: &str| time_and_handicap(&with(h), nine, &at).map(|t| t.1);
        assert_eq!(
            stones("4").unwrap(),
            Some(Handicap {
                stones: 4,
                placement: Placement::Fixed
            })
        );
        let e = stones("1").unwrap_err();
        assert!(e.contains("places no handicap stones"), "{e}");
        let e = stones("10").unwrap_err();
        assert!(e.contains("places at most 9 stones on 9x9"), "{e}");
        let e = time_and_handicap(&with("5"), "8".parse().unwrap(), &at).unwrap_err();
        assert!(
            e.starts_with("--handicap: GTP's fixed handicap has no points"),
            "{e}"
        );
        assert_eq!(
            stones("12 free").unwrap(),
            Some(Handicap {
                stones: 12,
                placement: Placement::Free
            })
        );
        assert!(stones("two").is_err());
        assert!(stones("81 free").is_err());
    }
}
