//! A game in progress: the rules, the moves played, and the endings that depend on history
//! (repetition, the ply limit). Undo never loses anything but the move taken back.

use crate::moves::{Move, MoveSet};
use crate::position::Position;
use crate::rules::{Effect, EndReason, Ending, MoveError, Outcome, Rules, Stop};
use crate::ruleset::Repetition;
use crate::side::Side;

/// One move of a game, with what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Move,
    pub effect: Effect,
    /// The position before the move.
    pub before: Position,
}

/// A game: start position, moves, and the end once reached.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Position,
    plies: Vec<Ply>,
    current: Position,
    end: Option<EndReason>,
}

impl Game {
    /// A game from the start position.
    pub fn new(rules: Rules) -> Game {
        let start = rules.start();
        Game::from_position(rules, start)
    }

    /// A game from a set-up position (checked by the caller through [`Rules::parse_position`]).
    pub fn from_position(rules: Rules, start: Position) -> Game {
        let end = rules.end_reason(&start);
        Game {
            rules,
            start,
            plies: Vec::new(),
            current: start,
            end,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn start(&self) -> Position {
        self.start
    }

    /// The position on the board now (before any end-of-game settlement).
    pub fn position(&self) -> Position {
        self.current
    }

    /// The position to show: settled when the game is over.
    pub fn final_position(&self) -> Position {
        match self.end {
            Some(r) => self.rules.settle(&self.current, r),
            None => self.current,
        }
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The positions before each move, oldest first: the history a search needs for
    /// repetitions.
    pub fn history(&self) -> Vec<Position> {
        self.plies.iter().map(|p| p.before).collect()
    }

    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.end.map(|r| self.rules.outcome(&self.current, r))
    }

    /// How the game ended, if it did: `resigned`'s resignation (the side that resigned, if
    /// one did), or else the rules' outcome.
    pub fn ending(&self, resigned: Option<Side>) -> Option<Ending> {
        self.ending_stopped(resigned.map(Stop::Resigned))
    }

    /// How the game ended, if it did: stopped by `stop` (if it was), or else the rules'
    /// outcome.
    pub fn ending_stopped(&self, stop: Option<Stop>) -> Option<Ending> {
        let scores = self.current.scores().map(u32::from);
        match stop {
            Some(Stop::Resigned(side)) => Some(Ending::Resigned { side, scores }),
            Some(stop) => Some(Ending::Stopped { stop, scores }),
            None => self.outcome().map(Ending::Rules),
        }
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveSet {
        if self.end.is_some() {
            return crate::moves::MoveSet::empty(self.current.side());
        }
        self.rules.legal_moves(&self.current)
    }

    /// Plays a move given as text (`C`, `b`, `pass`).
    pub fn play_str(&mut self, text: &str) -> Result<Effect, MoveError> {
        let m = self.rules.parse_move(text)?;
        self.play(m)
    }

    /// Plays `m` if legal; on error nothing changes.
    pub fn play(&mut self, m: Move) -> Result<Effect, MoveError> {
        if self.end.is_some() {
            return Err(MoveError::GameOver { mv: m.to_string() });
        }
        let (next, effect) = self.rules.play(&self.current, m)?;
        self.plies.push(Ply {
            mv: m,
            effect,
            before: self.current,
        });
        self.current = next;
        self.end = self
            .history_end()
            .or_else(|| self.rules.end_reason(&self.current));
        Ok(effect)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        self.current = ply.before;
        self.end = self.rules.end_reason(&self.current);
        Some(ply.mv)
    }

    /// Endings that depend on the moves before: repetition and the ply limit.
    fn history_end(&self) -> Option<EndReason> {
        if self.rules.ruleset().repetition != Repetition::Ignore && self.repeated() {
            return Some(EndReason::Repetition);
        }
        if let Some(max) = self.rules.ruleset().max_plies
            && self.plies.len() >= max as usize
            && self.rules.end_reason(&self.current).is_none()
        {
            return Some(EndReason::MaxPlies);
        }
        None
    }

    /// The positions before the current one since the scores last changed, the latest first:
    /// the only ones a repetition can bring back (scores never go down), and so those a
    /// position's value depends on where a repetition gives each player his own row.
    pub fn positions_since_scores_changed(&self) -> impl Iterator<Item = &Position> + '_ {
        let now = self.current.scores();
        self.plies
            .iter()
            .rev()
            .map(|p| &p.before)
            .take_while(move |b| b.scores() == now)
    }

    /// Whether the current position occurred before in this game.
    fn repeated(&self) -> bool {
        let now = self.current;
        self.positions_since_scores_changed().any(|b| *b == now)
    }
}
