//! Writing games as SGF (`FF[4]`), read back by [`crate::read`]: the one writer of the workspace.
//! [`write()`] writes a plain game; [`GameTree`] and [`Node`] build any other record (the referee's,
//! with clocks, comments, territory marks and variations) property by property.

use ttrules_spec::{Colour, Komi, Move, Player, Point, Rules, Setup, Size};

/// `\` and `]` escaped, as `FF[4]` text and simple text require.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch == '\\' || ch == ']' {
            s.push('\\');
        }
        s.push(ch);
    }
    s
}

/// The value of `SZ`: `19`, or `W:H` for a rectangle.
pub fn size_value(size: Size) -> String {
    if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    }
}

/// The value of `RU` (r[rec.rules]): the ruleset's name (`Tromp-Taylor` for tromp-taylor), or its
/// full parameter list when it has none; both are read back by [`crate::read`].
pub fn rules_value(rules: Rules) -> String {
    match rules.name() {
        Some("tromp-taylor") => "Tromp-Taylor".to_string(),
        Some(name) => name.to_string(),
        None => rules.describe(),
    }
}

/// One node of a game tree: its properties, in the order they are added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    props: String,
}

impl Node {
    /// A node without properties.
    pub fn new() -> Node {
        Node::default()
    }

    /// The node of a turn: `B[dd]`, or `W[]` for a pass.
    pub fn turn(player: Player, mv: Move, size: Size) -> Node {
        let value = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => p.sgf(size),
        };
        let mut node = Node::new();
        node.prop(player.letter(), [value]);
        node
    }

    /// Adds `ID[v1][v2]…` with the values as given (already SGF values: nothing is escaped).
    pub fn prop<S: AsRef<str>>(
        &mut self,
        id: &str,
        values: impl IntoIterator<Item = S>,
    ) -> &mut Node {
        self.props.push_str(id);
        for v in values {
            self.props.push('[');
            self.props.push_str(v.as_ref());
            self.props.push(']');
        }
        self
    }

    /// Adds `ID[text]`, the text escaped ([`escape`]).
    pub fn text(&mut self, id: &str, text: &str) -> &mut Node {
        self.prop(id, [escape(text)])
    }

    /// Adds `ID[p1][p2]…` for the points of a board of `size`, in the order given; nothing when
    /// there are none.
    pub fn points(&mut self, id: &str, points: &[Point], size: Size) -> &mut Node {
        if !points.is_empty() {
            self.prop(id, points.iter().map(|p| p.sgf(size)));
        }
        self
    }

    /// The properties as written, `B[dd]BL[12]`.
    pub fn as_str(&self) -> &str {
        &self.props
    }
}

/// A game tree: the root, the main line, and variations that branch off before the main line's
/// last node (the last node then becomes the first variation), as the referee writes the play-out
/// of a copy and the ideal final position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    pub root: Node,
    pub nodes: Vec<Node>,
    pub variations: Vec<Vec<Node>>,
    /// Start every node but the root, and every variation, on a new line.
    pub line_breaks: bool,
}

impl GameTree {
    /// The root of a game on a board of `size` with `komi` and `rules`: `GM[1]FF[4]CA[UTF-8]`,
    /// then `SZ`, `KM`, `RU`; nothing else yet.
    pub fn game(size: Size, komi: Komi, rules: Rules) -> GameTree {
        let mut tree = GameTree::default();
        tree.root
            .prop("GM", ["1"])
            .prop("FF", ["4"])
            .prop("CA", ["UTF-8"])
            .prop("SZ", [size_value(size)])
            .prop("KM", [komi.to_string()])
            .text("RU", &rules_value(rules));
        tree
    }

