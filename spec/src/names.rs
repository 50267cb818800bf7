//! Ruleset names, the tables of strings: the one normaliser of names (r[rec.rules]: case, spaces,
//! `-`, `_`, `/` and a trailing `-` do not count), the `RU` spellings records use (r[rec.rules]) and
//! KGS's names. Our own names are [`Rules::NAMED`](crate::Rules::NAMED) (r[var.rulesets]), KataGo's
//! [`katago::KATAGO`](crate::katago::KATAGO) (r[var.katago.exact]); both are compared through
//! [`normalise`]. The one reader of a ruleset name, whatever names it, is
//! [`any_name::rules_by_any_name`](crate::any_name::rules_by_any_name).
//!
//! The bottom of the crate's names: this module imports nothing of the crate.

/// r[rec.rules]: a name as it is compared: trimmed, case, spaces, `-`, `_`, `/` and a trailing `-`
/// removed (`Tromp/Taylor`, `tromp_taylor` and `TT--` are `tromptaylor` and `tt`). The one
/// normaliser of ruleset names: our names, `RU` spellings, KataGo's and KGS's names.
pub fn normalise(name: &str) -> String {
    name.trim()
        .trim_end_matches('-')
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '/'))
        .flat_map(char::to_lowercase)
        .collect()
}

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

/// The names KGS gives the four rulesets its `kgs-rules` command knows, each with our ruleset of
/// that name; KGS's name is ours exactly when the parameters are the same
/// ([`any_name::kgs_name`](crate::any_name::kgs_name)).
pub const KGS: &[(&str, &str)] = &[
    ("chinese", "chinese"),
    ("japanese", "japanese"),
    ("aga", "aga"),
    ("new_zealand", "new-zealand"),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// One normaliser: the same characters do not count in every table.
    #[test]
    fn one_normaliser() {
        assert_eq!(normalise(" Tromp/Taylor-- "), "tromptaylor");
        assert_eq!(normalise("New_Zealand"), "newzealand");
        assert_eq!(normalise("TT--"), normalise("tt"));
        // No two spellings of different rulesets normalise alike.
        for (a, x) in SPELLINGS {
            for (b, y) in SPELLINGS {
                assert!(normalise(a) != normalise(b) || x == y, "{a} {b}");
            }
        }
    }
}
