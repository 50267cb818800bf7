//! The protocols `--end` names, their settings, and a fresh machine of each for a game.

use super::agreement::Agreement;
use super::arbiter::{Arbiter, ArbiterKind, ArbiterWhen};
use super::chinese::Chinese;
use super::interface::EndProtocol;
use super::japanese::Japanese;
use super::jihuozi::Jihuozi;
use super::kgs::Kgs;
use super::tromp_taylor::TrompTaylor;
use serde::Serialize;
use ttrules_spec::Clause;

/// The protocols `--end` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// Nothing removed; scored by the ruleset (r[ref.end.tromp-taylor]).
    TrompTaylor,
    /// One exchange of lists; a dispute leaves the disputed stones alive (r[end.agreement]).
    Agreement,
    /// A dispute resumes play; four passes in a row end it all alive (r[end.chinese]).
    Chinese,
    /// A dispute resumes play in cleanup; the next end is all alive (r[end.kgs]).
    Kgs,
    /// A dispute is played out on a copy of the game (r[end.japanese]).
    Japanese,
    /// A third party decides (r[end.arbiter]): `--arbiter CMD` or `--arbiter proven`.
    Arbiter,
    /// Counting living stones: the 计活子 finish of Part V (r[end.jihuozi]).
    Jihuozi,
}

/// The settings a protocol takes besides its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndOptions {
    pub arbiter: ArbiterKind,
    pub arbiter_when: ArbiterWhen,
    /// The move limit (r[ref.limit]), which also bounds the turns on a copy.
    pub max_turns: Option<u32>,
}

impl Default for EndOptions {
    fn default() -> EndOptions {
        EndOptions {
            arbiter: ArbiterKind::Proven,
            arbiter_when: ArbiterWhen::Dispute,
            max_turns: None,
        }
    }
}

impl Protocol {
    pub const ALL: [Protocol; 7] = [
        Protocol::TrompTaylor,
        Protocol::Agreement,
        Protocol::Chinese,
        Protocol::Kgs,
        Protocol::Japanese,
        Protocol::Arbiter,
        Protocol::Jihuozi,
    ];

    /// A fresh machine for one game, with the default options.
    pub fn machine(self) -> Box<dyn EndProtocol> {
        self.machine_with(&EndOptions::default())
    }

    /// A fresh machine for one game.
    pub fn machine_with(self, opts: &EndOptions) -> Box<dyn EndProtocol> {
        match self {
            Protocol::TrompTaylor => Box::new(TrompTaylor::default()),
            Protocol::Agreement => Box::new(Agreement::default()),
            Protocol::Chinese => Box::new(Chinese::new()),
            Protocol::Kgs => Box::new(Kgs::default()),
            Protocol::Japanese => Box::new(Japanese::new(opts.max_turns)),
            Protocol::Arbiter => Box::new(Arbiter::new(opts.arbiter.clone(), opts.arbiter_when)),
            Protocol::Jihuozi => Box::new(Jihuozi::new()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Protocol::TrompTaylor => "tromp-taylor",
            Protocol::Agreement => "agreement",
            Protocol::Chinese => "chinese",
            Protocol::Kgs => "kgs",
            Protocol::Japanese => "japanese",
            Protocol::Arbiter => "arbiter",
            Protocol::Jihuozi => "jihuozi",
        }
    }

    pub fn clause(self) -> Clause {
        match self {
            Protocol::TrompTaylor => Clause::RefEndTrompTaylor,
            Protocol::Agreement => Clause::EndAgreement,
            Protocol::Chinese => Clause::EndChinese,
            Protocol::Kgs => Clause::EndKgs,
            Protocol::Japanese => Clause::EndJapanese,
            Protocol::Arbiter => Clause::EndArbiter,
            Protocol::Jihuozi => Clause::EndJihuozi,
        }
    }

    /// Whether the protocol may resume play on the game (and so needs engines that play on
    /// after the pause).
    pub fn resumes(self) -> bool {
        matches!(
            self,
            Protocol::Chinese | Protocol::Kgs | Protocol::Japanese | Protocol::Jihuozi
        )
    }
}
