//! Each player's pass-alive area (`spec/RULES.md` Part IV, r[life.area]) as the tools print it:
//! the `pass_alive` object of `replay --json` and the marked diagram of `replay --pass-alive`.

use serde::Serialize;
use ttrules_spec::{Grid, PassAlive};

/// `{"black": [points], "white": [points]}`: each player's pass-alive stones and pass-alive
/// territory, every point once, GTP vertices in point-index order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonPassAlive {
    pub black: Vec<String>,
    pub white: Vec<String>,
}

/// The JSON form of `areas`.
pub fn json(areas: &PassAlive) -> JsonPassAlive {
    let gtp = |ps: &[ttrules_spec::Point]| ps.iter().map(|p| p.gtp()).collect();
    JsonPassAlive {
        black: gtp(&areas.black),
        white: gtp(&areas.white),
    }
}

/// A diagram of `g` with GTP coordinates and `areas` marked, and a legend; ends with a newline.
pub fn text(g: &Grid, areas: &PassAlive) -> String {
    const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let size = g.size();
    let header: String = LETTERS
        .chars()
        .take(size.width())
        .flat_map(|c| [' ', c])
        .collect();
    let mut s = String::from(
        "pass-alive (r[life.area]): X O pass-alive stones, x o other stones, # * empty points of \
         Black's / White's pass-alive territory, b w stones standing in Black's / White's\n",
    );
    s.push_str(&format!("   {}\n", header.trim_start()));
    for (from_top, row) in areas.diagram(g).iter().enumerate() {
        let n = size.height() - from_top;
        let spaced: Vec<String> = row.chars().map(String::from).collect();
        s.push_str(&format!("{n:>2} {} {n}\n", spaced.join(" ")));
    }
    s.push_str(&format!("   {}\n", header.trim_start()));
    let dead = areas.dead_stones(g);
    if !dead.is_empty() {
        let shown: Vec<String> = dead.iter().map(|p| p.gtp()).collect();
        s.push_str(&format!(
            "stones standing in the opponent's pass-alive territory: {}\n",
            shown.join(" ")
        ));
    }
    s
}
