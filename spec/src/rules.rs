//! The rule parameters (`spec/RULES.md` Part II). Tromp-Taylor is [`Rules::TROMP_TAYLOR`]; each
//! parameter is an enum whose values are clauses, so a ruleset is a plain value and no API takes a
//! bag of flags. Komi is not a rule of Tromp-Taylor (r[param.komi]) and is kept apart, in [`Komi`];
//! each named ruleset has a default komi.

use crate::score::{HalfPoints, HalfPointsError};
use std::fmt;
use std::str::FromStr;

/// Which earlier colourings or situations a move may not recreate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// r[tt.turn.repetition]: no move may recreate any earlier colouring (positional superko).
    Positional,
    /// r[var.ko.situational]: no move may recreate an earlier situation (colouring and player to
    /// move).
    Situational,
    /// r[var.ko.natural-situational]: no move may recreate a colouring its player created before.
    NaturalSituational,
    /// r[var.ko.simple]: no move may recreate the colouring at the start of the opponent's last turn;
    /// long cycles end the game void (r[var.ko.simple.cycle]).
    SimpleKo,
}

/// Whether a move may empty the player's own stones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// r[var.suicide.allowed]: own stones that do not reach empty are cleared and the move stands.
    Allowed,
    /// r[var.suicide.multi-only]: single-stone suicide is illegal, suicide of several stones is not.
    MultiStoneOnly,
    /// r[var.suicide.forbidden]: any suicide is illegal.
    Forbidden,
}

/// What a player's score counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counting {
    /// r[var.count.area]: stones on the grid plus territory.
    Area,
    /// r[var.count.territory]: territory plus prisoners.
    Territory,
    /// r[var.count.area.pass-alive]: as `Area`, with the stones standing in the opponent's
    /// pass-alive territory counted for its owner (KataGo's area scoring).
    AreaPassAlive,
}

/// Which empty points count as territory, and what living groups pay.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tax {
    /// r[var.tax.none]: empty points reaching only one's colour.
    None,
    /// r[var.tax.seki.blocks]: one's eye points outside blocks in seki (r[var.territory.seki]).
    Seki,
    /// r[var.tax.all.blocks]: as `Seki`, and 2 points per block not in seki that holds an eye
    /// point.
    All,
    /// r[var.tax.seki.regions]: the empty points of one's independent-life regions
    /// (r[var.tax.ilr]; KataGo's seki tax).
    SekiRegions,
    /// r[var.tax.all.regions]: as `SekiRegions`, and 2 points per independent-life region
    /// (KataGo's group tax).
    AllRegions,
}

impl Tax {
    /// Whether each living group pays 2 (r[var.tax.all.blocks], r[var.tax.all.regions]).
    pub const fn is_group_tax(self) -> bool {
        matches!(self, Tax::All | Tax::AllRegions)
    }

    /// Whether territory is read by independent-life regions (r[var.tax.seki.regions],
    /// r[var.tax.all.regions]).
    pub const fn by_regions(self) -> bool {
        matches!(self, Tax::SekiRegions | Tax::AllRegions)
    }
}

/// Whether a pass hands the opponent a prisoner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PassStones {
    None,
    /// r[var.pass.stones]: each pass other than a handicap pass gives the opponent one prisoner.
    OnePerPass,
}

/// Which passes end the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// r[tt.end]: two consecutive passes.
    TwoPasses,
    /// r[var.end.white-last]: two consecutive passes, the second White's.
    WhitePassesLast,
    /// r[var.end.repeated-pass]: two consecutive passes, or a pass from a colouring from which the
    /// same player passed before (KataGo's ending under simple ko).
    RepeatedPass,
}

/// What the first passer of the game gains (r[var.first-pass]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FirstPass {
    Nothing,
    /// r[var.first-pass.button]: half a point, and that pass does not count toward the end.
    Button,
    /// r[var.first-pass.tie-break]: a tie after komi is a win for the first passer.
    TieBreak,
    /// r[var.first-pass.msg]: if White passes first, 0.5 moves from Black's score to White's.
    Msg,
    /// r[var.first-pass.button.new-history]: the button, and taking it starts a new history
    /// (KataGo's button).
    ButtonNewHistory,
}

