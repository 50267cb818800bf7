//! The clause ids of `spec/RULES.md`, so that code can name the clause it implements or reports.
//!
//! Each clause has an anchor in the rendered spec, [`Clause::url`]: the one place where documents
//! and tools build a clause's address ([`SPEC_URL`]).
//!
//! A test in the `ttrules-vectors` package checks that this list and the ids in `RULES.md` are the same
//! set, and that every clause is exercised by at least one vector.

use std::fmt;

/// The rendered spec (the book's spec chapters), where each clause id is an anchor
/// (`#tt.turn.repetition`) in the chapter of its Part ([`chapter`]).
pub const SPEC_URL: &str = "https://ttrules.github.io/ttrules/spec/";

/// The published book, whose spec chapters hold the clause anchors.
pub const BOOK_URL: &str = "https://ttrules.github.io/ttrules/";

/// The chapter of the book that defines the clauses of a family (the id's first word), relative
/// to [`BOOK_URL`]: each family lives in one Part of `spec/RULES.md`, and the book has one chapter
/// per Part (`docs/tools/clauses.py`), `spec/perft.md` its own. `None` for no known family.
pub fn chapter(id: &str) -> Option<&'static str> {
    let family = id.split('.').next()?;
    Some(match family {
        "tt" | "param" | "verdict" => "spec/part-1.html",
        "var" => "spec/part-2.html",
        "rec" => "spec/part-3.html",
        "life" => "spec/part-4.html",
        "finish" => "spec/part-5.html",
        "ref" => "spec/part-6.html",
        "end" => "spec/part-7.html",
        "perft" => "spec/perft.html",
        _ => return None,
    })
}

macro_rules! clauses {
    ($($variant:ident => $id:literal,)*) => {
        /// A clause of `spec/RULES.md`.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Clause {
            $(#[doc = concat!("`r[", $id, "]`")] $variant,)*
        }

        impl Clause {
            /// Every clause, in the order of `RULES.md`.
            pub const ALL: &'static [Clause] = &[$(Clause::$variant,)*];

            /// The clause's address in the rendered spec: the chapter of its Part ([`chapter`])
            /// with the id as anchor, e.g.
            /// `https://ttrules.github.io/ttrules/spec/part-1.html#tt.turn.repetition`.
            pub fn url(self) -> String {
                match chapter(self.id()) {
                    Some(c) => format!("{BOOK_URL}{c}#{}", self.id()),
                    None => format!("{SPEC_URL}#{}", self.id()),
                }
            }

            /// The stable id, e.g. `tt.turn.repetition`.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Clause::$variant => $id,)*
                }
            }
        }
    };
}

