//! One game tree read as a game (r[rec.trees]): the root's `GM`, `HA`, `RU`, `KM`, `RE`, `PB`,
//! `PW` (and `BR`, `WR`, `DT`, `EV` as written), the setup and moves ([`crate::setup`]) and the last node's territory marks (r[rec.dead]).

use crate::model::{GameRecord, Marks, Overrides, RecordError, RecordMeta, Source, Warn};
use crate::{rules, setup, syntax};
use ttrules_spec::{result, Komi};

/// r[rec.handicap]: the value of `HA` (`None`: absent or no handicap).
fn handicap(root: &syntax::RawNode<'_>, warn: &mut Warn) -> Option<u32> {
    let v = root.value("HA")?;
    match v.parse::<i64>() {
        Ok(n) if n < 0 => {
            warn.push(
                "handicap-value",
                Some(0),
                format!("HA[{v}] is negative; read as no HA (r[rec.handicap])"),
            );
            None
        }
        Ok(n) if n <= 1 => None,
        Ok(n) => Some(n.min(i64::from(u32::MAX)) as u32),
        Err(_) => {
            warn.push(
                "handicap-value",
                Some(0),
                format!("HA[{v}] is not a whole number; read as no HA (r[rec.handicap])"),
            );
            None
        }
    }
}

/// r[rec.trees]: one game tree read as a game: the root's properties, the setup and moves, the
/// last node's territory marks; an error for a tree whose `GM` is not Go.
pub(crate) fn game(
    tree: &syntax::RawTree<'_>,
    file: &str,
    index: usize,
    trees: usize,
    encoding: &'static str,
    ov: &Overrides,
    warn: &mut Warn,
) -> Result<GameRecord, RecordError> {
    let root = tree.node(0);
    is_go(&root)?;
    // r[rec.override]: what the command line replaces is not read, and so gives no warning.
    let ha = match ov.handicap {
        Some(n) => (n >= 2).then_some(n),
        None => handicap(&root, warn),
    };
    let parts = setup::read(tree, ha, warn)?;
    let (rules, named_komi) = match &ov.rules {
        Some((rules, komi)) => (*rules, komi.unwrap_or(Komi::ZERO)),
        None => rules::rules(root.value("RU"), warn),
    };
    let (komi, komi_given) = match ov.komi {
        Some(k) => (k, false),
        None => komi(&root, named_komi, ov.handicap.is_none(), warn),
    };
    let last_node = tree.len() - 1;
    let marks = marks(&tree.node(last_node), last_node, parts.size, warn);
    Ok(GameRecord {
        file: file.to_string(),
        tree: index,
        trees,
        size: parts.size,
        rules,
        komi,
        setup: parts.setup,
        moves: parts.moves,
        marks,
        last_node,
        result: root.value("RE").map(result::parse),
        warnings: std::mem::take(&mut warn.list),
        stop: parts.stop,
        encoding,
        variations: tree.variations,
        rules_from: if ov.rules.is_some() {
            Source::CommandLine
        } else if root.value("RU").is_some_and(|v| !v.is_empty()) {
            Source::Record
        } else {
            Source::Default
        },
        komi_from: if ov.komi.is_some() {
            Source::CommandLine
        } else if komi_given {
            Source::Record
        } else {
            Source::Default
        },
        black_name: root.value("PB").map(str::to_string),
        white_name: root.value("PW").map(str::to_string),
        meta: meta(&root),
    })
}

/// The root's `BR`, `WR`, `DT`, `EV`, `RU`, `KM`, `HA` as written: each one's first value, decoded
/// and trimmed ([`syntax::RawNode::value`]'s).
///
/// Note: each is found by its key among the root's properties ([`syntax::RawNode::value`]), the
/// first of its identifier, as a pass over all of them would find it; only the seven found are
/// viewed as text (a view of each of the root's properties cost more).
fn meta(root: &syntax::RawNode<'_>) -> RecordMeta {
    let value = |id: &str| root.value(id).map(str::to_string);
    RecordMeta {
        black_rank: value("BR"),
        white_rank: value("WR"),
        date: value("DT"),
        event: value("EV"),
        ru: value("RU"),
        km: value("KM"),
        ha: value("HA"),
    }
}

/// r[rec.trees]: a tree whose `GM` is neither absent, empty nor `1` is not a game of Go.
fn is_go(root: &syntax::RawNode<'_>) -> Result<(), RecordError> {
    match root.value("GM") {
        Some(gm) if !gm.is_empty() && gm != "1" => Err(RecordError::new(
            "not-go",
            Some(0),
            format!("GM[{gm}]: not a game of Go (r[rec.trees])"),
        )),
        _ => Ok(()),
    }
}

/// r[rec.komi], r[rec.komi.fox]: the komi the root gives (the command line giving none), and
/// whether it is the record's own (not the ruleset's `named_komi`, the default where `KM` counts
/// as absent). `ha_read` is whether `HA` is read (the command line gives no handicap).
fn komi(
    root: &syntax::RawNode<'_>,
    named_komi: Komi,
    ha_read: bool,
    warn: &mut Warn,
) -> (Komi, bool) {
    let Some(km) = root.value("KM") else {
        return (named_komi, false);
    };
    let fox = rules::is_fox(
        &root.get("AP").map_or(Vec::new(), |p| p.values.to_vec()),
        root.get("TC").is_some(),
        root.get("TT").is_some(),
    );
    let read = rules::komi(km, warn);
    let ha_zero = root.value("HA").and_then(|v| v.parse::<i64>().ok()) == Some(0);
    match read {
        Some(k) if k == Komi::ZERO && fox && ha_zero && ha_read => {
            warn.push(
                "komi-fox-zero",
                Some(0),
                format!("KM[{km}] with HA[0] in a Fox record is the usual komi Fox did not write: the ruleset's komi {named_komi} (r[rec.komi.fox])"),
            );
            (named_komi, false)
        }
        Some(k) => (k, true),
        None => (named_komi, false),
    }
}

/// r[rec.dead]: the territory marks `TB`, `TW` of the last node (number `last_node`), if any;
/// marks that are not points of the board are ignored with a warning.
fn marks(
    last: &syntax::RawNode<'_>,
    last_node: usize,
    size: ttrules_spec::Size,
    warn: &mut Warn,
) -> Option<Marks> {
    let mut mark = |id: &str| match last.get(id) {
        None => Vec::new(),
        Some(p) => match setup::values_points(id, p.values, size) {
            Ok(ps) => ps,
            Err(e) => {
                warn.push(
                    "dead-marks",
                    Some(last_node),
                    format!("{e}; the marks are ignored (r[rec.dead])"),
                );
                Vec::new()
            }
        },
    };
    let black = mark("TB");
    let white = mark("TW");
    (!black.is_empty() || !white.is_empty()).then_some(Marks {
        node: last_node,
        black,
        white,
    })
}
