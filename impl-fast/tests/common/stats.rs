//! The counters of what the random games reached, and the check that a run reached every event
//! it must (a test fails on a zero).

use ttrules_spec::{FirstPass, Illegal, Repetition, Rules};

/// How often each interesting event happened; a test fails on a zero.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub games: usize,
    pub turns: usize,
    pub attempts: usize,
    /// Rejections by verdict, indexed by `Illegal as usize`.
    pub rejected: [usize; 9],
    /// Under positional superko: single-stone suicides rejected as repetition.
    pub single_suicide: usize,
    pub multi_suicide: usize,
    pub captures: usize,
    /// Positional repetition rejections whose colouring is neither the current one nor the one
    /// before the opponent's last move (so not a lone suicide and not a simple ko recapture).
    pub superko_beyond_ko: usize,
    pub region_reaching_both: usize,
    pub games_ended_by_passes: usize,
    /// Distinct colourings of one game that shared a hash (only meaningful for narrow hashes).
    pub hash_collisions: usize,
    /// Moves legal under situational superko that recreate an earlier colouring (so positional
    /// superko would forbid them).
    pub situational_not_positional: usize,
    /// The same under natural situational superko.
    pub natural_not_positional: usize,
    /// Single-stone suicides played under situational or natural situational superko.
    pub single_suicide_situational: usize,
    /// Single-stone suicides played under simple ko.
    pub single_suicide_simple_ko: usize,
    pub void_games: usize,
    /// Final positions where the seki tax gives a different area score than no tax.
    pub seki_tax_differences: usize,
    /// Final positions with an independent-life region (so the group tax costs something).
    pub tax_all_regions: usize,
    /// Ties broken by the first passer (r[var.first-pass.tie-break]).
    pub tie_breaks: usize,
    /// Ties won by Black (r[var.ties.black-wins]).
    pub black_wins_ties: usize,
    /// Games under r[var.end.white-last] that went on after two passes ending with Black's.
    pub aga_extra_white_pass: usize,
    /// Games whose opening gave a handicap of 2 or more.
    pub opening_handicaps: usize,
    /// Games from a setup with a declared handicap of 2 or more.
    pub declared_handicaps: usize,
    /// Games from a setup that was not the empty start.
    pub setups: usize,
    /// Setups refused (compared between the engines).
    pub setup_errors: usize,
    /// Times a button pass did not count toward the end (fewer consecutive than trailing passes).
    pub button_not_counted: usize,
    /// White passed first under r[var.first-pass.msg].
    pub msg_white_first: usize,
    /// Prisoners from pass stones.
    pub pass_stone_games: usize,
    /// Dead-stone sets scored, and refused as off-grid or empty.
    pub dead_scored: usize,
    pub dead_off_grid: usize,
    pub dead_empty: usize,
    /// Territory scores with prisoners on both sides.
    pub territory_with_prisoners: usize,
    /// Observations with a pass-alive area (r[life.area]), and with a stone standing in the
    /// opponent's pass-alive territory (r[life.territory]).
    pub pass_alive_seen: usize,
    pub stones_in_pass_alive_territory: usize,
    /// Games under r[var.end.repeated-pass] that ended on a repeated pass (not two passes).
    pub repeated_pass_endings: usize,
    /// Moves legal under r[var.first-pass.button.new-history] (positional superko) that recreate a
    /// colouring from before the button.
    pub new_history_repeats: usize,
    /// Final positions where r[var.count.area.pass-alive] scores differently from r[var.count.area].
    pub pass_alive_score_differences: usize,
    /// Final positions with a dame region that is filled (r[var.territory.seki]), and with a seki
    /// region.
    pub filled_dame: usize,
    pub seki_regions: usize,
    /// Final positions where r[var.tax.seki.regions] and r[var.tax.seki.blocks] give different
    /// scores (an open dame or a chain in atari).
    pub regions_vs_blocks: usize,
    /// The fused playout step (`play_if_legal_non_eyelike`, `play_empty_if_legal_non_eyelike`):
    /// points it played, and points it refused as eyelike and as illegal.
    pub fused_played: usize,
    pub fused_eyelike: usize,
    pub fused_illegal: usize,
}

/// The counters that depend on the repetition parameter: a new value of it is counted here
/// (every `match` names every value).
impl Stats {
    /// A single-stone suicide was played (legal) under `rules`.
    pub fn single_suicide_played(&mut self, rules: Rules) {
        match rules.repetition {
            Repetition::Situational | Repetition::NaturalSituational => {
                self.single_suicide_situational += 1
            }
            Repetition::SimpleKo => self.single_suicide_simple_ko += 1,
            // Positional superko forbids it (r[tt.note.single-suicide]).
            Repetition::Positional => {}
        }
    }

