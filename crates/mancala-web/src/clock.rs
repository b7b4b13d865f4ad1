//! Clocks for games between people, kept by the server: a time control (minutes and an
//! increment, or days a move), each side's time, and what a move or the passing of time does
//! to them. No I/O and no reading of the time here: every function is given `now` (Unix
//! milliseconds) by the caller, which reads it from [`crate::state::AppState::now_ms`] (a fake
//! clock in tests).
//!
//! The rules (docs/api.md, *Clocks*):
//! - The first move of each side is not timed, but must come within [`START_MS`] (a live
//!   game) or the time a move (correspondence) of the game's start or of the first move; a
//!   game whose first moves do not come in time is aborted, with no result.
//! - From the third ply on, the mover's clock runs from the end of the last move; a move made
//!   with time left takes the time spent off and adds the increment; a correspondence clock is
//!   set back to its days after every move.
//! - A side whose time is gone has lost on time, whether or not he then asks to move: the
//!   server sees it at the next request about the game.

use mancala_core::{BySide, Side, Stop};
use serde::{Deserialize, Serialize};

/// The time the first move of each side must come within, in a live game.
pub const START_MS: i64 = 60_000;

/// The longest a long poll of a game with a clock waits, in seconds, so that what the clock
/// decides meanwhile (a flag, an abort) is seen and saved within this time even if nobody asks.
pub const POLL_SECS: u64 = 5;

/// The longest live time control: three hours, and a minute's increment.
pub const MAX_INITIAL_MS: u64 = 3 * 3_600_000;
pub const MAX_INCREMENT_MS: u64 = 60_000;
/// Correspondence: from one to fourteen days a move.
pub const MAX_DAYS: u32 = 14;

/// The time controls the page offers (lichess's usual ones for a game of this length), as
/// `/api/rules` lists them.
pub const OFFERED: [&str; 7] = ["1+0", "3+2", "5+5", "10+0", "15+10", "1d", "3d"];

/// [`OFFERED`] as JSON: `{"id": "3+2", "minutes": 3, "increment": 2}` or `{"id": "1d", "days":
/// 1}`.
pub fn offered_json() -> Vec<serde_json::Value> {
    OFFERED
        .iter()
        .filter_map(|id| match id.parse::<TimeControl>() {
            Ok(TimeControl::Live {
                initial_ms,
                increment_ms,
            }) => Some(serde_json::json!({
                "id": id, "minutes": initial_ms as f64 / 60_000.0, "increment": increment_ms / 1000,
                "category": id.parse::<TimeControl>().map(|c| c.category()).unwrap_or_default(),
            })),
            Ok(TimeControl::Correspondence { days }) => {
                Some(serde_json::json!({ "id": id, "days": days, "category": "correspondence" }))
            }
            Err(_) => None,
        })
        .collect()
}

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TimeControl {
    /// `initial_ms` each, `increment_ms` added after every move.
    Live { initial_ms: u64, increment_ms: u64 },
    /// `days` for every move.
    Correspondence { days: u32 },
}

/// Why a time control's text is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "clock '{text}': {why} (write minutes+seconds of increment, as 3+2 or 0.5+0, at most 180+60, or days a move, as 2d, from 1d to 14d)"
)]
pub struct BadClock {
    pub text: String,
    pub why: String,
}

impl std::str::FromStr for TimeControl {
    type Err = BadClock;

