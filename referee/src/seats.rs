//! Real engines in the seats of the match loop (`super::driver`): each request becomes GTP
//! commands to a supervised process (`super::engine`), and the engines' side of the end protocols
//! goes through `super::end_io`.

use crate::clock::Clock;
use crate::driver::{Answer, Seats, TurnKind};
use crate::end_io;
use crate::ending::{Failure, Interrupted};
use crate::engine::{Genmove, Supervised};
use crate::handicap::{self, Placement};
use crate::judge::Judge;
use crate::ruling::{Came, Reply};
use crate::Config;
use std::time::Duration;
use ttrules_gtp::client::Reply as GtpReply;
use ttrules_spec::{Move, Player, Point};

/// The two engines of a game, by colour, and the arbiter engine of `--end arbiter`.
pub struct Engines<'a> {
    pub engines: &'a mut [Supervised; 2],
    /// The index of the engine playing Black.
    pub black: usize,
    pub arbiter: Option<&'a mut Supervised>,
    pub seed: u64,
    pub cfg: &'a Config,
}

impl Engines<'_> {
    /// The engine playing `p`.
    pub fn of(&mut self, p: Player) -> &mut Supervised {
        match p {
            Player::Black => &mut self.engines[self.black],
            Player::White => &mut self.engines[1 - self.black],
        }
    }
}

/// A response of the GTP client as the rulings read it.
fn reply(r: GtpReply) -> Reply {
    match r {
        GtpReply::Success(t) => Reply::Success(t),
        GtpReply::Failure(t) => Reply::Failure(t),
    }
}

fn interrupted(f: Failure) -> Result<Came, Interrupted> {
    match f {
        Failure::Interrupted => Err(Interrupted),
        Failure::Fault { kind, detail } => Ok(Came::Fault { kind, detail }),
    }
}

impl Seats for Engines<'_> {
    fn start(&mut self, p: Player) -> Result<(), Failure> {
        let (seed, cfg) = (self.seed, self.cfg);
        self.of(p).new_game(seed, cfg)
    }

    fn tell(&mut self, q: Player, p: Player, mv: Move) -> Result<Result<(), String>, Failure> {
        self.of(q).play(p, mv)
    }

    fn genmove(
        &mut self,
        _game: &Judge,
        p: Player,
        turn: TurnKind,
        clock: Option<&Clock>,
        wait: Duration,
    ) -> Result<Answer, Interrupted> {
        let e = self.of(p);
        // r[end.engines]: a cleanup turn is `kgs-genmove_cleanup` where the engine has it.
        let command = if turn.cleanup && e.has("kgs-genmove_cleanup") {
            "kgs-genmove_cleanup"
        } else {
            "genmove"
        };
        let answer = |came, took| Answer {
            command,
            came,
            took,
        };
        if let Some(c) = clock {
            if e.has("time_left") {
                if let Err(f) = e.ask(&c.time_left_command(p)) {
                    return Ok(answer(interrupted(f)?, Duration::ZERO));
                }
            }
        }
        Ok(match e.genmove_with(command, p, wait) {
            Ok(Genmove::Answer { reply: r, took }) => answer(Came::Reply(reply(r)), took),
            Ok(Genmove::NoAnswer { waited }) => answer(Came::Nothing, waited),
            Err(f) => answer(interrupted(f)?, Duration::ZERO),
        })
    }

    fn kill(&mut self, p: Player) {
        self.of(p).kill();
    }

    fn dead_list(&mut self, game: &Judge, p: Player) -> Result<Option<Vec<Point>>, Failure> {
        let list = end_io::dead_list(self.of(p), game).map_err(|_| Failure::Interrupted)?;
        // r[end.list]: an engine whose process had to be ended is given the game again.
        if !self.of(p).running() {
            self.give_game(game, p)?;
        }
        Ok(list)
    }

    fn arbiter(&mut self, game: &Judge) -> Result<Option<Vec<Point>>, Interrupted> {
        match self.arbiter.as_deref_mut() {
            Some(a) => end_io::ask_arbiter(a, self.seed, self.cfg, game),
            None => Ok(None),
        }
    }

    fn resumed(&mut self, p: Player) -> Result<(), Failure> {
        end_io::tell_resume(self.of(p))
    }

    fn give_game(&mut self, game: &Judge, p: Player) -> Result<(), Failure> {
        let (seed, cfg) = (self.seed, self.cfg);
        end_io::give_game(self.of(p), seed, cfg, game)
    }

    fn handicap(&mut self) -> Result<Option<Vec<Point>>, (Player, Failure)> {
        let Some(h) = self.cfg.handicap else {
            return Ok(None);
        };
        let size = self.cfg.size;
        let (b, w) = (Player::Black, Player::White);
        let stones = match h.placement {
            Placement::Fixed => {
                handicap::tell_fixed(self.of(b), size, h.stones).map_err(|f| (b, f))?;
                handicap::tell_fixed(self.of(w), size, h.stones).map_err(|f| (w, f))?
            }
            Placement::Free => {
                let stones =
                    handicap::place_free(self.of(b), size, h.stones).map_err(|f| (b, f))?;
                handicap::tell(self.of(w), &stones).map_err(|f| (w, f))?;
                stones
            }
        };
        Ok(Some(stones))
    }
}
