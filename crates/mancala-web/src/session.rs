//! A game being played through the web app: the rules game of the core, who plays each side
//! (this screen, an engine, a second person through a link), the seats' secret tokens,
//! resignation and undo requests. No I/O here: [`crate::store`] saves sessions and
//! [`crate::api`] serves them.

use crate::engine;
use crate::error::ApiError;
use mancala_core::{BySide, Game, GameSpec, Move, Ply, Position, Rules, Side, rules_for};
use serde::{Deserialize, Serialize};

/// Who plays the other side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Opponent {
    /// Both sides are played on one screen; one token moves for both.
    Local,
    /// The engine plays `side` at `level`.
    Engine { level: String, side: Side },
    /// A second person plays through a link; each side has its own token.
    Remote,
}

/// What a token allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Both sides (a game on one screen).
    Both,
    Side(Side),
}

impl Seat {
    fn may_move(self, side: Side) -> bool {
        match self {
            Seat::Both => true,
            Seat::Side(s) => s == side,
        }
    }
}

/// A game session.
#[derive(Clone, Debug)]
pub struct Session {
    pub id: String,
    pub spec: GameSpec,
    pub game: Game,
    pub opponent: Opponent,
    /// The seats' tokens; a local game has the same token for both.
    pub tokens: BySide<String>,
    pub resigned: Option<Side>,
    pub undo_request: Option<Side>,
    /// Grows with every change; the page polls it.
    pub version: u64,
    /// Unix seconds.
    pub created: i64,
    pub updated: i64,
}

/// One row of the database: a session in plain text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub id: String,
    pub spec: String,
    pub start: String,
    pub moves: String,
    pub opponent: String,
    pub token_south: String,
    pub token_north: String,
    pub resigned: Option<String>,
    pub undo_request: Option<String>,
    pub version: i64,
    pub created: i64,
    pub updated: i64,
}

