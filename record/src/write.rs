//! Writing a game as SGF (FF[4]), read back by [`super::read`].

use ttrules_spec::{Colour, Komi, Move, Player, Rules, Setup};

/// Writes a game from `setup` with `moves` as SGF (FF[4]). `RU` is the ruleset's name, or its full
/// parameter list when it has none (both read back by [`super::read`]); passes are `[]`; the setup becomes
/// `AB`, `AW`, `PL` and `HA` in the root.
pub fn write(komi: Komi, rules: Rules, setup: &Setup, moves: &[(Player, Move)]) -> String {
    write_resumed(komi, rules, setup, moves, &[])
}

/// [`write`] for a game in which play resumed after an end before the moves `resumed` names (by
/// index): those nodes get `RESUME` (r[rec.resume]).
pub fn write_resumed(
    komi: Komi,
    rules: Rules,
    setup: &Setup,
    moves: &[(Player, Move)],
    resumed: &[usize],
) -> String {
    let size = setup.grid.size();
    let sz = if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    };
    let ru = match rules.name() {
        Some("tromp-taylor") => "Tromp-Taylor".to_string(),
        Some(name) => name.to_string(),
        None => rules.describe(),
    };
    let mut s = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{sz}]KM[{komi}]RU[{ru}]");
    if !setup.is_empty_start() {
        for (id, colour) in [("AB", Colour::Black), ("AW", Colour::White)] {
            let points: Vec<String> = size
                .points()
                .filter(|&p| setup.grid.get(p) == colour)
                .map(|p| format!("[{}]", p.sgf(size)))
                .collect();
            if !points.is_empty() {
                s.push_str(&format!("{id}{}", points.concat()));
            }
        }
        if setup.handicap >= 2 {
            s.push_str(&format!("HA[{}]", setup.handicap));
        }
        s.push_str(&format!("PL[{}]", setup.to_move.letter()));
    }
    for (i, (player, mv)) in moves.iter().enumerate() {
        let value = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => p.sgf(size),
        };
        s.push_str(&format!(";{}[{value}]", player.letter()));
        if resumed.contains(&i) {
            s.push_str("RESUME[]");
        }
    }
    s.push_str(")\n");
    s
}