impl FirstPass {
    /// Whether the first passer gets the half point and her pass does not count toward the end
    /// (r[var.first-pass.button], r[var.first-pass.button.new-history]).
    pub const fn is_button(self) -> bool {
        matches!(self, FirstPass::Button | FirstPass::ButtonNewHistory)
    }
}

impl Counting {
    /// Whether stones on the grid count (r[var.count.area], r[var.count.area.pass-alive]).
    pub const fn is_area(self) -> bool {
        matches!(self, Counting::Area | Counting::AreaPassAlive)
    }
}

/// How equal final scores are decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ties {
    /// r[tt.winner]: equal scores are a tie.
    Draw,
    /// r[var.ties.black-wins]: equal scores are a win for Black.
    BlackWins,
}

/// What White receives for a handicap of N ≥ 2 stones (r[var.handicap.compensation]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HandicapCompensation {
    None,
    N,
    NMinusOne,
}

/// The word of each value of each parameter, in the order of r[var.params]: one table per
/// parameter, from which printing ([`Rules::parameters`]), reading ([`Rules::set`]) and
/// enumerating ([`Rules::all`]) all derive.
const REPETITION: &[(&str, Repetition)] = &[
    ("positional", Repetition::Positional),
    ("situational", Repetition::Situational),
    ("natural-situational", Repetition::NaturalSituational),
    ("simple-ko", Repetition::SimpleKo),
];
const SUICIDE: &[(&str, Suicide)] = &[
    ("allowed", Suicide::Allowed),
    ("multi-stone-only", Suicide::MultiStoneOnly),
    ("forbidden", Suicide::Forbidden),
];
const COUNTING: &[(&str, Counting)] = &[
    ("area", Counting::Area),
    ("territory", Counting::Territory),
    ("area-pass-alive", Counting::AreaPassAlive),
];
const TAX: &[(&str, Tax)] = &[
    ("none", Tax::None),
    ("seki", Tax::Seki),
    ("all", Tax::All),
    ("seki-regions", Tax::SekiRegions),
    ("all-regions", Tax::AllRegions),
];
const PASS_STONES: &[(&str, PassStones)] = &[
    ("none", PassStones::None),
    ("one-per-pass", PassStones::OnePerPass),
];
const END: &[(&str, End)] = &[
    ("two-passes", End::TwoPasses),
    ("white-passes-last", End::WhitePassesLast),
    ("repeated-pass", End::RepeatedPass),
];
const FIRST_PASS: &[(&str, FirstPass)] = &[
    ("nothing", FirstPass::Nothing),
    ("button", FirstPass::Button),
    ("tie-break", FirstPass::TieBreak),
    ("msg", FirstPass::Msg),
    ("button-new-history", FirstPass::ButtonNewHistory),
];
const TIES: &[(&str, Ties)] = &[("draw", Ties::Draw), ("black-wins", Ties::BlackWins)];
const HANDICAP: &[(&str, HandicapCompensation)] = &[
    ("none", HandicapCompensation::None),
    ("n", HandicapCompensation::N),
    ("n-1", HandicapCompensation::NMinusOne),
];

