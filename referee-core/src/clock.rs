//! Clocks (r[ref.time], r[ref.time.overtime]): absolute time with an increment (`10m+5s`), a fixed
//! time per move (`5s`), byo-yomi (`10m+5x30s`) and Canadian overtime (`10m+25/5m`). Only the
//! referee's own measurement of each `genmove` counts; the engines are told the control with
//! `kgs-time_settings` or `time_settings` and their time with `time_left`, where they have those
//! commands (r[ref.time.told], r[ref.time.told.overtime]).

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
    /// `main`, then `periods` periods of `period` each (r[ref.time.overtime]).
    ByoYomi {
        main: Duration,
        periods: u32,
        period: Duration,
    },
    /// `main`, then periods of `period`, each for `stones` answers (r[ref.time.overtime]).
    Canadian {
        main: Duration,
        stones: u32,
        period: Duration,
    },
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

    /// See [`TimeControl::parse`].
    fn from_str(s: &str) -> Result<TimeControl, String> {
        TimeControl::parse(s)
    }
}

impl fmt::Display for TimeControl {
    /// `600s+5s`, `5s per move`, `600s+5x30s`, `600s+25/300s`: what [`TimeControl::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Absolute { main, increment } => {
                write!(f, "{}+{}", show(*main), show(*increment))
            }
            TimeControl::PerMove(d) => write!(f, "{} per move", show(*d)),
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => write!(f, "{}+{periods}x{}", show(*main), show(*period)),
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => write!(f, "{}+{stones}/{}", show(*main), show(*period)),
        }
    }
}

/// A count of periods or stones: a whole number from 1.
fn count(s: &str, what: &str, whole: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "{whole:?}: the number of {what} {s:?} is not a whole number from 1"
        )),
    }
}

impl TimeControl {
    /// Reads a time control, as `--time` and the tournament file give it:
    /// - `MAIN+INCREMENT` (`10m+5s`, `60+0.5`) or `MAIN` alone: absolute time (the main time more
    ///   than 0);
    /// - `MAIN+NxPERIOD` (`10m+5x30s`): byo-yomi, N periods of PERIOD after the main time;
    /// - `MAIN+STONES/PERIOD` (`10m+25/5m`): Canadian overtime, periods of PERIOD for STONES
    ///   answers each.
    ///
    /// Under overtime the main time may be 0; periods must be more than 0. Durations as
    /// [`parse_duration`] reads them. The fixed time per move is [`TimeControl::PerMove`]
    /// (`--time-per-move`).
    pub fn parse(s: &str) -> Result<TimeControl, String> {
        let Some((m, over)) = s.split_once('+') else {
            let main = parse_duration(s)?;
            if main.is_zero() {
                return Err(format!("{s:?}: the main time must be more than 0"));
            }
            return Ok(TimeControl::Absolute {
                main,
                increment: Duration::ZERO,
            });
        };
        let main = parse_duration(m)?;
        let positive = |p: &str| {
            let d = parse_duration(p)?;
            if d.is_zero() {
                Err(format!("{s:?}: the period must be more than 0"))
            } else {
                Ok(d)
            }
        };
        if let Some((n, p)) = over.split_once('x') {
            return Ok(TimeControl::ByoYomi {
                main,
                periods: count(n, "periods", s)?,
                period: positive(p)?,
            });
        }
        if let Some((n, p)) = over.split_once('/') {
            return Ok(TimeControl::Canadian {
                main,
                stones: count(n, "stones", s)?,
                period: positive(p)?,
            });
        }
        let increment = parse_duration(over)?;
        if main.is_zero() {
            return Err(format!("{s:?}: the main time must be more than 0"));
        }
        Ok(TimeControl::Absolute { main, increment })
    }

