//! The pairing of an event (r[ref.event.schedule]): its kind, the pairs of players, and the
//! players and round of each game. Pure: no file, no process.

use serde::Serialize;

/// The kind of an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Two players.
    Match,
    /// Every player against every other.
    AllPlayAll,
    /// One challenger against each of the others.
    Gauntlet,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Match => "match",
            Kind::AllPlayAll => "all-play-all",
            Kind::Gauntlet => "gauntlet",
        }
    }
}

/// The pairings of an event and how often each pair meets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub kind: Kind,
    /// The pairs, as indices of the players, in the order of r[ref.event.schedule].
    pub pairs: Vec<[usize; 2]>,
    pub games_per_pair: u32,
}

impl Event {
    /// r[ref.event.schedule]: the pairs of `players` players; `challenger` for a gauntlet.
    pub fn new(kind: Kind, players: usize, challenger: usize, games_per_pair: u32) -> Event {
        let pairs = match kind {
            Kind::Match => vec![[0, 1]],
            Kind::AllPlayAll => (0..players)
                .flat_map(|i| (i + 1..players).map(move |j| [i, j]))
                .collect(),
            Kind::Gauntlet => (0..players)
                .filter(|&j| j != challenger)
                .map(|j| [challenger, j])
                .collect(),
        };
        Event {
            kind,
            pairs,
            games_per_pair,
        }
    }

    /// Every game of the event.
    pub fn games(&self) -> u32 {
        self.pairs.len() as u32 * self.games_per_pair
    }

    /// Game `number` (from 1): its players (Black, White) and its round (from 0). In round `r`
    /// the `k`-th pair (i, j) meets in game r·P + k + 1, P the number of pairs; i plays Black
    /// when i + j + r is odd, so that colours alternate round by round and, in a round, between
    /// a player's pairs.
    pub fn game(&self, number: u32) -> ([usize; 2], u32) {
        let p = self.pairs.len() as u32;
        let round = (number - 1) / p;
        let [i, j] = self.pairs[((number - 1) % p) as usize];
        let first_black = (i as u32 + j as u32 + round) % 2 == 1;
        (if first_black { [i, j] } else { [j, i] }, round)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_play_all_balances_colours() {
        let e = Event::new(Kind::AllPlayAll, 4, 0, 2);
        assert_eq!(e.pairs.len(), 6);
        assert_eq!(e.games(), 12);
        let mut black = [0; 4];
        let mut white = [0; 4];
        let mut met = std::collections::BTreeMap::new();
        for n in 1..=e.games() {
            let ([b, w], round) = e.game(n);
            assert_ne!(b, w);
            black[b] += 1;
            white[w] += 1;
            *met.entry((b.min(w), b.max(w))).or_insert(0) += 1;
            assert_eq!(round, (n - 1) / 6);
        }
        // Each pair meets twice, once with each colour, and each player is Black in half its games.
        assert!(met.values().all(|&m| m == 2));
        assert_eq!(black, [3; 4]);
        assert_eq!(white, [3; 4]);
        assert_eq!(e.game(1), ([0, 1], 0));
        assert_eq!(e.game(7), ([1, 0], 1));
    }

    #[test]
    fn gauntlet_pairs_the_challenger_with_each_other() {
        let e = Event::new(Kind::Gauntlet, 4, 2, 2);
        assert_eq!(e.pairs, vec![[2, 0], [2, 1], [2, 3]]);
        let as_black = (1..=e.games()).filter(|&n| e.game(n).0[0] == 2).count();
        assert_eq!(as_black, 3);
        assert_eq!(Event::new(Kind::Match, 2, 0, 5).games(), 5);
    }
}
