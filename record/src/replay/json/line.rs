//! `replay --jsonl`'s lines, written by hand ([`JsonLines`]): the text `serde_json::to_string`
//! writes for the document ([`super::Doc`]), field by field into one buffer kept between games.
//!
//! Note: serde_json writes a struct as `{"field":value,…}` in field order without spaces, a
//! skipped field not at all, `None` as `null`, integers in decimal, a list as `[a,b]`, and a
//! string between quotes with `"`, `\` and the control characters escaped (`\b \t \n \f \r`, the
//! others as `\u00xx`) and every other character as it is: [`string`] escapes the same bytes the
//! same way. The names of points and moves, the colour letters and the diagram symbols need no
//! escape, and are written from tables made at compile time; the `rules` object (a few per
//! archive) is serde's own text, kept per rule set and komi. The only floating-point number
//! written by hand is a komi or score that is not whole, `x.5` with `|x| < 2^39`, which serde_json
//! writes as its shortest decimal, `HalfPoints`' own `x.5` (test `halves_are_serdes`); `RE`'s
//! margin and larger halves are serde's. The test `compact_lines_are_serdes`
//! (`record/tests/json_lines.rs`) compares every line with serde's on every record of
//! `../shared/records`.

use super::tables::{
    ESCAPE, MOVE_ENDS, MOVE_SIDE, NODE_COLOURS, POINT_NAMES, SMALL, TURN_ENDS, TURN_HEADS,
};
use super::{JsonRules, Replayed, TurnRecord};
use ttrules_sgf::Warning;
use ttrules_spec::{
    Colour, Counting, Grid, HalfPoints, Komi, Move, Outcome, Player, Point, Prisoners, Rules,
};

/// Writes `replay --jsonl` lines into one buffer, reused from game to game.
#[derive(Default)]
pub struct JsonLines {
    pub(super) out: Out,
    /// The `rules` object of each rule set and komi written so far, as serde writes it.
    rules: Vec<(Rules, Komi, Vec<u8>)>,
}

/// How many `rules` objects [`JsonLines`] keeps (archives hold a handful of rule sets and komis).
const RULES_KEPT: usize = 64;

impl JsonLines {
    /// The line of `r` and its newline: `serde_json::to_string(&document(r))` and `\n`.
    pub fn line(&mut self, r: &Replayed) -> &[u8] {
        self.write(r);
        self.out.put(b"\n");
        self.out.bytes()
    }

    /// The line of `r` without its newline, as text.
    pub fn text(&mut self, r: &Replayed) -> &str {
        self.write(r);
        std::str::from_utf8(self.out.bytes()).expect("JSON is UTF-8")
    }

    /// Writes the JSON object of `r`, in place of what was written before.
    pub(super) fn write(&mut self, r: &Replayed) {
        let rules = self.rules_object(&r.game.rules, r.game.komi);
        let JsonLines {
            out: o,
            rules: kept,
        } = self;
        o.clear();
        game(o, r, &kept[rules].2);
        position(o, r);
        record(o, r);
    }

    /// The index in `self.rules` of the `rules` object of `rules` and `komi`.
    fn rules_object(&mut self, rules: &Rules, komi: Komi) -> usize {
        if let Some(i) = self
            .rules
            .iter()
            .position(|(r, k, _)| r == rules && *k == komi)
        {
            return i;
        }
        if self.rules.len() == RULES_KEPT {
            self.rules.clear();
        }
        let text = serde_json::to_vec(&JsonRules::new(rules, komi)).expect("the rules serialise");
        self.rules.push((*rules, komi, text));
        self.rules.len() - 1
    }
}

/// The fields from `file` to `turns`: the game as the record gives it, and its turns.
fn game(o: &mut Out, r: &Replayed, rules: &[u8]) {
    let (g, this) = (&r.record, &r.replay);
    o.put(b"{\"file\":");
    string(o, &g.file);
    o.put(b",\"tree\":");
    o.number(g.tree);
    o.put(b",\"trees\":");
    o.number(g.trees);
    o.put(b",\"engine\":");
    string(o, r.engine);
    o.put(b",\"size\":{\"width\":");
    o.number(this.grid.size().width());
    o.put(b",\"height\":");
    o.number(this.grid.size().height());
    o.put(b"},\"rules\":");
    o.put_slice(rules);
    o.put(b",\"komi\":");
    half_number(o, r.game.komi.value());
    o.put(b",\"turns\":");
    turns(o, &this.turns);
}

