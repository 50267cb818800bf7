//! The games table's builder: one row per game replayed or refused ([`crate::schema::GAMES`]).

use crate::schema::{games_schema, warning_fields, GAMES};
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Float64Builder, ListBuilder, StringBuilder,
    StringDictionaryBuilder, StructBuilder, UInt16Builder, UInt32Builder, UInt64Builder,
    UInt8Builder,
};
use arrow_array::types::{Int16Type, Int32Type, Int8Type};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};
use ttrules_record::replay::{Refused, Replayed};
use ttrules_record::Source;
use ttrules_spec::{katago, HalfPoints, Komi, Move, Outcome, Player, Point, Rules};

/// The widest board side (r[tt.board.size]).
const SIDE: u8 = ttrules_spec::point::MAX_SIDE;

/// The GTP name of `m` (`Move::gtp`), from a table made once.
pub(crate) fn move_name(m: Move) -> Cow<'static, str> {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    match m {
        Move::Pass => Cow::Borrowed("pass"),
        Move::Play(p) if p.x < SIDE && p.y < SIDE => {
            let names = NAMES.get_or_init(|| {
                (0..SIDE)
                    .flat_map(|x| (0..SIDE).map(move |y| Point::new(x, y).gtp()))
                    .collect()
            });
            Cow::Borrowed(&names[usize::from(p.x) * usize::from(SIDE) + usize::from(p.y)])
        }
        Move::Play(p) => Cow::Owned(p.gtp()),
    }
}

pub(crate) type D8 = crate::vocab::Small<Int8Type>;
pub(crate) type D16 = crate::vocab::Small<Int16Type>;
pub(crate) type D32 = StringDictionaryBuilder<Int32Type>;

/// Where a game's text came from, beyond its file: a table's row and id (`--sgf-column`).
#[derive(Copy, Clone, Debug, Default)]
pub struct Origin<'a> {
    /// The table the text was read from, and its row (from 0); the games table's `file` is then
    /// the table.
    pub table: Option<(&'a str, u64)>,
    /// The row's `--id-column` value.
    pub id: Option<&'a str>,
}

/// `n`, or the largest `u32` (no record comes near it).
pub(crate) fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

pub(crate) fn u16_of(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

fn points(h: HalfPoints) -> f64 {
    h.as_halves() as f64 / 2.0
}

fn source_word(s: Source) -> &'static str {
    match s {
        Source::Record => "record",
        Source::CommandLine => "command-line",
        Source::Default => "default",
    }
}

/// The source columns: which game, from where.
#[derive(Default)]
struct Head {
    game: UInt64Builder,
    file: StringBuilder,
    row: UInt64Builder,
    id: StringBuilder,
    tree: UInt32Builder,
    trees: UInt32Builder,
    outcome: D8,
    error_kind: D8,
    error_message: StringBuilder,
    engine: D8,
    width: UInt8Builder,
    height: UInt8Builder,
}

/// The record's metadata and the rules applied.
#[derive(Default)]
struct Record {
    black_player: D32,
    white_player: D32,
    black_rank: D32,
    white_rank: D32,
    date: D32,
    event: D32,
    ru: D32,
    km: D32,
    ha: D32,
    rules: D8,
    rules_katago: D32,
    rules_from: D8,
    /// The nine parameters of the rules, in `Rules::parameters` order.
    params: [D8; 9],
    komi: Float64Builder,
    komi_from: D8,
    handicap: UInt16Builder,
}

/// How the replay went: turns, the illegal one, the stop.
#[derive(Default)]
struct Play {
    turns: UInt32Builder,
    illegal_turn: UInt32Builder,
    illegal_node: UInt32Builder,
    illegal_colour: D8,
    illegal_move: D16,
    illegal_reason: D8,
    illegal_clause: D8,
    stop_cause: D8,
    stop_clause: D8,
    stop_node: UInt32Builder,
    stop_move: UInt32Builder,
    stop_text: D32,
    over: BooleanBuilder,
    to_move: D8,
    first_passer: D8,
}

