//! The engine and the databases from Python: `best` (alpha-beta search), `solve` (perfect play
//! from the retrograde databases), `hint` (`mancala-search`'s hint, as the terminal and the web
//! app give it), `Player` (the named levels and engines of `mancala-search`), and
//! `random_playouts` (many random games in one call). The engines use the databases through
//! `mancala-search`'s oracle where they are built.
//!
//! Every call that may take long releases the GIL; those that loop or search by time run
//! through [`crate::interruptible`], so Ctrl-C stops them.

use crate::args::Int;
use crate::errors::{self, MancalaError};
use crate::load::PyGame;
use crate::state::PyState;
use mancala_core::{Game, Side};
use mancala_search::alphabeta::{MAX_DEPTH, MAX_THREADS};
use mancala_search::oracle::db_oracle;
use mancala_search::{
    AlphaBeta, Limits, Oracle, Player, PlayerSpec, RandomPlayer, SearchResult, analysis,
};
use mancala_solver::{Database, RepetitionValue, Solution, default_data_dir};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Time `best` searches when neither a depth nor a time is given.
const DEFAULT_TIME_MS: u64 = 1000;
/// The longest time a search may be given (about 106 days), in milliseconds.
const MAX_TIME_MS: u64 = 1 << 33;

/// The perfect-play databases under `data_dir` (default: `mancala solve`'s) as the engine's
/// oracle, unless `use_db` is false; `None` as well where none of the game's levels is built.
fn oracle(
    data_dir: Option<&Path>,
    rules: &mancala_core::Rules,
    use_db: bool,
) -> Option<Arc<dyn Oracle>> {
    if use_db {
        db_oracle(data_dir, rules)
    } else {
        None
    }
}

fn search_limits(
    depth: Option<Int>,
    time_ms: Option<Int>,
    threads: Option<Int>,
) -> PyResult<Limits> {
    let depth = depth
        .map(|d| d.within::<u32>("depth", 1, MAX_DEPTH as i128))
        .transpose()?;
    let time_ms = time_ms
        .map(|t| t.within::<u64>("time_ms", 1, MAX_TIME_MS as i128))
        .transpose()?;
    let threads = threads
        .map(|t| t.within::<usize>("threads", 1, MAX_THREADS as i128))
        .transpose()?
        .unwrap_or(1);
    let time_ms = match (depth, time_ms) {
        (None, None) => Some(DEFAULT_TIME_MS),
        (_, t) => t,
    };
    Ok(Limits {
        depth,
        time: time_ms.map(Duration::from_millis),
        soft: None,
        nodes: None,
        threads,
        full_width: false,
    })
}

fn result_dict<'py>(
    py: Python<'py>,
    state: &PyState,
    r: &SearchResult,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("action", state.loaded.action_of(r.best))?;
    d.set_item("move", r.best.to_string())?;
    d.set_item("score", r.score_seeds())?;
    d.set_item("depth", r.depth)?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("pv", r.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>())?;
    d.set_item(
        "pv_actions",
        r.pv.iter()
            .map(|&m| state.loaded.action_of(m))
            .collect::<Vec<_>>(),
    )?;
    d.set_item("solved", r.solved)?;
    d.set_item("seconds", r.elapsed.as_secs_f64())?;
    Ok(d)
}

fn not_over(state: &PyState, what: &str) -> PyResult<()> {
    match state.game.end_reason() {
        Some(r) => Err(errors::game_over(format!(
            "{what}: the game is over ({r}); there is no move to find"
        ))),
        None => Ok(()),
    }
}

/// Runs the alpha-beta engine on `game` (interruptible).
fn search(
    py: Python<'_>,
    game: &Game,
    limits: Limits,
    hash_mib: Option<usize>,
    oracle: Option<Arc<dyn Oracle>>,
) -> PyResult<SearchResult> {
    let mut engine = match hash_mib {
        Some(m) => AlphaBeta::with_table_mib(game.rules().clone(), m),
        None => AlphaBeta::new(game.rules().clone()),
    };
    engine.set_oracle(oracle);
    let stop = engine.stop_handle();
    let game = game.clone();
    let r = crate::interruptible(py, &stop, move || engine.search_game(&game, &limits))?;
    r.ok_or_else(|| errors::game_over("the game is over; there is no move to find"))
}