/// The word of `v` in `table`.
fn word<T: Copy + PartialEq>(table: &[(&'static str, T)], v: T) -> &'static str {
    match table.iter().find(|&&(_, x)| x == v) {
        Some(&(w, _)) => w,
        None => unreachable!("every parameter value has a word in its table"),
    }
}

/// The value of parameter `key` written `value`.
fn read_in<T: Copy>(table: &[(&str, T)], key: &str, value: &str) -> Result<T, String> {
    table
        .iter()
        .find(|&&(w, _)| w == value)
        .map(|&(_, v)| v)
        .ok_or_else(|| format!("{key}: unknown value {value:?}"))
}

/// A complete set of rule parameters (r[var.params]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub repetition: Repetition,
    pub suicide: Suicide,
    pub counting: Counting,
    pub tax: Tax,
    pub pass_stones: PassStones,
    pub end: End,
    pub first_pass: FirstPass,
    pub ties: Ties,
    pub handicap: HandicapCompensation,
}

/// A named ruleset (r[var.rulesets]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub name: &'static str,
    pub rules: Rules,
    /// The komi a game under this ruleset has when it names none.
    pub komi: Komi,
}

const fn komi_halves(h: i64) -> Komi {
    Komi(HalfPoints::halves(h))
}

impl Rules {
    /// The Tromp-Taylor rules as `spec/RULES.md` states them. Defined here and nowhere else.
    pub const TROMP_TAYLOR: Rules = Rules {
        repetition: Repetition::Positional,
        suicide: Suicide::Allowed,
        counting: Counting::Area,
        tax: Tax::None,
        pass_stones: PassStones::None,
        end: End::TwoPasses,
        first_pass: FirstPass::Nothing,
        ties: Ties::Draw,
        handicap: HandicapCompensation::None,
    };

    const CHINESE: Rules = Rules {
        repetition: Repetition::SimpleKo,
        suicide: Suicide::Forbidden,
        handicap: HandicapCompensation::N,
        ..Rules::TROMP_TAYLOR
    };

    const JAPANESE: Rules = Rules {
        repetition: Repetition::SimpleKo,
        suicide: Suicide::Forbidden,
        counting: Counting::Territory,
        tax: Tax::Seki,
        ..Rules::TROMP_TAYLOR
    };

    const MSG: Rules = Rules {
        first_pass: FirstPass::Msg,
        ..Rules::TROMP_TAYLOR
    };

    const ANCIENT: Rules = Rules {
        tax: Tax::All,
        suicide: Suicide::Forbidden,
        ..Rules::TROMP_TAYLOR
    };

    /// The named rulesets of r[var.rulesets], in the order of its table.
    pub const NAMED: &'static [Named] = &[
        Named {
            name: "tromp-taylor",
            rules: Rules::TROMP_TAYLOR,
            komi: Komi::ZERO,
        },
        Named {
            name: "chinese",
            rules: Rules::CHINESE,
            komi: komi_halves(15),
        },
        Named {
            name: "chinese-superko",
            rules: Rules {
                repetition: Repetition::Positional,
                ..Rules::CHINESE
            },
            komi: komi_halves(15),
        },
        Named {
            name: "japanese",
            rules: Rules::JAPANESE,
            komi: komi_halves(13),
        },
        Named {
            name: "korean",
            rules: Rules::JAPANESE,
            komi: komi_halves(13),
        },
        Named {
            name: "aga",
            rules: Rules {
                repetition: Repetition::Situational,
                suicide: Suicide::Forbidden,
                pass_stones: PassStones::OnePerPass,
                end: End::WhitePassesLast,
                handicap: HandicapCompensation::NMinusOne,
                ..Rules::TROMP_TAYLOR
            },
            komi: komi_halves(15),
        },
        Named {
            name: "new-zealand",
            rules: Rules {
                repetition: Repetition::Situational,
                suicide: Suicide::MultiStoneOnly,
                ..Rules::TROMP_TAYLOR
            },
            komi: komi_halves(14),
        },
        Named {
            name: "ing",
            rules: Rules {
                ties: Ties::BlackWins,
                ..Rules::TROMP_TAYLOR
            },
            komi: komi_halves(16),
        },
        Named {
            name: "msg",
            rules: Rules::MSG,
            komi: komi_halves(13),
        },
        Named {
            name: "msg-first-pass",
            rules: Rules {
                first_pass: FirstPass::TieBreak,
                ..Rules::TROMP_TAYLOR
            },
            komi: komi_halves(14),
        },
        Named {
            name: "ancient-chinese",
            rules: Rules {
                repetition: Repetition::SimpleKo,
                ..Rules::ANCIENT
            },
            komi: Komi::ZERO,
        },
        Named {
            name: "ancient-chinese-territory",
            rules: Rules {
                repetition: Repetition::SimpleKo,
                counting: Counting::Territory,
                pass_stones: PassStones::OnePerPass,
                end: End::WhitePassesLast,
                ..Rules::ANCIENT
            },
            komi: Komi::ZERO,
        },
        Named {
            name: "jihuozi",
            rules: Rules::ANCIENT,
            komi: Komi::ZERO,
        },
    ];

    /// The named ruleset called `name`: one of our names, in any case, with `-`, `_`, a space or
    /// nothing between words (r[var.rulesets]), compared by the one normaliser of names
    /// ([`crate::names::normalise`]). The other spellings records use (`TT`, `NZ`, `GOE`, …) are
    /// read by the one spelling table of r[rec.rules], [`crate::names::SPELLINGS`], through
    /// [`crate::any_name::rules_by_any_name`].
    ///
    /// A name with a `/` is none of ours: r[var.rulesets] reads only `-`, `_` and spaces between
    /// words (`/` is one of the `RU` spellings' separators, r[rec.rules], read by the spelling
    /// table alone), so `chinese/superko` names no ruleset, as before the normaliser was shared.
    pub fn named(name: &str) -> Option<&'static Named> {
        if name.contains('/') {
            return None;
        }
        let norm = crate::names::normalise(name);
        Rules::NAMED
            .iter()
            .find(|n| crate::names::normalise(n.name) == norm)
    }

    /// The parameters of the named ruleset `name` (see [`Rules::named`]).
    pub fn by_name(name: &str) -> Option<Rules> {
        Rules::named(name).map(|n| n.rules)
    }

    /// Our name for these parameters, if they form a named ruleset (the first in table order:
    /// `japanese` rather than `korean`).
    pub fn name(&self) -> Option<&'static str> {
        Rules::NAMED
            .iter()
            .find(|n| n.rules == *self)
            .map(|n| n.name)
    }

    /// Every combination of parameter values, for tests and fuzzers that draw rules from the
    /// whole space, in a fixed order (the first parameter of r[var.params] varies slowest; the
    /// values of r[var.params.katago] come last in their parameters).
    pub fn all() -> Vec<Rules> {
        macro_rules! expand {
            ($out:ident, $field:ident, $table:expr) => {
                $out = $out
                    .into_iter()
                    .flat_map(|r| $table.iter().map(move |&(_, v)| Rules { $field: v, ..r }))
                    .collect();
            };
        }
        let mut out = vec![Rules::TROMP_TAYLOR];
        expand!(out, repetition, REPETITION);
        expand!(out, suicide, SUICIDE);
        expand!(out, counting, COUNTING);
        expand!(out, tax, TAX);
        expand!(out, pass_stones, PASS_STONES);
        expand!(out, end, END);
        expand!(out, first_pass, FIRST_PASS);
        expand!(out, ties, TIES);
        expand!(out, handicap, HANDICAP);
        out
    }

    /// Every parameter as `name=value`, in the order of r[var.params].
    pub fn parameters(&self) -> [(&'static str, &'static str); 9] {
        [
            ("repetition", word(REPETITION, self.repetition)),
            ("suicide", word(SUICIDE, self.suicide)),
            ("counting", word(COUNTING, self.counting)),
            ("tax", word(TAX, self.tax)),
            ("pass_stones", word(PASS_STONES, self.pass_stones)),
            ("end", word(END, self.end)),
            ("first_pass", word(FIRST_PASS, self.first_pass)),
            ("ties", word(TIES, self.ties)),
            ("handicap", word(HANDICAP, self.handicap)),
        ]
    }

    /// Sets the parameter `key` (as [`Rules::parameters`] names it) to `value`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "repetition" => self.repetition = read_in(REPETITION, key, value)?,
            "suicide" => self.suicide = read_in(SUICIDE, key, value)?,
            "counting" => self.counting = read_in(COUNTING, key, value)?,
            "tax" => self.tax = read_in(TAX, key, value)?,
            "pass_stones" => self.pass_stones = read_in(PASS_STONES, key, value)?,
            "end" => self.end = read_in(END, key, value)?,
            "first_pass" => self.first_pass = read_in(FIRST_PASS, key, value)?,
            "ties" => self.ties = read_in(TIES, key, value)?,
            "handicap" => self.handicap = read_in(HANDICAP, key, value)?,
            _ => return Err(format!("unknown rules parameter {key:?}")),
        }
        Ok(())
    }

    /// The full parameter set as one line, `repetition=positional suicide=allowed …`.
    pub fn describe(&self) -> String {
        self.parameters()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Display for Rules {
    /// The ruleset's name, or its parameters when it has none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None => f.write_str(&self.describe()),
        }
    }
}