/// The fields from `illegal` to `pass_alive`: where the replay ended, and its score.
fn position(o: &mut Out, r: &Replayed) {
    let (game, this) = (&r.game, &r.replay);
    o.put(b",\"illegal\":");
    match &this.illegal {
        None => o.put(b"null"),
        Some((t, why)) => {
            o.window(TURN_MAX, |w| turn_head(w, t));
            o.put(b"\"reason\":");
            string(o, why.reason());
            o.put(b",\"clause\":");
            string(o, why.clause().id());
            o.put(b"}");
        }
    }
    o.put(b",\"over\":");
    boolean(o, this.over);
    o.put(b",\"to_move\":");
    string(o, this.to_move.letter());
    o.put(b",\"grid\":");
    grid(o, &this.grid);
    o.put(b",\"captures\":");
    count(o, this.captures);
    o.put(b",\"prisoners\":");
    if game.rules.counting == Counting::Territory {
        count(o, this.prisoners);
    } else {
        o.put(b"null");
    }
    o.put(b",\"first_passer\":");
    optional(o, this.first_passer.map(Player::letter));
    o.put(b",\"handicap\":");
    o.number(this.handicap as usize);
    o.put(b",\"dead\":");
    points(o, &game.dead);
    o.put(b",\"dead_from\":");
    string(o, r.dead_from.word());
    if let Some(engine) = r.dead_from.engine() {
        o.put(b",\"dead_engine\":");
        string(o, engine);
    }
    if let Some(seki) = &r.seki {
        o.put(b",\"seki\":");
        points(o, seki);
    }
    o.put(b",\"score\":{\"black\":");
    half_number(o, this.score.black);
    o.put(b",\"white\":");
    half_number(o, this.score.white);
    o.put(b"},\"result\":");
    result(o, this.outcome);
    o.put(b",\"winner\":");
    string(o, this.outcome.winner_word());
    o.put(b",\"legal_moves\":");
    points(o, &this.legal_moves);
    o.put(b",\"pass_alive\":{\"black\":");
    points(o, &this.pass_alive.black);
    o.put(b",\"white\":");
    points(o, &this.pass_alive.white);
    o.put(b"}");
}

/// The fields from `outcome` to the end: what the record adds to the replay.
fn record(o: &mut Out, r: &Replayed) {
    let g = &r.record;
    o.put(b",\"outcome\":");
    string(o, r.outcome.word());
    o.put(b",\"stop\":");
    match &r.stop {
        None => o.put(b"null"),
        Some(s) => {
            o.put(b"{\"node\":");
            o.number(s.node);
            o.put(b",\"move\":");
            o.number(s.move_number);
            o.put(b",\"cause\":");
            string(o, s.cause.word());
            o.put(b",\"clause\":");
            string(o, s.cause.clause().id());
            o.put(b",\"text\":");
            string(o, &s.text);
            o.put(b"}");
        }
    }
    o.put(b",\"re\":");
    match &g.result {
        None => o.put(b"null"),
        Some(re) => {
            o.put(b"{\"text\":");
            string(o, &re.text);
            o.put(b",\"kind\":");
            string(o, re.kind.word());
            o.put(b",\"winner\":");
            optional(o, re.winner.map(Player::letter));
            o.put(b",\"margin\":");
            match re.margin {
                None => o.put(b"null"),
                Some(m) => o.serde(&m),
            }
            o.put(b"}");
        }
    }
    o.put(b",\"re_agrees\":");
    match r.re_agrees {
        None => o.put(b"null"),
        Some(agrees) => boolean(o, agrees),
    }
    o.put(b",\"warnings\":");
    warnings(o, &r.warnings);
    o.put(b",\"encoding\":");
    string(o, g.encoding);
    o.put(b",\"players\":{\"black\":");
    optional(o, g.black_name.as_deref());
    o.put(b",\"white\":");
    optional(o, g.white_name.as_deref());
    o.put(b"},\"spec\":");
    string(o, ttrules_spec::SPEC_VERSION);
    o.put(b"}");
}

