//! Accounts, their logins, the throttle on attempts, who played each game, and ratings: the
//! statements are written once (PostgreSQL's `$1` placeholders; the SQLite store reads them as
//! `?1`) and run through two primitives each store has, [`Store::rows`] and [`Store::batch`]
//! (statements in one transaction, each expecting its row count).

use super::sql::{CHANNEL, Step, Val};
use super::{DbError, GAME_COLUMNS, GameRow, Store};
use crate::ratings::{Glicko, Pool};
use mancala_core::Side;

/// How long the id of a request that made a game is kept (Unix ms): a request sent again
/// later makes a new game.
pub const GAME_REQUESTS_KEPT_MS: i64 = 3 * 3_600_000;

/// The PostgreSQL advisory lock held while a challenge is tested and written
/// ([`Store::insert_challenge_if`]).
const LOBBY_LOCK: i64 = 0x6d61_6e63_6c62;

macro_rules! vals {
    ($($v:expr),* $(,)?) => { vec![$(Val::from($v)),*] };
}

/// An account: its name as its owner wrote it, the key names are compared by (lower case),
/// and the password's argon2id hash (PHC string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
    pub name_key: String,
    pub password: String,
    pub created: i64,
}

/// A login: the SHA-256 of its cookie's secret (the secret itself is never stored), its
/// account, the token every change it makes must carry (CSRF), when it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginRow {
    pub id: String,
    pub account: String,
    pub csrf: String,
    pub created: i64,
}

/// A player's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub pool: String,
    pub glicko: Glicko,
    pub games: i64,
    pub version: i64,
}

/// The account playing a side of a game, with his rating in the game's pool and the change
/// the game made to it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRow {
    pub side: Side,
    pub name: String,
    pub rating: Option<RatingRow>,
    /// The rating before and after this game, once rated.
    pub change: Option<(f64, f64)>,
}

/// One point of a rating's history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub pool: String,
    pub game: String,
    pub at: i64,
    pub before: f64,
    pub rating: f64,
    pub deviation: f64,
}

/// A rated game's end, as the ratings need it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedEnd {
    pub pool: Pool,
    /// South's points: 1, ½ or 0.
    pub south_score: f64,
    /// The fixed rating of the computer's side, in a game against it.
    pub engine: Option<(Side, f64)>,
    pub at: i64,
}

const ACCOUNT_COLUMNS: &str = "id, name, name_key, password, created";

fn account_row(r: &[Val]) -> AccountRow {
    AccountRow {
        id: r[0].text(),
        name: r[1].text(),
        name_key: r[2].text(),
        password: r[3].text(),
        created: r[4].int(),
    }
}

fn rating_row(r: &[Val]) -> RatingRow {
    RatingRow {
        pool: r[0].text(),
        glicko: Glicko {
            rating: r[1].real().unwrap_or(0.0),
            deviation: r[2].real().unwrap_or(0.0),
            volatility: r[3].real().unwrap_or(0.0),
        },
        games: r[4].int(),
        version: r[5].int(),
    }
}

const RATING_COLUMNS: &str = "pool, rating, deviation, volatility, games, version";

fn side_of(s: &str) -> Side {
    if s == "north" {
        Side::North
    } else {
        Side::South
    }
}

/// The statement writing a new game (the same for both stores).
fn insert_game_step(r: &GameRow) -> Step {
    Step::new(
        format!(
            "INSERT INTO games ({GAME_COLUMNS})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             ON CONFLICT (id) DO NOTHING RETURNING id"
        ),
        game_vals(r),
        Some(1),
    )
}

fn game_vals(r: &GameRow) -> Vec<Val> {
    vals![
        &r.id,
        &r.spec,
        &r.start,
        &r.moves,
        &r.opponent,
        &r.token_south,
        &r.token_north,
        r.resigned.clone(),
        r.undo_request.clone(),
        r.version,
        r.created,
        r.updated,
        &r.extras,
    ]
}

fn player_step(game: &str, side: Side, account: &str, now: i64) -> Step {
    Step::new(
        "INSERT INTO players (game, side, account, created) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game, side) DO NOTHING RETURNING game",
        vals![game, side.name(), account, now],
        None,
    )
}