    /// The SGF text, with a final newline.
    pub fn to_sgf(&self) -> String {
        let (node, open) = if self.line_breaks {
            ("\n;", "\n(")
        } else {
            (";", "(")
        };
        let line = |nodes: &[Node]| -> String {
            nodes
                .iter()
                .map(|n| format!("{node}{}", n.as_str()))
                .collect()
        };
        let mut s = format!("(;{}", self.root.as_str());
        match self.nodes.split_last() {
            Some((last, before)) if !self.variations.is_empty() => {
                s.push_str(&line(before));
                s.push_str(&format!("{open}{})", line(std::slice::from_ref(last))));
                for v in &self.variations {
                    s.push_str(&format!("{open}{})", line(v)));
                }
            }
            _ => s.push_str(&line(&self.nodes)),
        }
        s.push_str(")\n");
        s
    }
}

/// Writes a game from `setup` with `moves` as SGF (`FF[4]`). `RU` is the ruleset's name, or its full
/// parameter list when it has none (both read back by [`crate::read`]); passes are `[]`; the setup
/// becomes `AB`, `AW`, `PL` and `HA` in the root.
pub fn write(komi: Komi, rules: Rules, setup: &Setup, moves: &[(Player, Move)]) -> String {
    write_resumed(komi, rules, setup, moves, &[])
}

/// [`write()`] for a game in which play resumed after an end before the moves `resumed` names (by
/// index): those nodes get `RESUME` (r[rec.resume]).
pub fn write_resumed(
    komi: Komi,
    rules: Rules,
    setup: &Setup,
    moves: &[(Player, Move)],
    resumed: &[usize],
) -> String {
    let size = setup.grid.size();
    let mut tree = GameTree::game(size, komi, rules);
    if !setup.is_empty_start() {
        for (id, colour) in [("AB", Colour::Black), ("AW", Colour::White)] {
            let points: Vec<Point> = size
                .points()
                .filter(|&p| setup.grid.get(p) == colour)
                .collect();
            tree.root.points(id, &points, size);
        }
        if setup.handicap >= 2 {
            tree.root.prop("HA", [setup.handicap.to_string()]);
        }
        tree.root.prop("PL", [setup.to_move.letter()]);
    }
    for (i, &(player, mv)) in moves.iter().enumerate() {
        let mut node = Node::turn(player, mv, size);
        if resumed.contains(&i) {
            node.prop("RESUME", [""]);
        }
        tree.nodes.push(node);
    }
    tree.to_sgf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_with_variations_and_line_breaks() {
        let size = Size::square(3).unwrap();
        let p = |s: &str| Point::parse_gtp(s).unwrap();
        let mut tree = GameTree::game(size, Komi::ZERO, Rules::TROMP_TAYLOR);
        tree.line_breaks = true;
        tree.root.text("C", "a ] and a \\");
        tree.nodes
            .push(Node::turn(Player::Black, Move::Play(p("A1")), size));
        let mut last = Node::turn(Player::White, Move::Pass, size);
        last.prop("WL", ["12"])
            .points("TB", &[p("C3"), p("B3")], size)
            .points("TW", &[], size);
        tree.nodes.push(last.clone());
        let mut ideal = Node::new();
        ideal.points("AB", &[p("B2")], size);
        tree.variations.push(vec![last, ideal]);
        assert_eq!(
            tree.to_sgf(),
            "(;GM[1]FF[4]CA[UTF-8]SZ[3]KM[0]RU[Tromp-Taylor]C[a \\] and a \\\\]\n;B[ac]\
             \n(\n;W[]WL[12]TB[ca][ba])\n(\n;W[]WL[12]TB[ca][ba]\n;AB[bb]))\n"
        );
    }

    #[test]
    fn plain_games() {
        let size = Size::new(2, 3).unwrap();
        let mut setup = Setup::empty(size);
        setup
            .grid
            .set(Point::parse_gtp("A1").unwrap(), Colour::Black);
        setup.to_move = Player::White;
        let moves = [(Player::White, Move::Pass), (Player::Black, Move::Pass)];
        assert_eq!(
            write_resumed(Komi::ZERO, Rules::TROMP_TAYLOR, &setup, &moves, &[1]),
            "(;GM[1]FF[4]CA[UTF-8]SZ[2:3]KM[0]RU[Tromp-Taylor]AB[ac]PL[W];W[];B[]RESUME[])\n"
        );
    }
}