    /// `3+2` (three minutes each, two seconds added a move), `0.5+0`, or `2d` (two days a
    /// move).
    fn from_str(text: &str) -> Result<TimeControl, BadClock> {
        let t = text.trim();
        let bad = |why: &str| BadClock {
            text: t.chars().take(20).collect(),
            why: why.to_string(),
        };
        if let Some(days) = t.strip_suffix('d') {
            let days: u32 = days
                .parse()
                .map_err(|_| bad("the days are not a whole number"))?;
            if !(1..=MAX_DAYS).contains(&days) {
                return Err(bad("the days a move are out of range"));
            }
            return Ok(TimeControl::Correspondence { days });
        }
        let (min, inc) = t
            .split_once('+')
            .ok_or_else(|| bad("expected minutes+seconds"))?;
        let decimal = |s: &str, unit: u64| -> Option<u64> {
            let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
            let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
            if whole.is_empty() || !digits(whole) || !digits(frac) || frac.len() > 2 {
                return None;
            }
            let w: u64 = whole.parse().ok()?;
            let f: u64 = if frac.is_empty() {
                0
            } else {
                format!("{frac:0<2}").parse().ok()?
            };
            w.checked_mul(unit)?.checked_add(f * unit / 100)
        };
        let initial_ms = decimal(min, 60_000).ok_or_else(|| bad("the minutes are not a number"))?;
        let increment_ms = decimal(inc, 1_000)
            .filter(|ms| ms % 1000 == 0)
            .ok_or_else(|| bad("the increment is not a whole number of seconds"))?;
        if initial_ms > MAX_INITIAL_MS || increment_ms > MAX_INCREMENT_MS {
            return Err(bad("longer than the longest clock"));
        }
        if initial_ms < 15_000 && increment_ms == 0 {
            return Err(bad("less than 15 seconds a game"));
        }
        Ok(TimeControl::Live {
            initial_ms,
            increment_ms,
        })
    }
}

impl std::fmt::Display for TimeControl {
    /// The text [`TimeControl::from_str`] reads: `3+2`, `0.5+0`, `2d`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TimeControl::Live {
                initial_ms,
                increment_ms,
            } => {
                let whole = initial_ms / 60_000;
                let hundredths = initial_ms % 60_000 * 100 / 60_000;
                if hundredths == 0 {
                    write!(f, "{whole}+{}", increment_ms / 1000)
                } else {
                    let frac = format!("{hundredths:02}");
                    write!(
                        f,
                        "{whole}.{}+{}",
                        frac.trim_end_matches('0'),
                        increment_ms / 1000
                    )
                }
            }
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

impl TimeControl {
    /// A side's time at the start, and a correspondence clock's after every move.
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Live { initial_ms, .. } => initial_ms as i64,
            TimeControl::Correspondence { days } => days as i64 * 86_400_000,
        }
    }

    /// The record's `TimeControl` tag (PGN's: `180+2`, or `1/172800` for a time a move).
    pub fn tag(self) -> String {
        match self {
            TimeControl::Live {
                initial_ms,
                increment_ms,
            } => mancala_core::record::time_control_tag(initial_ms, increment_ms, false),
            TimeControl::Correspondence { .. } => {
                mancala_core::record::time_control_tag(self.initial_ms() as u64, 0, true)
            }
        }
    }

    /// The time the first move of each side must come within.
    fn start_ms(self) -> i64 {
        match self {
            TimeControl::Live { .. } => START_MS,
            TimeControl::Correspondence { .. } => self.initial_ms(),
        }
    }

    /// The time control's category, as rating lists group games: `bullet` (under 3 minutes
    /// for 40 moves each, counting the increment), `blitz` (under 8), `rapid` (under 25),
    /// `classical`, `correspondence`.
    pub fn category(self) -> &'static str {
        match self {
            TimeControl::Live {
                initial_ms,
                increment_ms,
            } => match initial_ms + 40 * increment_ms {
                t if t < 180_000 => "bullet",
                t if t < 480_000 => "blitz",
                t if t < 1_500_000 => "rapid",
                _ => "classical",
            },
            TimeControl::Correspondence { .. } => "correspondence",
        }
    }
}

/// A game's clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    /// Each side's time left at the start of the turn under way (ms).
    pub left: BySide<i64>,
    /// When the turn under way began (Unix ms).
    pub since: i64,
    /// The plies the game had when the clock was set (an imported game's).
    pub first_ply: usize,
    /// The mover's time left after each ply since then (ms), for the record.
    pub after: Vec<i64>,
}

