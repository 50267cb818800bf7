//! [`PlayoutEngine`] adapters: the ttrules engines and the peers.

use crate::{eyelike_by, Cell, PlayoutEngine};
use ttrules_fast::{Fast, Vertex};
use ttrules_spec::{Colour, Engine, Move, Point, Rules, Size};

/// The fast engine, through its allocation-free vertex API.
pub struct FastPlayouts(pub Fast);

impl PlayoutEngine for FastPlayouts {
    const NAME: &'static str = "ttrules-fast";
    const RULES: &'static str = "Tromp-Taylor: exact positional superko (hash + stored colourings), multi-stone suicide allowed";
    type Vertex = Vertex;

    fn new(width: usize, height: usize) -> Self {
        let size = Size::new(width as u32, height as u32).expect("a valid size");
        FastPlayouts(Fast::new(size, Rules::TROMP_TAYLOR))
    }

    fn reset(&mut self) {
        self.0.reset();
    }

    #[inline(always)]
    fn empty_count(&self) -> usize {
        self.0.empty_count()
    }

    #[inline(always)]
    fn empty_at(&self, k: usize) -> Vertex {
        self.0.empty_at(k)
    }

    #[inline(always)]
    fn is_eyelike(&self, v: Vertex) -> bool {
        self.0.is_eyelike(v)
    }

    #[inline(always)]
    fn is_legal(&self, v: Vertex) -> bool {
        self.0.is_legal_vertex(v)
    }

    #[inline(always)]
    fn play(&mut self, v: Vertex) {
        self.0.play_vertex(v);
    }

    #[inline(always)]
    fn play_empty_if_legal_non_eyelike(&mut self, k: usize) -> bool {
        self.0.play_empty_if_legal_non_eyelike(k)
    }

    #[inline(always)]
    fn pass(&mut self) {
        self.0.pass();
    }

    fn legal_non_eyelike_into(&self, out: &mut Vec<Vertex>) {
        self.0.legal_non_eyelike_into(out);
    }
}

/// Any [`Engine`] through the trait alone (points, `check`, `play`): used for the reference.
pub struct ViaEngine<E: Engine> {
    e: E,
    empties: Vec<Point>,
}

impl<E: Engine> ViaEngine<E> {
    fn refresh(&mut self) {
        self.empties.clear();
        let e = &self.e;
        self.empties.extend(
            e.size()
                .points()
                .filter(|&p| e.colour_at(p) == Colour::Empty),
        );
    }

    fn cell(&self, p: Point, dx: i32, dy: i32) -> Cell {
        let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
        let size = self.e.size();
        if x < 0 || y < 0 || x as usize >= size.width() || y as usize >= size.height() {
            return Cell::OffGrid;
        }
        let c = self.e.colour_at(Point::new(x as u8, y as u8));
        if c == Colour::Empty {
            Cell::Empty
        } else if c == self.e.to_move().colour() {
            Cell::Mine
        } else {
            Cell::Theirs
        }
    }
}

impl<E: Engine> PlayoutEngine for ViaEngine<E> {
    const NAME: &'static str = E::NAME;
    const RULES: &'static str = "Tromp-Taylor (through the Engine trait)";
    type Vertex = Point;

    fn new(width: usize, height: usize) -> Self {
        let size = Size::new(width as u32, height as u32).expect("a valid size");
        let mut a = ViaEngine {
            e: E::new(size, Rules::TROMP_TAYLOR),
            empties: Vec::new(),
        };
        a.refresh();
        a
    }

    fn reset(&mut self) {
        self.e = E::new(self.e.size(), Rules::TROMP_TAYLOR);
        self.refresh();
    }

    fn empty_count(&self) -> usize {
        self.empties.len()
    }

    fn empty_at(&self, k: usize) -> Point {
        self.empties[k]
    }

    fn is_eyelike(&self, p: Point) -> bool {
        eyelike_by(|dx, dy| self.cell(p, dx, dy))
    }

    fn is_legal(&self, p: Point) -> bool {
        self.e.check(Move::Play(p)).is_ok()
    }

    fn play(&mut self, p: Point) {
        self.e.play(Move::Play(p)).expect("a legal move");
        self.refresh();
    }

    fn pass(&mut self) {
        self.e.play(Move::Pass).expect("a legal pass");
    }

    fn legal_non_eyelike_into(&self, out: &mut Vec<Point>) {
        let start = out.len();
        self.e.legal_points_into(out);
        let mut k = start;
        for i in start..out.len() {
            if !self.is_eyelike(out[i]) {
                out[k] = out[i];
                k += 1;
            }
        }
        out.truncate(k);
    }
}

