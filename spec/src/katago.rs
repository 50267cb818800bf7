//! KataGo's rules strings (r[var.katago], r[var.katago.exact], r[var.katago.exact.differences]):
//! reading its names and its compact form into the [`Rules`] that reproduce KataGo, and writing
//! [`Rules`] as the nearest KataGo string together with every difference, so that a game can be run
//! under the same rules in KataGo.

use crate::names::normalise;
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

/// The rules that reproduce KataGo's parameters (r[var.katago.exact]): `SIMPLE` ko ends also on a
/// repeated pass, `AREA` scoring is area with the pass-alive rule, the button starts a new history.
fn katago_rules(
    repetition: Repetition,
    counting: Counting,
    tax: Tax,
    suicide_legal: bool,
    button: bool,
    handicap: HandicapCompensation,
) -> Rules {
    Rules {
        repetition,
        suicide: sui(suicide_legal, repetition),
        counting: match counting {
            Counting::Area | Counting::AreaPassAlive => Counting::AreaPassAlive,
            Counting::Territory => Counting::Territory,
        },
        tax,
        end: match repetition {
            Repetition::SimpleKo => End::RepeatedPass,
            _ => End::TwoPasses,
        },
        first_pass: if button {
            FirstPass::ButtonNewHistory
        } else {
            FirstPass::Nothing
        },
        handicap,
        ..KATAGO_TT
    }
}

/// One of KataGo's named rulesets and the parameters KataGo gives it (r[var.katago.exact]);
/// [`parse`] turns them into the [`Rules`] that reproduce KataGo.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KataGoName {
    /// KataGo's spellings of the name.
    pub names: &'static [&'static str],
    pub ko: Repetition,
    pub score: Counting,
    pub tax: Tax,
    /// `sui1`: multi-stone suicide legal.
    pub suicide_legal: bool,
    /// `button1`.
    pub button: bool,
    pub whb: HandicapCompensation,
    /// KataGo's default komi for the name, in half points.
    pub komi_halves: i64,
}

/// A row of [`KATAGO`], in the order of its columns.
#[allow(clippy::too_many_arguments)]
const fn kg(
    names: &'static [&'static str],
    ko: Repetition,
    score: Counting,
    tax: Tax,
    suicide_legal: bool,
    button: bool,
    whb: HandicapCompensation,
    komi_halves: i64,
) -> KataGoName {
    KataGoName {
        names,
        ko,
        score,
        tax,
        suicide_legal,
        button,
        whb,
        komi_halves,
    }
}

/// KataGo's named rulesets (lightvector.github.io/KataGo/rules.html), as KataGo sets them.
#[rustfmt::skip]
pub const KATAGO: &[KataGoName] = {
    use Counting::{Area, Territory};
    use HandicapCompensation as W;
    use Repetition::{Positional, SimpleKo, Situational};
    use Tax::{AllRegions, SekiRegions};
    &[
        //  KataGo's names                     ko          score      tax          sui1   button whb           komi (halves)
        kg(&["japanese", "korean"],            SimpleKo,    Territory, SekiRegions, false, false, W::None,       13),
        kg(&["chinese"],                       SimpleKo,    Area,      Tax::None,   false, false, W::N,          15),
        kg(&["chinese-ogs", "chinese-kgs"],    Positional,  Area,      Tax::None,   false, false, W::N,          15),
        kg(&["ancient-area", "stone-scoring"], SimpleKo,    Area,      AllRegions,  false, false, W::None,       15),
        kg(&["ancient-territory"],             SimpleKo,    Territory, AllRegions,  false, false, W::None,       13),
        kg(&["aga-button"],                    Situational, Area,      Tax::None,   false, true,  W::NMinusOne,  14),
        kg(&["aga", "bga", "french"],          Situational, Area,      Tax::None,   false, false, W::NMinusOne,  15),
        kg(&["nz", "new-zealand"],             Situational, Area,      Tax::None,   true,  false, W::None,       15),
        kg(&["tromp-taylor"],                  Positional,  Area,      Tax::None,   true,  false, W::None,       15),
        kg(&["goe", "ing"],                    Positional,  Area,      Tax::None,   true,  false, W::None,       15),
    ]
};

/// The KataGo name `name` spells ([`normalise`]d as every name is). A name with a `/` is none of
/// KataGo's (its names have none; r[var.katago.exact]).
pub fn katago_named(name: &str) -> Option<&'static KataGoName> {
    if name.contains('/') {
        return None;
    }
    let norm = normalise(name);
    KATAGO
        .iter()
        .find(|k| k.names.iter().any(|n| normalise(n) == norm))
}

