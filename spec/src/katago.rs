//! KataGo's rules strings (r[var.katago], r[var.katago.differences]): reading its names and its
//! compact form into [`Rules`], and writing [`Rules`] as the nearest KataGo string together with
//! every difference, so that a game can be run under the same rules in KataGo.

use crate::rules::{
    Counting, End, FirstPass, HandicapCompensation, Komi, PassStones, Repetition, Rules, Suicide,
    Tax, Ties,
};

/// A string that is not a KataGo rules string ttrules can read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KataGoError {
    #[error("{0:?} is not a KataGo rules name or compact rules string (e.g. japanese, koPOSITIONALscoreAREAtaxNONEsui1)")]
    Syntax(String),
    #[error("KataGo's ko rule SPIGHT has no equal in ttrules (r[var.katago])")]
    Spight,
    #[error("{0}")]
    Komi(String),
}

const KATAGO_TT: Rules = Rules::TROMP_TAYLOR;

fn komi(h: i64) -> Option<Komi> {
    Some(Komi::new(crate::HalfPoints::halves(h)))
}

/// The parameters KataGo gives its named rulesets, and the komi it gives them.
fn named(norm: &str) -> Option<(Rules, Option<Komi>)> {
    let katago = |repetition, counting, tax, suicide_legal: bool, button: bool, whb| Rules {
        repetition,
        suicide: sui(suicide_legal, repetition),
        counting,
        tax,
        first_pass: if button {
            FirstPass::Button
        } else {
            FirstPass::Nothing
        },
        handicap: whb,
        ..KATAGO_TT
    };
    use Counting::*;
    use HandicapCompensation as W;
    use Repetition::*;
    Some(match norm {
        "japanese" | "korean" => (
            katago(SimpleKo, Territory, Tax::Seki, false, false, W::None),
            komi(13),
        ),
        "chinese" => (
            katago(SimpleKo, Area, Tax::None, false, false, W::N),
            komi(15),
        ),
        "chineseogs" | "chinesekgs" => (
            katago(Positional, Area, Tax::None, false, false, W::N),
            komi(15),
        ),
        "ancientarea" | "stonescoring" => (
            katago(SimpleKo, Area, Tax::All, false, false, W::None),
            komi(15),
        ),
        "ancientterritory" => (
            katago(SimpleKo, Territory, Tax::All, false, false, W::None),
            komi(13),
        ),
        "agabutton" => (
            katago(Situational, Area, Tax::None, false, true, W::NMinusOne),
            komi(14),
        ),
        "aga" | "bga" | "french" => (
            katago(Situational, Area, Tax::None, false, false, W::NMinusOne),
            komi(15),
        ),
        "nz" | "newzealand" => (
            katago(Situational, Area, Tax::None, true, false, W::None),
            komi(15),
        ),
        "tromptaylor" => (
            katago(Positional, Area, Tax::None, true, false, W::None),
            komi(15),
        ),
        "goe" | "ing" => (
            katago(Positional, Area, Tax::None, true, false, W::None),
            komi(15),
        ),
        _ => return None,
    })
}

/// KataGo's `sui1` is suicide allowed under positional superko (where it is the same legality as
/// multi-stone only) and multi-stone only otherwise (r[var.katago]).
fn sui(legal: bool, repetition: Repetition) -> Suicide {
    match (legal, repetition) {
        (false, _) => Suicide::Forbidden,
        (true, Repetition::Positional) => Suicide::Allowed,
        (true, _) => Suicide::MultiStoneOnly,
    }
}

/// Reads a KataGo rules name (`japanese`, `chinese-ogs`, `stone-scoring`, …) or compact string
/// (`koSITUATIONALscoreAREAtaxNONEsui0whbN-1komi7.5`). Returns the rules and the komi the string
/// names, if any (KataGo's names carry KataGo's default komi).
pub fn parse(s: &str) -> Result<(Rules, Option<Komi>), KataGoError> {
    let norm: String = s
        .trim()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    if let Some(found) = named(&norm) {
        return Ok(found);
    }
    parse_compact(s.trim())
}