/// Komi: a multiple of 0.5 added to White's score (r[param.komi]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Komi(HalfPoints);

/// A komi that is not a multiple of 0.5 (the text as given). Its message says which of the three
/// it is: not a number, too large (or infinite), or between two multiples of 0.5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("komi {0}: {reason} (r[param.komi])", reason = komi_problem(.0))]
pub struct KomiError(pub String);

/// What is wrong with the komi `text`.
fn komi_problem(text: &str) -> &'static str {
    match text.trim().parse::<f64>() {
        Err(_) => "not a number; komi must be a multiple of 0.5",
        Ok(v) if v.is_nan() => "not a number; komi must be a multiple of 0.5",
        Ok(v) if !v.is_finite() || v.abs() >= 5e14 => {
            "out of range; komi must be a multiple of 0.5 smaller than 5e14 in size"
        }
        Ok(_) => "komi must be a multiple of 0.5",
    }
}

impl Komi {
    pub const ZERO: Komi = Komi(HalfPoints::ZERO);

    pub const fn new(value: HalfPoints) -> Komi {
        Komi(value)
    }

    /// The komi of a float such as SGF `KM` gives, if it is a multiple of 0.5.
    pub fn from_f64(v: f64) -> Result<Komi, KomiError> {
        HalfPoints::from_f64(v)
            .map(Komi)
            .ok_or_else(|| KomiError(v.to_string()))
    }