/// The score, the result, `RE`, the warnings.
struct End {
    score_black: Float64Builder,
    score_white: Float64Builder,
    captures_black: UInt32Builder,
    captures_white: UInt32Builder,
    prisoners_black: UInt32Builder,
    prisoners_white: UInt32Builder,
    dead_from: D8,
    dead_engine: D32,
    dead_stones: UInt16Builder,
    seki_stones: UInt16Builder,
    result: D32,
    winner: D8,
    margin: Float64Builder,
    re: D32,
    re_kind: D8,
    re_winner: D8,
    re_margin: Float64Builder,
    re_agrees: BooleanBuilder,
    warnings: ListBuilder<StructBuilder>,
    encoding: D8,
    spec: D8,
}

impl Default for End {
    fn default() -> End {
        let warning = StructBuilder::new(
            warning_fields(),
            vec![
                Box::new(StringBuilder::new()) as Box<dyn ArrayBuilder>,
                Box::new(UInt32Builder::new()),
                Box::new(StringBuilder::new()),
            ],
        );
        let item = Field::new("item", DataType::Struct(warning_fields()), false);
        End {
            score_black: Default::default(),
            score_white: Default::default(),
            captures_black: Default::default(),
            captures_white: Default::default(),
            prisoners_black: Default::default(),
            prisoners_white: Default::default(),
            dead_from: Default::default(),
            dead_engine: Default::default(),
            dead_stones: Default::default(),
            seki_stones: Default::default(),
            result: Default::default(),
            winner: Default::default(),
            margin: Default::default(),
            re: Default::default(),
            re_kind: Default::default(),
            re_winner: Default::default(),
            re_margin: Default::default(),
            re_agrees: Default::default(),
            warnings: ListBuilder::new(warning).with_field(Arc::new(item)),
            encoding: Default::default(),
            spec: Default::default(),
        }
    }
}

/// Builds the games table a batch at a time: [`Games::push`] each game, [`Games::finish`] a
/// batch (the builder starts afresh). Each batch has the schema [`games_schema`].
#[derive(Default)]
pub struct Games {
    head: Head,
    record: Record,
    play: Play,
    end: End,
    /// The KataGo rules string of each rules and komi met (a run meets a handful).
    katago: Vec<(Rules, Komi, String)>,
    rows: usize,
}

impl Games {
    pub fn new() -> Games {
        Games::default()
    }

    /// The rows pushed since the last batch.
    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds the row of one game, numbered `game`, replayed or refused.
    pub fn push(&mut self, game: u64, r: &Result<Replayed, Refused>, origin: Origin<'_>) {
        self.rows += 1;
        match r {
            Ok(r) => self.push_replayed(game, r, origin),
            Err(e) => self.push_refused(game, e, origin),
        }
    }

    fn push_source(&mut self, game: u64, file: &str, origin: Origin<'_>) {
        let h = &mut self.head;
        h.game.append_value(game);
        match origin.table {
            Some((table, row)) => {
                h.file.append_value(table);
                h.row.append_value(row);
            }
            None => {
                h.file.append_value(file);
                h.row.append_null();
            }
        }
        h.id.append_option(origin.id);
    }

    fn push_replayed(&mut self, game: u64, r: &Replayed, origin: Origin<'_>) {
        let g = &r.record;
        self.push_source(game, &g.file, origin);
        let h = &mut self.head;
        h.tree.append_value(u32_of(g.tree));
        h.trees.append_value(u32_of(g.trees));
        h.outcome.append_value(r.outcome.word());
        h.error_kind.append_null();
        h.error_message.append_null();
        h.engine.append_value(r.engine);
        let size = r.replay.grid.size();
        h.width.append_value(size.width() as u8);
        h.height.append_value(size.height() as u8);
        self.push_record(r);
        self.push_play(r);
        self.push_end(r);
    }

    fn katago(&mut self, rules: Rules, komi: Komi) -> &str {
        let i = match self
            .katago
            .iter()
            .position(|(r, k, _)| *r == rules && *k == komi)
        {
            Some(i) => i,
            None => {
                self.katago
                    .push((rules, komi, katago::write(&rules, Some(komi)).0));
                self.katago.len() - 1
            }
        };
        &self.katago[i].2
    }

