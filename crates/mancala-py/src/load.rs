//! Loading a game for Python: a game id with parameters (`modiar:seeds=5`, or
//! `load_game("modiar", {"pits": 4})`) or a rules file, through the core's one loader
//! (`mancala_core::load_rules`, the solitaires refused); the loaded ruleset and its sizes.

use crate::errors;
use mancala_core::{GameSpec, LoadError, Rules, RulesSource, builtin_ids, load_rules};
use mancala_solitaire::Solitaire;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::Arc;

/// A game: its rules and the sizes a learning program needs.
#[pyclass(name = "Game", module = "mancala", frozen)]
pub struct PyGame {
    pub(crate) inner: Arc<Loaded>,
}

/// A ruleset ready to play, with the name it was loaded by.
pub(crate) struct Loaded {
    pub rules: Rules,
    /// `modiar`, `modiar:pits=3,seeds=5`, or the rules file's path.
    pub spec: String,
}

impl Loaded {
    pub fn pits(&self) -> usize {
        self.rules.pits_per_row()
    }

    pub fn has_pass(&self) -> bool {
        self.rules.ruleset().pass
    }

    pub fn obs_len(&self) -> usize {
        2 * self.pits() + 3
    }

    /// An upper bound on the plies of a game: the ruleset's move limit where it has one;
    /// under a repetition rule no position occurs twice before the last ply, so the number of
    /// positions (boards, score splits, side to move); `2^31 - 1` when that is larger or no
    /// bound is known.
    pub fn max_game_length(&self) -> i64 {
        let r = self.rules.ruleset();
        if let Some(m) = r.max_plies {
            return m as i64;
        }
        if r.repetition == mancala_core::ruleset::Repetition::Ignore {
            return i32::MAX as i64;
        }
        let cells = 2 * self.pits() as u128;
        let total = self.rules.total_seeds() as u128;
        let mut positions: u128 = 0;
        for board in 0..=total {
            let boards = binomial(board + cells - 1, cells - 1);
            positions = positions.saturating_add(boards.saturating_mul(2 * (total - board + 1)));
        }
        positions.min(i32::MAX as u128) as i64
    }
}

/// `C(n, k)`, saturating.
fn binomial(n: u128, k: u128) -> u128 {
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c.saturating_mul(n - i) / (i + 1);
    }
    c
}

/// The rules named by `name` with `params`: a game id (`modiar`, `mangala-ii:pits=4`) or a
/// rules file (a path ending in `.toml`, or a `pathlib.Path`).
fn load(name: &Bound<'_, PyAny>, params: Option<&Bound<'_, PyDict>>) -> PyResult<Loaded> {
    let text: Option<String> = name.extract().ok();
    let path: Option<PathBuf> = match &text {
        Some(t) if t.trim().to_ascii_lowercase().ends_with(".toml") => Some(PathBuf::from(t)),
        Some(_) => None,
        None => Some(name.extract::<PathBuf>().map_err(|_| {
            errors::unknown_game(format!(
                "a game is named by a string such as 'modiar' or a rules file path, not {}",
                name.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?),
    };
    if let Some(path) = path {
        if params.is_some_and(|p| !p.is_empty()) {
            return Err(errors::unknown_game(format!(
                "rules file {}: parameters apply to the built-in games; write them in the file",
                path.display()
            )));
        }
        let what = format!("rules file {}", path.display());
        let source = std::fs::read_to_string(&path)
            .map_err(|e| errors::unknown_game(format!("{what}: {e}")))?;
        let rules = load_rules(RulesSource::File(&source), &Solitaire::IDS)
            .map_err(|e| errors::unknown_game(format!("{what}: {e}")))?;
        return Ok(Loaded {
            rules,
            spec: path.display().to_string(),
        });
    }
    let text = text.expect("a string when not a path");
    let mut spec: GameSpec = text.parse().map_err(errors::unknown_game)?;
    if let Some(params) = params {
        for (k, v) in params.iter() {
            let key: String = k
                .extract()
                .map_err(|_| errors::unknown_game("game parameter names are strings"))?;
            if spec.get(&key).is_some() {
                return Err(errors::unknown_game(format!(
                    "game parameter '{key}' is given twice (in '{text}' and in params)"
                )));
            }
            spec.params.push((key, v.str()?.to_string()));
        }
    }
    let rules = load_rules(RulesSource::Spec(&spec), &Solitaire::IDS).map_err(|e| match e {
        LoadError::Solitaire(_) => errors::unknown_game(format!("{e} (see mancala.cycle)")),
        e => errors::unknown_game(e),
    })?;
    Ok(Loaded {
        rules,
        spec: spec.to_string(),
    })
}

/// Loads a game: `load_game("mangala-ii")`, `load_game("modiar:seeds=5")`,
/// `load_game("modiar", {"pits": 4})`, or a rules file `load_game("my-rules.toml")`.
/// Raises UnknownGameError naming what is wrong.
#[pyfunction]
#[pyo3(signature = (name, params = None))]
pub fn load_game(name: &Bound<'_, PyAny>, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
    Ok(PyGame {
        inner: Arc::new(load(name, params)?),
    })
}

/// The ids of the built-in two-player games.
#[pyfunction]
pub fn registered_games() -> Vec<&'static str> {
    builtin_ids().collect()
}