clauses! {
    Board => "tt.board",
    BoardSize => "tt.board.size",
    Adjacent => "tt.adjacent",
    Colouring => "tt.colouring",
    Reach => "tt.reach",
    Clear => "tt.clear",
    Start => "tt.start",
    Turn => "tt.turn",
    TurnPass => "tt.turn.pass",
    TurnRepetition => "tt.turn.repetition",
    TurnAttempt => "tt.turn.attempt",
    Move => "tt.move",
    MoveEmpty => "tt.move.empty",
    MoveClearOpponent => "tt.move.clear-opponent",
    MoveClearSelf => "tt.move.clear-self",
    End => "tt.end",
    Score => "tt.score",
    Winner => "tt.winner",
    Komi => "param.komi",
    DerivedChain => "tt.derived.chain",
    DerivedLiberty => "tt.derived.liberty",
    DerivedEveryStoneReachesEmpty => "tt.derived.every-stone-reaches-empty",
    VerdictReasons => "verdict.reasons",
    VerdictOrder => "verdict.order",
    VerdictLegalMoves => "verdict.legal-moves",
    NoteSingleSuicide => "tt.note.single-suicide",
    NoteMultiSuicide => "tt.note.multi-suicide",
    NoteStartColouring => "tt.note.start-colouring",
    NoteOneByOne => "tt.note.one-by-one",
    NotePassNoColouring => "tt.note.pass-no-colouring",
    NotePositional => "tt.note.positional",
    NoteClearOrder => "tt.note.clear-order",
    NoteNoRemoval => "tt.note.no-removal",
    NoteAfterEnd => "tt.note.after-end",
    VarParams => "var.params",
    VarParamsKatago => "var.params.katago",
    VarParamsKatagoTax => "var.params.katago.tax",
    VarSetup => "var.setup",
    VarPrisoners => "var.prisoners",
    VarKoSituational => "var.ko.situational",
    VarKoNaturalSituational => "var.ko.natural-situational",
    VarKoSimple => "var.ko.simple",
    VarKoSimpleCycle => "var.ko.simple.cycle",
    VarSuicideAllowed => "var.suicide.allowed",
    VarSuicideMultiOnly => "var.suicide.multi-only",
    VarSuicideForbidden => "var.suicide.forbidden",
    VarVerdictOrder => "var.verdict.order",
    VarEndWhiteLast => "var.end.white-last",
    VarEndRepeatedPass => "var.end.repeated-pass",
    VarPassStones => "var.pass.stones",
    VarCountDead => "var.count.dead",
    VarCountArea => "var.count.area",
    VarCountTerritory => "var.count.territory",
    VarCountAreaPassAlive => "var.count.area.pass-alive",
    VarTaxNone => "var.tax.none",
    VarTaxIlr => "var.tax.ilr",
    VarTaxSeki => "var.tax.seki",
    VarTaxAll => "var.tax.all",
    VarTerritoryEyePoints => "var.territory.eye-points",
    VarTerritoryBlocks => "var.territory.blocks",
    VarTerritorySeki => "var.territory.seki",
    VarTaxSekiBlocks => "var.tax.seki.blocks",
    VarTaxAllBlocks => "var.tax.all.blocks",
    VarTaxSekiRegions => "var.tax.seki.regions",
    VarTaxAllRegions => "var.tax.all.regions",
    VarKatagoTax => "var.katago.tax",
    VarKatagoTaxRegions => "var.katago.tax.regions",
    VarKatagoKnownDifferences => "var.katago.known-differences",
    VarTerritoryNoteSources => "var.territory.note.sources",
    VarFirstPass => "var.first-pass",
    VarFirstPassButton => "var.first-pass.button",
    VarFirstPassButtonNewHistory => "var.first-pass.button.new-history",
    VarFirstPassTieBreak => "var.first-pass.tie-break",
    VarFirstPassMsg => "var.first-pass.msg",
    VarTiesBlackWins => "var.ties.black-wins",
    VarHandicap => "var.handicap",
    VarHandicapCompensation => "var.handicap.compensation",
    VarScoreFinal => "var.score.final",
    VarKatago => "var.katago",
    VarKatagoDifferences => "var.katago.differences",
    VarKatagoExact => "var.katago.exact",
    VarKatagoExactDifferences => "var.katago.exact.differences",
    VarRulesets => "var.rulesets",
    VarNoteAreaVsTerritory => "var.note.area-vs-territory",
    VarNoteMsgEqualsButton => "var.note.msg-equals-button",
    VarNoteWhichAgree => "var.note.which-agree",
    VarNoteChineseKomi => "var.note.chinese-komi",
    VarNoteIngKomi => "var.note.ing-komi",
    VarNoteAncientTerritory => "var.note.ancient-territory",
    RecDecode => "rec.decode",
    RecDecodeValues => "rec.decode.values",
    RecDecodeMismatch => "rec.decode.mismatch",
    RecDecodeReplace => "rec.decode.replace",
    RecSyntax => "rec.syntax",
    RecRecover => "rec.recover",
    RecTrees => "rec.trees",
    RecMainLine => "rec.main-line",
    RecSize => "rec.size",
    RecMove => "rec.move",
    RecMoveImpliedPass => "rec.move.implied-pass",
    RecWarnings => "rec.warnings",
    RecSetup => "rec.setup",
    RecSetupPlayer => "rec.setup.player",
    RecHandicap => "rec.handicap",
    RecHandicapStones => "rec.handicap.stones",
    RecHandicapMoves => "rec.handicap.moves",
    RecHandicapPlaced => "rec.handicap.placed",
    RecHandicapMissing => "rec.handicap.missing",
    RecRules => "rec.rules",
    RecKomi => "rec.komi",
    RecKomiFox => "rec.komi.fox",
    RecDead => "rec.dead",
    RecDeadEnclosed => "rec.dead.enclosed",
    RecDeadSource => "rec.dead.source",
    RecDeadProven => "rec.dead.proven",
    RecDeadEngine => "rec.dead.engine",
    RecResult => "rec.result",
    RecResultAgree => "rec.result.agree",
    RecOverride => "rec.override",
    RecStop => "rec.stop",
    RecStopAfterEnd => "rec.stop.after-end",
    RecResume => "rec.resume",
    RecStopOutOfTurn => "rec.stop.out-of-turn",
    RecStopSetup => "rec.stop.setup",
    RecStopSetupPlAfterMove => "rec.stop.setup.pl-after-move",
    RecStopBadMove => "rec.stop.bad-move",
    LifeRegion => "life.region",
    LifeVital => "life.vital",
    LifeElimination => "life.elimination",
    LifePassAlive => "life.pass-alive",
    LifeTerritory => "life.territory",
    LifeArea => "life.area",
    LifeNoteSound => "life.note.sound",
    LifeNotePlainUnsound => "life.note.plain-unsound",
    LifeNoteDisjoint => "life.note.disjoint",
    LifeNoteKatago => "life.note.katago",
    FinishPause => "finish.pause",
    FinishMarks => "finish.marks",
    FinishMarksEmpty => "finish.marks.empty",
    FinishDeadAgreed => "finish.dead.agreed",
    FinishDeadMarks => "finish.dead.marks",
    FinishDisputeDead => "finish.dispute.dead",
    FinishTerritory => "finish.territory",
    FinishLivingGroup => "finish.living-group",
    FinishReserved => "finish.reserved",
    FinishDisputeEyeOutside => "finish.dispute.eye-outside",
    FinishEyesEnough => "finish.eyes.enough",
    FinishEyesAuto => "finish.eyes.auto",
    FinishFill => "finish.fill",
    FinishFillLegal => "finish.fill.legal",
    FinishCountStones => "finish.count.stones",
    FinishCountRoads => "finish.count.roads",
    FinishCountAgree => "finish.count.agree",
    FinishKomi => "finish.komi",
    FinishWinner => "finish.winner",
    FinishNoteTax => "finish.note.tax",
    FinishNoteTaxBlocks => "finish.note.tax.blocks",
    FinishDispute => "finish.dispute",
    FinishResumePause => "finish.resume.pause",
    FinishResumeIdeal => "finish.resume.ideal",
    FinishDiagram => "finish.diagram",
    RefJudge => "ref.judge",
    RefIllegal => "ref.illegal",
    RefRefusal => "ref.refusal",
    RefResign => "ref.resign",
    RefTime => "ref.time",
    RefTimeTold => "ref.time.told",
    RefTimeOvertime => "ref.time.overtime",
    RefTimeToldOvertime => "ref.time.told.overtime",
    RefFault => "ref.fault",
    RefFaultOutput => "ref.fault.output",
    RefOrder => "ref.order",
    RefStart => "ref.start",
    RefEnd => "ref.end",
    RefEndProtocol => "ref.end.protocol",
    RefEndTrompTaylor => "ref.end.tromp-taylor",
    RefLimit => "ref.limit",
    RefLimitDefault => "ref.limit.default",
    RefCycle => "ref.cycle",
    RefClaims => "ref.claims",
    RefMatchSchedule => "ref.match.schedule",
    RefMatchOpening => "ref.match.opening",
    RefHandicap => "ref.handicap",
    RefHandicapKomi => "ref.handicap.komi",
    RefRecord => "ref.record",
    RefRecordIllegal => "ref.record.illegal",
    RefResults => "ref.results",
    RefEventFile => "ref.event.file",
    RefEventSchedule => "ref.event.schedule",
    RefEventElo => "ref.event.elo",
    RefEventDuplicate => "ref.event.duplicate",
    RefEventStatus => "ref.event.status",
    RefEventStop => "ref.event.stop",
    RefEventTranscript => "ref.event.transcript",
    RefEventReport => "ref.event.report",
    RefEventShard => "ref.event.shard",
    RefEventMerge => "ref.event.merge",
    EndList => "end.list",
    EndConcession => "end.concession",
    EndDispute => "end.dispute",
    EndRound => "end.round",
    EndResume => "end.resume",
    EndBound => "end.bound",
    EndEngines => "end.engines",
    EndAgreement => "end.agreement",
    EndChinese => "end.chinese",
    EndKgs => "end.kgs",
    EndJapanese => "end.japanese",
    EndJapaneseFinalStatus => "end.japanese.final-status",
    EndArbiter => "end.arbiter",
    EndArbiterEngine => "end.arbiter.engine",
    EndArbiterProven => "end.arbiter.proven",
    EndJihuozi => "end.jihuozi",
    EndRecord => "end.record",
    EndResults => "end.results",
    EndAbuse => "end.abuse",
}

impl Clause {
    /// The clause with this id.
    pub fn from_id(id: &str) -> Option<Clause> {
        Clause::ALL.iter().copied().find(|c| c.id() == id)
    }
}

impl fmt::Display for Clause {
    /// `r[id]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r[{}]", self.id())
    }
}

#[cfg(test)]
mod url_tests {
    use super::*;

    /// Every clause's address names the chapter of its Part, where the book puts its anchor (the
    /// spec's front page has none: a link there lands on no clause).
    #[test]
    fn every_clause_links_to_the_chapter_of_its_part() {
        for c in Clause::ALL {
            assert!(chapter(c.id()).is_some(), "{}: no chapter", c.id());
            assert!(c.url().starts_with(BOOK_URL) && !c.url().contains("/spec/#"));
        }
        assert_eq!(
            Clause::TurnRepetition.url(),
            "https://ttrules.github.io/ttrules/spec/part-1.html#tt.turn.repetition"
        );
    }
}