    /// The command that tells an engine this control, to the precision GTP allows
    /// (r[ref.time.told], r[ref.time.told.overtime]): `kgs-time_settings` when `has` it, else
    /// `time_settings`; `Ok(None)` when it has neither (it plays without being told). GTP takes
    /// whole seconds, rounded down, so that an engine is never told more than it has.
    ///
    /// `Err` with a sentence when GTP cannot state the control: a time that must be told rounds
    /// down to 0 (which GTP reads as "no limit"), an increment to an engine without `time_left`,
    /// byo-yomi of more than one period to an engine without `kgs-time_settings`.
    pub fn told(&self, has: impl Fn(&str) -> bool) -> Result<Option<String>, String> {
        let whole = |d: &Duration, what: &str, command: &str| {
            if d.as_secs() == 0 {
                Err(format!(
                    "{what} of {} is under a second, and GTP's {command} takes whole seconds (0 \
                     would tell the engine it has no limit); give at least 1s",
                    show(*d)
                ))
            } else {
                Ok(d.as_secs())
            }
        };
        let kgs = has("kgs-time_settings");
        if !kgs && !has("time_settings") {
            return Ok(None);
        }
        let command = if kgs {
            "kgs-time_settings"
        } else {
            "time_settings"
        };
        Ok(Some(match *self {
            TimeControl::Absolute { main, increment } => {
                let m = whole(&main, "a main time", command)?;
                if !increment.is_zero() && !has("time_left") {
                    return Err(format!(
                        "GTP cannot state an increment ({} per move) in {command}, and the \
                         engine does not list time_left, through which it would learn its time \
                         after each move; use --time MAIN without an increment, or \
                         --time-per-move",
                        show(increment)
                    ));
                }
                if kgs {
                    format!("kgs-time_settings absolute {m}")
                } else {
                    format!("time_settings {m} 0 0")
                }
            }
            TimeControl::PerMove(d) => {
                let s = whole(&d, "a time per move", command)?;
                if kgs {
                    format!("kgs-time_settings byoyomi 0 {s} 1")
                } else {
                    format!("time_settings 0 {s} 1")
                }
            }
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => {
                let p = whole(&period, "a byo-yomi period", command)?;
                let m = main.as_secs();
                if kgs {
                    format!("kgs-time_settings byoyomi {m} {p} {periods}")
                } else if periods == 1 {
                    format!("time_settings {m} {p} 1")
                } else {
                    return Err(format!(
                        "byo-yomi of {periods} periods cannot be stated in time_settings (it \
                         states Canadian overtime, and one period of byo-yomi as one stone), and \
                         the engine does not list kgs-time_settings; use one period (MAIN+1xP) \
                         or Canadian overtime (MAIN+STONES/P)"
                    ));
                }
            }
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => {
                let p = whole(&period, "a Canadian period", command)?;
                let m = main.as_secs();
                if kgs {
                    format!("kgs-time_settings canadian {m} {p} {stones}")
                } else {
                    format!("time_settings {m} {p} {stones}")
                }
            }
        }))
    }

    /// The `time_settings` command of r[ref.time.told], for an engine that lists `time_settings`
    /// (and `time_left` when `has_time_left`) but not `kgs-time_settings`.
    pub fn settings_command(&self, has_time_left: bool) -> Result<String, String> {
        self.told(|c| c == "time_settings" || (c == "time_left" && has_time_left))
            .map(|c| c.expect("time_settings is listed"))
    }
}