    fn push_record(&mut self, r: &Replayed) {
        let (g, game) = (&r.record, &r.game);
        let text = self.katago(game.rules, game.komi).to_string();
        let c = &mut self.record;
        c.black_player.append_option(g.black_name.as_deref());
        c.white_player.append_option(g.white_name.as_deref());
        // The root's metadata as written (BR, WR, DT, EV, RU, KM, HA).
        let m = &g.meta;
        c.black_rank.append_option(m.black_rank.as_deref());
        c.white_rank.append_option(m.white_rank.as_deref());
        c.date.append_option(m.date.as_deref());
        c.event.append_option(m.event.as_deref());
        c.ru.append_option(m.ru.as_deref());
        c.km.append_option(m.km.as_deref());
        c.ha.append_option(m.ha.as_deref());
        c.rules.append_option(game.rules.name());
        c.rules_katago.append_value(text);
        c.rules_from.append_value(source_word(g.rules_from));
        for (b, (_, v)) in c.params.iter_mut().zip(game.rules.parameters()) {
            b.append_value(v);
        }
        c.komi.append_value(points(game.komi.value()));
        c.komi_from.append_value(source_word(g.komi_from));
        c.handicap
            .append_value(r.replay.handicap.min(u16::MAX as u32) as u16);
    }

    fn push_play(&mut self, r: &Replayed) {
        let (this, p) = (&r.replay, &mut self.play);
        p.turns.append_value(u32_of(this.turns.len()));
        match &this.illegal {
            Some((t, why)) => {
                p.illegal_turn.append_value(u32_of(t.number));
                p.illegal_node.append_value(u32_of(t.node));
                p.illegal_colour.append_value(t.player.letter());
                p.illegal_move.append_value(move_name(t.mv));
                p.illegal_reason.append_value(why.reason());
                p.illegal_clause.append_value(why.clause().id());
            }
            None => {
                p.illegal_turn.append_null();
                p.illegal_node.append_null();
                p.illegal_colour.append_null();
                p.illegal_move.append_null();
                p.illegal_reason.append_null();
                p.illegal_clause.append_null();
            }
        }
        match &r.stop {
            Some(s) => {
                p.stop_cause.append_value(s.cause.word());
                p.stop_clause.append_value(s.cause.clause().id());
                p.stop_node.append_value(u32_of(s.node));
                p.stop_move.append_value(u32_of(s.move_number));
                p.stop_text.append_value(&s.text);
            }
            None => {
                p.stop_cause.append_null();
                p.stop_clause.append_null();
                p.stop_node.append_null();
                p.stop_move.append_null();
                p.stop_text.append_null();
            }
        }
        p.over.append_value(this.over);
        p.to_move.append_value(this.to_move.letter());
        p.first_passer
            .append_option(this.first_passer.map(Player::letter));
    }

    fn push_end(&mut self, r: &Replayed) {
        let (this, g, e) = (&r.replay, &r.record, &mut self.end);
        e.score_black.append_value(points(this.score.black));
        e.score_white.append_value(points(this.score.white));
        e.captures_black.append_value(this.captures.black);
        e.captures_white.append_value(this.captures.white);
        let territory = r.game.rules.counting == ttrules_spec::Counting::Territory;
        e.prisoners_black
            .append_option(territory.then_some(this.prisoners.black));
        e.prisoners_white
            .append_option(territory.then_some(this.prisoners.white));
        e.dead_from.append_value(r.dead_from.word());
        e.dead_engine.append_option(r.dead_from.engine());
        e.dead_stones.append_value(u16_of(r.game.dead.len()));
        e.seki_stones
            .append_option(r.seki.as_ref().map(|s| u16_of(s.len())));
        e.result.append_value(this.outcome.sgf_result());
        e.winner.append_value(this.outcome.winner_word());
        e.margin.append_option(match this.outcome {
            Outcome::Win { margin, .. } => Some(points(margin)),
            Outcome::Tie => Some(0.0),
            Outcome::Void => None,
        });
        match &g.result {
            Some(re) => {
                e.re.append_value(&re.text);
                e.re_kind.append_value(re.kind.word());
                e.re_winner.append_option(re.winner.map(Player::letter));
                e.re_margin.append_option(re.margin);
            }
            None => {
                e.re.append_null();
                e.re_kind.append_null();
                e.re_winner.append_null();
                e.re_margin.append_null();
            }
        }
        e.re_agrees.append_option(r.re_agrees);
        let list = &mut e.warnings;
        for w in &r.warnings {
            let s = list.values();
            field::<StringBuilder>(s, 0).append_value(w.kind);
            field::<UInt32Builder>(s, 1).append_option(w.node.map(u32_of));
            field::<StringBuilder>(s, 2).append_value(&w.text);
            s.append(true);
        }
        list.append(true);
        e.encoding.append_value(g.encoding);
        e.spec.append_value(ttrules_spec::SPEC_VERSION);
    }

