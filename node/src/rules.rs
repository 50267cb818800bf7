//! `Rules`: a complete set of rule parameters (r[var.params]) read from any name the command line
//! takes: our ruleset names, the SGF spellings of r[rec.rules], KataGo rules strings
//! (r[var.katago]) and parameter lists, with single parameters overridden by an object.

use crate::args;
use crate::errors::{guard, Fail, Outcome};
use napi::bindgen_prelude::{ClassInstance, JsObjectValue, Object, Unknown};
use napi::{Env, Result, ValueType};
use napi_derive::napi;
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{katago, HalfPoints, Komi, Rules as SpecRules};

/// A ruleset and the komi its name carries (none for a parameter list).
///
/// `new Rules(name)` reads any name the command line takes: our ruleset names (`chinese`,
/// `japanese`, `aga`, …, r[var.rulesets]), the SGF spellings of r[rec.rules] (`TT`, `NZ`, `GOE`),
/// KataGo rules strings (r[var.katago]) and parameter lists
/// (`"repetition=situational suicide=forbidden"`); the second argument sets single parameters
/// (`new Rules("chinese", { repetition: "positional" })`). Throws `RulesError`.
#[napi]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub(crate) rules: SpecRules,
    pub(crate) komi: Option<Komi>,
}

impl Rules {
    /// Tromp-Taylor, komi 0: the default of `Game`.
    pub fn tromp_taylor() -> Rules {
        Rules {
            rules: SpecRules::TROMP_TAYLOR,
            komi: Some(Komi::ZERO),
        }
    }

    /// Rules from any name the command line takes.
    pub fn parse(name: &str) -> Outcome<Rules> {
        let (rules, komi) = rules_by_any_name(name).map_err(|e| Fail::new("RulesError", e))?;
        Ok(Rules { rules, komi })
    }

    /// Rules from a JavaScript value: a `Rules`, a string, or absent (Tromp-Taylor).
    pub fn from_js(v: Option<&Unknown>) -> Outcome<Rules> {
        let Some(v) = v.filter(|v| !args::absent(Some(v))) else {
            return Ok(Rules::tromp_taylor());
        };
        if v.get_type().ok() == Some(ValueType::String) {
            return Rules::parse(&args::string(v, "rules")?);
        }
        match unsafe { v.cast::<ClassInstance<Rules>>() } {
            Ok(r) => Ok((*r).clone()),
            Err(_) => Err(args::wrong_type(
                "rules",
                "a Rules or a string (a ruleset name, a KataGo rules string or a parameter list)",
                v,
            )),
        }
    }

    fn word(&self, key: &str) -> &'static str {
        self.rules
            .parameters()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
            .unwrap_or("")
    }
}

/// A number of half points as a JavaScript number (exact: every multiple of 0.5 is).
pub fn float(h: HalfPoints) -> f64 {
    h.as_halves() as f64 / 2.0
}

