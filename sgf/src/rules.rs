//! r[rec.rules], r[rec.komi], r[rec.komi.fox]: what `RU` and `KM` say. The names themselves (the
//! one normaliser, the `RU` spellings, the one reader of a ruleset name) are `ttrules-spec`'s
//! ([`ttrules_spec::names`], [`ttrules_spec::any_name`]), re-exported here for the callers of
//! `ttrules_record::rules`.

use crate::model::Warn;
pub use ttrules_spec::any_name::{read_rules, rules_by_any_name};
pub use ttrules_spec::names::SPELLINGS;
use ttrules_spec::{HalfPoints, Komi, Rules};

/// The longest value [`rules`] and [`komi`] keep for the next file (a hostile file's value padded
/// with white space is not kept: a copy of it would outlive its file).
const KEPT: usize = 64;

thread_local! {
    /// The last `RU` value that named a ruleset on this thread, and what it named
    /// ([`read_rules`]): most files name the ruleset the one before named.
    static LAST: std::cell::RefCell<Option<(String, Rules, Komi)>> =
        const { std::cell::RefCell::new(None) };
    /// The last `KM` value [`komi`] read on this thread without a warning, and its komi.
    static LAST_KM: std::cell::RefCell<Option<(String, Komi)>> =
        const { std::cell::RefCell::new(None) };
    /// How often [`rules`] found its value in `LAST` (for its test).
    #[cfg(test)]
    static HITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// [`read_rules`] of a value that names a ruleset, its komi read as absent where it carries
/// none; `None` for a value that names none (`read_rules`'s error).
///
/// Note: `read_rules` is a function of the value alone, so the answer kept for the value last
/// read (`LAST`) is the one it gives again; only values that name a ruleset are kept, so a
/// value that names none is read, and warned about, every time.
fn named(v: &str) -> Result<(Rules, Komi), String> {
    let hit = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(s, ..)| s == v)
            .map(|&(_, rules, komi)| (rules, komi))
    });
    if let Some(hit) = hit {
        #[cfg(test)]
        HITS.set(HITS.get() + 1);
        return Ok(hit);
    }
    let (rules, komi) = read_rules(v)?;
    let komi = komi.unwrap_or(Komi::ZERO);
    if v.len() <= KEPT {
        LAST.set(Some((v.to_string(), rules, komi)));
    }
    Ok((rules, komi))
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
        Some(v) => match named(v) {
            Ok(named) => named,
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
///
/// Note: `komi_read` is a function of the value alone, its warnings included, so a value it
/// read last without a warning (`LAST_KM`) gives the same komi, and no warning, again.
pub fn komi(km: &str, warn: &mut Warn) -> Option<Komi> {
    let hit = LAST_KM.with_borrow(|last| last.as_ref().filter(|(s, _)| s == km).map(|l| l.1));
    if hit.is_some() {
        #[cfg(test)]
        HITS.set(HITS.get() + 1);
        return hit;
    }
    let warned = warn.list.len();
    let k = komi_read(km, warn);
    if let Some(k) = k.filter(|_| warn.list.len() == warned && km.len() <= KEPT) {
        LAST_KM.set(Some((km.to_string(), k)));
    }
    k
}

/// [`komi`], read from the value.
fn komi_read(km: &str, warn: &mut Warn) -> Option<Komi> {
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

    fn km(s: &str) -> (Option<String>, Vec<&'static str>) {
        let mut w = Warn::default();
        let k = komi(s, &mut w).map(|k| k.to_string());
        (k, w.kinds())
    }

    /// `rules` gives what `read_rules` gives, and the same warnings, for values read one after
    /// the other, repeated or not, that name a ruleset or none; the repeats are found in `LAST`
    /// (counted, and must be).
    #[test]
    fn rules_read_again_as_read_rules_reads_them() {
        let values = [
            "Japanese",
            "Japanese",
            "Chinese",
            "japanese",
            "Japanese",
            "AGA",
            "AGA",
            "nonsense",
            "nonsense",
            "Tromp/Taylor",
            "NZ",
            "NZ",
            " Chinese ",
            "Chinese",
            "",
            "Japanese",
        ];
        let before = HITS.get();
        for v in values {
            let mut w = Warn::default();
            let got = rules(Some(v), &mut w);
            let want = if v.trim().is_empty() {
                (Rules::TROMP_TAYLOR, Komi::ZERO)
            } else {
                match read_rules(v) {
                    Ok((r, k)) => (r, k.unwrap_or(Komi::ZERO)),
                    Err(_) => (Rules::TROMP_TAYLOR, Komi::ZERO),
                }
            };
            assert_eq!(got, want, "{v}");
            let warned = read_rules(v).is_err() || v.trim().is_empty();
            assert_eq!(w.kinds().is_empty(), !warned, "{v}");
        }
        assert!(HITS.get() - before >= 2, "{}", HITS.get() - before);
        // A long value is read again each time: not kept.
        let long = format!("{}Japanese", " ".repeat(KEPT));
        let hits = HITS.get();
        for _ in 0..2 {
            let mut w = Warn::default();
            let want = read_rules(&long).map(|(r, k)| (r, k.unwrap_or(Komi::ZERO)));
            assert_eq!(Ok(rules(Some(&long), &mut w)), want);
        }
        assert_eq!(HITS.get(), hits);
    }

    /// `komi` gives what `komi_read` gives, and the same warnings, for values read one after
    /// the other, repeated or not, warned about or not; the repeats read without a warning are
    /// found in `LAST_KM` (counted, and must be).
    #[test]
    fn komi_read_again_as_komi_read_reads_it() {
        let values = [
            "6.5", "6.5", "375", "375", "0.5", "x", "x", "0.5", "0.5", "3.75", "3.75", "7",
        ];
        let before = HITS.get();
        for v in values {
            let (mut a, mut b) = (Warn::default(), Warn::default());
            assert_eq!(komi(v, &mut a), komi_read(v, &mut b), "{v}");
            assert_eq!(a.list, b.list, "{v}");
        }
        assert!(HITS.get() - before >= 3, "{}", HITS.get() - before);
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
}