/// The most bytes one turn takes: `{"number":` and `,"node":` (18), two numbers (40), the colour
/// (20), the move (8), `"legal":false,"implied":true},` (31, padded to 32).
const TURN_MAX: usize = 128;

/// The most bytes a point's name takes with its quotes and comma: `"?255,255",`.
const POINT_MAX: usize = 11;

/// The turns, each `{"number":…,"node":…,"color":…,"move":…,"legal":…}` (and `"implied":true`).
///
/// Note: the usual turns (see [`usual_pieces`]) are written with the offset kept in a local,
/// so that the loop over them neither stores it nor checks the room's end more than once a turn;
/// the others go through [`unusual_turn`] at the same offset.
fn turns(o: &mut Out, turns: &[TurnRecord]) {
    o.list(TURN_MAX * turns.len(), |w| {
        let mut at = w.k;
        for t in turns {
            match usual_pieces(t) {
                Some(pieces) => at = put_pieces(w.room, at, pieces),
                None => {
                    w.k = at;
                    unusual_turn(w, t);
                    at = w.k;
                }
            }
        }
        w.k = at;
    });
}

/// The three pieces of tables a turn is when its numbers are below 1,000, its move is on the
/// widest board or a pass, and it is not implied (all but a few turns): the head, the node and
/// colour, the move and the end.
#[inline(always)]
fn usual_pieces(t: &TurnRecord) -> Option<[&'static [u8; 32]; 3]> {
    let name = match t.mv {
        Move::Pass => MOVE_SIDE * MOVE_SIDE,
        Move::Play(p) if usize::from(p.x | p.y) < MOVE_SIDE => {
            usize::from(p.x) * MOVE_SIDE + usize::from(p.y)
        }
        Move::Play(_) => return None,
    };
    if t.implied {
        return None;
    }
    let head = TURN_HEADS.get(t.number)?;
    let node = NODE_COLOURS[usize::from(t.player == Player::White)].get(t.node)?;
    Some([head, node, &MOVE_ENDS[usize::from(t.legal)][name]])
}

/// Copies the pieces whole into `room` from `at`, each followed by the next at its length
/// (the last byte of each), and gives the offset after them.
///
/// Note: a list's room holds [`TURN_MAX`] bytes per turn, so the check of the room's end fails
/// only on a bug. The lengths are masked to what they are (31 bytes at most), so that every
/// offset below is known to lie within the array.
#[inline(always)]
fn put_pieces(room: &mut [u8], at: usize, [head, node, mv]: [&[u8; 32]; 3]) -> usize {
    let Some(room) = room
        .get_mut(at..)
        .and_then(|r| r.first_chunk_mut::<TURN_MAX>())
    else {
        unreachable!("a list's room holds TURN_MAX bytes per turn")
    };
    room[..32].copy_from_slice(head);
    let mut j = usize::from(head[31] & 31);
    room[j..j + 32].copy_from_slice(node);
    j += usize::from(node[31] & 31);
    room[j..j + 32].copy_from_slice(mv);
    j += usize::from(mv[31] & 31);
    at + j
}

/// A turn that [`usual_pieces`] does not cover, and a comma.
#[cold]
fn unusual_turn(w: &mut Window, t: &TurnRecord) {
    turn_head(w, t);
    let end = &TURN_ENDS[usize::from(t.legal) + 2 * usize::from(t.implied)];
    w.put_padded(end, usize::from(end[31]));
}

/// `{"number":…,"node":…,"color":…,"move":…,`: a turn up to its move and the comma after it.
fn turn_head(w: &mut Window, t: &TurnRecord) {
    w.put(b"{\"number\":");
    w.number(t.number);
    w.put(b",\"node\":");
    w.number(t.node);
    match t.player {
        Player::Black => w.put(b",\"color\":\"B\",\"move\":"),
        Player::White => w.put(b",\"color\":\"W\",\"move\":"),
    }
    match t.mv {
        Move::Pass => w.put(b"\"pass\","),
        Move::Play(p) => w.point(p),
    }
}