/// A cursor over a compact rules string.
struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    /// Consumes `prefix` (ASCII case-insensitive) if the rest starts with it.
    fn take(&mut self, prefix: &str) -> bool {
        let ok = self.rest.len() >= prefix.len()
            && self.rest.is_char_boundary(prefix.len())
            && self.rest[..prefix.len()].eq_ignore_ascii_case(prefix);
        if ok {
            self.rest = &self.rest[prefix.len()..];
        }
        ok
    }

    fn one_or_zero(&mut self) -> Option<bool> {
        if self.take("1") {
            Some(true)
        } else if self.take("0") {
            Some(false)
        } else {
            None
        }
    }

    /// Consumes a number: everything up to the next letter or space.
    fn number(&mut self) -> &'a str {
        let end = self
            .rest
            .find(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
            .unwrap_or(self.rest.len());
        let (n, rest) = self.rest.split_at(end);
        self.rest = rest;
        n
    }
}

fn parse_compact(s: &str) -> Result<(Rules, Option<Komi>), KataGoError> {
    let syntax = || KataGoError::Syntax(s.to_string());
    if s.is_empty() {
        return Err(syntax());
    }
    let mut c = Cursor { rest: s };
    let mut ko = Repetition::Positional;
    let mut counting = Counting::Area;
    let mut tax = None;
    let mut suicide_legal = true;
    let mut button = false;
    let mut whb = HandicapCompensation::None;
    let mut komi = None;
    while !c.rest.is_empty() {
        if c.take("komi") {
            let k: Komi = c
                .number()
                .parse()
                .map_err(|e: crate::rules::KomiError| KataGoError::Komi(e.to_string()))?;
            komi = Some(k);
        } else if c.take("ko") {
            ko = if c.take("SIMPLE") {
                Repetition::SimpleKo
            } else if c.take("POSITIONAL") {
                Repetition::Positional
            } else if c.take("SITUATIONAL") {
                Repetition::Situational
            } else if c.take("SPIGHT") {
                return Err(KataGoError::Spight);
            } else {
                return Err(syntax());
            };
        } else if c.take("scoring") || c.take("score") {
            counting = if c.take("AREA") {
                Counting::Area
            } else if c.take("TERRITORY") {
                Counting::Territory
            } else {
                return Err(syntax());
            };
        } else if c.take("tax") {
            tax = Some(if c.take("NONE") {
                Tax::None
            } else if c.take("SEKI") {
                Tax::Seki
            } else if c.take("ALL") {
                Tax::All
            } else {
                return Err(syntax());
            });
        } else if c.take("sui") {
            suicide_legal = c.one_or_zero().ok_or_else(syntax)?;
        } else if c.take("button") {
            button = c.one_or_zero().ok_or_else(syntax)?;
        } else if c.take("whb") {
            whb = if c.take("N-1") {
                HandicapCompensation::NMinusOne
            } else if c.take("N") {
                HandicapCompensation::N
            } else if c.take("0") {
                HandicapCompensation::None
            } else {
                return Err(syntax());
            };
        } else if c.take("fpok") {
            // r[var.katago]: friendly pass changes nothing about legality or score.
            c.one_or_zero().ok_or_else(syntax)?;
        } else {
            return Err(syntax());
        }
    }
    let tax = tax.unwrap_or(match counting {
        Counting::Territory => Tax::Seki,
        Counting::Area => Tax::None,
    });
    let rules = Rules {
        repetition: ko,
        suicide: sui(suicide_legal, ko),
        counting,
        tax,
        first_pass: if button {
            FirstPass::Button
        } else {
            FirstPass::Nothing
        },
        handicap: whb,
        ..KATAGO_TT
    };
    Ok((rules, komi))
}

