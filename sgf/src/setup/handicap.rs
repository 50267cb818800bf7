//! r[rec.handicap] and its cases: the fixed handicap points (r[rec.handicap.placed]), the
//! handicap a setup declares (r[rec.handicap.stones]), and the warnings after the moves
//! (r[rec.handicap.missing], r[rec.handicap.moves]).

use crate::model::Warn;
use ttrules_spec::{Colour, Grid, Player, Point, Size};

/// r[rec.handicap.placed]: the fixed handicap points for `n` stones on `size`, if any.
pub fn fixed_handicap(size: Size, n: u32) -> Option<Vec<Point>> {
    let (w, h) = (size.width(), size.height());
    if w != h || w % 2 == 0 || !(7..=25).contains(&w) || !(2..=9).contains(&n) || (w == 7 && n > 4)
    {
        return None;
    }
    let d = if w >= 13 { 3 } else { 2 };
    let (lo, mid, hi) = (d, w / 2, w - 1 - d);
    let p = |x: usize, y: usize| Point::new(x as u8, y as u8);
    let (ll, ur, ul, lr) = (p(lo, lo), p(hi, hi), p(lo, hi), p(hi, lo));
    let (centre, left, right, low, top) =
        (p(mid, mid), p(lo, mid), p(hi, mid), p(mid, lo), p(mid, hi));
    let mut v = match n {
        2 => vec![ll, ur],
        3 => vec![ll, ur, ul],
        4 | 5 => vec![ll, ur, ul, lr],
        // Fox's records have GTP's placement reflected in the diagonal, which changes only 6 and 7.
        6 | 7 => vec![ll, ur, ul, lr, low, top],
        _ => vec![ll, ur, ul, lr, left, right, low, top],
    };
    if n % 2 == 1 && n >= 5 {
        v.push(centre);
    }
    Some(v)
}

/// The handicap the setup declares (r[rec.handicap]).
#[derive(Default)]
pub(super) struct Declared {
    /// The handicap's number of stones (0 for none).
    pub(super) stones: u32,
    /// Whether the stones were placed on the fixed points (r[rec.handicap.placed]).
    pub(super) placed_fixed: bool,
}

/// r[rec.handicap.stones]: `HA[n]` with setup stones: the handicap is the Black stones when
/// there are only Black ones (a warning when that is not `n`), else `n`.
pub(super) fn handicap_stones(n: u32, blacks: u32, whites: usize, warn: &mut Warn) -> Declared {
    if whites != 0 {
        return Declared {
            stones: n,
            placed_fixed: false,
        };
    }
    if blacks != n {
        warn.push(
            "handicap-count",
            Some(0),
            format!("HA[{n}] but the setup places {blacks} Black stones; the handicap is {blacks}, the stones on the board (r[rec.handicap.stones])"),
        );
    }
    Declared {
        stones: blacks,
        placed_fixed: false,
    }
}

/// r[rec.handicap.placed]: `HA[n]` with no setup stones and White moving first: the stones on
/// the fixed handicap points of `size`, placed on `grid`, or a warning when it has none for `n`.
pub(super) fn handicap_placed(n: u32, size: Size, grid: &mut Grid, warn: &mut Warn) -> Declared {
    let Some(ps) = fixed_handicap(size, n) else {
        warn.push(
            "handicap-missing",
            Some(0),
            format!("HA[{n}] with no handicap stones, and the {size} board has no fixed points for {n}; read without them (r[rec.handicap.placed])"),
        );
        return Declared::default();
    };
    for q in &ps {
        grid.set(*q, Colour::Black);
    }
    warn.push(
        "handicap-placed",
        Some(0),
        format!(
            "HA[{n}] with no handicap stones and White moving first: the stones are placed on the fixed handicap points {} (r[rec.handicap.placed])",
            ps.iter().map(|p| p.gtp()).collect::<Vec<_>>().join(" ")
        ),
    );
    Declared {
        stones: n,
        placed_fixed: true,
    }
}

/// r[rec.handicap.missing], r[rec.handicap.moves]: after the moves, the warnings for an
/// `HA[n]` the record gives no stones for, or gives another number of opening Black moves.
pub(super) fn handicap_after_moves(
    n: u32,
    setup_stones: bool,
    placed_fixed: bool,
    first_player: Option<Player>,
    opening_blacks: u32,
    warn: &mut Warn,
) {
    if !setup_stones && !placed_fixed && first_player == Some(Player::Black) {
        if opening_blacks <= 1 {
            warn.push(
                "handicap-missing",
                Some(0),
                format!("HA[{n}] but the record has no handicap stones (no setup, and Black's first move is followed by White's); replayed as written, without a handicap (r[rec.handicap.missing])"),
            );
        } else if opening_blacks != n {
            warn.push(
                "handicap-moves",
                Some(0),
                format!("HA[{n}] but the record opens with {opening_blacks} Black moves; the handicap is {opening_blacks} (r[rec.handicap.moves])"),
            );
        }
    } else if !setup_stones && first_player.is_none() && !placed_fixed {
        warn.push(
            "handicap-missing",
            Some(0),
            format!("HA[{n}] but the record has no handicap stones and no move (r[rec.handicap.missing])"),
        );
    }
}
