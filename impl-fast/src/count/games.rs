//! Complete games on small grids (Tromp & Farnebäck, "Combinatorics of Go"): every sequence of
//! legal turns from the start to the end of the game.

use ttrules_spec::{Engine, Move, Point, Rules, Size};

/// The number of complete games on `size` under `Rules::TROMP_TAYLOR`: every sequence of legal
/// turns from the start (r[tt.start]) until two consecutive passes end the game (r[tt.end]).
/// Known values: 1x1: 1, 1x2: 9, 1x3: 907, 1x4: 2,098,407,841.
///
/// Generic over the engine: a depth-first walk that keeps one engine per depth and copies the
/// parent into the child slot with [`Clone::clone_from`] before each turn (for [`crate::Fast`]
/// that copy reuses buffers and allocates nothing). The game tree grows very fast: 1x4 is tens of
/// minutes this way (use [`count_games_tiny`]), 2x2 out of reach.
pub fn count_games<E: Engine>(size: Size) -> u64 {
    let mut stack = vec![E::new(size, Rules::TROMP_TAYLOR)];
    let mut lists: Vec<Vec<Point>> = Vec::new();
    count_from(&mut stack, &mut lists, 0)
}

fn count_from<E: Engine>(stack: &mut Vec<E>, lists: &mut Vec<Vec<Point>>, depth: usize) -> u64 {
    if stack[depth].is_over() {
        return 1;
    }
    if lists.len() <= depth {
        lists.push(Vec::new());
    }
    if stack.len() <= depth + 1 {
        let copy = stack[depth].clone();
        stack.push(copy);
    }
    let mut list = std::mem::take(&mut lists[depth]);
    list.clear();
    stack[depth].legal_points_into(&mut list);
    let mut total = 0;
    for mv in list.iter().map(|&p| Move::Play(p)).chain([Move::Pass]) {
        let (parents, children) = stack.split_at_mut(depth + 1);
        children[0].clone_from(&parents[depth]);
        if let Err(why) = children[0].play(mv) {
            panic!("{}: listed turn {mv} is illegal: {why}", E::NAME);
        }
        total += count_from(stack, lists, depth + 1);
    }
    lists[depth] = list;
    total
}

/// [`count_games`] for grids of at most [`TINY_AREA`] points, by a dedicated depth-first walk
/// with true undo; `None` for larger grids. 1x4 (2,098,407,841 games) takes minutes on one core.
///
/// The state is the colouring as two dense bit masks (black, white; row-major, `W` bits per
/// row), the player to move, whether the last turn was a pass, and the set of earlier colourings
/// as a bitset over every pair of masks (`4^area` bits). A move sets the bit of the colouring it
/// produces and clears it when the walk returns, so the set is always exactly the earlier
/// colourings of the game so far: the start and the colouring after each move
/// (r[tt.turn.repetition], r[tt.note.start-colouring]).
///
/// Note: this is the game tree of [`count_games`] under `Rules::TROMP_TAYLOR`: a move is legal
/// iff its colouring (r[tt.move]: place, clear the opponent, clear the player, each clearing
/// computed on the colouring before it, r[tt.clear]) is not in the set, a pass is always legal,
/// and a pass after a pass ends the game (r[tt.end]), which counts one game. The mirror image of
/// a game on a single row or column is a game, so at the start only one move of each mirror
/// pair is walked, and counted twice.
pub fn count_games_tiny(size: Size) -> Option<u64> {
    let (w, h) = (size.width(), size.height());
    let area = w * h;
    if area > TINY_AREA {
        return None;
    }
    let full: u64 = (1u64 << area) - 1;
    let mut left_col = 0u64;
    let mut right_col = 0u64;
    for y in 0..h {
        left_col |= 1 << (y * w);
        right_col |= 1 << (y * w + w - 1);
    }
    let t = Tiny {
        area: area as u32,
        w: w as u32,
        full,
        not_left: full & !left_col,
        not_right: full & !right_col,
    };
    let mut seen = vec![0u64; (1usize << (2 * area)).div_ceil(64)];
    t.flip(&mut seen, 0, 0);
    // The start: a pass, then every move (mirror pairs of a line walked once).
    let mut total = t.walk(&mut seen, 0, 0, false, true);
    let line = w == 1 || h == 1;
    for p in 0..area {
        let mirror = area - 1 - p;
        let weight = if !line {
            1
        } else if p < mirror {
            2
        } else if p == mirror {
            1
        } else {
            continue;
        };
        total += weight * t.child(&mut seen, 0, 0, true, 1 << p);
    }
    Some(total)
}