/// The engine's move for the state: a dict with `action`, `move` (notation), `score` (the
/// final score difference expected for the player to move, in seeds), `depth`, `nodes`, `pv`
/// (moves), `pv_actions`, `solved` (the score is exact) and `seconds`.
///
/// `depth` searches exactly that many plies (the same answer on every run with one thread);
/// `time_ms` bounds the time (default 1000 ms when no depth is given); `threads` (default 1)
/// search together; `hash_mib` sizes the transposition table (default 8). The perfect-play
/// databases under `data_dir` (default as for `solve`) give exact values where they are
/// built, unless `use_db=False`. The moves played so far count for repetitions. Releases the
/// GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (state, depth = None, time_ms = None, threads = None, hash_mib = None, data_dir = None, use_db = true))]
#[allow(clippy::too_many_arguments)]
pub fn best<'py>(
    py: Python<'py>,
    state: &PyState,
    depth: Option<Int>,
    time_ms: Option<Int>,
    threads: Option<Int>,
    hash_mib: Option<Int>,
    data_dir: Option<PathBuf>,
    use_db: bool,
) -> PyResult<Bound<'py, PyDict>> {
    not_over(state, "best")?;
    let limits = search_limits(depth, time_ms, threads)?;
    let hash_mib = hash_mib
        .map(|m| m.within::<usize>("hash_mib", 1, 4096))
        .transpose()?;
    let oracle = oracle(data_dir.as_deref(), &state.loaded.rules, use_db);
    let r = search(py, &state.game, limits, hash_mib, oracle)?;
    result_dict(py, state, &r)
}

/// The database's answer for the position of `state`. Where a repetition ends the game with
/// each player taking his own row (Oware), a position's value depends on the positions since
/// the last capture, which could come again; the databases hold it for a position with none
/// (reached by a capture, or where the game started), and the others are refused.
fn database_solution(state: &PyState, data_dir: Option<PathBuf>) -> PyResult<Solution> {
    let dir = data_dir.unwrap_or_else(default_data_dir);
    let db = Database::open(&dir, &state.loaded.rules).map_err(errors::database)?;
    let since = state.game.positions_since_scores_changed().count();
    if since > 0 && db.game().repetition() == RepetitionValue::OwnRow {
        let name = state.loaded.rules.name();
        let (before, s) = if since == 1 {
            ("the position before it".to_string(), "it")
        } else {
            (format!("the {since} positions before it"), "one of them")
        };
        return Err(errors::database(format!(
            "the value of this position of {name} depends on {before} since the last capture (the game ends when {s} comes again, each player taking his own row); the databases hold the value of a position reached by a capture or where the game started: mancala.hint and mancala.best search it with the game's history"
        )));
    }
    let sol = db.solve(&state.game.position()).map_err(errors::database)?;
    // Where a repetition splits the board, the moves played count: a move after which a
    // position since the last capture can come again (ending the game at once) is searched
    // with the game's history (`mancala_search::perfect`).
    let oracle = &mut || db_oracle(Some(&dir), &state.loaded.rules);
    mancala_search::perfect::solution_with_history(&db, oracle, &state.game, sol)
        .map_err(errors::database)
}

/// The perfect-play value of the state from the retrograde databases: a dict with `value`
/// (the final score difference for `player`, the player to move, under perfect play),
/// `result` (`win`, `loss` or `draw`), `best` (a best move or None), `best_moves`,
/// `best_actions`, `moves` (every legal move with its value) and `action_values`.
///
/// `data_dir` defaults to $MANCALA_DATA, else $XDG_DATA_HOME/mancala, else
/// ~/.local/share/mancala (as for `mancala solve`); the databases are built with
/// `mancala db build`. DatabaseError when the game has no database or the level needed is
/// missing, and for Oware (whose repetition gives each player his own row, so that a value
/// depends on the positions since the last capture) when the state's position is not the first
/// since a capture or since the game's start, or when its value there is not exact. Where a
/// repetition splits the board (Modiar, Mangala II), the moves played count as well: a move
/// after which a position since the last capture can come again (ending the game at once) is
/// valued by a search with the game's history down to the positions the databases value
/// (DatabaseError if that search does not settle).
#[pyfunction]
#[pyo3(signature = (state, data_dir = None))]
pub fn solve<'py>(
    py: Python<'py>,
    state: &PyState,
    data_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    if let Some(outcome) = state.game.outcome() {
        // Over by the position or by repetition: the settled scores are the value.
        let me = state.game.position().side();
        let value = outcome.scores[me] as i64 - outcome.scores[me.other()] as i64;
        d.set_item("player", me.index())?;
        d.set_item("value", value)?;
        d.set_item("result", result_name(value))?;
        d.set_item("best", py.None())?;
        d.set_item("best_moves", Vec::<String>::new())?;
        d.set_item("best_actions", Vec::<i64>::new())?;
        d.set_item("moves", PyDict::new(py))?;
        d.set_item("action_values", PyDict::new(py))?;
        return Ok(d);
    }
    let snapshot = state.snapshot();
    let sol = py.detach(|| database_solution(&snapshot, data_dir))?;
    let loaded = &state.loaded;
    d.set_item("player", state.game.position().side().index())?;
    d.set_item("value", sol.value)?;
    d.set_item("result", sol.outcome.name())?;
    d.set_item("best", sol.best.first().map(|m| m.to_string()))?;
    d.set_item(
        "best_moves",
        sol.best.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
    )?;
    d.set_item(
        "best_actions",
        sol.best
            .iter()
            .map(|&m| loaded.action_of(m))
            .collect::<Vec<_>>(),
    )?;
    let moves = PyDict::new(py);
    let values = PyDict::new(py);
    for &(m, v) in &sol.moves {
        moves.set_item(m.to_string(), v)?;
        values.set_item(loaded.action_of(m), v)?;
    }
    d.set_item("moves", moves)?;
    d.set_item("action_values", values)?;
    Ok(d)
}