    fn push_refused(&mut self, game: u64, x: &Refused, origin: Origin<'_>) {
        self.push_source(game, &x.file, origin);
        let h = &mut self.head;
        h.tree.append_option(x.tree.map(u32_of));
        h.trees.append_null();
        h.outcome.append_value("refused");
        h.error_kind.append_value(x.kind);
        h.error_message.append_value(&x.message);
        h.engine.append_null();
        h.width.append_null();
        h.height.append_null();
        let c = &mut self.record;
        for d in [
            &mut c.black_player,
            &mut c.white_player,
            &mut c.black_rank,
            &mut c.white_rank,
            &mut c.date,
            &mut c.event,
            &mut c.ru,
            &mut c.km,
            &mut c.ha,
            &mut c.rules_katago,
        ] {
            d.append_null();
        }
        for d in c.params.iter_mut() {
            d.append_null();
        }
        c.rules.append_null();
        c.rules_from.append_null();
        c.komi.append_null();
        c.komi_from.append_null();
        c.handicap.append_null();
        self.refused_play_and_end();
    }

    fn refused_play_and_end(&mut self) {
        let p = &mut self.play;
        for b in [&mut p.turns, &mut p.illegal_turn, &mut p.illegal_node] {
            b.append_null();
        }
        for b in [&mut p.stop_node, &mut p.stop_move] {
            b.append_null();
        }
        for d in [
            &mut p.illegal_colour,
            &mut p.illegal_reason,
            &mut p.illegal_clause,
            &mut p.stop_cause,
            &mut p.stop_clause,
            &mut p.to_move,
            &mut p.first_passer,
        ] {
            d.append_null();
        }
        p.illegal_move.append_null();
        p.stop_text.append_null();
        p.over.append_null();
        let e = &mut self.end;
        for b in [
            &mut e.score_black,
            &mut e.score_white,
            &mut e.margin,
            &mut e.re_margin,
        ] {
            b.append_null();
        }
        for b in [
            &mut e.captures_black,
            &mut e.captures_white,
            &mut e.prisoners_black,
            &mut e.prisoners_white,
        ] {
            b.append_null();
        }
        e.dead_stones.append_null();
        e.seki_stones.append_null();
        for d in [&mut e.dead_engine, &mut e.result, &mut e.re] {
            d.append_null();
        }
        for d in [
            &mut e.dead_from,
            &mut e.winner,
            &mut e.re_kind,
            &mut e.re_winner,
            &mut e.encoding,
        ] {
            d.append_null();
        }
        e.re_agrees.append_null();
        e.warnings.append(false);
        e.spec.append_value(ttrules_spec::SPEC_VERSION);
    }

    /// The rows pushed since the last batch, as a batch; the builder starts afresh.
    pub fn finish(&mut self) -> RecordBatch {
        self.rows = 0;
        let columns = self.columns();
        debug_assert!(columns.iter().map(|c| c.0).eq(GAMES.iter().map(|c| c.name)));
        RecordBatch::try_new(
            games_schema(),
            columns.into_iter().map(|(_, c)| c).collect(),
        )
        .expect("the builders make the schema's columns")
    }