/// The largest grid [`count_games_tiny`] takes: its bitset has `4^area` bits (2 MiB at 12).
pub const TINY_AREA: usize = 12;

/// A tiny grid as dense bit masks.
struct Tiny {
    area: u32,
    w: u32,
    full: u64,
    not_left: u64,
    not_right: u64,
}

impl Tiny {
    /// The points adjacent to some point of `m` (r[tt.adjacent]): no wrap between rows.
    #[inline(always)]
    fn adjacent(&self, m: u64) -> u64 {
        ((m << 1) & self.not_left | (m >> 1) & self.not_right | m << self.w | m >> self.w)
            & self.full
    }

    /// The stones of `stones` that reach an empty point of `empty` (r[tt.reach]).
    #[inline(always)]
    fn reaching(&self, stones: u64, empty: u64) -> u64 {
        let mut r = self.adjacent(empty) & stones;
        loop {
            let next = (r | self.adjacent(r)) & stones;
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// Toggles the bit of the colouring (`black`, `white`) in the set.
    #[inline(always)]
    fn flip(&self, seen: &mut [u64], black: u64, white: u64) -> bool {
        let k = (black | white << self.area) as usize;
        let was = seen[k >> 6] >> (k & 63) & 1 != 0;
        seen[k >> 6] ^= 1 << (k & 63);
        was
    }

    /// Games that start with the move on the empty point `bit` by the player to move, from the
    /// colouring (`black`, `white`); 0 if the move is illegal.
    #[inline(always)]
    fn child(
        &self,
        seen: &mut [u64],
        black: u64,
        white: u64,
        black_to_move: bool,
        bit: u64,
    ) -> u64 {
        let (mine, theirs) = if black_to_move {
            (black, white)
        } else {
            (white, black)
        };
        // r[tt.move.empty], r[tt.move.clear-opponent], r[tt.move.clear-self].
        let mine = mine | bit;
        let theirs = self.reaching(theirs, self.full & !(mine | theirs));
        let mine = self.reaching(mine, self.full & !(mine | theirs));
        let (b, w) = if black_to_move {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        if self.flip(seen, b, w) {
            // An earlier colouring: the flip set a bit that was set; set it back.
            self.flip(seen, b, w);
            return 0;
        }
        let n = self.walk(seen, b, w, !black_to_move, false);
        self.flip(seen, b, w);
        n
    }

    /// Games from the colouring (`black`, `white`) with the given player to move; `passed` says
    /// whether the last turn was a pass.
    fn walk(
        &self,
        seen: &mut [u64],
        black: u64,
        white: u64,
        black_to_move: bool,
        passed: bool,
    ) -> u64 {
        // A pass: after a pass it ends the game (one game), otherwise the game goes on.
        let mut total = if passed {
            1
        } else {
            self.walk(seen, black, white, !black_to_move, true)
        };
        let mut empty = self.full & !(black | white);
        while empty != 0 {
            let bit = empty & empty.wrapping_neg();
            empty ^= bit;
            total += self.child(seen, black, white, black_to_move, bit);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiny_game_counts() {
        let n = |w, h| count_games_tiny(Size::new(w, h).unwrap()).unwrap();
        assert_eq!(
            [n(1, 1), n(1, 2), n(2, 1), n(1, 3), n(3, 1)],
            [1, 9, 9, 907, 907]
        );
        assert_eq!(count_games_tiny(Size::new(4, 4).unwrap()), None);
    }
}