fn result_name(value: i64) -> &'static str {
    match value.cmp(&0) {
        std::cmp::Ordering::Greater => "win",
        std::cmp::Ordering::Less => "loss",
        std::cmp::Ordering::Equal => "draw",
    }
}

/// What to play here, as the terminal and the web app advise it (`mancala-search`'s
/// analysis): every legal move scored `depth` plies deep (default 10) from a fresh table, the
/// perfect-play databases under `data_dir` giving exact values where they are built. A dict
/// with `action`, `move`, `score` (final score difference expected for the player to move),
/// `source` (`database` when the scores are perfect play, else `search`), `depth` and `moves`
/// (every legal move with its score). The same position always gets the same hint. Releases
/// the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (state, depth = None, data_dir = None, use_db = true))]
pub fn hint<'py>(
    py: Python<'py>,
    state: &PyState,
    depth: Option<Int>,
    data_dir: Option<PathBuf>,
    use_db: bool,
) -> PyResult<Bound<'py, PyDict>> {
    not_over(state, "hint")?;
    let depth = search_limits(depth, None, None)?
        .depth
        .unwrap_or(analysis::DEPTH);
    let game = state.game.clone();
    // (The databases are opened without the GIL, as the search runs.)
    let mut engine = py.detach(|| {
        analysis::engine(
            game.rules(),
            oracle(data_dir.as_deref(), game.rules(), use_db),
        )
    });
    let stop = engine.stop_handle();
    let h = crate::interruptible(py, &stop, move || analysis::hint(&mut engine, &game, depth))?
        .ok_or_else(|| errors::game_over("hint: the game is over"))?;
    let d = PyDict::new(py);
    d.set_item("action", state.loaded.action_of(h.mv))?;
    d.set_item("move", h.mv.to_string())?;
    d.set_item("score", h.score)?;
    d.set_item("source", h.source())?;
    d.set_item("depth", h.depth)?;
    let moves = PyDict::new(py);
    for &(m, v) in &h.moves {
        moves.set_item(m.to_string(), v)?;
    }
    d.set_item("moves", moves)?;
    Ok(d)
}

/// A computer player of `mancala-search`, by its spec: `random`, `greedy`, a level
/// (`beginner`, `novice`, `intermediate`, `advanced`, `expert`, `maximum`), `ab:depth=8`,
/// `ab:time=200`, `mcts:playouts=5000`, ... `seed` drives its randomness; `time_ms` is the
/// time per move of specs without their own limit (default 1000). The engine players use the
/// perfect-play databases under `data_dir` where they are built, unless `use_db=False`.
#[pyclass(name = "Player", module = "mancala", frozen)]
pub struct PyPlayer {
    game: Py<PyGame>,
    spec: String,
    player: Mutex<Box<dyn Player>>,
}

