//! Reading vector files: the TOML shapes, their checks, and the folder loader.

use super::{Attempt, Expect, Expected, Vector, VectorError};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use ttrules_spec::clause::Clause;
use ttrules_spec::colour::Player;
use ttrules_spec::grid::Grid;
use ttrules_spec::life::PassAlive;
use ttrules_spec::moves::Move;
use ttrules_spec::point::{Point, Size};
use ttrules_spec::rules::{Komi, Rules};
use ttrules_spec::score::{HalfPoints, Prisoners, Score};
use ttrules_spec::setup::Setup;
use ttrules_spec::verdict::Illegal;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    vector: Vec<RawVector>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawNumber {
    Int(i64),
    Float(f64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScore {
    black: RawNumber,
    white: RawNumber,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCount {
    black: u32,
    white: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPassAlive {
    black: Vec<String>,
    white: Vec<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawRules {
    Name(String),
    Table(BTreeMap<String, String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    grid: Vec<String>,
    to_move: Option<String>,
    handicap: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVector {
    name: String,
    description: Option<String>,
    clauses: Vec<String>,
    size: Option<String>,
    rules: Option<RawRules>,
    komi: Option<RawNumber>,
    setup: Option<RawSetup>,
    moves: Vec<String>,
    dead: Option<Vec<String>>,
    over: Option<bool>,
    to_move: Option<String>,
    passes: Option<u32>,
    grid: Option<Vec<String>>,
    score: Option<RawScore>,
    result: Option<String>,
    legal: Option<Vec<String>>,
    prisoners: Option<RawCount>,
    first_passer: Option<String>,
    handicap: Option<u32>,
    void: Option<bool>,
    pass_alive: Option<RawPassAlive>,
}

fn half_points(n: &RawNumber) -> Result<HalfPoints, String> {
    match n {
        RawNumber::Int(i) => Ok(HalfPoints::points(*i)),
        RawNumber::Float(f) => {
            HalfPoints::from_f64(*f).ok_or_else(|| format!("{f} is not a multiple of 0.5"))
        }
        RawNumber::Text(s) => s.parse().map_err(|e| format!("{e}")),
    }
}

/// Reads one attempt: `B D4`, `W pass`, `W A1 captures 3`, `B A1 suicides 2`,
/// `W B3 illegal repetition`.
fn parse_attempt(s: &str) -> Result<Attempt, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let (colour, mv, rest) = match words.as_slice() {
        [c, m, rest @ ..] => (*c, *m, rest),
        _ => {
            return Err(format!(
                "attempt {s:?}: expected a colour and a move, e.g. \"B D4\""
            ))
        }
    };
    let player =
        Player::parse(colour).ok_or_else(|| format!("attempt {s:?}: {colour:?} is not B or W"))?;
    let mv = Move::parse_gtp(mv).map_err(|e| format!("attempt {s:?}: {e}"))?;
    let illegal = |reason: &str, clause: Option<&str>| -> Result<Expected, String> {
        if !Illegal::is_reason(reason) {
            return Err(format!("attempt {s:?}: unknown reason {reason:?}"));
        }
        let clause = match clause {
            Some(id) => Some(
                Clause::from_id(id)
                    .ok_or_else(|| format!("attempt {s:?}: unknown clause {id:?}"))?,
            ),
            None => None,
        };
        Ok(Expected::Illegal {
            reason: reason.to_string(),
            clause,
        })
    };
    let expected = match rest {
        [] => Expected::Legal {
            captured: None,
            suicided: None,
        },
        ["illegal", reason] => illegal(reason, None)?,
        ["illegal", reason, clause] => illegal(reason, Some(clause))?,
        pairs if pairs.len() % 2 == 0 => {
            let mut captured = None;
            let mut suicided = None;
            for pair in pairs.chunks(2) {
                let n: usize = pair[1]
                    .parse()
                    .map_err(|_| format!("attempt {s:?}: {:?} is not a count", pair[1]))?;
                match pair[0] {
                    "captures" => captured = Some(n),
                    "suicides" => suicided = Some(n),
                    other => return Err(format!("attempt {s:?}: unknown word {other:?}")),
                }
            }
            Expected::Legal { captured, suicided }
        }
        _ => return Err(format!("attempt {s:?}: cannot read what follows the move")),
    };
    Ok(Attempt {
        player,
        mv,
        expected,
    })
}

/// The player `c` names (`B` or `W`), or an error naming the key `what` it was read from.
fn parse_player(what: &str, c: &str) -> Result<Player, String> {
    Player::parse(c).ok_or_else(|| format!("{what} {c:?} is not B or W"))
}

/// The points `points` names in GTP coordinates on a board of `size`; errors name the key `what`.
fn gtp_points(what: &str, points: &[String], size: Size) -> Result<Vec<Point>, String> {
    points
        .iter()
        .map(|p| Point::parse_gtp_on(p, size).map_err(|e| format!("{what}: {e}")))
        .collect()
}

/// The rules a vector's `rules` key names (Tromp-Taylor when absent), with the komi the name
/// implies when it is a ruleset's name (none for a table of parameters).
fn parse_rules(raw: Option<&RawRules>) -> Result<(Rules, Option<Komi>), String> {
    match raw {
        None => Ok((Rules::TROMP_TAYLOR, Some(Komi::ZERO))),
        Some(RawRules::Name(name)) => ttrules_spec::any_name::rules_by_any_name(name),
        Some(RawRules::Table(params)) => {
            let mut rules = match params.get("base") {
                Some(base) => ttrules_spec::any_name::rules_by_any_name(base)?.0,
                None => Rules::TROMP_TAYLOR,
            };
            for (k, v) in params.iter().filter(|(k, _)| *k != "base") {
                rules.set(k, v).map_err(|e| format!("rules: {e}"))?;
            }
            Ok((rules, None))
        }
    }
}

/// The starting position of a vector's `setup` table (the empty board of `size` when absent).
fn parse_setup(raw: Option<&RawSetup>, size: Size) -> Result<Setup, String> {
    Ok(match raw {
        None => Setup::empty(size),
        Some(raw) => Setup {
            grid: Grid::from_rows(size, &raw.grid).map_err(|e| format!("setup grid: {e}"))?,
            to_move: match &raw.to_move {
                Some(c) => parse_player("setup to_move", c)?,
                None => Player::Black,
            },
            handicap: raw.handicap.unwrap_or(0),
        },
    })
}

impl RawVector {
    fn parse(self, file: &Path) -> Result<Vector, VectorError> {
        let invalid = |message: String| VectorError::Invalid {
            file: file.to_path_buf(),
            name: self.name.clone(),
            message,
        };
        if self.clauses.is_empty() {
            return Err(invalid("cites no clause".into()));
        }
        let clauses = self
            .clauses
            .iter()
            .map(|id| {
                Clause::from_id(id)
                    .ok_or_else(|| invalid(format!("cites {id:?}, which spec/RULES.md lacks")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let size = match &self.size {
            Some(s) => s.parse().map_err(|e| invalid(format!("{e}")))?,
            None => Size::STANDARD,
        };
        let (rules, named_komi) = parse_rules(self.rules.as_ref()).map_err(&invalid)?;
        let komi = match &self.komi {
            Some(k) => Komi::new(half_points(k).map_err(|e| invalid(format!("komi: {e}")))?),
            None => named_komi.unwrap_or(Komi::ZERO),
        };
        let setup = parse_setup(self.setup.as_ref(), size).map_err(&invalid)?;
        let dead = match &self.dead {
            Some(points) => gtp_points("dead", points, size).map_err(&invalid)?,
            None => Vec::new(),
        };
        let attempts = self
            .moves
            .iter()
            .map(|m| parse_attempt(m).map_err(&invalid))
            .collect::<Result<Vec<_>, _>>()?;
        let expect = self.expect(size).map_err(&invalid)?;
        if expect == Expect::default() && attempts.is_empty() {
            return Err(invalid("has no moves and expects nothing".into()));
        }
        Ok(Vector {
            name: self.name,
            file: file.to_path_buf(),
            description: self.description,
            clauses,
            size,
            rules,
            komi,
            setup,
            dead,
            attempts,
            expect,
        })
    }

    /// What the vector expects after its moves, every key read on a board of `size`
    /// (an absent key expects nothing).
    fn expect(&self, size: Size) -> Result<Expect, String> {
        let to_move = match &self.to_move {
            Some(c) => Some(parse_player("to_move", c)?),
            None => None,
        };
        let first_passer = match self.first_passer.as_deref() {
            None => None,
            Some("none") => Some(None),
            Some(c) => Some(Some(parse_player("first_passer", c)?)),
        };
        let grid = match &self.grid {
            Some(rows) => Some(Grid::from_rows(size, rows).map_err(|e| format!("grid: {e}"))?),
            None => None,
        };
        let score = match &self.score {
            Some(s) => Some(Score {
                black: half_points(&s.black).map_err(|e| format!("score: {e}"))?,
                white: half_points(&s.white).map_err(|e| format!("score: {e}"))?,
            }),
            None => None,
        };
        let legal = match &self.legal {
            Some(points) => Some(gtp_points("legal", points, size)?),
            None => None,
        };
        let pass_alive = match &self.pass_alive {
            Some(raw) => Some(PassAlive::new(
                gtp_points("pass_alive black", &raw.black, size)?,
                gtp_points("pass_alive white", &raw.white, size)?,
            )),
            None => None,
        };
        Ok(Expect {
            over: self.over,
            to_move,
            passes: self.passes,
            grid,
            score,
            result: self.result.clone(),
            legal,
            prisoners: self.prisoners.as_ref().map(|p| Prisoners {
                black: p.black,
                white: p.white,
            }),
            first_passer,
            handicap: self.handicap,
            void: self.void,
            pass_alive,
        })
    }
}

/// Reads the vectors of one TOML text (`file` names it in errors).
pub fn parse_file(text: &str, file: &Path) -> Result<Vec<Vector>, VectorError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| VectorError::Toml {
        file: file.to_path_buf(),
        message: e.to_string(),
    })?;
    raw.vector.into_iter().map(|v| v.parse(file)).collect()
}

/// Reads every `*.toml` file in `dir` but `Cargo.toml` (found by listing the folder, in name
/// order) and checks that vector names are unique.
pub fn load_dir(dir: &Path) -> Result<Vec<Vector>, VectorError> {
    let io = |source| VectorError::Io {
        file: dir.to_path_buf(),
        source,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    // `Cargo.toml` is the manifest of the `ttrules-vectors` package that lives in this folder.
    files.retain(|f| {
        f.extension().is_some_and(|e| e == "toml")
            && f.file_name().is_some_and(|n| n != "Cargo.toml")
    });
    files.sort();
    let texts = files.into_iter().map(|file| {
        std::fs::read_to_string(&file)
            .map(|text| (file.clone(), text))
            .map_err(|source| VectorError::Io { file, source })
    });
    load_texts(texts)
}

/// Reads the vectors of `(file, text)` pairs, in order, and checks that vector names are unique.
pub(crate) fn load_texts(
    texts: impl IntoIterator<Item = Result<(PathBuf, String), VectorError>>,
) -> Result<Vec<Vector>, VectorError> {
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut all = Vec::new();
    for entry in texts {
        let (file, text) = entry?;
        for v in parse_file(&text, &file)? {
            if let Some(first) = seen.insert(v.name.clone(), file.clone()) {
                return Err(VectorError::Duplicate {
                    name: v.name,
                    first,
                    second: file,
                });
            }
            all.push(v);
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_parse() {
        let a = parse_attempt("W A1 captures 3").unwrap();
        assert_eq!(a.player, Player::White);
        assert_eq!(
            a.expected,
            Expected::Legal {
                captured: Some(3),
                suicided: None
            }
        );
        let a = parse_attempt("b pass").unwrap();
        assert_eq!(a.mv, Move::Pass);
        let a = parse_attempt("W B3 illegal repetition").unwrap();
        assert_eq!(
            a.expected,
            Expected::Illegal {
                reason: "repetition".into(),
                clause: None
            }
        );
        let a = parse_attempt("W B3 illegal repetition var.ko.situational").unwrap();
        assert_eq!(
            a.expected,
            Expected::Illegal {
                reason: "repetition".into(),
                clause: Some(Clause::VarKoSituational)
            }
        );
        for bad in [
            "B",
            "X D4",
            "B D4 illegal",
            "B D4 illegal nonsense",
            "B D4 captures x",
        ] {
            assert!(parse_attempt(bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn unknown_clauses_and_fields_are_errors() {
        let file = Path::new("t.toml");
        let bad_clause = "[[vector]]\nname='a'\nclauses=['tt.nope']\nmoves=['B pass']\n";
        assert!(matches!(
            parse_file(bad_clause, file),
            Err(VectorError::Invalid { .. })
        ));
        let bad_field = "[[vector]]\nname='a'\nclauses=['tt.end']\nmoves=[]\nwho='x'\n";
        assert!(matches!(
            parse_file(bad_field, file),
            Err(VectorError::Toml { .. })
        ));
        let ok = "[[vector]]\nname='a'\nclauses=['tt.end']\nsize='2x1'\nkomi=0.5\nmoves=['B pass']\ngrid=['..']\n";
        let v = &parse_file(ok, file).unwrap()[0];
        assert_eq!(v.komi.to_string(), "0.5");
        assert_eq!(v.size, Size::new(2, 1).unwrap());
    }
}