    /// A legal move under `rules` recreated an earlier colouring of the game.
    pub fn earlier_colouring_recreated(&mut self, rules: Rules) {
        match rules.repetition {
            Repetition::Situational => self.situational_not_positional += 1,
            Repetition::NaturalSituational => self.natural_not_positional += 1,
            Repetition::Positional if rules.first_pass == FirstPass::ButtonNewHistory => {
                self.new_history_repeats += 1
            }
            // Nothing to count: positional superko recreates no earlier colouring without the
            // button's new history, and simple ko forbids only the immediate one.
            Repetition::Positional | Repetition::SimpleKo => {}
        }
    }
}

impl Stats {
    /// Adds every counter of `o`.
    pub fn add(&mut self, o: &Stats) {
        macro_rules! sum {
            ($($f:ident),*) => { $(self.$f += o.$f;)* };
        }
        sum!(
            games,
            turns,
            attempts,
            single_suicide,
            multi_suicide,
            captures,
            superko_beyond_ko,
            region_reaching_both,
            games_ended_by_passes,
            hash_collisions,
            situational_not_positional,
            natural_not_positional,
            single_suicide_situational,
            single_suicide_simple_ko,
            void_games,
            seki_tax_differences,
            tax_all_regions,
            tie_breaks,
            black_wins_ties,
            aga_extra_white_pass,
            opening_handicaps,
            declared_handicaps,
            setups,
            setup_errors,
            button_not_counted,
            msg_white_first,
            pass_stone_games,
            dead_scored,
            dead_off_grid,
            dead_empty,
            territory_with_prisoners,
            pass_alive_seen,
            stones_in_pass_alive_territory,
            repeated_pass_endings,
            new_history_repeats,
            pass_alive_score_differences,
            filled_dame,
            seki_regions,
            regions_vs_blocks,
            fused_played,
            fused_eyelike,
            fused_illegal
        );
        for k in 0..self.rejected.len() {
            self.rejected[k] += o.rejected[k];
        }
    }
}

/// The events a run over the whole rule space must have produced at least once.
pub fn assert_variant_events(total: &Stats) {
    let events = [
        ("capture", total.captures),
        ("multi-stone suicide played", total.multi_suicide),
        (
            "situational-legal move recreating an earlier colouring",
            total.situational_not_positional,
        ),
        (
            "natural-situational-legal move recreating an earlier colouring",
            total.natural_not_positional,
        ),
        (
            "single-stone suicide played under (natural) situational superko",
            total.single_suicide_situational,
        ),
        (
            "single-stone suicide played under simple ko",
            total.single_suicide_simple_ko,
        ),
        ("void game (r[var.ko.simple.cycle])", total.void_games),
        ("seki tax changing a score", total.seki_tax_differences),
        ("independent-life region (group tax)", total.tax_all_regions),
        (
            "dame region filled (r[var.territory.seki])",
            total.filled_dame,
        ),
        ("seki region (r[var.territory.seki])", total.seki_regions),
        (
            "seki tax by regions and by blocks differing (r[var.tax.seki.regions])",
            total.regions_vs_blocks,
        ),
        ("fused playout step played", total.fused_played),
        (
            "fused playout step refused an eyelike point",
            total.fused_eyelike,
        ),
        (
            "fused playout step refused an illegal point",
            total.fused_illegal,
        ),
        ("tie broken by the first passer", total.tie_breaks),
        ("tie won by Black", total.black_wins_ties),
        (
            "AGA: game going on after a White pass and a Black pass",
            total.aga_extra_white_pass,
        ),
        ("handicap from the opening", total.opening_handicaps),
        ("declared handicap", total.declared_handicaps),
        ("setup", total.setups),
        ("refused setup", total.setup_errors),
        ("button pass not counted", total.button_not_counted),
        ("MSG: White passes first", total.msg_white_first),
        ("pass stones", total.pass_stone_games),
        ("dead stones scored", total.dead_scored),
        ("dead stone off the grid", total.dead_off_grid),
        ("dead stone on an empty point", total.dead_empty),
        (
            "territory with prisoners on both sides",
            total.territory_with_prisoners,
        ),
        ("game ended by passes", total.games_ended_by_passes),
        ("pass-alive area", total.pass_alive_seen),
        (
            "stone standing in pass-alive territory",
            total.stones_in_pass_alive_territory,
        ),
        (
            "game ended on a repeated pass (r[var.end.repeated-pass])",
            total.repeated_pass_endings,
        ),
        (
            "move recreating a colouring from before KataGo's button",
            total.new_history_repeats,
        ),
        (
            "pass-alive area counting changing a score",
            total.pass_alive_score_differences,
        ),
    ];
    let mut missing: Vec<String> = Vec::new();
    for (what, n) in events {
        if n == 0 {
            missing.push(what.to_string());
        }
    }
    for why in Illegal::ALL {
        if total.rejected[*why as usize] == 0 {
            missing.push(format!("{why:?} rejection"));
        }
    }
    assert!(
        missing.is_empty(),
        "the generator never produced: {missing:?}"
    );
}