/// One engine's clock in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// The main time left (absolute time: the time left; per move: the time per move).
    left: Duration,
    /// In overtime (r[ref.time.overtime]): whether it has begun, the time left in the current
    /// period, and the periods left (byo-yomi) or the answers still due in the period (Canadian).
    overtime: Option<(Duration, u32)>,
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
            TimeControl::Absolute { main, .. }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Canadian { main, .. } => main,
            TimeControl::PerMove(d) => d,
        };
        let mut clock = Clock {
            control,
            left,
            overtime: None,
            used: Duration::ZERO,
        };
        // Without main time, overtime starts with the first answer.
        if left.is_zero() {
            clock.overtime = clock.fresh_overtime();
        }
        clock
    }

    /// The overtime a clock starts when its main time is used up.
    fn fresh_overtime(&self) -> Option<(Duration, u32)> {
        match self.control {
            TimeControl::ByoYomi {
                periods, period, ..
            } => Some((period, periods)),
            TimeControl::Canadian { stones, period, .. } => Some((period, stones)),
            _ => None,
        }
    }

    /// How long the referee waits for the next `genmove`: all the time the engine has left.
    pub fn budget(&self) -> Duration {
        let over = self.overtime.or_else(|| self.fresh_overtime());
        match (self.control, over) {
            (TimeControl::ByoYomi { .. }, Some((period, periods))) => self.left + period * periods,
            (TimeControl::Canadian { .. }, Some((period, _))) => self.left + period,
            _ => self.left,
        }
    }

    /// Charges an answer that took `took`. `Err` when the time was used up (an answer that takes
    /// exactly the time left is late: the clock reached zero before it).
    pub fn charge(&mut self, took: Duration) -> Result<(), OutOfTime> {
        self.used += took;
        let had = self.budget();
        if took >= had {
            if !matches!(self.control, TimeControl::PerMove(_)) {
                self.left = Duration::ZERO;
                self.overtime = self.fresh_overtime().map(|_| (Duration::ZERO, 0));
            }
            return Err(OutOfTime { took, had });
        }
        match self.control {
            TimeControl::PerMove(_) => {}
            TimeControl::Absolute { increment, .. } => self.left = self.left - took + increment,
            TimeControl::ByoYomi { period, .. } | TimeControl::Canadian { period, .. } => {
                let rest = match self.overtime {
                    None if took < self.left => {
                        self.left -= took;
                        return Ok(());
                    }
                    None => {
                        let rest = took - self.left;
                        self.left = Duration::ZERO;
                        self.overtime = self.fresh_overtime();
                        rest
                    }
                    Some(_) => took,
                };
                let (in_period, n) = self.overtime.expect("in overtime");
                self.overtime = Some(match self.control {
                    // Each whole period used up is lost; the budget saw that one is left.
                    TimeControl::ByoYomi { .. } => {
                        let lost = (rest.as_nanos() / period.as_nanos()) as u32;
                        (period, n - lost)
                    }
                    // The answer is one of the period's; the last of them starts a new period.
                    TimeControl::Canadian { stones, .. } if n == 1 => (period, stones),
                    _ => (in_period - rest, n - 1),
                });
            }
        }
        Ok(())
    }

    /// The time left, as SGF `BL`/`WL` write it (seconds, three decimals at most): the main time
    /// left, or in overtime the time left in the period.
    pub fn left_secs(&self) -> f64 {
        let left = self.overtime.map_or(self.left, |(t, _)| t);
        (left.as_secs_f64() * 1000.0).round() / 1000.0
    }

    /// In overtime, the periods left (byo-yomi) or the answers still due in the period (Canadian),
    /// as SGF `OB`/`OW` write them.
    pub fn overtime_count(&self) -> Option<u32> {
        self.overtime.map(|(_, n)| n)
    }

    /// The `time_left` command for `player` (r[ref.time.told.overtime]): whole seconds, rounded
    /// down, and 0 stones in main time (1 for the per-move control, a byo-yomi period of one
    /// stone); in overtime the time left in the period and the periods left (byo-yomi) or the
    /// answers due (Canadian).
    pub fn time_left_command(&self, player: Player) -> String {
        let (time, stones) = match (self.control, self.overtime) {
            (TimeControl::PerMove(_), _) => (self.left, 1),
            (_, Some((t, n))) => (t, n),
            (_, None) => (self.left, 0),
        };
        format!(
            "time_left {} {} {stones}",
            player.letter().to_ascii_lowercase(),
            time.as_secs()
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

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn overtime_controls_parse_and_show() {
        assert_eq!(
            TimeControl::parse("10m+5x30s"),
            Ok(TimeControl::ByoYomi {
                main: secs(600.0),
                periods: 5,
                period: secs(30.0)
            })
        );
        assert_eq!(
            TimeControl::parse("0+25/5m"),
            Ok(TimeControl::Canadian {
                main: Duration::ZERO,
                stones: 25,
                period: secs(300.0)
            })
        );
        for t in ["10m+5x30s", "0s+25/300s", "1.5s+1x2s"] {
            let c = TimeControl::parse(t).unwrap();
            assert_eq!(TimeControl::parse(&c.to_string()), Ok(c), "{t}");
        }
        for (bad, says) in [
            ("10m+0x30s", "number of periods"),
            ("10m+x30s", "number of periods"),
            ("10m+2.5x30s", "number of periods"),
            ("10m+5x0", "period must be more than 0"),
            ("10m+0/5m", "number of stones"),
            ("10m+25/", "not a duration"),
            ("0+5s", "main time must be more than 0"),
        ] {
            let e = TimeControl::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// r[ref.time.overtime]: byo-yomi keeps a period whole when an answer ends within it, loses
    /// each period an answer uses up, and runs out with the last.
    #[test]
    fn byo_yomi_periods_are_enforced_exactly() {
        let mut c = Clock::new(TimeControl::parse("10s+3x5s").unwrap());
        assert_eq!(c.budget(), secs(25.0));
        assert_eq!(c.time_left_command(Player::Black), "time_left b 10 0");
        assert_eq!(c.charge(secs(8.0)), Ok(()));
        assert_eq!((c.budget(), c.overtime_count()), (secs(17.0), None));
        // 2 s of main time, then 4.5 s of the first period: it stays whole.
        assert_eq!(c.charge(secs(6.5)), Ok(()));
        assert_eq!((c.budget(), c.overtime_count()), (secs(15.0), Some(3)));
        assert_eq!(c.time_left_command(Player::White), "time_left w 5 3");
        // 12 s: two periods used up, the third one whole.
        assert_eq!(c.charge(secs(12.0)), Ok(()));
        assert_eq!((c.budget(), c.overtime_count()), (secs(5.0), Some(1)));
        assert_eq!(c.charge(secs(4.999)), Ok(()));
        // Exactly the last period: late.
        assert_eq!(
            c.charge(secs(5.0)),
            Err(OutOfTime {
                took: secs(5.0),
                had: secs(5.0)
            })
        );
        assert_eq!(c.budget(), Duration::ZERO);
    }

    /// r[ref.time.overtime]: Canadian overtime charges each answer to the period and starts a new
    /// period after the S-th; an answer that reaches overtime is the first of a period.
    #[test]
    fn canadian_periods_are_enforced_exactly() {
        let mut c = Clock::new(TimeControl::parse("2s+3/10s").unwrap());
        assert_eq!(c.budget(), secs(12.0));
        assert_eq!(c.charge(secs(3.0)), Ok(()));
        assert_eq!((c.left_secs(), c.overtime_count()), (9.0, Some(2)));
        assert_eq!(c.time_left_command(Player::Black), "time_left b 9 2");
        assert_eq!(c.charge(secs(4.0)), Ok(()));
        assert_eq!(c.charge(secs(4.5)), Ok(()));
        // The third answer of the period started a new one.
        assert_eq!((c.budget(), c.overtime_count()), (secs(10.0), Some(3)));
        assert_eq!(c.charge(secs(9.0)), Ok(()));
        assert!(
            c.charge(secs(1.0)).is_err(),
            "the period's second answer is late"
        );
    }

    /// r[ref.time.told], r[ref.time.told.overtime]: each control as GTP can state it, or refused.
    #[test]
    fn controls_are_told_or_refused() {
        let both = |c: &str| matches!(c, "time_settings" | "kgs-time_settings" | "time_left");
        let plain = |c: &str| matches!(c, "time_settings" | "time_left");
        let told = |t: &str, has: &dyn Fn(&str) -> bool| TimeControl::parse(t).unwrap().told(has);
        assert_eq!(
            told("10m+5x30s", &both),
            Ok(Some("kgs-time_settings byoyomi 600 30 5".into()))
        );
        assert!(told("10m+5x30s", &plain)
            .unwrap_err()
            .contains("cannot be stated in time_settings"));
        assert_eq!(
            told("10m+1x30s", &plain),
            Ok(Some("time_settings 600 30 1".into()))
        );
        assert_eq!(
            told("90.5s+25/5m", &plain),
            Ok(Some("time_settings 90 300 25".into()))
        );
        assert_eq!(
            told("0+25/5m", &both),
            Ok(Some("kgs-time_settings canadian 0 300 25".into()))
        );
        assert_eq!(
            told("10m+5s", &both),
            Ok(Some("kgs-time_settings absolute 600".into()))
        );
        assert!(told("10m+5x0.5s", &both)
            .unwrap_err()
            .contains("a byo-yomi period of 0.5s is under a second"));
        assert_eq!(told("10m+5x30s", &|_: &str| false), Ok(None));
        assert_eq!(
            TimeControl::PerMove(secs(2.5)).told(both),
            Ok(Some("kgs-time_settings byoyomi 0 2 1".into()))
        );
    }
}