/// The rules named by a game specification, as an API error when unknown.
pub fn rules_of(spec: &GameSpec) -> Result<Rules, ApiError> {
    rules_for(spec).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

impl Session {
    /// A new session; `start` is a set-up position or the game's start.
    pub fn new(
        id: String,
        spec: GameSpec,
        start: Option<Position>,
        opponent: Opponent,
        tokens: BySide<String>,
    ) -> Result<Session, ApiError> {
        let rules = rules_of(&spec)?;
        if let Opponent::Engine { level, .. } = &opponent
            && engine::level(level).is_none()
        {
            return Err(ApiError::bad_request(format!(
                "unknown engine level '{level}' (levels: {})",
                engine::level_names()
            )));
        }
        let game = match start {
            Some(p) => Game::from_position(rules, p),
            None => Game::new(rules),
        };
        let t = now();
        Ok(Session {
            id,
            spec,
            game,
            opponent,
            tokens,
            resigned: None,
            undo_request: None,
            version: 0,
            created: t,
            updated: t,
        })
    }

    /// The seat a token opens, if any.
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        let eq = |a: &str, b: &str| {
            a.len() == b.len()
                && a.bytes()
                    .zip(b.bytes())
                    .fold(0u8, |acc, (x, y)| acc | (x ^ y))
                    == 0
        };
        if token.is_empty() {
            return None;
        }
        match self.opponent {
            Opponent::Local => eq(token, &self.tokens.south).then_some(Seat::Both),
            _ => {
                if eq(token, &self.tokens.south) && self.human(Side::South) {
                    Some(Seat::Side(Side::South))
                } else if eq(token, &self.tokens.north) && self.human(Side::North) {
                    Some(Seat::Side(Side::North))
                } else {
                    None
                }
            }
        }
    }

    /// The seat of `token`, or a 403 naming the problem.
    pub fn require_seat(&self, token: Option<&str>) -> Result<Seat, ApiError> {
        let token = token.unwrap_or("");
        if token.is_empty() {
            return Err(ApiError::new(
                axum::http::StatusCode::UNAUTHORIZED,
                "this needs the seat's token (field \"token\")",
            ));
        }
        self.seat_of(token).ok_or_else(|| {
            ApiError::forbidden(format!(
                "the token does not open a seat of game {}",
                self.id
            ))
        })
    }

    /// Whether a person plays `side`.
    pub fn human(&self, side: Side) -> bool {
        !matches!(&self.opponent, Opponent::Engine { side: s, .. } if *s == side)
    }

    /// The engine level to move now, if the engine is to move.
    pub fn engine_to_move(&self) -> Option<engine::Level> {
        match &self.opponent {
            Opponent::Engine { level, side }
                if !self.is_over() && self.game.position().side() == *side =>
            {
                engine::level(level)
            }
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.is_over()
    }

    fn touch(&mut self) {
        self.version += 1;
        self.updated = now();
    }

    /// Plays a move given as text for the holder of `seat`. Nothing changes on error.
    pub fn play(&mut self, seat: Seat, text: &str) -> Result<PlyView, ApiError> {
        if let Some(side) = self.resigned {
            return Err(ApiError::conflict(format!(
                "the game is over: {side} resigned"
            )));
        }
        if self.game.is_over() {
            return Err(ApiError::conflict(format!(
                "'{}': the game is over",
                text.trim()
            )));
        }
        let to_move = self.game.position().side();
        if !seat.may_move(to_move) {
            return Err(ApiError::conflict(format!(
                "it is {to_move}'s turn, not yours"
            )));
        }
        if !self.human(to_move) {
            return Err(ApiError::conflict(format!(
                "it is the engine's turn ({to_move})"
            )));
        }
        if text.len() > 16 {
            let head: String = text.chars().take(16).collect();
            return Err(ApiError::unprocessable(format!(
                "'{head}...' is not a move (a pit letter A-H for South, a-h for North, or pass)"
            )));
        }
        let m = self
            .game
            .rules()
            .parse_move(text)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        self.apply(m)
    }

    /// Plays a move known to come from the side to move (the engine's, or a checked one).
    pub fn apply(&mut self, m: Move) -> Result<PlyView, ApiError> {
        self.game
            .play(m)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        self.undo_request = None;
        self.touch();
        let i = self.game.plies().len() - 1;
        Ok(self.ply_view(i))
    }

    /// Resigns for the seat (a local game resigns for `side`, or the side to move).
    pub fn resign(&mut self, seat: Seat, side: Option<Side>) -> Result<Side, ApiError> {
        if self.is_over() {
            return Err(ApiError::conflict("the game is already over"));
        }
        let side = match (seat, side) {
            (Seat::Side(s), None) => s,
            (Seat::Side(s), Some(asked)) if asked == s => s,
            (Seat::Side(s), Some(asked)) => {
                return Err(ApiError::forbidden(format!(
                    "you play {s}, so you cannot resign for {asked}"
                )));
            }
            (Seat::Both, Some(asked)) => asked,
            (Seat::Both, None) => self.game.position().side(),
        };
        self.resigned = Some(side);
        self.undo_request = None;
        self.touch();
        Ok(side)
    }

    /// Takes moves back for the seat, or asks the other person to agree.
    pub fn undo(&mut self, seat: Seat) -> Result<UndoOutcome, ApiError> {
        if self.resigned.is_some() {
            return Err(ApiError::conflict(
                "the game was resigned; a resignation cannot be taken back",
            ));
        }
        match (&self.opponent, seat) {
            (Opponent::Local, _) | (_, Seat::Both) => {
                if self.game.undo().is_none() {
                    return Err(ApiError::conflict("there is no move to take back"));
                }
                self.touch();
                Ok(UndoOutcome::TakenBack(1))
            }
            (Opponent::Engine { .. }, Seat::Side(me)) => {
                // The engine agrees: back to my last turn, my move taken back.
                if !self.game.plies().iter().any(|p| p.before.side() == me) {
                    return Err(ApiError::conflict("you have made no move to take back"));
                }
                let n = self.take_back_to(me);
                self.touch();
                Ok(UndoOutcome::TakenBack(n))
            }
            (Opponent::Remote, Seat::Side(me)) => {
                match self.undo_request {
                    Some(asker) if asker != me => {
                        // I agree to the other's request.
                        let n = self.take_back_to(asker);
                        self.undo_request = None;
                        self.touch();
                        Ok(UndoOutcome::TakenBack(n))
                    }
                    Some(_) => Err(ApiError::conflict(
                        "you have already asked; waiting for the other player",
                    )),
                    None => {
                        if !self.game.plies().iter().any(|p| p.before.side() == me) {
                            return Err(ApiError::conflict("you have made no move to take back"));
                        }
                        self.undo_request = Some(me);
                        self.touch();
                        Ok(UndoOutcome::Asked)
                    }
                }
            }
        }
    }

    /// Declines (or, by the asker, withdraws) an undo request.
    pub fn decline_undo(&mut self, _seat: Seat) -> Result<(), ApiError> {
        if self.undo_request.is_none() {
            return Err(ApiError::conflict("no undo has been asked for"));
        }
        self.undo_request = None;
        self.touch();
        Ok(())
    }

    /// Undoes plies until `side`'s last move is taken back; returns how many.
    fn take_back_to(&mut self, side: Side) -> usize {
        let mut n = 0;
        while let Some(last) = self.game.plies().last().copied() {
            self.game.undo();
            n += 1;
            if last.before.side() == side {
                break;
            }
        }
        n
    }

    /// The ply `i` as the page shows it.
    pub fn ply_view(&self, i: usize) -> PlyView {
        let plies = self.game.plies();
        let p: &Ply = &plies[i];
        let after = plies.get(i + 1).map_or(self.game.position(), |q| q.before);
        let rules = self.game.rules();
        let n = rules.pits_per_row();
        PlyView {
            number: i + 1,
            side: p.before.side(),
            mv: p.mv.to_string(),
            captured: p.effect.captured,
            captured_pits: rules
                .captured_cells(&p.effect)
                .iter()
                .map(|c| c.index(n))
                .collect(),
            capture_forfeited: p.effect.capture_forfeited,
            extra_turn: p.effect.extra_turn,
            landing: rules.landing(&p.effect).map(|c| c.index(n)),
            path: rules
                .sowing_path(&p.before, p.mv)
                .map(|cells| cells.iter().map(|c| c.index(n)).collect()),
            before: p.before.to_string(),
            after: after.to_string(),
        }
    }

    /// The whole state as the API sends it.
    pub fn view(&self) -> StateView {
        let rules = self.game.rules();
        let pos = self.game.position();
        let over = self.is_over();
        let result = if let Some(side) = self.resigned {
            let winner = side.other();
            Some(ResultView {
                winner: winner.name().to_string(),
                scores: pos.scores().map(u32::from),
                reason: format!("{side} resigned"),
                text: format!("{side} resigned: {winner} wins"),
            })
        } else {
            self.game.outcome().map(|o| {
                let text = match o.winner {
                    Some(w) => format!("{w} wins {}-{}", o.scores[w], o.scores[w.other()]),
                    None => format!("draw {}-{}", o.scores.south, o.scores.north),
                };
                ResultView {
                    winner: o.winner_name().to_string(),
                    scores: o.scores,
                    reason: o.reason.to_string(),
                    text: format!("{text} ({})", o.reason),
                }
            })
        };
        let seat_kind = |s: Side| match &self.opponent {
            Opponent::Local => "local".to_string(),
            Opponent::Engine { side, level } if *side == s => format!("engine:{level}"),
            Opponent::Engine { .. } => "human".to_string(),
            Opponent::Remote => "remote".to_string(),
        };
        let shown = if self.game.is_over() && self.resigned.is_none() {
            self.game.final_position()
        } else {
            pos
        };
        StateView {
            id: self.id.clone(),
            game: self.spec.to_string(),
            name: rules.name().to_string(),
            pits: rules.pits_per_row(),
            stores: rules.ruleset().stores,
            start: self.game.start().to_string(),
            position: pos.to_string(),
            final_position: self
                .game
                .is_over()
                .then(|| self.game.final_position().to_string()),
            board: BySide::new(pos.row(Side::South).to_vec(), pos.row(Side::North).to_vec()),
            scores: pos.scores().map(u32::from),
            shown_scores: shown.scores().map(u32::from),
            to_move: (!over).then(|| pos.side()),
            legal: if over {
                Vec::new()
            } else {
                self.game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect()
            },
            plies: (0..self.game.plies().len())
                .map(|i| self.ply_view(i))
                .collect(),
            over,
            result,
            opponent: self.opponent.clone(),
            seats: BySide::new(seat_kind(Side::South), seat_kind(Side::North)),
            undo_request: self.undo_request,
            version: self.version,
            created: self.created,
            updated: self.updated,
        }
    }

    /// The session as a database row.
    pub fn to_record(&self) -> Record {
        Record {
            id: self.id.clone(),
            spec: self.spec.to_string(),
            start: self.game.start().to_string(),
            moves: self
                .game
                .moves()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            opponent: serde_json::to_string(&self.opponent).expect("opponent serialises"),
            token_south: self.tokens.south.clone(),
            token_north: self.tokens.north.clone(),
            resigned: self.resigned.map(|s| s.name().to_string()),
            undo_request: self.undo_request.map(|s| s.name().to_string()),
            version: self.version as i64,
            created: self.created,
            updated: self.updated,
        }
    }

    /// A session from its database row, replaying its moves through the rules.
    pub fn from_record(r: &Record) -> Result<Session, String> {
        let spec: GameSpec = r.spec.parse().map_err(|e| format!("game spec: {e}"))?;
        let rules = rules_for(&spec).map_err(|e| format!("game spec: {e}"))?;
        let start = rules
            .parse_position(&r.start)
            .map_err(|e| format!("start: {e}"))?;
        let mut game = Game::from_position(rules, start);
        for (i, m) in r.moves.split_whitespace().enumerate() {
            game.play_str(m)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        let opponent: Opponent =
            serde_json::from_str(&r.opponent).map_err(|e| format!("opponent: {e}"))?;
        let side = |s: &Option<String>| -> Result<Option<Side>, String> {
            s.as_deref().map(|t| t.parse::<Side>()).transpose()
        };
        Ok(Session {
            id: r.id.clone(),
            spec,
            game,
            opponent,
            tokens: BySide::new(r.token_south.clone(), r.token_north.clone()),
            resigned: side(&r.resigned)?,
            undo_request: side(&r.undo_request)?,
            version: r.version as u64,
            created: r.created,
            updated: r.updated,
        })
    }
}

/// What an undo did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoOutcome {
    /// This many plies were taken back.
    TakenBack(usize),
    /// The other person was asked to agree.
    Asked,
}

/// One ply for the page: the move, what it captured and where its seeds went.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// 1-based ply number.
    pub number: usize,
    pub side: Side,
    #[serde(rename = "move")]
    pub mv: String,
    pub captured: u8,
    /// Cells captured (0..n South's pits, n..2n North's).
    pub captured_pits: Vec<usize>,
    pub capture_forfeited: bool,
    pub extra_turn: bool,
    /// The cell of the last seed (2n, 2n+1: South's, North's store).
    pub landing: Option<usize>,
    /// The cells the seeds fell into, in order (`null` for a pass).
    pub path: Option<Vec<usize>>,
    pub before: String,
    pub after: String,
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `south`, `north` or `draw`.
    pub winner: String,
    pub scores: BySide<u32>,
    pub reason: String,
    /// One line for people.
    pub text: String,
}

