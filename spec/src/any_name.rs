//! The one reader of a ruleset name, whatever names it: our names and the `RU` spellings of
//! records (r[rec.rules], r[var.rulesets]), KataGo's names and compact strings (r[var.katago.exact]),
//! the full parameter list; and KGS's name for a ruleset. Every crate reads names here, whether the
//! name comes from a record, a command line, a vector or an engine. The tables are in
//! [`crate::names`] (strings) and [`crate::katago`] (KataGo's parameters).

use crate::names::{normalise, KGS, SPELLINGS};
use crate::rules::{Komi, Rules};

/// KGS's name for `rules`, when one of [`KGS`] names exactly these parameters.
pub fn kgs_name(rules: Rules) -> Option<&'static str> {
    KGS.iter()
        .find(|(_, ours)| Rules::by_name(ours) == Some(rules))
        .map(|(kgs, _)| *kgs)
}

/// Reads a ruleset as vectors and tools name it: our names (and SGF spellings) first, then
/// KataGo's names and compact strings. Returns the rules and the komi the name carries.
///
/// A third form, the full parameter list `repetition=positional suicide=allowed …` that
/// [`Rules::describe`] writes (parameters left out keep their Tromp-Taylor value), is read too.
pub fn rules_by_any_name(name: &str) -> Result<(Rules, Option<Komi>), String> {
    if let Some(n) = spelled(name).or_else(|| Rules::named(name)) {
        return Ok((n.rules, Some(n.komi)));
    }
    if name.contains('=') {
        let mut rules = Rules::TROMP_TAYLOR;
        for pair in name.split_whitespace() {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| format!("rules {name:?}: {pair:?} is not name=value"))?;
            rules
                .set(k, v)
                .map_err(|e| format!("rules {name:?}: {e}"))?;
        }
        return Ok((rules, None));
    }
    crate::katago::parse(name).map_err(|e| format!("unknown rules {name:?}: {e}"))
}

/// The ruleset an `RU` value names, with the komi that name carries.
pub fn read_rules(value: &str) -> Result<(Rules, Option<Komi>), String> {
    rules_by_any_name(value.trim())
}

/// The named ruleset an `RU` spelling of [`SPELLINGS`] names (r[rec.rules]).
///
/// Note: the spellings are normalised once, into strings; equal strings are equal sequences
/// of characters, so comparing them with the value's normalised string finds the entry the
/// comparison of the two sequences found.
fn spelled(value: &str) -> Option<&'static crate::rules::Named> {
    static NORMALISED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let spellings =
        NORMALISED.get_or_init(|| SPELLINGS.iter().map(|(s, _)| normalise(s)).collect());
    let norm = normalise(value);
    spellings
        .iter()
        .zip(SPELLINGS)
        .find(|(s, _)| **s == norm)
        .map(|(_, (_, name))| {
            // The entry of that exact name is the one `Rules::named` finds (no two of our names
            // normalise alike), found without the copies its comparison makes.
            Rules::NAMED
                .iter()
                .find(|n| n.name == *name)
                .or_else(|| Rules::named(name))
                .expect("the table names our rulesets")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    /// r[rec.rules]: the spellings are read wherever a ruleset is named, and only here.
    #[test]
    fn spellings_name_rulesets_everywhere() {
        let by = |n: &str| rules_by_any_name(n).unwrap().0;
        assert_eq!(by("TT"), Rules::TROMP_TAYLOR);
        assert_eq!(by("NZ"), by("new-zealand"));
        assert_eq!(by("GOE"), by("ing"));
        assert_eq!(by("Ing Goe"), by("ing"));
        assert_eq!(read_rules("Tromp/Taylor").unwrap().0, Rules::TROMP_TAYLOR);
        assert!(rules_by_any_name("klingon").is_err());
    }

    /// r[var.rulesets], r[rec.rules]: a `/` is read only in the spelling table's entries
    /// (`Tromp/Taylor`); our names and KataGo's are not read with one.
    #[test]
    fn a_slash_is_read_only_by_the_spelling_table() {
        assert_eq!(
            rules_by_any_name("Tromp/Taylor").unwrap().0,
            Rules::TROMP_TAYLOR
        );
        assert!(rules_by_any_name("chinese/superko").is_err());
        // A spelling of the table is read with its `/` anywhere (r[rec.rules]): `New Zealand`.
        assert!(rules_by_any_name("new/zealand").is_ok());
        assert!(Rules::named("chinese-superko").is_some());
        assert!(crate::katago::katago_named("japanese").is_some());
        assert!(crate::katago::katago_named("japa/nese").is_none());
    }

    #[test]
    fn spellings() {
        for (s, name) in SPELLINGS {
            assert_eq!(read_rules(s).unwrap().0, Rules::by_name(name).unwrap());
        }
        assert_eq!(read_rules("tromp taylor").unwrap().0, Rules::TROMP_TAYLOR);
        // r[var.katago.exact]: KataGo's simple ko also ends the game on a repeated pass; its
        // absent tax under territory scoring is SEKI, read by independent-life regions as KataGo
        // counts it (r[var.params.katago.tax], r[var.tax.seki.regions]).
        assert_eq!(
            read_rules("koSIMPLEscoreTERRITORYsui0").unwrap().0,
            Rules {
                end: crate::End::RepeatedPass,
                tax: crate::Tax::SekiRegions,
                ..Rules::by_name("japanese").unwrap()
            }
        );
        assert!(read_rules("Klingon").is_err());
    }

    /// One normaliser: our names and KataGo's are compared as the spellings are.
    #[test]
    fn one_normaliser_everywhere() {
        assert_eq!(
            Rules::named("Chinese_Superko").unwrap().name,
            "chinese-superko"
        );
        assert!(crate::katago::katago_named("Stone_Scoring").is_some());
        assert!(crate::katago::katago_named("klingon").is_none());
        for k in crate::katago::KATAGO {
            for n in k.names {
                assert_eq!(crate::katago::katago_named(n), Some(k));
            }
        }
    }

    #[test]
    fn kgs_names_are_ours_when_the_parameters_are() {
        for (kgs, ours) in KGS {
            assert_eq!(Rules::by_name(kgs), Rules::by_name(ours), "{kgs}");
            assert_eq!(kgs_name(Rules::by_name(ours).unwrap()), Some(*kgs));
        }
        assert_eq!(kgs_name(Rules::TROMP_TAYLOR), None);
        // Korean has Japanese's parameters: KGS's name for them is `japanese`.
        assert_eq!(
            kgs_name(Rules::by_name("korean").unwrap()),
            Some("japanese")
        );
    }
}
