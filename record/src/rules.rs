//! r[rec.rules], r[rec.komi], r[rec.komi.fox]: what `RU` and `KM` say.

use super::Warn;
use ttrules_spec::{HalfPoints, Komi, Rules};

/// The spelling table of r[rec.rules], in the order of `spec/RULES.md` (a test checks that the two
/// are the same data): an `RU` spelling and the ruleset it names.
pub const SPELLINGS: &[(&str, &str)] = &[
    ("Tromp-Taylor", "tromp-taylor"),
    ("Tromp/Taylor", "tromp-taylor"),
    ("TT", "tromp-taylor"),
    ("TT--", "tromp-taylor"),
    ("Chinese", "chinese"),
    ("cn", "chinese"),
    ("China", "chinese"),
    ("Japanese", "japanese"),
    ("jp", "japanese"),
    ("Japan", "japanese"),
    ("Korean", "korean"),
    ("kr", "korean"),
    ("AGA", "aga"),
    ("NZ", "new-zealand"),
    ("New Zealand", "new-zealand"),
    ("GOE", "ing"),
    ("Ing", "ing"),
    ("Ing Goe", "ing"),
    ("SST", "ing"),
];

/// r[rec.rules]: case, spaces, `-`, `_`, `/` and a trailing `-` do not count.
fn normalise(s: &str) -> impl Iterator<Item = char> + Clone + '_ {
    s.trim()
        .trim_end_matches('-')
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '/'))
        .flat_map(char::to_lowercase)
}

/// Reads a ruleset as vectors and tools name it: our names (and SGF spellings) first, then
/// KataGo's names and compact strings. Returns the rules and the komi the name carries.
///
/// A third form, the full parameter list `repetition=positional suicide=allowed …` that
/// [`Rules::describe`](ttrules_spec::Rules::describe) writes (parameters left out keep their Tromp-Taylor value), is read too.
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
    ttrules_spec::katago::parse(name).map_err(|e| format!("unknown rules {name:?}: {e}"))
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
fn spelled(value: &str) -> Option<&'static ttrules_spec::rules::Named> {
    static NORMALISED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let spellings = NORMALISED.get_or_init(|| {
        SPELLINGS
            .iter()
            .map(|(s, _)| normalise(s).collect())
            .collect()
    });
    let norm: String = normalise(value).collect();
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

/// What `RU` gives: the rules (tromp-taylor when absent or unreadable) and the komi they carry.
pub fn rules(ru: Option<&str>, warn: &mut Warn) -> (Rules, Komi) {
    let tt = (Rules::TROMP_TAYLOR, Komi::ZERO);
    match ru {
        None => tt,
        Some(v) if v.trim().is_empty() => {
            warn.push(
                "rules-empty",
                Some(0),
                "RU[] is empty: read as no RU, the rules tromp-taylor (r[rec.rules])".into(),
            );
            tt
        }
        Some(v) => match read_rules(v) {
            Ok((rules, komi)) => (rules, komi.unwrap_or(Komi::ZERO)),
            Err(e) => {
                warn.push(
                    "rules-unknown",
                    Some(0),
                    format!("RU[{v}] names no ruleset ttrules knows ({e}); the rules tromp-taylor are used (r[rec.rules])"),
                );
                tt
            }
        },
    }
}

/// Whether the root is the Fox server's (r[rec.komi.fox]).
pub fn is_fox<S: AsRef<str>>(ap: &[S], has_tc: bool, has_tt: bool) -> bool {
    ap.iter()
        .any(|a| a.as_ref().trim().eq_ignore_ascii_case("foxwq"))
        || (has_tc && has_tt)
}

/// r[rec.komi]: the komi a `KM` value gives, or `None` (absent, or unreadable with a warning).
pub fn komi(km: &str, warn: &mut Warn) -> Option<Komi> {
    let text = km.trim();
    let Ok(mut k) = text.parse::<f64>() else {
        warn.push(
            "komi-value",
            Some(0),
            format!("KM[{km}] is not a number; the ruleset's komi is used (r[rec.komi])"),
        );
        return None;
    };
    if !k.is_finite() {
        warn.push(
            "komi-value",
            Some(0),
            format!("KM[{km}] is not a number; the ruleset's komi is used (r[rec.komi])"),
        );
        return None;
    }
    if k.abs() >= 100.0 && k.fract() == 0.0 {
        k /= 100.0;
        warn.push(
            "komi-hundredths",
            Some(0),
            format!("KM[{text}] is read in hundredths (the Fox server's habit): {k} (r[rec.komi])"),
        );
    }
    let quarters = k * 4.0;
    if quarters.fract() != 0.0 || quarters.abs() > 1e9 {
        warn.push(
            "komi-value",
            Some(0),
            format!("KM[{km}] is not a multiple of 0.25; the ruleset's komi is used (r[rec.komi])"),
        );
        return None;
    }
    if (quarters as i64) % 2 != 0 {
        let points = k * 2.0;
        warn.push(
            "komi-stones",
            Some(0),
            format!("komi {k} is in stones (a quarter-stone komi of Chinese counting): {points} points (r[rec.komi])"),
        );
        k = points;
    }
    HalfPoints::from_f64(k).map(Komi::new)
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

    fn km(s: &str) -> (Option<String>, Vec<&'static str>) {
        let mut w = Warn::default();
        let k = komi(s, &mut w).map(|k| k.to_string());
        (k, w.kinds())
    }

    #[test]
    fn fox_komi() {
        assert_eq!(km("6.5"), (Some("6.5".into()), vec![]));
        assert_eq!(km("0.50"), (Some("0.5".into()), vec![]));
        assert_eq!(km("-3.5"), (Some("-3.5".into()), vec![]));
        assert_eq!(
            km("375"),
            (Some("7.5".into()), vec!["komi-hundredths", "komi-stones"])
        );
        assert_eq!(km("650"), (Some("6.5".into()), vec!["komi-hundredths"]));
        assert_eq!(
            km("325"),
            (Some("6.5".into()), vec!["komi-hundredths", "komi-stones"])
        );
        assert_eq!(km("3.75"), (Some("7.5".into()), vec!["komi-stones"]));
        assert_eq!(km("6.3"), (None, vec!["komi-value"]));
        assert_eq!(km("x"), (None, vec!["komi-value"]));
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
                end: ttrules_spec::End::RepeatedPass,
                tax: ttrules_spec::Tax::SekiRegions,
                ..Rules::by_name("japanese").unwrap()
            }
        );
        assert!(read_rules("Klingon").is_err());
    }
}