/// A clock as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// `3+2` or `2d`.
    pub control: String,
    pub category: &'static str,
    /// Each side's time left now (ms), the running side's counted down to the moment of the
    /// answer.
    pub left: BySide<i64>,
    /// Whose time is running (`null` when the game is over or before the clock starts).
    pub running: Option<Side>,
    /// Before the clock starts: the side to move must move within this many ms, or the game
    /// is aborted.
    pub start_left: Option<i64>,
    /// The increment added after a move (ms).
    pub increment: i64,
}

impl Clock {
    /// A clock set at `now`, for a game of `plies` plies so far.
    pub fn new(control: TimeControl, now: i64, plies: usize) -> Clock {
        let t = control.initial_ms();
        Clock {
            control,
            left: BySide::new(t, t),
            since: now,
            first_ply: plies,
            after: Vec::new(),
        }
    }

    /// Whether the clock runs at a game of `plies` plies (from the third ply since it was set).
    pub fn running(&self, plies: usize) -> bool {
        plies >= self.first_ply + 2
    }

    /// How the game stops by the clock at `now`, with `to_move` to move after `plies`
    /// plies: his time gone (a time forfeit), or a first move not made in time (aborted).
    pub fn stop_at(&self, now: i64, plies: usize, to_move: Side) -> Option<Stop> {
        let spent = now - self.since;
        if self.running(plies) {
            (spent >= self.left[to_move]).then_some(Stop::TimeForfeit(to_move))
        } else {
            (spent >= self.control.start_ms()).then_some(Stop::Aborted)
        }
    }

    /// A move by `mover` at `now`, the game at `plies` plies before it (call
    /// [`Clock::stop_at`] first: a move after the flag is not one).
    pub fn moved(&mut self, now: i64, plies: usize, mover: Side) {
        if self.running(plies) {
            match self.control {
                TimeControl::Live { increment_ms, .. } => {
                    self.left[mover] -= now - self.since;
                    self.left[mover] += increment_ms as i64;
                }
                TimeControl::Correspondence { .. } => {
                    self.left[mover] = self.control.initial_ms();
                }
            }
        }
        self.after.truncate(plies.saturating_sub(self.first_ply));
        self.after.push(self.left[mover]);
        self.since = now;
    }

    /// Plies taken back at `now`, leaving `plies`: their times go from the record, the side
    /// to move starts his turn again with the time he has.
    pub fn taken_back(&mut self, now: i64, plies: usize) {
        self.after.truncate(plies.saturating_sub(self.first_ply));
        self.since = now;
    }

    /// The clock as shown at `now`; `to_move` is `None` once the game is over (the clock
    /// stopped at `ended`, Unix ms, if given).
    pub fn view(&self, now: i64, plies: usize, to_move: Option<Side>) -> ClockView {
        let mut left = self.left;
        let running = to_move.filter(|_| self.running(plies));
        if let Some(s) = running {
            left[s] = (left[s] - (now - self.since)).max(0);
        }
        let start_left = to_move
            .filter(|_| !self.running(plies))
            .map(|_| (self.control.start_ms() - (now - self.since)).max(0));
        ClockView {
            control: self.control.to_string(),
            category: self.control.category(),
            left,
            running,
            start_left,
            increment: match self.control {
                TimeControl::Live { increment_ms, .. } => increment_ms as i64,
                TimeControl::Correspondence { .. } => 0,
            },
        }
    }