#[napi]
impl Rules {
    #[napi(
        constructor,
        ts_args_type = "name?: string, parameters?: Record<string, string>"
    )]
    pub fn new(env: Env, name: Option<Unknown>, parameters: Option<Unknown>) -> Result<Self> {
        guard(&env, || {
            let name = args::opt_string(name.as_ref(), "name")?;
            let mut r = Rules::parse(name.as_deref().unwrap_or("tromp-taylor"))?;
            if let Some(params) = args::options(parameters.as_ref(), "parameters")? {
                let keys = Object::keys(&params)
                    .map_err(|e| crate::errors::napi("TtrulesTypeError", e))?;
                for key in keys {
                    let v: Unknown = params
                        .get_named_property(&key)
                        .map_err(|e| crate::errors::napi("TtrulesTypeError", e))?;
                    let value = args::string(&v, &format!("rules parameter {key}")).map_err(
                        |_| Fail::new("RulesError", format!("rules parameter {key}: the value must be a string, e.g. \"positional\"")),
                    )?;
                    r.rules
                        .set(&key, &value)
                        .map_err(|e| Fail::new("RulesError", e))?;
                }
            }
            Ok(r)
        })
    }

    /// Our name of these parameters if they form a named ruleset, else `null` (r[var.rulesets]).
    #[napi(getter)]
    pub fn name(&self) -> Option<&'static str> {
        self.rules.name()
    }

    /// The komi the name carries (the named ruleset's default), or `null` (r[param.komi]).
    #[napi(getter)]
    pub fn default_komi(&self) -> Option<f64> {
        self.komi.map(|k| float(k.value()))
    }

    /// The nearest KataGo rules string (r[var.katago]).
    #[napi(getter)]
    pub fn katago(&self) -> String {
        katago::write(&self.rules, self.komi).0
    }

    /// `positional` (r[tt.turn.repetition]), `situational`, `natural-situational` or `simple-ko`
    /// (r[var.ko.situational], r[var.ko.natural-situational], r[var.ko.simple]).
    #[napi(getter)]
    pub fn repetition(&self) -> &'static str {
        self.word("repetition")
    }

    /// `allowed` (r[var.suicide.allowed]), `multi-stone-only` or `forbidden`.
    #[napi(getter)]
    pub fn suicide(&self) -> &'static str {
        self.word("suicide")
    }

    /// `area` (r[var.count.area]), `territory` or `area-pass-alive`.
    #[napi(getter)]
    pub fn counting(&self) -> &'static str {
        self.word("counting")
    }

    /// `none` (r[var.tax.none]), `seki` or `all`.
    #[napi(getter)]
    pub fn tax(&self) -> &'static str {
        self.word("tax")
    }

    /// `none` or `one-per-pass` (r[var.pass.stones]).
    #[napi(getter)]
    pub fn pass_stones(&self) -> &'static str {
        self.word("pass_stones")
    }

    /// `two-passes` (r[tt.end]), `white-passes-last` or `repeated-pass`.
    #[napi(getter)]
    pub fn end(&self) -> &'static str {
        self.word("end")
    }

    /// `nothing`, `button`, `tie-break`, `msg` or `button-new-history` (r[var.first-pass]).
    #[napi(getter)]
    pub fn first_pass(&self) -> &'static str {
        self.word("first_pass")
    }

    /// `draw` (r[tt.winner]) or `black-wins`.
    #[napi(getter)]
    pub fn ties(&self) -> &'static str {
        self.word("ties")
    }

    /// `none`, `n` or `n-1` (r[var.handicap.compensation]).
    #[napi(getter)]
    pub fn handicap(&self) -> &'static str {
        self.word("handicap")
    }

    /// Every parameter by name, in the order of r[var.params] (the names as the Python package
    /// and parameter lists spell them: `pass_stones`, `first_pass`).
    #[napi(ts_return_type = "Record<string, string>")]
    pub fn parameters<'e>(&self, env: &'e Env) -> Result<Object<'e>> {
        let mut o = Object::new(env)?;
        for (k, v) in self.rules.parameters() {
            o.set_named_property(k, v)?;
        }
        Ok(o)
    }

    /// The parameters as one line, `repetition=positional suicide=allowed …`.
    #[napi]
    pub fn describe(&self) -> String {
        self.rules.describe()
    }

    /// Whether `other` holds the same parameters and komi.
    #[napi]
    pub fn equals(&self, other: &Rules) -> bool {
        self == other
    }

    /// The names of the named rulesets (r[var.rulesets]).
    #[napi]
    pub fn names() -> Vec<&'static str> {
        SpecRules::NAMED.iter().map(|n| n.name).collect()
    }

    /// The name, or the parameter list when the parameters form no named ruleset.
    #[napi]
    #[allow(clippy::inherent_to_string)]
    pub fn to_string(&self) -> String {
        self.rules.to_string()
    }
}