/// The nearest KataGo compact string for `rules` (with `komi` appended when given), and every way
/// KataGo's reading of that string differs from `rules` (r[var.katago.differences]). An empty list
/// means KataGo plays exactly these rules.
pub fn write(rules: &Rules, komi: Option<Komi>) -> (String, Vec<&'static str>) {
    let mut diffs = Vec::new();
    let ko = match rules.repetition {
        Repetition::Positional => "POSITIONAL",
        Repetition::Situational => "SITUATIONAL",
        Repetition::NaturalSituational => {
            diffs.push("natural situational superko has no KataGo equal; written as SITUATIONAL");
            "SITUATIONAL"
        }
        Repetition::SimpleKo => {
            diffs.push("simple ko: KataGo also ends the phase when a player passes twice from the same state");
            "SIMPLE"
        }
    };
    let sui = match rules.suicide {
        Suicide::Forbidden => "0",
        Suicide::MultiStoneOnly => "1",
        Suicide::Allowed => {
            if rules.repetition != Repetition::Positional {
                diffs.push("suicide allowed: KataGo never allows single-stone suicide, which is legal here under this repetition rule; written sui1");
            }
            "1"
        }
    };
    let score = match rules.counting {
        Counting::Area => "AREA",
        Counting::Territory => {
            diffs.push("territory counting: KataGo plays cleanup phases on the board, ttrules scores the stones agreed dead");
            "TERRITORY"
        }
    };
    let tax = match rules.tax {
        Tax::None => "NONE",
        Tax::Seki => "SEKI",
        Tax::All => "ALL",
    };
    if rules.pass_stones == PassStones::OnePerPass {
        diffs.push("pass stones have no KataGo equal (they change prisoners, not area scores)");
    }
    if rules.end == End::WhitePassesLast {
        diffs.push("White passes last has no KataGo equal (it changes when the game ends)");
    }
    let button = match rules.first_pass {
        FirstPass::Nothing => "",
        FirstPass::Button => "button1",
        FirstPass::TieBreak => {
            diffs.push("the first-pass tie-break has no KataGo equal");
            ""
        }
        FirstPass::Msg => {
            diffs.push("MSG's first-pass transfer has no KataGo equal (with komi 0.5 more, button1 gives the same margins)");
            ""
        }
    };
    if rules.ties == Ties::BlackWins {
        diffs.push("Black winning ties has no KataGo equal");
    }
    let whb = match rules.handicap {
        HandicapCompensation::None => "",
        HandicapCompensation::N => "whbN",
        HandicapCompensation::NMinusOne => "whbN-1",
    };
    let mut s = format!("ko{ko}score{score}tax{tax}sui{sui}{button}{whb}");
    if let Some(k) = komi {
        s.push_str(&format!("komi{k}"));
    }
    (s, diffs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_ours_where_the_spec_says() {
        let ours = |n: &str| Rules::by_name(n).unwrap();
        assert_eq!(parse("Japanese").unwrap().0, ours("japanese"));
        assert_eq!(parse("chinese").unwrap().0, ours("chinese"));
        assert_eq!(parse("chinese-ogs").unwrap().0, ours("chinese-superko"));
        assert_eq!(parse("stone_scoring").unwrap().0, ours("ancient-chinese"));
        assert_eq!(parse("NZ").unwrap().0, ours("new-zealand"));
        assert_eq!(parse("tromp-taylor").unwrap().0, Rules::TROMP_TAYLOR);
        assert_ne!(parse("aga").unwrap().0, ours("aga"));
        assert_ne!(parse("ing").unwrap().0, ours("ing"));
        assert_eq!(parse("aga").unwrap().1.unwrap().to_string(), "7.5");
    }

    #[test]
    fn compact_strings_round_trip() {
        for n in Rules::NAMED {
            let (s, diffs) = write(&n.rules, Some(n.komi));
            let (back, komi) = parse(&s).unwrap();
            assert_eq!(komi, Some(n.komi), "{s}");
            if diffs.is_empty() {
                assert_eq!(back, n.rules, "{} as {s}", n.name);
            }
        }
        assert_eq!(
            write(&Rules::TROMP_TAYLOR, None),
            ("koPOSITIONALscoreAREAtaxNONEsui1".to_string(), vec![])
        );
    }

    #[test]
    fn compact_defaults_and_errors() {
        let (r, k) = parse("koSIMPLEscoreTERRITORYsui0komi6.5").unwrap();
        assert_eq!(r.tax, Tax::Seki);
        assert_eq!(k.unwrap().to_string(), "6.5");
        assert_eq!(
            parse("koSITUATIONALsui1").unwrap().0.suicide,
            Suicide::MultiStoneOnly
        );
        assert_eq!(parse("koSPIGHTscoreAREA"), Err(KataGoError::Spight));
        assert!(parse("koWHATEVER").is_err());
        assert!(parse("").is_err());
        assert!(parse("komi6.3").is_err());
        assert!(parse("scoreAREAfpok1button1").is_ok());
        assert!(parse("ko").is_err());
        assert!(parse("käse").is_err());
    }
}