    /// The mover's time left after ply `i` of the game (for the record), if the clock kept it.
    pub fn after_ply(&self, i: usize) -> Option<i64> {
        i.checked_sub(self.first_ply)
            .and_then(|k| self.after.get(k))
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_and_written_back() {
        for (text, initial, inc) in [
            ("3+2", 180_000, 2_000),
            ("1+0", 60_000, 0),
            ("0.5+0", 30_000, 0),
            ("0.25+1", 15_000, 1_000),
            ("15+10", 900_000, 10_000),
            ("180+60", 10_800_000, 60_000),
            ("0+1", 0, 1_000),
        ] {
            let c: TimeControl = text.parse().unwrap();
            assert_eq!(
                c,
                TimeControl::Live {
                    initial_ms: initial,
                    increment_ms: inc
                },
                "{text}"
            );
            assert_eq!(c.to_string(), text);
        }
        assert_eq!(
            "2d".parse::<TimeControl>().unwrap(),
            TimeControl::Correspondence { days: 2 }
        );
        for bad in [
            "", "3", "3+", "+2", "3+2.5", "181+0", "3+61", "0+0", "0.1+0", "0d", "15d", "x+1",
            "1.234+0", "-1+0",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(e.to_string().starts_with("clock '"), "{bad}: {e}");
        }
        assert_eq!(TimeControl::Correspondence { days: 2 }.tag(), "1/172800");
        assert_eq!("3+2".parse::<TimeControl>().unwrap().tag(), "180+2");
        assert_eq!("1+0".parse::<TimeControl>().unwrap().category(), "bullet");
        assert_eq!("3+2".parse::<TimeControl>().unwrap().category(), "blitz");
        assert_eq!("15+10".parse::<TimeControl>().unwrap().category(), "rapid");
        assert_eq!(
            "30+0".parse::<TimeControl>().unwrap().category(),
            "classical"
        );
    }

    #[test]
    fn every_offered_clock_is_one() {
        assert_eq!(offered_json().len(), OFFERED.len());
    }

    #[test]
    fn the_first_moves_are_not_timed_but_must_come_within_a_minute() {
        let c = Clock::new("1+0".parse().unwrap(), 1_000, 0);
        assert_eq!(c.stop_at(1_000 + START_MS - 1, 0, Side::South), None);
        assert_eq!(
            c.stop_at(1_000 + START_MS, 0, Side::South),
            Some(Stop::Aborted)
        );
        let mut c = c;
        c.moved(50_000, 0, Side::South);
        assert_eq!(c.left.south, 60_000, "the first move costs nothing");
        c.moved(100_000, 1, Side::North);
        assert_eq!(c.left.north, 60_000);
        assert!(c.running(2));
        assert_eq!(c.stop_at(100_000 + 59_999, 2, Side::South), None);
        assert_eq!(
            c.stop_at(160_000, 2, Side::South),
            Some(Stop::TimeForfeit(Side::South))
        );
    }

    #[test]
    fn a_move_takes_its_time_off_and_adds_the_increment() {
        let mut c = Clock::new("3+2".parse().unwrap(), 0, 0);
        c.moved(0, 0, Side::South);
        c.moved(0, 1, Side::North);
        c.moved(10_000, 2, Side::South);
        assert_eq!(c.left.south, 180_000 - 10_000 + 2_000);
        c.moved(15_500, 3, Side::North);
        assert_eq!(c.left.north, 180_000 - 5_500 + 2_000);
        assert_eq!(c.after, vec![180_000, 180_000, 172_000, 176_500]);
        assert_eq!(c.after_ply(2), Some(172_000));
        let v = c.view(20_000, 4, Some(Side::South));
        assert_eq!(v.left.south, 172_000 - 4_500);
        assert_eq!(v.left.north, 176_500);
        assert_eq!(v.running, Some(Side::South));
        c.taken_back(30_000, 2);
        assert_eq!(c.after.len(), 2);
        assert_eq!(c.since, 30_000);
        let mut d = Clock::new("2d".parse().unwrap(), 0, 0);
        d.moved(1, 0, Side::South);
        d.moved(2, 1, Side::North);
        d.moved(86_400_000, 2, Side::South);
        assert_eq!(d.left.south, 2 * 86_400_000, "a day a move, set back");
    }
}
