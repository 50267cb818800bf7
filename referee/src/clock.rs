//! Clocks (r[ref.time]): absolute time with an increment (`10m+5s`) or a fixed time per move
//! (`5s`). Only the referee's own measurement of each `genmove` counts; the engines are told the
//! control with `time_settings` and their time with `time_left`, where they have those commands.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use ttrules_spec::Player;

/// How much time each engine has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `main` for the whole game, `increment` added after each answered `genmove`.
    Absolute { main: Duration, increment: Duration },
    /// Each `genmove` must be answered within this time.
    PerMove(Duration),
}

/// Reads a duration: `90` or `90s` (seconds), `1.5s`, `10m`, `1h`, `1m30s`.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let err = || format!("{s:?} is not a duration (expected e.g. 90, 90s, 1.5s, 10m, 1h, 1m30s)");
    if t.is_empty() {
        return Err(err());
    }
    if let Ok(secs) = t.parse::<f64>() {
        return Duration::try_from_secs_f64(secs).map_err(|_| err());
    }
    let mut total = 0.0f64;
    let mut number = String::new();
    for ch in t.chars() {
        if ch.is_ascii_digit() || ch == '.' {
            number.push(ch);
            continue;
        }
        let unit = match ch {
            'h' => 3600.0,
            'm' => 60.0,
            's' => 1.0,
            _ => return Err(err()),
        };
        let n: f64 = number.parse().map_err(|_| err())?;
        total += n * unit;
        number.clear();
    }
    if !number.is_empty() {
        return Err(err());
    }
    Duration::try_from_secs_f64(total).map_err(|_| err())
}

fn show(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs.fract() == 0.0 {
        format!("{}s", d.as_secs())
    } else {
        format!("{secs}s")
    }
}

impl FromStr for TimeControl {
    type Err = String;

    /// `MAIN+INCREMENT` (`10m+5s`, `60+0.5`) or `MAIN` alone (no increment): absolute time. The
    /// per-move control is made with [`TimeControl::PerMove`] (`--time-per-move`).
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (main, increment) = match s.split_once('+') {
            Some((m, i)) => (parse_duration(m)?, parse_duration(i)?),
            None => (parse_duration(s)?, Duration::ZERO),
        };
        if main.is_zero() {
            return Err(format!("{s:?}: the main time must be more than 0"));
        }
        Ok(TimeControl::Absolute { main, increment })
    }
}

impl fmt::Display for TimeControl {
    /// `600s+5s`, `5s per move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Absolute { main, increment } => {
                write!(f, "{}+{}", show(*main), show(*increment))
            }
            TimeControl::PerMove(d) => write!(f, "{} per move", show(*d)),
        }
    }
}

impl TimeControl {
    /// The `time_settings` command that tells an engine this control, to the precision GTP
    /// allows (r[ref.time.told]): GTP's `time_settings main byo_yomi_time byo_yomi_stones` takes whole
    /// seconds, and a zero means "no limit". Absolute time is main time without byo-yomi, rounded
    /// down to whole seconds (the engine is never told more than it has); an increment cannot be
    /// stated (neither `time_settings` nor `kgs-time_settings` has one), so the engine learns of
    /// it through `time_left` before each `genmove`, which it must then list. A fixed time per move
    /// is a byo-yomi period of that time, rounded down, for one stone and no main time.
    ///
    /// `Err` with a sentence when GTP cannot state the control without telling the engine more
    /// time than it has (under a second rounds down to 0, "no limit"), or when `has_time_left` is
    /// false and an increment could never be told.
    pub fn settings_command(&self, has_time_left: bool) -> Result<String, String> {
        let whole = |d: &Duration, what: &str| {
            if d.as_secs() == 0 {
                Err(format!(
                    "{what} of {} is under a second, and GTP's time_settings takes whole \
                     seconds (0 would tell the engine it has no limit); give at least 1s",
                    show(*d)
                ))
            } else {
                Ok(d.as_secs())
            }
        };
        match self {
            TimeControl::Absolute { main, increment } => {
                let m = whole(main, "a main time")?;
                if !increment.is_zero() && !has_time_left {
                    return Err(format!(
                        "GTP cannot state an increment ({} per move) in time_settings, and the \
                         engine does not list time_left, through which it would learn its time \
                         after each move; use --time MAIN without an increment, or \
                         --time-per-move",
                        show(*increment)
                    ));
                }
                Ok(format!("time_settings {m} 0 0"))
            }
            TimeControl::PerMove(d) => {
                let s = whole(d, "a time per move")?;
                Ok(format!("time_settings 0 {s} 1"))
            }
        }
    }
}