/// The diagram, one string per row from the top (`Grid::rows`).
fn grid(o: &mut Out, g: &Grid) {
    let width = g.size().width();
    o.list(g.cells().len() + 3 * g.size().height(), |w| {
        // Point-index order is row by row from the bottom (section 8); the diagram starts at
        // the top.
        for cells in g.cells().chunks(width).rev() {
            let at = w.k;
            let row = &mut w.room[at..at + width + 3];
            row[0] = b'"';
            if width < 8 {
                for (symbol, &cell) in row[1..=width].iter_mut().zip(cells) {
                    *symbol = symbol_of(cell);
                }
            } else {
                // Eight cells at a time, the last eight overlapping those before where the width
                // is not a multiple of eight.
                let mut i = 0;
                loop {
                    let i0 = i.min(width - 8);
                    let Ok(eight) = <&[Colour; 8]>::try_from(&cells[i0..i0 + 8]) else {
                        unreachable!("eight cells")
                    };
                    row[1 + i0..9 + i0].copy_from_slice(&symbols(eight));
                    if i0 == width - 8 {
                        break;
                    }
                    i += 8;
                }
            }
            row[width + 1..].copy_from_slice(b"\",");
            w.k = at + width + 3;
        }
    });
}

/// The diagram's symbol of a cell: `.`, `X`, `O` (`Grid::rows`).
fn symbol_of(cell: Colour) -> u8 {
    match cell {
        Colour::Empty => b'.',
        Colour::Black => b'X',
        Colour::White => b'O',
    }
}

/// [`symbol_of`] eight cells at once: the cells are the numbers 0, 1, 2 (empty, black, white),
/// and a byte's symbol is `.` plus its low bit times `X - .` plus its high bit times `O - .`
/// (no byte carries into the next: `X` is below 0x80).
fn symbols(cells: &[Colour; 8]) -> [u8; 8] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let v = u64::from_le_bytes(cells.map(|c| c as u8));
    let (x, o) = (u64::from(b'X' - b'.'), u64::from(b'O' - b'.'));
    (ONES * u64::from(b'.') + (v & ONES) * x + (v >> 1 & ONES) * o).to_le_bytes()
}

/// A list of points by their GTP names.
fn points(o: &mut Out, ps: &[Point]) {
    o.list(POINT_MAX * ps.len(), |w| {
        for &p in ps {
            w.point(p);
        }
    });
}

/// Room at the end of the buffer, and how much of it is written: text is written into it with
/// fixed-size copies (no call, one bounds check each, nothing to reload between them).
struct Window<'o> {
    room: &'o mut [u8],
    k: usize,
}

/// Where text is written: a [`Window`] (the room holds the longest item whole) or the [`Out`]
/// buffer (grown where it must), which differ only in where the bytes go.
trait Text {
    /// The first `len` bytes of `bytes`; the rest is written after them, and over by what
    /// comes next.
    fn put_padded<const K: usize>(&mut self, bytes: &[u8; K], len: usize);

    fn put_slice(&mut self, bytes: &[u8]);

    #[inline(always)]
    fn put<const K: usize>(&mut self, bytes: &[u8; K]) {
        self.put_padded(bytes, K);
    }
}

impl Text for Window<'_> {
    #[inline(always)]
    fn put_padded<const K: usize>(&mut self, bytes: &[u8; K], len: usize) {
        let k = self.k;
        self.room[k..k + K].copy_from_slice(bytes);
        self.k = k + len;
    }

    fn put_slice(&mut self, bytes: &[u8]) {
        let k = self.k;
        self.room[k..k + bytes.len()].copy_from_slice(bytes);
        self.k = k + bytes.len();
    }
}

impl Window<'_> {
    /// `n` in decimal (at most 20 bytes).
    #[inline(always)]
    fn number(&mut self, n: usize) {
        match SMALL.get(n) {
            Some(e) => self.put_padded(e, usize::from(e[3])),
            None => self.put_slice(Digits::new(n).as_bytes()),
        }
    }

    /// `"D4",`: the quoted GTP name of `p` and a comma (at most [`POINT_MAX`] bytes).
    #[inline(always)]
    fn point(&mut self, p: Point) {
        if usize::from(p.x | p.y) < MOVE_SIDE {
            let e = &POINT_NAMES[usize::from(p.x) * MOVE_SIDE + usize::from(p.y)];
            self.put_padded(e, usize::from(e[15]))
        } else {
            // `?x,y` (`Point::gtp` off the widest board): no escapes.
            self.put(b"\"");
            self.put_slice(p.gtp().as_bytes());
            self.put(b"\",");
        }
    }
}