impl Store {
    /// Runs one statement; its rows.
    pub async fn rows(&self, sql: &str, params: Vec<Val>) -> Result<Vec<Vec<Val>>, DbError> {
        match self {
            Store::Sqlite(s) => s.rows(sql, params).await,
            Store::Postgres(p) => p.rows(sql, params).await,
        }
    }

    /// Runs `steps` in one transaction: if one returns other than the rows it expects, nothing
    /// is written and its index is answered.
    pub async fn batch(&self, steps: Vec<Step>) -> Result<Option<usize>, DbError> {
        match self {
            Store::Sqlite(s) => s.batch(steps).await,
            Store::Postgres(p) => p.batch(steps).await,
        }
    }

    /// The statement telling the other servers that `key` changed, for a store that has others.
    fn notify_step(&self, key: &str) -> Option<Step> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(_) => Some(Step::new(
                format!("SELECT pg_notify('{CHANNEL}', $1)"),
                vals![key],
                None,
            )),
        }
    }

    /// A new account and its first login; false (nothing written) if the name is taken.
    pub async fn insert_account(&self, a: &AccountRow, l: &LoginRow) -> Result<bool, DbError> {
        let steps = vec![
            Step::new(
                format!(
                    "INSERT INTO accounts ({ACCOUNT_COLUMNS}) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT DO NOTHING RETURNING id"
                ),
                vals![&a.id, &a.name, &a.name_key, &a.password, a.created],
                Some(1),
            ),
            login_step(l),
        ];
        Ok(self.batch(steps).await?.is_none())
    }

    /// The account whose name's key is `key`.
    pub async fn account_named(&self, key: &str) -> Result<Option<AccountRow>, DbError> {
        let rows = self
            .rows(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1"),
                vals![key],
            )
            .await?;
        Ok(rows.first().map(|r| account_row(r)))
    }

    /// The name of account `id` and its rating in `pool`, if it exists.
    pub async fn account_rating(
        &self,
        id: &str,
        pool: &str,
    ) -> Result<Option<(String, Option<Glicko>)>, DbError> {
        let rows = self
            .rows(
                "SELECT a.name, r.rating, r.deviation, r.volatility FROM accounts a
                 LEFT JOIN ratings r ON r.account = a.id AND r.pool = $2 WHERE a.id = $1",
                vals![id, pool],
            )
            .await?;
        Ok(rows.first().map(|r| {
            let g = r[1].real().map(|rating| Glicko {
                rating,
                deviation: r[2].real().unwrap_or(0.0),
                volatility: r[3].real().unwrap_or(0.0),
            });
            (r[0].text(), g)
        }))
    }

    /// Accepts the open challenge `challenge` (at version `expected`) with the game `r` and the
    /// accounts playing it, in one transaction: false (nothing written) if the challenge was
    /// accepted or changed meanwhile, or if `request` (the client's id of the request, or
    /// empty) made or accepted a challenge already (on PostgreSQL under the lobby's lock, so
    /// that two copies of one request on two servers cannot both accept).
    pub async fn accept_challenge(
        &self,
        challenge: &str,
        expected: i64,
        now: i64,
        request: &str,
        r: &GameRow,
        players: &[(Side, String)],
    ) -> Result<bool, DbError> {
        let mut steps = Vec::new();
        if let (Store::Postgres(_), false) = (self, request.is_empty()) {
            steps.push(Step::new(
                format!("SELECT pg_advisory_xact_lock({LOBBY_LOCK})"),
                vals![],
                None,
            ));
        }
        steps.push(Step::new(
            "UPDATE challenges SET game = $2, version = version + 1, seen = $3, accept_request = $5
             WHERE id = $1 AND version = $4 AND game IS NULL
               AND (CAST($5 AS TEXT) = '' OR NOT EXISTS (
                    SELECT 1 FROM challenges WHERE request = $5 OR accept_request = $5))
             RETURNING id",
            vals![challenge, &r.id, now, expected, request],
            Some(1),
        ));
        steps.push(insert_game_step(r));
        for (side, account) in players {
            steps.push(player_step(&r.id, *side, account, r.created));
        }
        steps.extend(self.notify_step(super::LOBBY_KEY));
        Ok(self.batch(steps).await?.is_none())
    }

    /// A new challenge `r`, written only if, among the challenges open (not accepted, looked
    /// at since `open_since`), its maker's account has fewer than `per_account` and its
    /// address fewer than `per_client`, and, when `unless_matched`, none from another maker
    /// asks for the same game, clock and rating (one "play anyone" would take it), and the
    /// client's id of the request (`r.request`, if any) made or accepted none already. The test and
    /// the write are one transaction, and on PostgreSQL the lobby's lock is held through it, so
    /// two servers cannot both find the lobby empty and both write. True if written.
    pub async fn insert_challenge_if(
        &self,
        r: &super::ChallengeRow,
        open_since: i64,
        (per_account, per_client): (i64, i64),
        unless_matched: bool,
    ) -> Result<bool, DbError> {
        let mut steps = Vec::new();
        if let Store::Postgres(_) = self {
            steps.push(Step::new(
                format!("SELECT pg_advisory_xact_lock({LOBBY_LOCK})"),
                vals![],
                None,
            ));
        }
        let open = "game IS NULL AND seen >= $13";
        steps.push(Step::new(
            format!(
                "INSERT INTO challenges ({cols})
                 SELECT CAST($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS TEXT),
                    CAST($5 AS TEXT), CAST($6 AS TEXT), CAST($7 AS BIGINT), CAST($8 AS BIGINT),
                    CAST($9 AS BIGINT), CAST($10 AS TEXT), CAST($11 AS BIGINT), CAST($12 AS TEXT),
                    CAST($17 AS TEXT), CAST($18 AS TEXT)
                 WHERE (CAST($17 AS TEXT) = '' OR NOT EXISTS (
                        SELECT 1 FROM challenges WHERE request = $17 OR accept_request = $17))
                   AND (CAST($10 AS TEXT) = ''
                        OR (SELECT COUNT(*) FROM challenges WHERE {open} AND account = $10) < $14)
                   AND (SELECT COUNT(*) FROM challenges WHERE {open} AND client = $12) < $15
                   AND NOT (CAST($16 AS BIGINT) = 1 AND EXISTS (
                        SELECT 1 FROM challenges WHERE {open} AND spec = $2
                          AND (clock = $3 OR (clock IS NULL AND CAST($3 AS TEXT) IS NULL))
                          AND rated = $11 AND (CAST($10 AS TEXT) = '' OR account <> $10)))
                 RETURNING id",
                cols = super::CHALLENGE_COLUMNS
            ),
            vals![
                &r.id,
                &r.spec,
                r.clock.clone(),
                &r.side,
                &r.token,
                r.game.clone(),
                r.version,
                r.created,
                r.seen,
                &r.account,
                r.rated,
                &r.client,
                open_since,
                per_account,
                per_client,
                i64::from(unless_matched),
                &r.request,
                &r.accept_request,
            ],
            Some(1),
        ));
        steps.extend(self.notify_step(super::LOBBY_KEY));
        Ok(self.batch(steps).await?.is_none())
    }

    /// The games of rated challenges accepted and looked at since `since` (Unix ms) whose
    /// result is not counted yet (not in `rated_games`).
    pub async fn rated_games_uncounted(&self, since: i64) -> Result<Vec<String>, DbError> {
        let rows = self
            .rows(
                "SELECT c.game FROM challenges c
                 WHERE c.rated = 1 AND c.game IS NOT NULL AND c.seen >= $1
                   AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game = c.game)",
                vals![since],
            )
            .await?;
        Ok(rows.iter().map(|r| r[0].text()).collect())
    }

    /// The challenge that the request of the client's id `request` made or accepted, if any.
    pub async fn challenge_of_request(&self, request: &str) -> Result<Option<String>, DbError> {
        if request.is_empty() {
            return Ok(None);
        }
        let rows = self
            .rows(
                "SELECT id FROM challenges WHERE request = $1 OR accept_request = $1",
                vals![request],
            )
            .await?;
        Ok(rows.first().map(|r| r[0].text()))
    }

    /// A new login, the one the request came with (if any) ended in the same transaction (a
    /// login's id changes whenever its owner logs in).
    pub async fn insert_login(&self, l: &LoginRow, ending: Option<&str>) -> Result<(), DbError> {
        let mut steps = vec![login_step(l)];
        if let Some(old) = ending {
            steps.push(Step::new(
                "DELETE FROM logins WHERE id = $1",
                vals![old],
                None,
            ));
        }
        self.batch(steps).await.map(|_| ())
    }

    /// The login of id `id` made after `since`, with its account.
    pub async fn login(
        &self,
        id: &str,
        since: i64,
    ) -> Result<Option<(LoginRow, AccountRow)>, DbError> {
        let rows = self
            .rows(
                "SELECT l.id, l.account, l.csrf, l.created,
                        a.id, a.name, a.name_key, a.password, a.created
                 FROM logins l JOIN accounts a ON a.id = l.account
                 WHERE l.id = $1 AND l.created > $2",
                vals![id, since],
            )
            .await?;
        Ok(rows.first().map(|r| {
            (
                LoginRow {
                    id: r[0].text(),
                    account: r[1].text(),
                    csrf: r[2].text(),
                    created: r[3].int(),
                },
                account_row(&r[4..]),
            )
        }))
    }

    /// Ends a login.
    pub async fn delete_login(&self, id: &str) -> Result<(), DbError> {
        self.rows("DELETE FROM logins WHERE id = $1", vals![id])
            .await
            .map(|_| ())
    }

    /// A new password hash for `account`; every login but `keep` ended.
    pub async fn set_password(&self, account: &str, hash: &str, keep: &str) -> Result<(), DbError> {
        self.batch(vec![
            Step::new(
                "UPDATE accounts SET password = $2 WHERE id = $1",
                vals![account, hash],
                None,
            ),
            Step::new(
                "DELETE FROM logins WHERE account = $1 AND id <> $2",
                vals![account, keep],
                None,
            ),
        ])
        .await
        .map(|_| ())
    }

    /// Removes an account and all that names it: its logins, ratings and their history, its
    /// open challenges, and its seats in games (the games stay, for the other player, with no
    /// name on that side).
    pub async fn delete_account(&self, account: &str) -> Result<(), DbError> {
        let mut steps: Vec<Step> = [
            "DELETE FROM logins WHERE account = $1",
            "DELETE FROM ratings WHERE account = $1",
            "DELETE FROM rating_history WHERE account = $1",
            "DELETE FROM players WHERE account = $1",
            "DELETE FROM challenges WHERE account = $1 AND game IS NULL",
            "UPDATE challenges SET account = '' WHERE account = $1",
            "DELETE FROM accounts WHERE id = $1",
        ]
        .iter()
        .map(|sql| Step::new(*sql, vals![account], None))
        .collect();
        steps.extend(self.notify_step(super::LOBBY_KEY));
        self.batch(steps).await.map(|_| ())
    }

    /// Counts one more attempt under `key` (a window of `window` ms starting at the first);
    /// the count in the window now.
    pub async fn attempt(&self, key: &str, now: i64, window: i64) -> Result<u32, DbError> {
        let rows = self
            .rows(
                "INSERT INTO attempts (subject, tries, since) VALUES ($1, 1, $2)
                 ON CONFLICT (subject) DO UPDATE SET
                    tries = CASE WHEN attempts.since <= $3 THEN 1 ELSE attempts.tries + 1 END,
                    since = CASE WHEN attempts.since <= $3 THEN $2 ELSE attempts.since END
                 RETURNING tries",
                vals![key, now, now - window],
            )
            .await?;
        Ok(rows.first().map_or(1, |r| r[0].int() as u32))
    }

    /// The attempts counted under `key` in the window now, and when the window began.
    pub async fn attempts(&self, key: &str, now: i64, window: i64) -> Result<(u32, i64), DbError> {
        let rows = self
            .rows(
                "SELECT tries, since FROM attempts WHERE subject = $1 AND since > $2",
                vals![key, now - window],
            )
            .await?;
        Ok(rows
            .first()
            .map_or((0, now), |r| (r[0].int() as u32, r[1].int())))
    }

    /// Takes one attempt off the count under `key`.
    pub async fn forgive(&self, key: &str) -> Result<(), DbError> {
        self.rows(
            "UPDATE attempts SET tries = tries - 1 WHERE subject = $1 AND tries > 0",
            vals![key],
        )
        .await
        .map(|_| ())
    }

    /// Forgets the attempts under `key`.
    pub async fn clear_attempts(&self, key: &str) -> Result<(), DbError> {
        self.rows("DELETE FROM attempts WHERE subject = $1", vals![key])
            .await
            .map(|_| ())
    }

    /// Writes a new game with the accounts playing its sides, in one transaction; false (and
    /// nothing written) if a game of that id exists.
    pub async fn insert_game_with(
        &self,
        r: &GameRow,
        players: &[(Side, String)],
        request: Option<(&str, Side)>,
    ) -> Result<bool, DbError> {
        let mut steps = vec![insert_game_step(r)];
        for (side, account) in players {
            steps.push(player_step(&r.id, *side, account, r.created));
        }
        if let Some((id, side)) = request {
            steps.push(Step::new(
                "DELETE FROM game_requests WHERE created < $1",
                vals![r.created - GAME_REQUESTS_KEPT_MS],
                None,
            ));
            steps.push(Step::new(
                "INSERT INTO game_requests (request, game, side, created) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (request) DO NOTHING RETURNING request",
                vals![id, &r.id, side.name(), r.created],
                Some(1),
            ));
        }
        Ok(self.batch(steps).await?.is_none())
    }

    /// The game the request of the client's id `request` made, and its maker's side.
    pub async fn game_of_request(&self, request: &str) -> Result<Option<(String, Side)>, DbError> {
        let rows = self
            .rows(
                "SELECT game, side FROM game_requests WHERE request = $1",
                vals![request],
            )
            .await?;
        Ok(rows.first().map(|r| (r[0].text(), side_of(&r[1].text()))))
    }

    /// Notes that `account` plays `side` of `game` (a seat opened by an invitation); nothing
    /// if the side has an account already.
    pub async fn add_player(
        &self,
        game: &str,
        side: Side,
        account: &str,
        now: i64,
    ) -> Result<(), DbError> {
        let s = player_step(game, side, account, now);
        self.rows(&s.sql, s.params).await.map(|_| ())
    }

    /// The accounts playing `game`'s sides: id and side.
    pub async fn player_accounts(&self, game: &str) -> Result<Vec<(Side, String)>, DbError> {
        let rows = self
            .rows(
                "SELECT side, account FROM players WHERE game = $1",
                vals![game],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| (side_of(&r[0].text()), r[1].text()))
            .collect())
    }

    /// The accounts playing `game`, with their ratings in `pool` and what the game changed.
    pub async fn players(&self, game: &str, pool: &str) -> Result<Vec<PlayerRow>, DbError> {
        let rows = self
            .rows(
                "SELECT p.side, a.name, r.pool, r.rating, r.deviation, r.volatility, r.games,
                        r.version, h.previous, h.rating
                 FROM players p JOIN accounts a ON a.id = p.account
                 LEFT JOIN ratings r ON r.account = p.account AND r.pool = $2
                 LEFT JOIN rating_history h ON h.account = p.account AND h.game = p.game
                 WHERE p.game = $1",
                vals![game, pool],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| PlayerRow {
                side: side_of(&r[0].text()),
                name: r[1].text(),
                rating: (r[2] != Val::Null).then(|| rating_row(&r[2..8])),
                change: r[8].real().zip(r[9].real()),
            })
            .collect())
    }

    /// The games `account` plays or played, newest first: each game's row and his side (a game
    /// on one screen is noted with South only).
    pub async fn games_of(
        &self,
        account: &str,
        limit: u32,
    ) -> Result<Vec<(GameRow, Side)>, DbError> {
        let cols: String = GAME_COLUMNS
            .split(", ")
            .map(|c| format!("g.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let rows = self
            .rows(
                &format!(
                    "SELECT {cols}, p.side FROM players p JOIN games g ON g.id = p.game
                     WHERE p.account = $1 ORDER BY g.created DESC, g.id LIMIT $2"
                ),
                vals![account, i64::from(limit)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| {
                let g = GameRow {
                    id: r[0].text(),
                    spec: r[1].text(),
                    start: r[2].text(),
                    moves: r[3].text(),
                    opponent: r[4].text(),
                    token_south: r[5].text(),
                    token_north: r[6].text(),
                    resigned: (r[7] != Val::Null).then(|| r[7].text()),
                    undo_request: (r[8] != Val::Null).then(|| r[8].text()),
                    version: r[9].int(),
                    created: r[10].int(),
                    updated: r[11].int(),
                    extras: r[12].text(),
                };
                (g, side_of(&r[13].text()))
            })
            .collect())
    }

    /// Every pool `account` has a rating in.
    pub async fn ratings_of(&self, account: &str) -> Result<Vec<RatingRow>, DbError> {
        let rows = self
            .rows(
                &format!(
                    "SELECT {RATING_COLUMNS} FROM ratings WHERE account = $1 ORDER BY games DESC, pool"
                ),
                vals![account],
            )
            .await?;
        Ok(rows.iter().map(|r| rating_row(r)).collect())
    }

    /// The best `limit` ratings of `pool` (provisional ones after the others), with the names.
    pub async fn leaderboard(
        &self,
        pool: &str,
        provisional: f64,
        limit: u32,
    ) -> Result<Vec<(String, RatingRow)>, DbError> {
        let rows = self
            .rows(
                "SELECT a.name, r.pool, r.rating, r.deviation, r.volatility, r.games, r.version
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.pool = $1
                 ORDER BY CASE WHEN r.deviation > $2 THEN 1 ELSE 0 END, r.rating DESC, a.name_key
                 LIMIT $3",
                vals![pool, provisional, i64::from(limit)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| (r[0].text(), rating_row(&r[1..])))
            .collect())
    }

    /// The pools anyone has a rating in, with how many players each.
    pub async fn pools(&self) -> Result<Vec<(String, i64)>, DbError> {
        let rows = self
            .rows(
                "SELECT pool, count(*) FROM ratings GROUP BY pool ORDER BY count(*) DESC, pool",
                vec![],
            )
            .await?;
        Ok(rows.iter().map(|r| (r[0].text(), r[1].int())).collect())
    }

    /// The history of `account`'s ratings, oldest first.
    pub async fn history(&self, account: &str) -> Result<Vec<HistoryRow>, DbError> {
        let rows = self
            .rows(
                "SELECT pool, game, at, previous, rating, deviation FROM rating_history
                 WHERE account = $1 ORDER BY at, game",
                vals![account],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| HistoryRow {
                pool: r[0].text(),
                game: r[1].text(),
                at: r[2].int(),
                before: r[3].real().unwrap_or(0.0),
                rating: r[4].real().unwrap_or(0.0),
                deviation: r[5].real().unwrap_or(0.0),
            })
            .collect())
    }

    /// Whether `game`'s result has been counted in the ratings.
    pub async fn is_rated(&self, game: &str) -> Result<bool, DbError> {
        let rows = self
            .rows("SELECT game FROM rated_games WHERE game = $1", vals![game])
            .await?;
        Ok(!rows.is_empty())
    }

    /// Writes the finished game `r` over the stored one at version `expected` (false, nothing
    /// written, if another change came first) and, in the same transaction, counts its result
    /// in both players' ratings (once: a game counted already is only written).
    pub async fn update_game_rated(
        &self,
        r: &GameRow,
        expected: i64,
        end: &RatedEnd,
    ) -> Result<bool, DbError> {
        for _ in 0..8 {
            if self.is_rated(&r.id).await? {
                return self.update_game(r, expected).await;
            }
            let players = self.player_accounts(&r.id).await?;
            let mut steps = vec![self.update_game_step(r, expected)];
            steps.push(Step::new(
                "INSERT INTO rated_games (game, at) VALUES ($1, $2)
                 ON CONFLICT (game) DO NOTHING RETURNING game",
                vals![&r.id, end.at],
                Some(1),
            ));
            // Each side's rating as it is, or a new player's; the engine's is fixed.
            let mut now = [None, None];
            for side in [Side::South, Side::North] {
                if let Some((e, rating)) = end.engine
                    && e == side
                {
                    now[side as usize] = Some((Glicko::fixed(rating), None));
                    continue;
                }
                let Some((_, account)) = players.iter().find(|(s, _)| *s == side) else {
                    continue;
                };
                let rows = self
                    .rows(
                        &format!(
                            "SELECT {RATING_COLUMNS} FROM ratings WHERE account = $1 AND pool = $2"
                        ),
                        vals![account, end.pool.key()],
                    )
                    .await?;
                let row = rows.first().map(|r| rating_row(r));
                now[side as usize] = Some((
                    row.as_ref().map_or(Glicko::new_player(), |r| r.glicko),
                    Some((account.clone(), row)),
                ));
            }
            let (Some(south), Some(north)) = (now[0].clone(), now[1].clone()) else {
                // A side with no account (it was deleted): the result counts for nobody.
                return self.update_game(r, expected).await;
            };
            let after = crate::ratings::rate(&south.0, &north.0, end.south_score);
            for (i, (before, who)) in [south, north].into_iter().enumerate() {
                let Some((account, row)) = who else { continue };
                steps.push(rating_step(
                    &account,
                    &end.pool.key(),
                    &after[i],
                    row.as_ref(),
                ));
                steps.push(Step::new(
                    "INSERT INTO rating_history (account, pool, game, at, previous, rating, deviation)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
                    vals![
                        &account,
                        end.pool.key(),
                        &r.id,
                        end.at,
                        before.rating,
                        after[i].rating,
                        after[i].deviation,
                    ],
                    None,
                ));
            }
            steps.extend(self.notify_step(&super::game_key(&r.id)));
            match self.batch(steps).await? {
                None => return Ok(true),
                Some(0) => return Ok(false),
                // Counted meanwhile, or a rating changed by another game: look again.
                Some(_) => continue,
            }
        }
        Err(DbError::Unavailable(
            "the ratings kept changing; try again".to_string(),
        ))
    }

    /// The compare-and-set writing a game (as [`Store::update_game`]), as a step.
    fn update_game_step(&self, r: &GameRow, expected: i64) -> Step {
        let mut p = game_vals(r);
        p.push(Val::Int(expected));
        Step::new(
            "UPDATE games SET spec = $2, start = $3, moves = $4, opponent = $5,
                token_south = $6, token_north = $7, resigned = $8, undo_request = $9,
                version = $10, created = $11, updated = $12, extras = $13
             WHERE id = $1 AND version = $14 RETURNING id",
            p,
            Some(1),
        )
    }
}

/// The step writing `account`'s new rating: a compare-and-set on the version read, or a new row.
fn rating_step(account: &str, pool: &str, g: &Glicko, old: Option<&RatingRow>) -> Step {
    match old {
        Some(o) => Step::new(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1,
                version = version + 1
             WHERE account = $1 AND pool = $2 AND version = $6 RETURNING account",
            vals![
                account,
                pool,
                g.rating,
                g.deviation,
                g.volatility,
                o.version
            ],
            Some(1),
        ),
        None => Step::new(
            "INSERT INTO ratings (account, pool, rating, deviation, volatility, games, version)
             VALUES ($1, $2, $3, $4, $5, 1, 1) ON CONFLICT DO NOTHING RETURNING account",
            vals![account, pool, g.rating, g.deviation, g.volatility],
            Some(1),
        ),
    }
}

fn login_step(l: &LoginRow) -> Step {
    Step::new(
        "INSERT INTO logins (id, account, csrf, created) VALUES ($1, $2, $3, $4)",
        vals![&l.id, &l.account, &l.csrf, l.created],
        None,
    )
}
