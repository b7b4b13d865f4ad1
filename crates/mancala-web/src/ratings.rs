//! Ratings: Glicko-2 (Glickman 2012, through the `skillratings` crate) per game and time
//! category, each game a rating period of its own as on the big chess sites. A player's first
//! rating is 1500 with a deviation of 350; a rating whose deviation is above
//! [`PROVISIONAL_DEVIATION`] is provisional (shown with a "?"). The computer's levels carry the
//! fixed ratings of [`engine_rating`]: a rated game against the computer moves only the
//! person's rating.

use serde::Serialize;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A rating: the Glicko-2 rating, its deviation and volatility.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// Above this deviation a rating is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The deviation given to the computer's fixed ratings.
const ENGINE_DEVIATION: f64 = 60.0;

impl Glicko {
    /// A new player's rating.
    pub fn new_player() -> Glicko {
        Glicko::of(Glicko2Rating::new())
    }

    /// A fixed rating (the computer's), known to within [`ENGINE_DEVIATION`].
    pub fn fixed(rating: f64) -> Glicko {
        Glicko {
            rating,
            deviation: ENGINE_DEVIATION,
            volatility: 0.06,
        }
    }

    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn of(g: Glicko2Rating) -> Glicko {
        Glicko {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }

    fn to(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// The system's constant τ (the paper suggests 0.3 to 1.2).
const TAU: f64 = 0.5;

/// Both ratings after one game in which South scored `south_score` (1, ½ or 0).
pub fn rate(south: &Glicko, north: &Glicko, south_score: f64) -> [Glicko; 2] {
    let outcome = if south_score > 0.75 {
        skillratings::Outcomes::WIN
    } else if south_score < 0.25 {
        skillratings::Outcomes::LOSS
    } else {
        skillratings::Outcomes::DRAW
    };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (s, n) = glicko2(&south.to(), &north.to(), &outcome, &config);
    [Glicko::of(s), Glicko::of(n)]
}

/// Where a rated game counts: its game (with its parameters, a board of another size being
/// another game) and its time category (`bullet`, `blitz`, `rapid`, `classical`,
/// `correspondence`, or `untimed` without a clock).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Pool {
    pub game: String,
    pub category: String,
}

/// The time categories, fastest first.
pub const CATEGORIES: [&str; 6] = [
    "bullet",
    "blitz",
    "rapid",
    "classical",
    "correspondence",
    "untimed",
];

impl Pool {
    pub fn of(game: &str, clock: Option<&crate::clock::TimeControl>) -> Pool {
        Pool {
            game: game.to_string(),
            category: clock.map_or("untimed", |c| c.category()).to_string(),
        }
    }

    /// `oware/blitz`.
    pub fn key(&self) -> String {
        format!("{}/{}", self.game, self.category)
    }

    /// A pool's key read back.
    pub fn parse(key: &str) -> Option<Pool> {
        let (game, category) = key.rsplit_once('/')?;
        CATEGORIES.contains(&category).then(|| Pool {
            game: game.to_string(),
            category: category.to_string(),
        })
    }
}

/// The fixed rating a computer level plays at in `game`, on the players' scale, if it has been
/// measured (levels without one cannot be played rated).
pub fn engine_rating(level: &str, game: &str) -> Option<f64> {
    level.parse::<mancala_search::Level>().ok()?.rating(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman's worked example ("Example of the Glicko-2 system", 2012): a player of 1500
    /// (deviation 200, volatility 0.06) beats one of 1400 (30) and loses to 1550 (100) and 1700
    /// (300), τ = 0.5: 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let me = Glicko {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko {
            rating,
            deviation,
            volatility: 0.06,
        };
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let after = glicko2_rating_period(
            &me.to(),
            &[
                (opp(1400.0, 30.0).to(), skillratings::Outcomes::WIN),
                (opp(1550.0, 100.0).to(), skillratings::Outcomes::LOSS),
                (opp(1700.0, 300.0).to(), skillratings::Outcomes::LOSS),
            ],
            &config,
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        // One game of the example through `rate` moves the rating the same way as the
        // period of that game alone.
        let one = glicko2_rating_period(
            &me.to(),
            &[(opp(1400.0, 30.0).to(), skillratings::Outcomes::WIN)],
            &config,
        );
        let [s, _] = rate(&me, &opp(1400.0, 30.0), 1.0);
        assert!((s.rating - one.rating).abs() < 1e-9);
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_and_a_draw_between_equals_moves_neither() {
        let a = Glicko::new_player();
        let [s, n] = rate(&a, &a, 1.0);
        assert!(s.rating > 1500.0 && n.rating < 1500.0, "{s:?} {n:?}");
        assert!(s.deviation < 350.0);
        let [s, n] = rate(&a, &a, 0.5);
        assert!((s.rating - 1500.0).abs() < 1e-6 && (n.rating - 1500.0).abs() < 1e-6);
        let [s, n] = rate(&a, &a, 0.0);
        assert!(s.rating < 1500.0 && n.rating > 1500.0);
    }

    #[test]
    fn pools_read_back_and_unknown_categories_are_refused() {
        let p = Pool::of("oware", None);
        assert_eq!(p.key(), "oware/untimed");
        assert_eq!(Pool::parse(&p.key()), Some(p));
        let tc: crate::clock::TimeControl = "3+2".parse().unwrap();
        assert_eq!(
            Pool::of("oware:pits=4", Some(&tc)).key(),
            "oware:pits=4/blitz"
        );
        assert_eq!(Pool::parse("oware/fast"), None);
        assert_eq!(Pool::parse("oware"), None);
    }
}