/// One engine's clock in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Time left under absolute time (for the per-move control: the time per move).
    left: Duration,
    /// Time used by the answers so far.
    pub used: Duration,
}

/// The answer came when the time was used up (r[ref.time]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OutOfTime {
    /// How long the answer took, or how long the referee waited.
    pub took: Duration,
    /// What the engine had.
    pub had: Duration,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let left = match control {
            TimeControl::Absolute { main, .. } => main,
            TimeControl::PerMove(d) => d,
        };
        Clock {
            control,
            left,
            used: Duration::ZERO,
        }
    }

    /// How long the referee waits for the next `genmove`.
    pub fn budget(&self) -> Duration {
        self.left
    }

    /// Charges an answer that took `took`. `Err` when the time was used up (an answer that takes
    /// exactly the time left is late: the clock reached zero before it).
    pub fn charge(&mut self, took: Duration) -> Result<(), OutOfTime> {
        self.used += took;
        if took >= self.left {
            let had = self.left;
            if let TimeControl::Absolute { .. } = self.control {
                self.left = Duration::ZERO;
            }
            return Err(OutOfTime { took, had });
        }
        if let TimeControl::Absolute { increment, .. } = self.control {
            self.left = self.left - took + increment;
        }
        Ok(())
    }

    /// The time left, as SGF `BL`/`WL` write it (seconds, three decimals at most).
    pub fn left_secs(&self) -> f64 {
        (self.left.as_secs_f64() * 1000.0).round() / 1000.0
    }

    /// The `time_left` command for `player`: whole seconds, and 0 stones (absolute time) or 1
    /// stone (the byo-yomi period of the per-move control).
    pub fn time_left_command(&self, player: Player) -> String {
        let stones = match self.control {
            TimeControl::Absolute { .. } => 0,
            TimeControl::PerMove(_) => 1,
        };
        format!(
            "time_left {} {} {stones}",
            player.letter().to_ascii_lowercase(),
            self.left.as_secs()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_controls_parse() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1m30s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        for bad in ["", "10x", "m", "-5", "5m3"] {
            assert!(parse_duration(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            "10m+5s".parse::<TimeControl>(),
            Ok(TimeControl::Absolute {
                main: Duration::from_secs(600),
                increment: Duration::from_secs(5)
            })
        );
        assert!("0+5".parse::<TimeControl>().is_err());
        assert_eq!(
            "10m+5s".parse::<TimeControl>().unwrap().to_string(),
            "600s+5s"
        );
    }

    #[test]
    fn clocks_charge_and_run_out() {
        let mut c = Clock::new("10s+1s".parse().unwrap());
        assert_eq!(c.charge(Duration::from_secs(4)), Ok(()));
        assert_eq!(c.budget(), Duration::from_secs(7));
        assert_eq!(c.time_left_command(Player::White), "time_left w 7 0");
        assert!(c.charge(Duration::from_secs(7)).is_err());
        assert_eq!(c.used, Duration::from_secs(11));
        let mut p = Clock::new(TimeControl::PerMove(Duration::from_secs(2)));
        assert_eq!(p.charge(Duration::from_millis(1999)), Ok(()));
        assert_eq!(p.budget(), Duration::from_secs(2));
        assert!(p.charge(Duration::from_secs(3)).is_err());
        assert_eq!(
            p.control.settings_command(true),
            Ok("time_settings 0 2 1".into())
        );
    }
}