    pub const fn value(self) -> HalfPoints {
        self.0
    }
}

impl FromStr for Komi {
    type Err = KomiError;
    fn from_str(s: &str) -> Result<Komi, KomiError> {
        s.parse()
            .map(Komi)
            .map_err(|HalfPointsError(s)| KomiError(s))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_errors_say_what_is_wrong() {
        for (text, says) in [
            ("abc", "komi abc: not a number;"),
            ("nan", "komi nan: not a number;"),
            ("inf", "komi inf: out of range;"),
            ("1e30", "komi 1e30: out of range;"),
            (
                "6.3",
                "komi 6.3: komi must be a multiple of 0.5 (r[param.komi])",
            ),
        ] {
            let e = text.parse::<Komi>().unwrap_err().to_string();
            assert!(e.starts_with(says), "{text}: {e}");
        }
    }

    #[test]
    fn names_and_spellings() {
        assert_eq!(Rules::by_name("Tromp-Taylor"), Some(Rules::TROMP_TAYLOR));
        assert_eq!(Rules::by_name("tromp_taylor"), Some(Rules::TROMP_TAYLOR));
        // Spellings are r[rec.rules]'s table, in ttrules-record, not names.
        assert_eq!(Rules::by_name("TT"), None);
        assert_eq!(
            Rules::by_name("New Zealand").unwrap().suicide,
            Suicide::MultiStoneOnly
        );
        assert_eq!(Rules::by_name("Japanese"), Rules::by_name("korean"));
        assert_eq!(Rules::by_name("Japanese").unwrap().name(), Some("japanese"));
        assert_eq!(Rules::named("AGA").unwrap().komi.to_string(), "7.5");
        assert_eq!(Rules::by_name("klingon"), None);
        assert_eq!(Rules::TROMP_TAYLOR.to_string(), "tromp-taylor");
    }

    #[test]
    fn every_name_is_distinct_and_round_trips() {
        for n in Rules::NAMED {
            assert_eq!(Rules::named(n.name), Some(n));
        }
        let mut r = Rules::TROMP_TAYLOR;
        r.set("tax", "all").unwrap();
        assert_eq!(r.to_string(), r.describe());
        assert!(r.set("tax", "some").is_err());
        assert!(r.set("colour", "red").is_err());
    }

    #[test]
    fn the_parameter_space_is_complete() {
        let all = Rules::all();
        assert_eq!(all.len(), 4 * 3 * 3 * 5 * 2 * 3 * 5 * 2 * 3);
        for n in Rules::NAMED {
            assert!(all.contains(&n.rules));
        }
        // Every parameter value prints and parses back.
        for r in all.iter().step_by(97) {
            let mut back = Rules::TROMP_TAYLOR;
            for (k, v) in r.parameters() {
                back.set(k, v).unwrap();
            }
            assert_eq!(back, *r);
        }
    }

    #[test]
    fn komi_is_exact() {
        assert_eq!("7.5".parse::<Komi>().unwrap().to_string(), "7.5");
        assert!("7.3".parse::<Komi>().is_err());
        assert!(Komi::from_f64(0.1).is_err());
    }
}