    /// Each column, named, in the schema's order.
    fn columns(&mut self) -> Vec<(&'static str, ArrayRef)> {
        let (h, c, p, e) = (
            &mut self.head,
            &mut self.record,
            &mut self.play,
            &mut self.end,
        );
        let a = |b: &mut dyn ArrayBuilder| b.finish();
        let mut out: Vec<(&'static str, ArrayRef)> = vec![
            ("game", a(&mut h.game)),
            ("file", a(&mut h.file)),
            ("row", a(&mut h.row)),
            ("id", a(&mut h.id)),
            ("tree", a(&mut h.tree)),
            ("trees", a(&mut h.trees)),
            ("outcome", a(&mut h.outcome)),
            ("error_kind", a(&mut h.error_kind)),
            ("error_message", a(&mut h.error_message)),
            ("engine", a(&mut h.engine)),
            ("width", a(&mut h.width)),
            ("height", a(&mut h.height)),
            ("black_player", a(&mut c.black_player)),
            ("white_player", a(&mut c.white_player)),
            ("black_rank", a(&mut c.black_rank)),
            ("white_rank", a(&mut c.white_rank)),
            ("date", a(&mut c.date)),
            ("event", a(&mut c.event)),
            ("ru", a(&mut c.ru)),
            ("km", a(&mut c.km)),
            ("ha", a(&mut c.ha)),
            ("rules", a(&mut c.rules)),
            ("rules_katago", a(&mut c.rules_katago)),
            ("rules_from", a(&mut c.rules_from)),
        ];
        const PARAMS: [&str; 9] = [
            "rules_repetition",
            "rules_suicide",
            "rules_counting",
            "rules_tax",
            "rules_pass_stones",
            "rules_end",
            "rules_first_pass",
            "rules_ties",
            "rules_handicap",
        ];
        for (name, b) in PARAMS.into_iter().zip(c.params.iter_mut()) {
            out.push((name, a(b)));
        }
        out.extend([
            ("komi", a(&mut c.komi)),
            ("komi_from", a(&mut c.komi_from)),
            ("handicap", a(&mut c.handicap)),
            ("turns", a(&mut p.turns)),
            ("illegal_turn", a(&mut p.illegal_turn)),
            ("illegal_node", a(&mut p.illegal_node)),
            ("illegal_colour", a(&mut p.illegal_colour)),
            ("illegal_move", a(&mut p.illegal_move)),
            ("illegal_reason", a(&mut p.illegal_reason)),
            ("illegal_clause", a(&mut p.illegal_clause)),
            ("stop_cause", a(&mut p.stop_cause)),
            ("stop_clause", a(&mut p.stop_clause)),
            ("stop_node", a(&mut p.stop_node)),
            ("stop_move", a(&mut p.stop_move)),
            ("stop_text", a(&mut p.stop_text)),
            ("over", a(&mut p.over)),
            ("to_move", a(&mut p.to_move)),
            ("first_passer", a(&mut p.first_passer)),
        ]);
        out.extend([
            ("score_black", a(&mut e.score_black)),
            ("score_white", a(&mut e.score_white)),
            ("captures_black", a(&mut e.captures_black)),
            ("captures_white", a(&mut e.captures_white)),
            ("prisoners_black", a(&mut e.prisoners_black)),
            ("prisoners_white", a(&mut e.prisoners_white)),
            ("dead_from", a(&mut e.dead_from)),
            ("dead_engine", a(&mut e.dead_engine)),
            ("dead_stones", a(&mut e.dead_stones)),
            ("seki_stones", a(&mut e.seki_stones)),
            ("result", a(&mut e.result)),
            ("winner", a(&mut e.winner)),
            ("margin", a(&mut e.margin)),
            ("re", a(&mut e.re)),
            ("re_kind", a(&mut e.re_kind)),
            ("re_winner", a(&mut e.re_winner)),
            ("re_margin", a(&mut e.re_margin)),
            ("re_agrees", a(&mut e.re_agrees)),
            ("warnings", a(&mut e.warnings)),
            ("encoding", a(&mut e.encoding)),
            ("spec", a(&mut e.spec)),
        ]);
        out
    }
}

/// The `i`-th field builder of a warning.
fn field<T: ArrayBuilder>(s: &mut StructBuilder, i: usize) -> &mut T {
    s.field_builder::<T>(i)
        .expect("the warning's fields are the builders made for them")
}