/// The parameters KataGo gives its named rulesets (the table [`KATAGO`]), and the
/// komi it gives them.
fn named(name: &str) -> Option<(Rules, Option<Komi>)> {
    let k = katago_named(name)?;
    Some((
        katago_rules(k.ko, k.score, k.tax, k.suicide_legal, k.button, k.whb),
        komi(k.komi_halves),
    ))
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
    if let Some(found) = named(s) {
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
                // r[var.katago.tax.regions]
                Tax::SekiRegions
            } else if c.take("ALL") {
                Tax::AllRegions
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
        Counting::Territory => Tax::SekiRegions,
        Counting::Area | Counting::AreaPassAlive => Tax::None,
    });
    Ok((
        katago_rules(ko, counting, tax, suicide_legal, button, whb),
        komi,
    ))
}

/// r[var.katago.tax.regions]: the difference named for the blocks taxes.
pub const TAX_DIFFERENCE: &str = "the seki and group taxes by blocks: KataGo reads independent-life regions (r[var.tax.ilr], tax=seki-regions or all-regions), these rules blocks and seki regions (r[var.territory.seki]); they differ when a dame is left open or a chain is in atari";

/// The nearest KataGo compact string for `rules` (with `komi` appended when given), and every way
/// KataGo's reading of that string differs from `rules` (r[var.katago.exact.differences]). An
/// empty list means KataGo plays exactly these rules.
pub fn write(rules: &Rules, komi: Option<Komi>) -> (String, Vec<&'static str>) {
    let mut diffs = Vec::new();
    let ko = match rules.repetition {
        Repetition::Positional => "POSITIONAL",
        Repetition::Situational => "SITUATIONAL",
        Repetition::NaturalSituational => {
            diffs.push("natural situational superko has no KataGo equal; written as SITUATIONAL");
            "SITUATIONAL"
        }
        Repetition::SimpleKo => "SIMPLE",
    };
    match (rules.repetition, rules.end) {
        (Repetition::SimpleKo, End::TwoPasses) => diffs.push(
            "simple ko: KataGo also ends the game when a player passes again from a colouring she passed from (r[var.end.repeated-pass])",
        ),
        (Repetition::NaturalSituational, End::RepeatedPass) => diffs.push(
            "the repeated-pass end under natural situational superko has no KataGo equal",
        ),
        (_, End::WhitePassesLast) => {
            diffs.push("White passes last has no KataGo equal (it changes when the game ends)")
        }
        // Under positional and situational superko the repeated-pass end never comes first
        // (r[var.end.repeated-pass]).
        _ => {}
    }
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
        Counting::AreaPassAlive => "AREA",
        Counting::Area => {
            diffs.push("area counting: KataGo counts the stones standing in the opponent's pass-alive territory for its owner (r[var.count.area.pass-alive]); written AREA");
            "AREA"
        }
        Counting::Territory => {
            diffs.push("territory counting: KataGo plays cleanup phases on the board, ttrules scores the stones agreed dead");
            "TERRITORY"
        }
    };
    let tax = match rules.tax {
        Tax::None => "NONE",
        Tax::SekiRegions => "SEKI",
        Tax::AllRegions => "ALL",
        // r[var.katago.tax.regions]: the blocks taxes are KataGo's only by name.
        Tax::Seki | Tax::All => {
            diffs.push(TAX_DIFFERENCE);
            if rules.tax == Tax::Seki {
                "SEKI"
            } else {
                "ALL"
            }
        }
    };
    if rules.pass_stones == PassStones::OnePerPass {
        diffs.push("pass stones have no KataGo equal (they change prisoners, not area scores)");
    }
    let button = match rules.first_pass {
        FirstPass::Nothing => "",
        FirstPass::ButtonNewHistory => "button1",
        FirstPass::Button => {
            diffs.push("the button without a new history: KataGo's button also starts a new history (r[var.first-pass.button.new-history]); written button1");
            "button1"
        }
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
    fn names_map_to_katago_s_parameters() {
        let ours = |n: &str| Rules::by_name(n).unwrap();
        // r[var.katago.tax.regions]: KataGo's taxes are the regions taxes.
        let regions = |t: Tax| match t {
            Tax::Seki => Tax::SekiRegions,
            Tax::All => Tax::AllRegions,
            t => t,
        };
        let katago_reading = |r: Rules| Rules {
            counting: Counting::AreaPassAlive,
            tax: regions(r.tax),
            end: if r.repetition == Repetition::SimpleKo {
                End::RepeatedPass
            } else {
                End::TwoPasses
            },
            ..r
        };
        assert_eq!(parse("chinese").unwrap().0, katago_reading(ours("chinese")));
        assert_eq!(
            parse("chinese-ogs").unwrap().0,
            katago_reading(ours("chinese-superko"))
        );
        assert_eq!(
            parse("stone_scoring").unwrap().0,
            katago_reading(ours("ancient-chinese"))
        );
        assert_eq!(parse("NZ").unwrap().0, katago_reading(ours("new-zealand")));
        assert_eq!(
            parse("tromp-taylor").unwrap().0,
            katago_reading(Rules::TROMP_TAYLOR)
        );
        let japanese = Rules {
            end: End::RepeatedPass,
            tax: Tax::SekiRegions,
            ..ours("japanese")
        };
        assert_eq!(parse("Japanese").unwrap().0, japanese);
        assert_ne!(parse("aga").unwrap().0, ours("aga"));
        assert_ne!(parse("ing").unwrap().0, ours("ing"));
        assert_eq!(parse("aga").unwrap().1.unwrap().to_string(), "7.5");
        assert_eq!(
            parse("aga-button").unwrap().0.first_pass,
            FirstPass::ButtonNewHistory
        );
        for n in Rules::NAMED {
            assert!(
                !write(&n.rules, None).1.is_empty(),
                "{} is no KataGo ruleset (area counting without the pass-alive rule, or more)",
                n.name
            );
        }
    }

    #[test]
    fn compact_strings_round_trip() {
        // Every combination that KataGo plays exactly reads back as itself; every other one has
        // a difference.
        let mut exact = 0;
        for r in Rules::all() {
            let (s, diffs) = write(&r, Some(Komi::ZERO));
            let (back, komi) = parse(&s).unwrap();
            assert_eq!(komi, Some(Komi::ZERO), "{s}");
            // Under positional and situational superko the repeated-pass end is the two-pass end
            // (r[var.end.repeated-pass]), and under positional superko suicide allowed is
            // multi-stone only (r[var.katago]): KataGo's string names one of each pair.
            let same_game = |a: Rules| {
                let mut a = a;
                let superko = matches!(
                    a.repetition,
                    Repetition::Positional | Repetition::Situational
                );
                if superko && a.end == End::RepeatedPass {
                    a.end = End::TwoPasses;
                }
                if a.repetition == Repetition::Positional && a.suicide == Suicide::MultiStoneOnly {
                    a.suicide = Suicide::Allowed;
                }
                a
            };
            if diffs.is_empty() {
                exact += 1;
                assert_eq!(back, same_game(r), "{s}");
            } else if r.counting != Counting::Territory {
                // (Territory counting reads back as itself: its difference is the cleanup
                // phases, which no parameter has.)
                assert_ne!(back, r, "{s}: {diffs:?}");
            }
        }
        assert!(exact > 0);
        assert_eq!(
            write(&parse("koPOSITIONALscoreAREAtaxNONEsui1").unwrap().0, None),
            ("koPOSITIONALscoreAREAtaxNONEsui1".to_string(), vec![])
        );
        assert_eq!(write(&Rules::TROMP_TAYLOR, None).1.len(), 1);
    }

    #[test]
    fn compact_defaults_and_errors() {
        let (r, k) = parse("koSIMPLEscoreTERRITORYsui0komi6.5").unwrap();
        assert_eq!(r.tax, Tax::SekiRegions);
        // r[var.katago.tax.regions]: KataGo's taxes are the regions taxes, written back exactly;
        // the blocks taxes are written with their difference named.
        for (s, tax) in [
            ("koPOSITIONALscoreAREAtaxSEKIsui1", Tax::SekiRegions),
            ("koPOSITIONALscoreAREAtaxALLsui1", Tax::AllRegions),
            ("stone-scoring", Tax::AllRegions),
            ("japanese", Tax::SekiRegions),
        ] {
            let rules = parse(s).unwrap().0;
            assert_eq!(rules.tax, tax, "{s}");
            assert!(!write(&rules, None).1.contains(&TAX_DIFFERENCE), "{s}");
            let blocks = Rules {
                tax: if tax == Tax::SekiRegions {
                    Tax::Seki
                } else {
                    Tax::All
                },
                ..rules
            };
            assert!(write(&blocks, None).1.contains(&TAX_DIFFERENCE), "{s}");
        }
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