/// A game's state as the API sends it.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    pub id: String,
    pub game: String,
    pub name: String,
    pub pits: usize,
    pub stores: bool,
    pub start: String,
    /// The position on the board (before any end-of-game settlement).
    pub position: String,
    /// The settled position once the game is over by the rules.
    pub final_position: Option<String>,
    pub board: BySide<Vec<u8>>,
    /// Captures (or stores) on the board now.
    pub scores: BySide<u32>,
    /// Captures to show: the final ones once the game is over by the rules.
    pub shown_scores: BySide<u32>,
    pub to_move: Option<Side>,
    pub legal: Vec<String>,
    pub plies: Vec<PlyView>,
    pub over: bool,
    pub result: Option<ResultView>,
    pub opponent: Opponent,
    /// Who plays each side: `local`, `human`, `engine:<level>`, `remote`.
    pub seats: BySide<String>,
    pub undo_request: Option<Side>,
    pub version: u64,
    pub created: i64,
    pub updated: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(id: &str) -> Session {
        Session::new(
            "g1".into(),
            id.parse().unwrap(),
            None,
            Opponent::Local,
            BySide::new("t".repeat(8), "t".repeat(8)),
        )
        .unwrap()
    }

    #[test]
    fn record_round_trip_replays_the_same_game() {
        let mut s = local("modiar");
        for m in ["A", "a", "B"] {
            s.play(Seat::Both, m).unwrap();
        }
        let r = s.to_record();
        let back = Session::from_record(&r).unwrap();
        assert_eq!(back.game.position(), s.game.position());
        assert_eq!(back.to_record(), r);
    }

    #[test]
    fn a_corrupt_record_is_refused_with_the_reason() {
        let mut r = local("modiar").to_record();
        r.moves = "A A".into();
        let e = Session::from_record(&r).unwrap_err();
        assert!(e.starts_with("move 2:"), "{e}");
    }

    #[test]
    fn out_of_turn_and_illegal_moves_change_nothing() {
        let mut s = Session::new(
            "g2".into(),
            "modiar".parse().unwrap(),
            None,
            Opponent::Remote,
            BySide::new("south-token".into(), "north-token".into()),
        )
        .unwrap();
        let north = s.seat_of("north-token").unwrap();
        let south = s.seat_of("south-token").unwrap();
        assert_eq!(s.seat_of("nope"), None);
        let before = s.to_record();
        assert_eq!(s.play(north, "a").unwrap_err().status.as_u16(), 409);
        assert_eq!(s.play(south, "a").unwrap_err().status.as_u16(), 422);
        assert_eq!(s.play(south, "Z").unwrap_err().status.as_u16(), 422);
        assert_eq!(s.to_record(), before);
        s.play(south, "A").unwrap();
        assert_eq!(s.game.plies().len(), 1);
    }

    #[test]
    fn remote_undo_needs_the_other_players_agreement() {
        let mut s = Session::new(
            "g3".into(),
            "modiar".parse().unwrap(),
            None,
            Opponent::Remote,
            BySide::new("s".into(), "n".into()),
        )
        .unwrap();
        let (south, north) = (Seat::Side(Side::South), Seat::Side(Side::North));
        s.play(south, "A").unwrap();
        s.play(north, "a").unwrap();
        assert_eq!(s.undo(south).unwrap(), UndoOutcome::Asked);
        assert_eq!(s.game.plies().len(), 2);
        assert!(s.undo(south).is_err());
        // North agrees: South's move A and North's reply are taken back.
        assert_eq!(s.undo(north).unwrap(), UndoOutcome::TakenBack(2));
        assert_eq!(s.game.plies().len(), 0);
        assert_eq!(s.undo_request, None);
    }

    #[test]
    fn engine_undo_goes_back_to_the_players_turn() {
        let mut s = Session::new(
            "g4".into(),
            "modiar".parse().unwrap(),
            None,
            Opponent::Engine {
                level: "greedy".into(),
                side: Side::North,
            },
            BySide::new("s".into(), String::new()),
        )
        .unwrap();
        let me = s.seat_of("s").unwrap();
        assert_eq!(s.seat_of(""), None);
        s.play(me, "A").unwrap();
        s.apply("a".parse().unwrap()).unwrap();
        assert_eq!(s.undo(me).unwrap(), UndoOutcome::TakenBack(2));
        assert_eq!(s.game.position(), s.game.start());
    }

    #[test]
    fn resignation_ends_the_game_for_the_resigner() {
        let mut s = local("mangala-ii");
        s.play(Seat::Both, "A").unwrap();
        assert_eq!(s.resign(Seat::Both, None).unwrap(), Side::North);
        let v = s.view();
        assert!(v.over);
        assert_eq!(v.result.unwrap().winner, "south");
        assert!(s.play(Seat::Both, "a").is_err());
    }
}