/// The text being written: a buffer that is only ever grown (zeroed where it grows), and how much
/// of it is written. Text is written with fixed-size copies where it can be, so that writing a
/// byte costs no call and one check of the room left.
#[derive(Default)]
pub(super) struct Out {
    buf: Vec<u8>,
    n: usize,
}

impl Out {
    /// What is written.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.buf[..self.n]
    }

    fn clear(&mut self) {
        self.n = 0;
    }

    /// `bytes` at the end of what is written, after growing the buffer to hold them.
    #[cold]
    fn grow_put(&mut self, bytes: &[u8]) {
        let (at, len) = (self.n, self.buf.len());
        self.buf
            .resize((at + bytes.len()).max(2 * len).max(1 << 12), 0);
        self.buf[at..at + bytes.len()].copy_from_slice(bytes);
    }

    /// `value` as serde_json writes it.
    fn serde<T: serde::Serialize>(&mut self, value: &T) {
        let text = serde_json::to_vec(value).expect("the replay document serialises");
        self.put_slice(&text);
    }

    /// At most `room` bytes, written by `write` into a [`Window`].
    fn window(&mut self, room: usize, write: impl FnOnce(&mut Window)) {
        // The spare bytes of a padded copy.
        let (at, room) = (self.n, room + 8);
        if self.buf.len() < at + room {
            self.buf.resize((at + room).max(2 * self.buf.len()), 0);
        }
        let mut w = Window {
            room: &mut self.buf[at..at + room],
            k: 0,
        };
        write(&mut w);
        self.n = at + w.k;
    }

    /// A list of items of at most `room` bytes in all, each ending with a comma, written by
    /// `items`: `[`, the items, and `]` in place of the last comma.
    fn list(&mut self, room: usize, items: impl FnOnce(&mut Window)) {
        self.window(room + 2, |w| {
            w.put(b"[");
            items(w);
            if w.k == 1 {
                w.put(b"]");
            } else {
                w.room[w.k - 1] = b']';
            }
        });
    }

    /// `n` in decimal.
    fn number(&mut self, n: usize) {
        self.window(20, |w| w.number(n));
    }
}

impl Text for Out {
    #[inline(always)]
    fn put_padded<const K: usize>(&mut self, bytes: &[u8; K], len: usize) {
        let at = self.n;
        match self.buf.get_mut(at..at + K) {
            Some(room) => room.copy_from_slice(bytes),
            None => self.grow_put(bytes),
        }
        self.n = at + len;
    }

    fn put_slice(&mut self, bytes: &[u8]) {
        let at = self.n;
        match self.buf.get_mut(at..at + bytes.len()) {
            Some(room) => room.copy_from_slice(bytes),
            None => self.grow_put(bytes),
        }
        self.n = at + bytes.len();
    }
}

/// The decimal digits of a number.
struct Digits {
    digits: [u8; 20],
    from: usize,
}

impl Digits {
    fn new(mut n: usize) -> Digits {
        let (mut digits, mut from) = ([0u8; 20], 20);
        loop {
            from -= 1;
            digits[from] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                return Digits { digits, from };
            }
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.digits[self.from..]
    }
}

/// `HalfPoints`' text (`7`, `6.5`, `-0.5`).
fn half_points(o: &mut Out, h: HalfPoints) {
    let halves = h.as_halves();
    if halves < 0 {
        o.put(b"-");
    }
    let abs = halves.unsigned_abs();
    o.number((abs / 2) as usize);
    if abs % 2 == 1 {
        o.put(b".5");
    }
}

/// A number of half points as `JsonNumber` writes it: an integer when whole, else the float.
fn half_number(o: &mut Out, h: HalfPoints) {
    if h.is_whole() || h.as_halves().unsigned_abs() < 1 << 40 {
        half_points(o, h);
    } else {
        o.serde(&(h.as_halves() as f64 / 2.0));
    }
}

/// The SGF result (`Outcome::sgf_result`) as a string: `"B+6.5"`, `"0"`, `"Void"`.
fn result(o: &mut Out, outcome: Outcome) {
    match outcome {
        Outcome::Win { winner, margin } => {
            o.put(b"\"");
            o.put_slice(winner.letter().as_bytes());
            o.put(b"+");
            half_points(o, margin);
            o.put(b"\"");
        }
        Outcome::Tie => o.put(b"\"0\""),
        Outcome::Void => o.put(b"\"Void\""),
    }
}

