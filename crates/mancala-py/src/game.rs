//! `mancala.Game`: a loaded ruleset with the method names of OpenSpiel's `pyspiel.Game` (the
//! sizes a learning program needs, the start state, pickling through the ruleset's TOML).
//!
//! Everything about the rules is `mancala-core`'s: this module only translates.

use crate::errors;
use crate::load::{Loaded, PyGame};
use crate::state::PyState;
use mancala_core::{RulesSource, load_rules, rules_to_toml};
use mancala_solitaire::Solitaire;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::Arc;

#[pymethods]
impl PyGame {
    /// The start state, or the state at `position` (a position string such as
    /// `"7-7-7-7-7-7-0-0-S"`; PositionError names a faulty field).
    #[pyo3(signature = (position = None))]
    fn new_initial_state(&self, position: Option<&str>) -> PyResult<PyState> {
        PyState::at(self.inner.clone(), position)
    }

    /// Pits a row, plus one for `pass` in games that have it.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_actions()
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.obs_len()]
    }

    fn observation_tensor_size(&self) -> usize {
        self.inner.obs_len()
    }

    /// The same as the observation: the games have perfect information.
    fn information_state_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.obs_len()]
    }

    fn information_state_tensor_size(&self) -> usize {
        self.inner.obs_len()
    }

    /// An upper bound on a game's plies (see the package README).
    fn max_game_length(&self) -> i64 {
        self.inner.max_game_length()
    }

    fn num_players(&self) -> usize {
        2
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// Pits in each row.
    #[getter]
    fn pits(&self) -> usize {
        self.inner.pits()
    }

    /// Seeds in the game (board and captures).
    #[getter]
    fn total_seeds(&self) -> u32 {
        self.inner.rules.total_seeds()
    }

    /// The ruleset's id, e.g. `mangala-ii`.
    #[getter]
    fn id(&self) -> String {
        self.inner.rules.id().to_string()
    }

    /// The display name, e.g. `Mangala II`.
    #[getter]
    fn name(&self) -> String {
        self.inner.rules.name().to_string()
    }

    /// How the game was named when loaded (`modiar:seeds=5`, or the rules file).
    #[getter]
    fn spec(&self) -> String {
        self.inner.spec.clone()
    }

    /// The action that passes, or None in games without passing.
    #[getter]
    fn pass_action(&self) -> Option<usize> {
        self.inner.has_pass().then(|| self.inner.pits())
    }

    /// The start position as a string.
    fn start_position(&self) -> String {
        self.inner.rules.start().to_string()
    }

    /// The ruleset as TOML (a rules file `load_game` reads back).
    fn rules_toml(&self) -> String {
        rules_to_toml(self.inner.rules.ruleset())
    }

    fn __str__(&self) -> String {
        self.inner.spec.clone()
    }

    fn __repr__(&self) -> String {
        format!("mancala.load_game({:?})", self.inner.spec)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.get().inner.rules.ruleset() == self.inner.rules.ruleset())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.rules.ruleset().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py
            .import("mancala._mancala")?
            .getattr("Game")?
            .getattr("_restore")?;
        (restore, (self.rules_toml(), self.inner.spec.clone())).into_pyobject(py)
    }

    /// Rebuilds a game from its TOML (for pickling).
    #[staticmethod]
    fn _restore(toml: &str, spec: String) -> PyResult<PyGame> {
        let rules =
            load_rules(RulesSource::File(toml), &Solitaire::IDS).map_err(errors::unknown_game)?;
        Ok(PyGame {
            inner: Arc::new(Loaded { rules, spec }),
        })
    }
}
