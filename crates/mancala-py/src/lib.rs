//! The extension module `mancala._mancala`: the two-row games of `mancala-core` with an
//! OpenSpiel-shaped API ([`game`] and [`state`], loaded by [`load`], actions numbered by
//! [`actions`]), the engine and the databases ([`engine`]), and the solitaire
//! cycle counts ([`solitaire`]). The Python package `mancala` re-exports it and adds the
//! framework adapters in pure Python.
//!
//! Long calls run on a worker thread with the GIL released while the calling thread watches
//! for Ctrl-C ([`interruptible`]).

mod actions;
mod args;
mod engine;
mod errors;
mod game;
mod load;
mod solitaire;
mod state;

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How often a long call looks for a pending Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(40);

/// Runs `work` on a worker thread without the GIL; meanwhile the calling thread looks for
/// signals (Ctrl-C) every [`SIGNAL_POLL`]. On a signal it sets `stop`, which `work` must
/// watch, waits for `work` to return, and raises the signal's exception (KeyboardInterrupt).
pub(crate) fn interruptible<T, F>(py: Python<'_>, stop: &AtomicBool, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            let worker = s.spawn(move || {
                let _ = tx.send(work());
            });
            loop {
                match rx.recv_timeout(SIGNAL_POLL) {
                    Ok(v) => return Ok(v),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            let _ = worker.join();
                            return Err(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The worker ended without a result: it panicked.
                        let _ = worker.join();
                        return Err(pyo3::exceptions::PyRuntimeError::new_err(
                            "internal error in the mancala engine (a panic); please report it",
                        ));
                    }
                }
            }
        })
    })
}

/// Mancala games for research: Modiar, Mangala II, Oware, Kalah (and resized or custom
/// rulesets), with the engine, perfect-play databases and the solitaire cycle counts.
#[pymodule(name = "_mancala")]
mod mancala_ext {
    #[pymodule_export]
    use crate::engine::{PyPlayer, best, hint, random_playouts, solve};
    #[pymodule_export]
    use crate::errors::{
        DatabaseError, GameOverError, IllegalActionError, MancalaError, PositionError,
        UnknownGameError,
    };
    #[pymodule_export]
    use crate::load::{PyGame, load_game, registered_games};
    #[pymodule_export]
    use crate::solitaire::{cycle, cycle_table};
    #[pymodule_export]
    use crate::state::PyState;

    #[pymodule_init]
    fn init(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
        use pyo3::prelude::*;
        m.add("TERMINAL", crate::actions::TERMINAL)?;
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}