/// The peers: other Rust Go libraries, under the same protocol (feature `peers`, on by default;
/// the `ttrules` CLI builds this crate without them).
#[cfg(feature = "peers")]
mod peers {
    use super::*;

    /// `go_game_board` (libEGo port).
    pub struct GoGameBoard {
        b: go_game_board::Board,
    }

    impl GoGameBoard {
        fn cell(&self, v: go_game_board::Vertex, dir: go_game_board::Dir) -> Cell {
            use go_game_board::Color;
            let c = self.b.color_at(go_game_board::vertex_nbr(v, dir));
            match c {
                Color::Empty => Cell::Empty,
                Color::OffBoard => Cell::OffGrid,
                c if go_game_board::color_to_player(c) == self.b.act_player() => Cell::Mine,
                _ => Cell::Theirs,
            }
        }
    }

    impl PlayoutEngine for GoGameBoard {
        const NAME: &'static str = "go_game_board 0.1.1";
        const RULES: &'static str =
            "simple ko only (no superko), all suicide forbidden; boards up to 19x19";
        type Vertex = go_game_board::Vertex;

        fn new(width: usize, height: usize) -> Self {
            GoGameBoard {
                b: go_game_board::Board::with_size(width, height),
            }
        }

        fn reset(&mut self) {
            self.b.clear();
        }

        #[inline]
        fn empty_count(&self) -> usize {
            self.b.empty_vertex_count()
        }

        #[inline]
        fn empty_at(&self, k: usize) -> Self::Vertex {
            self.b.empty_vertex(k)
        }

        #[inline]
        fn is_eyelike(&self, v: Self::Vertex) -> bool {
            use go_game_board::Dir;
            eyelike_by(|dx, dy| {
                let dir = match (dx, dy) {
                    (-1, 0) => Dir::W,
                    (1, 0) => Dir::E,
                    (0, -1) => Dir::S,
                    (0, 1) => Dir::N,
                    (-1, -1) => Dir::SW,
                    (1, -1) => Dir::SE,
                    (-1, 1) => Dir::NW,
                    _ => Dir::NE,
                };
                self.cell(v, dir)
            })
        }

        #[inline]
        fn is_legal(&self, v: Self::Vertex) -> bool {
            self.b.is_legal(self.b.act_player(), v)
        }

        #[inline]
        fn play(&mut self, v: Self::Vertex) {
            self.b.play_legal(self.b.act_player(), v);
        }

        fn pass(&mut self) {
            self.b
                .play_legal(self.b.act_player(), go_game_board::Vertex::pass());
        }

        fn legal_non_eyelike_into(&self, out: &mut Vec<Self::Vertex>) {
            for k in 0..self.b.empty_vertex_count() {
                let v = self.b.empty_vertex(k);
                if self.is_legal(v) && !self.is_eyelike(v) {
                    out.push(v);
                }
            }
        }
    }

    /// `board-game` (board-game-rs), Go with its Tromp-Taylor preset.
    pub struct BoardGame {
        b: board_game::games::go::GoBoard,
        /// The empty tiles, rebuilt after each move (the crate has no indexable list).
        empties: Vec<board_game::games::go::Tile>,
    }

    impl BoardGame {
        fn refresh(&mut self) {
            self.empties.clear();
            self.empties.extend(self.b.empty_tiles());
        }
    }

    impl PlayoutEngine for BoardGame {
        const NAME: &'static str = "board-game 0.8.2";
        const RULES: &'static str = "Tromp-Taylor preset, but superko by 64-bit hash only (no exact check); square boards only; the adapter rebuilds the list of empty points after each move";
        type Vertex = board_game::games::go::Tile;

        fn new(width: usize, height: usize) -> Self {
            use board_game::games::go::{GoBoard, Komi, Rules};
            assert_eq!(width, height, "board-game supports square boards only");
            let mut a = BoardGame {
                b: GoBoard::new(width as u8, Komi::zero(), Rules::tromp_taylor()),
                empties: Vec::new(),
            };
            a.refresh();
            a
        }

        fn reset(&mut self) {
            use board_game::games::go::{GoBoard, Komi, Rules};
            self.b = GoBoard::new(self.b.size(), Komi::zero(), Rules::tromp_taylor());
            self.refresh();
        }

        fn empty_count(&self) -> usize {
            self.empties.len()
        }