#[pymethods]
impl PyPlayer {
    #[new]
    #[pyo3(
        signature = (spec, game, seed = Int::from(0), time_ms = None, data_dir = None, use_db = true),
        text_signature = "(spec, game, seed=0, time_ms=None, data_dir=None, use_db=True)"
    )]
    fn new(
        spec: &str,
        game: Py<PyGame>,
        seed: Int,
        time_ms: Option<Int>,
        data_dir: Option<PathBuf>,
        use_db: bool,
    ) -> PyResult<PyPlayer> {
        let parsed: PlayerSpec = spec
            .parse()
            .map_err(|e: mancala_search::SpecError| MancalaError::new_err(e.to_string()))?;
        let seed = seed.within::<u64>("seed", 0, u64::MAX as i128)?;
        let time_ms = time_ms
            .map(|t| t.within::<u64>("time_ms", 1, MAX_TIME_MS as i128))
            .transpose()?;
        let rules = &game.get().inner.rules;
        let player = parsed.build(
            rules,
            seed,
            time_ms.map(Duration::from_millis),
            oracle(data_dir.as_deref(), rules, use_db),
        );
        Ok(PyPlayer {
            game,
            spec: parsed.to_string(),
            player: Mutex::new(player),
        })
    }

    /// The player's name, e.g. `expert` or `ab:depth=8`.
    #[getter]
    fn name(&self) -> String {
        self.spec.clone()
    }

    /// The action this player chooses in `state` (of the player's game). Releases the GIL;
    /// Ctrl-C stops it.
    fn choose(&self, py: Python<'_>, state: &PyState) -> PyResult<i64> {
        if state.loaded.rules.ruleset() != self.game.get().inner.rules.ruleset() {
            return Err(MancalaError::new_err(format!(
                "the player was made for {}, the state is of {}",
                self.game.get().inner.spec,
                state.loaded.spec
            )));
        }
        not_over(state, "choose")?;
        let game = state.game.clone();
        let lock = || self.player.lock().unwrap_or_else(|e| e.into_inner());
        let stop = py.detach(|| lock().stop_handle()).unwrap_or_default();
        // A stop asked by an earlier call interrupted just as its choice ended would stop
        // this one at once: the flag starts clear.
        stop.store(false, Ordering::Relaxed);
        let mv = crate::interruptible(py, &stop, || lock().choose(&game).mv)?;
        Ok(state.loaded.action_of(mv))
    }

    /// Forgets what the player learnt in the game before (its tables).
    fn new_game(&self) {
        self.player
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .new_game();
    }

    fn __repr__(&self) -> String {
        format!("mancala.Player({:?})", self.spec)
    }
}

/// Plays `n` games from `state` with uniformly random moves, in one call (GIL released,
/// Ctrl-C stops it). A dict: `games`, `wins` ([South, North]), `draws`, `plies` (played in all
/// the playouts, not counting the moves that led to `state`),
/// `returns` (mean return of South and North, +1 win / -1 loss) and `margin` (South's mean
/// final lead in seeds).
#[pyfunction]
#[pyo3(signature = (state, n, seed = Int::from(0)), text_signature = "(state, n, seed=0)")]
pub fn random_playouts<'py>(
    py: Python<'py>,
    state: &PyState,
    n: Int,
    seed: Int,
) -> PyResult<Bound<'py, PyDict>> {
    let n = n.within::<u64>("n", 0, u64::MAX as i128)?;
    let seed = seed.within::<u64>("seed", 0, u64::MAX as i128)?;
    let start = state.game.clone();
    // The plies counted are those of the playouts, not the moves that led to `state`.
    let before = start.plies().len();
    let stop = AtomicBool::new(false);
    let tally = crate::interruptible(py, &stop, || {
        let mut player = RandomPlayer::new(seed);
        let mut t = Tally::default();
        for _ in 0..n {
            let mut g = start.clone();
            while !g.is_over() {
                if stop.load(Ordering::Relaxed) {
                    return t;
                }
                let m = player.choose(&g).mv;
                g.play(m).expect("a random player's move is legal");
            }
            t.add(&g, before);
        }
        t
    })?;
    let d = PyDict::new(py);
    let games = tally.games.max(1) as f64;
    d.set_item("games", tally.games)?;
    d.set_item("wins", vec![tally.wins[0], tally.wins[1]])?;
    d.set_item("draws", tally.draws)?;
    d.set_item("plies", tally.plies)?;
    let mean = (tally.wins[0] as f64 - tally.wins[1] as f64) / games;
    d.set_item("returns", vec![mean, -mean])?;
    d.set_item("margin", tally.margin as f64 / games)?;
    Ok(d)
}

#[derive(Default)]
struct Tally {
    games: u64,
    wins: [u64; 2],
    draws: u64,
    plies: u64,
    margin: i64,
}

impl Tally {
    /// Counts the game `g`, whose first `before` plies were played before the playout.
    fn add(&mut self, g: &Game, before: usize) {
        let o = g.outcome().expect("the game is over");
        self.games += 1;
        self.plies += (g.plies().len() - before) as u64;
        match o.winner {
            Some(s) => self.wins[s.index()] += 1,
            None => self.draws += 1,
        }
        self.margin += o.scores[Side::South] as i64 - o.scores[Side::North] as i64;
    }
}
