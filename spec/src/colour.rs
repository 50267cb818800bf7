//! Players and point colours (r[tt.colouring]).

use std::fmt;

/// One of the two players. Black's colour is black, White's is white.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    Black,
    White,
}

impl Player {
    /// The other player (r[tt.colouring]: the opponent).
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The colour of this player's stones.
    pub const fn colour(self) -> Colour {
        match self {
            Player::Black => Colour::Black,
            Player::White => Colour::White,
        }
    }

    /// `"B"` or `"W"`, as in SGF and GTP.
    pub const fn letter(self) -> &'static str {
        match self {
            Player::Black => "B",
            Player::White => "W",
        }
    }

    /// Reads `B`/`W`, `black`/`white` in any case.
    pub fn parse(s: &str) -> Option<Player> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Player::Black),
            "w" | "white" => Some(Player::White),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
    }
}

/// The colour of a point: black, white or empty (r[tt.colouring]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Colour {
    #[default]
    Empty,
    Black,
    White,
}

impl Colour {
    /// The player whose stone this is, if any.
    pub const fn player(self) -> Option<Player> {
        match self {
            Colour::Empty => None,
            Colour::Black => Some(Player::Black),
            Colour::White => Some(Player::White),
        }
    }

    /// The diagram character: `X` black, `O` white, `.` empty (section 8).
    pub const fn symbol(self) -> char {
        match self {
            Colour::Empty => '.',
            Colour::Black => 'X',
            Colour::White => 'O',
        }
    }

    /// Reads a diagram character.
    pub const fn from_symbol(ch: char) -> Option<Colour> {
        match ch {
            '.' => Some(Colour::Empty),
            'X' => Some(Colour::Black),
            'O' => Some(Colour::White),
            _ => None,
        }
    }
}

impl From<Player> for Colour {
    fn from(player: Player) -> Colour {
        player.colour()
    }
}