        fn empty_at(&self, k: usize) -> Self::Vertex {
            self.empties[k]
        }

        fn is_eyelike(&self, t: Self::Vertex) -> bool {
            use board_game::board::Board;
            let me = self.b.next_player();
            let size = i32::from(self.b.size());
            eyelike_by(|dx, dy| {
                let (x, y) = (i32::from(t.x()) + dx, i32::from(t.y()) + dy);
                if x < 0 || y < 0 || x >= size || y >= size {
                    return Cell::OffGrid;
                }
                match self
                    .b
                    .stone_at(board_game::games::go::Tile::new(x as u8, y as u8))
                {
                    None => Cell::Empty,
                    Some(p) if p == me => Cell::Mine,
                    Some(_) => Cell::Theirs,
                }
            })
        }

        fn is_legal(&self, t: Self::Vertex) -> bool {
            use board_game::board::Board;
            self.b
                .is_available_move(board_game::games::go::Move::Place(t))
                .unwrap_or(false)
        }

        fn play(&mut self, t: Self::Vertex) {
            use board_game::board::Board;
            self.b
                .play(board_game::games::go::Move::Place(t))
                .expect("a legal move");
            self.refresh();
        }

        fn pass(&mut self) {
            use board_game::board::Board;
            self.b
                .play(board_game::games::go::Move::Pass)
                .expect("a legal pass");
        }

        fn legal_non_eyelike_into(&self, out: &mut Vec<Self::Vertex>) {
            use board_game::board::BoardMoves;
            use board_game::games::go::Move;
            use internal_iterator::InternalIterator;
            if let Ok(moves) = self.b.available_moves() {
                moves.for_each(|mv| {
                    if let Move::Place(t) = mv {
                        if !self.is_eyelike(t) {
                            out.push(t);
                        }
                    }
                });
            }
        }
    }

    /// `goban` with its `CHINESE` rule (the most used preset).
    pub struct Goban {
        g: goban::rules::game::Game,
        empties: Vec<(u8, u8)>,
    }

    impl Goban {
        fn refresh(&mut self) {
            self.empties.clear();
            self.empties.extend(self.g.pseudo_legals());
        }
    }

    impl PlayoutEngine for Goban {
        const NAME: &'static str = "goban 0.20.1";
        const RULES: &'static str = "CHINESE preset: ko + superko checked only for capturing moves (exact, by cloned boards), all suicide forbidden; boards up to 19x19; the adapter rebuilds the list of empty points after each move";
        type Vertex = (u8, u8);

        fn new(width: usize, height: usize) -> Self {
            use goban::rules::{game::Game, GobanSizes, CHINESE};
            let mut a = Goban {
                g: Game::new(GobanSizes::Custom(height, width), CHINESE),
                empties: Vec::new(),
            };
            a.refresh();
            a
        }

        fn reset(&mut self) {
            use goban::rules::{game::Game, GobanSizes, CHINESE};
            let (h, w) = self.g.size();
            self.g = Game::new(GobanSizes::Custom(h as usize, w as usize), CHINESE);
            self.refresh();
        }

        fn empty_count(&self) -> usize {
            self.empties.len()
        }

        fn empty_at(&self, k: usize) -> Self::Vertex {
            self.empties[k]
        }

        fn is_eyelike(&self, (r, c): Self::Vertex) -> bool {
            let me = self.g.turn();
            let (h, w) = self.g.size();
            eyelike_by(|dx, dy| {
                let (r, c) = (i32::from(r) + dy, i32::from(c) + dx);
                if r < 0 || c < 0 || r >= i32::from(h) || c >= i32::from(w) {
                    return Cell::OffGrid;
                }
                match self.g.goban().get_color((r as u8, c as u8)) {
                    None => Cell::Empty,
                    Some(col) if col == me => Cell::Mine,
                    Some(_) => Cell::Theirs,
                }
            })
        }

        fn is_legal(&self, v: Self::Vertex) -> bool {
            self.g.check_point(v).is_none()
        }

        fn play(&mut self, (r, c): Self::Vertex) {
            self.g.play(goban::rules::Move::Play(r, c));
            self.refresh();
        }

        fn pass(&mut self) {
            self.g.play(goban::rules::Move::Pass);
        }

        fn legal_non_eyelike_into(&self, out: &mut Vec<Self::Vertex>) {
            out.extend(self.g.legals().filter(|&v| !self.is_eyelike(v)));
        }
    }
}

#[cfg(feature = "peers")]
pub use peers::{BoardGame, GoGameBoard, Goban};
