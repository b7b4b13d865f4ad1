//! `mancala.State`: a game in progress with the method names of OpenSpiel's `pyspiel.State`.
//!
//! Observation tensor (float32, length `2n + 3`), from the observing player's view, every count
//! divided by the game's seeds: his row from his left, the opponent's row from the opponent's
//! left (so the board reads in sowing order starting with the observer's row), his captures (or
//! store), the opponent's, and 1.0 when he is to move (0.0 otherwise and once the game is over).
//!
//! Everything about the rules (legality, sowing, repetition, settlement) is `mancala-core`'s:
//! this module only translates.

use crate::actions::{TERMINAL, side_of};
use crate::args::Int;
use crate::errors;
use crate::load::{Loaded, PyGame};
use mancala_core::{EndReason, Game, Move, MoveError, Position, Side};
use numpy::{PyArray1, ToPyArray};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Arc;

/// A game in progress: the position, the moves played (for repetitions), and the end.
#[pyclass(name = "State", module = "mancala")]
pub struct PyState {
    pub(crate) loaded: Arc<Loaded>,
    pub(crate) game: Game,
}

impl PyState {
    /// The start state of `loaded`, or the state at `position` (PositionError names a faulty
    /// field).
    pub(crate) fn at(loaded: Arc<Loaded>, position: Option<&str>) -> PyResult<PyState> {
        let rules = loaded.rules.clone();
        let start = match position {
            None => rules.start(),
            Some(text) => rules.parse_position(text).map_err(errors::position)?,
        };
        Ok(PyState {
            loaded,
            game: Game::from_position(rules, start),
        })
    }

    pub(crate) fn side_to_move(&self) -> Option<Side> {
        (!self.game.is_over()).then(|| self.game.position().side())
    }

    fn legal(&self) -> Vec<i64> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| self.loaded.action_of(m))
            .collect()
    }

    fn legal_text(&self) -> String {
        let moves: Vec<String> = self
            .game
            .legal_moves()
            .iter()
            .map(|m| format!("{} ({m})", self.loaded.action_of(m)))
            .collect();
        if moves.is_empty() {
            "none".into()
        } else {
            moves.join(", ")
        }
    }

    fn over_text(&self) -> String {
        self.game
            .end_reason()
            .map(|r| r.to_string())
            .unwrap_or_default()
    }

    /// Plays `m` (named `what` in messages), mapping the core's refusal to our exceptions.
    fn play(&mut self, m: Move, what: &str) -> PyResult<()> {
        if self.game.is_over() {
            return Err(errors::game_over(format!(
                "{what}: the game is over ({})",
                self.over_text()
            )));
        }
        match self.game.play(m) {
            Ok(_) => Ok(()),
            Err(MoveError::GameOver { .. }) => Err(errors::game_over(format!(
                "{what}: the game is over ({})",
                self.over_text()
            ))),
            Err(e) => Err(errors::illegal(format!(
                "{what}: {e}; legal actions: {}",
                self.legal_text()
            ))),
        }
    }

    pub(crate) fn final_scores(&self) -> (u8, u8) {
        let p = self.game.final_position();
        (p.score(Side::South), p.score(Side::North))
    }

    fn observation(&self, player: Side) -> Vec<f32> {
        let p: Position = self.game.final_position();
        let total = self.loaded.rules.total_seeds() as f32;
        let mut v = Vec::with_capacity(self.loaded.obs_len());
        v.extend(p.row(player).iter().map(|&c| c as f32 / total));
        v.extend(p.row(player.other()).iter().map(|&c| c as f32 / total));
        v.push(p.score(player) as f32 / total);
        v.push(p.score(player.other()) as f32 / total);
        v.push(if self.side_to_move() == Some(player) {
            1.0
        } else {
            0.0
        });
        v
    }

    fn player_or_current(&self, player: Option<Int>) -> PyResult<Side> {
        match player {
            Some(p) => side_of(&p),
            None => Ok(self.side_to_move().unwrap_or(Side::South)),
        }
    }

    pub(crate) fn snapshot(&self) -> PyState {
        PyState {
            loaded: self.loaded.clone(),
            game: self.game.clone(),
        }
    }
}