fn boolean(o: &mut Out, b: bool) {
    if b {
        o.put(b"true");
    } else {
        o.put(b"false");
    }
}

fn count(o: &mut Out, p: Prisoners) {
    o.put(b"{\"black\":");
    o.number(p.black as usize);
    o.put(b",\"white\":");
    o.number(p.white as usize);
    o.put(b"}");
}

fn optional(o: &mut Out, s: Option<&str>) {
    match s {
        Some(s) => string(o, s),
        None => o.put(b"null"),
    }
}

/// The warnings of r[rec.warnings], each `{"kind":…,"node":…,"text":…}`.
fn warnings(o: &mut Out, ws: &[Warning]) {
    o.put(b"[");
    for (i, w) in ws.iter().enumerate() {
        if i > 0 {
            o.put(b",");
        }
        o.put(b"{\"kind\":");
        string(o, w.kind);
        o.put(b",\"node\":");
        match w.node {
            Some(n) => o.number(n),
            None => o.put(b"null"),
        }
        o.put(b",\"text\":");
        string(o, &w.text);
        o.put(b"}");
    }
    o.put(b"]");
}

/// The longest string [`string`] writes byte by byte into a window when it needs no escape.
const SHORT: usize = 16;

/// `s` as a JSON string, escaped as serde_json escapes it.
fn string(o: &mut Out, s: &str) {
    if s.len() <= SHORT && short_plain(o, s.as_bytes()) {
        return;
    }
    escaped(o, s);
}

/// `"bytes"` if no byte of `bytes` (at most [`SHORT`] of them) needs an escape (the words of
/// the code's tables, most names), byte by byte: no call for a short copy. Else nothing, and
/// false.
fn short_plain(o: &mut Out, bytes: &[u8]) -> bool {
    let mut plain = false;
    o.window(SHORT + 2, |w| {
        let Some(room) = w.room.get_mut(w.k..w.k + SHORT + 2) else {
            unreachable!("the window's room")
        };
        room[0] = b'"';
        for (i, &b) in bytes.iter().take(SHORT).enumerate() {
            if ESCAPE[usize::from(b)] != 0 {
                return;
            }
            room[1 + i] = b;
        }
        let len = bytes.len().min(SHORT);
        room[1 + len] = b'"';
        w.k += len + 2;
        plain = true;
    });
    plain
}

/// [`string`], the plain bytes found eight at a time and copied in runs.
fn escaped(o: &mut Out, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    o.put(b"\"");
    // The bytes before the first that may need an escape, eight at a time.
    let plain = plain_prefix(bytes);
    let mut from = 0;
    for (i, &b) in bytes.iter().enumerate().skip(plain) {
        let escape = ESCAPE[usize::from(b)];
        if escape == 0 {
            continue;
        }
        o.put_slice(&bytes[from..i]);
        if escape == b'u' {
            o.put(b"\\u00");
            o.put(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]);
        } else {
            o.put(&[b'\\', escape]);
        }
        from = i + 1;
    }
    o.put_slice(&bytes[from..]);
    o.put(b"\"");
}

/// How many bytes `bytes` starts with that [`ESCAPE`] leaves alone, counted eight at a time up
/// to the first word that holds a byte below 0x20, a `"` or a `\` (then no further: the caller
/// looks at the rest byte by byte).
///
/// Note: for a word `x`, `(x - 0x20…20) & !x & 0x80…80` is nonzero where some byte is below 0x20
/// (a byte of 0x80 or more has its high bit in `!x` clear, and the lowest byte below 0x20 borrows
/// first, so no byte above it is reported falsely before it: a false report only follows a true
/// one), and the same test of `x ^ 0x22…22` and of `x ^ 0x5c…5c` against 1 finds a byte equal to
/// `"` or `\`. A word with such a byte ends the count, the exact place found byte by byte.
fn plain_prefix(bytes: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGH;
    let mut n = 0;
    for w in bytes.chunks_exact(8) {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        if below(x, 0x20) | below(x ^ (ONES * 0x22), 1) | below(x ^ (ONES * 0x5c), 1) != 0 {
            break;
        }
        n += 8;
    }
    n
}

#[cfg(test)]
mod tests;