#[pymethods]
impl PyState {
    /// 0 (South) or 1 (North) to move, or TERMINAL (-4) once the game is over.
    fn current_player(&self) -> i64 {
        self.side_to_move().map_or(TERMINAL, |s| s.index() as i64)
    }

    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    fn is_player_node(&self) -> bool {
        !self.game.is_over()
    }

    fn num_players(&self) -> usize {
        2
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame {
            inner: self.loaded.clone(),
        }
    }

    /// The legal actions in increasing order (empty once the game is over, and for the
    /// player not to move).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<Int>) -> PyResult<Vec<i64>> {
        if let Some(p) = player
            && Some(side_of(&p)?) != self.side_to_move()
        {
            return Ok(Vec::new());
        }
        Ok(self.legal())
    }

    /// A 0/1 vector (int8) over the distinct actions: 1 where the action is legal.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<Int>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0i8; self.loaded.num_actions()];
        for a in self.legal_actions(player)? {
            mask[a as usize] = 1;
        }
        Ok(mask.to_pyarray(py))
    }

    /// The legal moves in notation (`A`, `c`, `pass`), in action order.
    fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// Plays `action`. IllegalActionError names it and lists the legal actions;
    /// GameOverError once the game is over.
    fn apply_action(&mut self, action: Int) -> PyResult<()> {
        let Some(side) = self.side_to_move() else {
            return Err(errors::game_over(format!(
                "action {action}: the game is over ({})",
                self.over_text()
            )));
        };
        let m = self.loaded.move_of(&action, side)?;
        self.play(m, &format!("action {action} ({m})"))
    }

    /// Plays a move in notation: a pit letter (`A`.. for South, `a`.. for North) or `pass`.
    fn apply_move(&mut self, text: &str) -> PyResult<()> {
        let m =
            self.loaded.rules.parse_move(text).map_err(|e| {
                errors::illegal(format!("{e}; legal actions: {}", self.legal_text()))
            })?;
        self.play(m, &format!("move '{}'", text.trim()))
    }

    /// The state after `action` (this one is unchanged).
    fn child(&self, action: Int) -> PyResult<PyState> {
        let mut c = self.snapshot();
        c.apply_action(action)?;
        Ok(c)
    }

    /// The action in notation: `action_to_string(action)` for the player to move, or
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (player_or_action, action = None))]
    fn action_to_string(&self, player_or_action: Int, action: Option<Int>) -> PyResult<String> {
        let (side, action) = match action {
            Some(a) => (side_of(&player_or_action)?, a),
            None => (self.side_to_move().unwrap_or(Side::South), player_or_action),
        };
        Ok(self.loaded.move_of(&action, side)?.to_string())
    }

    /// The action of a move in notation for the player to move.
    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        let m = self
            .loaded
            .rules
            .parse_move(text)
            .map_err(|e| errors::illegal(e.to_string()))?;
        match (m, self.side_to_move()) {
            (_, None) => Err(errors::game_over(format!(
                "move '{}': the game is over ({})",
                text.trim(),
                self.over_text()
            ))),
            (Move::Sow { side, .. }, Some(to_move)) if side != to_move => {
                Err(errors::illegal(format!(
                    "move '{}' is a pit of {side}'s row, but {to_move} is to move",
                    text.trim()
                )))
            }
            (Move::Pass, _) if !self.loaded.has_pass() => Err(errors::illegal(format!(
                "{} has no pass",
                self.loaded.rules.name()
            ))),
            (m, _) => Ok(self.loaded.action_of(m)),
        }
    }

    /// +1 for the winner, -1 for the loser, 0 each for a draw (and while the game goes on).
    fn returns(&self) -> Vec<f64> {
        match self.game.outcome().map(|o| o.winner) {
            Some(Some(Side::South)) => vec![1.0, -1.0],
            Some(Some(Side::North)) => vec![-1.0, 1.0],
            _ => vec![0.0, 0.0],
        }
    }

    /// The rewards of the last move: the returns at the end, zero before.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// Each player's seeds: (South, North), the captures (or stores) now, and once the game
    /// is over the final scores after the remaining seeds are given out.
    fn scores(&self) -> (u8, u8) {
        self.final_scores()
    }

    /// Each player's lead in seeds, [South - North, North - South], as `scores()` counts them.
    fn score_margin(&self) -> Vec<i64> {
        let (s, n) = self.final_scores();
        let d = s as i64 - n as i64;
        vec![d, -d]
    }

    /// Why the game ended (a sentence), or None while it goes on.
    fn end_reason(&self) -> Option<String> {
        self.game.end_reason().map(|r: EndReason| r.to_string())
    }

    /// None while the game goes on; then a dict: scores, winner (0, 1 or None for a draw),
    /// reason (a sentence) and code (the reason as a stable code: `no-legal-move`,
    /// `empty-board`, `row-empty`, `majority`, `repetition` or `max-plies`).
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.game.outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("scores", (o.scores.south, o.scores.north))?;
        d.set_item("winner", o.winner.map(|s| s.index()))?;
        d.set_item("reason", o.reason.to_string())?;
        d.set_item("code", o.reason.code())?;
        Ok(Some(d))
    }

    /// The observation tensor of `player` (default: the player to move) as a float32 array.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<Int>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let side = self.player_or_current(player)?;
        Ok(self.observation(side).to_pyarray(py))
    }

    /// The same as the observation tensor (perfect information).
    #[pyo3(signature = (player = None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<Int>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.observation_tensor(py, player)
    }

    /// The position string (the same for both players: positions are written from South's
    /// side).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<Int>) -> PyResult<String> {
        self.player_or_current(player)?;
        Ok(self.__str__())
    }

    /// The start position and the moves since: the whole history.
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<Int>) -> PyResult<String> {
        self.player_or_current(player)?;
        let mut s = self.game.start().to_string();
        for m in self.game.moves() {
            s.push(' ');
            s.push_str(&m.to_string());
        }
        Ok(s)
    }

    /// The actions played since the state was set up.
    fn history(&self) -> Vec<i64> {
        self.game
            .moves()
            .map(|m| self.loaded.action_of(m))
            .collect()
    }

    fn history_str(&self) -> String {
        let h: Vec<String> = self.history().iter().map(|a| a.to_string()).collect();
        h.join(", ")
    }

    /// The moves played since the state was set up, in notation.
    fn moves(&self) -> Vec<String> {
        self.game.moves().map(|m| m.to_string()).collect()
    }

    /// Plies played since the state was set up.
    fn move_number(&self) -> usize {
        self.game.plies().len()
    }

    /// Takes back the last action and returns it; None at the start.
    fn undo(&mut self) -> Option<i64> {
        self.game.undo().map(|m| self.loaded.action_of(m))
    }

    /// The position on the board now, before any end-of-game settlement.
    fn position(&self) -> String {
        self.game.position().to_string()
    }

    /// The start position the state was set up from.
    fn start_position(&self) -> String {
        self.game.start().to_string()
    }

    /// The seeds of every pit in sowing order: South's row from his left, then North's from
    /// his left (settled once the game is over, as `str(state)`).
    fn pits(&self) -> Vec<u32> {
        self.game
            .final_position()
            .pits()
            .iter()
            .map(|&c| c as u32)
            .collect()
    }

    fn clone(&self) -> PyState {
        self.snapshot()
    }

    fn __copy__(&self) -> PyState {
        self.snapshot()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.snapshot()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py
            .import("mancala._mancala")?
            .getattr("State")?
            .getattr("_restore")?;
        let game = Bound::new(
            py,
            PyGame {
                inner: self.loaded.clone(),
            },
        )?;
        (restore, (game, self.start_position(), self.moves())).into_pyobject(py)
    }

    /// Rebuilds a state from its start and moves (for pickling).
    #[staticmethod]
    fn _restore(game: &PyGame, start: &str, moves: Vec<String>) -> PyResult<PyState> {
        let mut s = PyState::at(game.inner.clone(), Some(start))?;
        for m in moves {
            s.apply_move(&m)?;
        }
        Ok(s)
    }

    /// The position string, settled once the game is over (as `mancala replay` prints it).
    fn __str__(&self) -> String {
        self.game.final_position().to_string()
    }

    fn __repr__(&self) -> String {
        format!("<mancala.State {} {}>", self.loaded.spec, self.__str__())
    }
}
