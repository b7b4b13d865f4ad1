//! The solitaires' cycle counts from `mancala-solitaire`: how many moves until the start of El
//! mirall or Stones in cups recurs, for one size or a whole table.

use crate::args::Int;
use crate::errors::{self, MancalaError};
use mancala_core::GameSpec;
use mancala_solitaire::table::Table;
use mancala_solitaire::{Control, CycleError, Method, Solitaire};
use numpy::{PyArray2, ToPyArray};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::AtomicBool;

fn cycle_error(e: CycleError) -> PyErr {
    match e {
        CycleError::UnknownGame(_) => errors::unknown_game(e),
        _ => MancalaError::new_err(e.to_string()),
    }
}

/// The solitaire and its size from `game` (`stones-in-cups`, `el-mirall:pits=5,seeds=3`) and
/// the keyword arguments (`cups=`, `stones=` or `pits=`, `seeds=`).
fn game_and_size(
    game: &str,
    sizes: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Solitaire, u64, u64, Method)> {
    let spec: GameSpec = game.parse().map_err(errors::unknown_game)?;
    let solitaire: Solitaire = spec.id.parse().map_err(cycle_error)?;
    let (nn, kn) = solitaire.size_names();
    spec.check_keys(&[nn, kn]).map_err(errors::unknown_game)?;
    let (mut n, mut k) = solitaire.default_size();
    let mut method = Method::Auto;
    let number = |key: &str, v: &str| -> PyResult<u64> {
        v.trim()
            .parse()
            .map_err(|_| MancalaError::new_err(format!("{key}={v}: not a whole number")))
    };
    for (key, v) in &spec.params {
        let x = number(key, v)?;
        if key == nn { n = x } else { k = x }
    }
    if let Some(sizes) = sizes {
        for (key, v) in sizes.iter() {
            let key: String = key.extract()?;
            if key == "method" {
                let m: String = v.extract()?;
                method = m.parse().map_err(cycle_error)?;
                continue;
            }
            if key != nn && key != kn {
                return Err(MancalaError::new_err(format!(
                    "{} takes {nn}= and {kn}=, not {key}=",
                    solitaire.id()
                )));
            }
            if spec.get(&key).is_some() {
                return Err(MancalaError::new_err(format!(
                    "{key} is given twice (in '{game}' and as {key}=)"
                )));
            }
            let x = v
                .extract::<Int>()
                .map_err(|_| MancalaError::new_err(format!("{key}={}: not a whole number", v)))?
                .size(&key)?;
            if key == nn { n = x } else { k = x }
        }
    }
    Ok((solitaire, n, k, method))
}

/// The number of moves until the solitaire's start recurs:
/// `cycle("stones-in-cups", cups=10, stones=7)`, `cycle("el-mirall", pits=6, seeds=4)`, or
/// the size in the name (`"el-mirall:pits=5,seeds=3"`); `method=` one of auto, reference,
/// simulation, shortcut, closed-form. Releases the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (game, **sizes))]
pub fn cycle(py: Python<'_>, game: &str, sizes: Option<&Bound<'_, PyDict>>) -> PyResult<u64> {
    let (solitaire, n, k, method) = game_and_size(game, sizes)?;
    let stop = AtomicBool::new(false);
    let r = crate::interruptible(py, &stop, || {
        let ctl = Control {
            stop: Some(&stop),
            progress: None,
        };
        solitaire.cycle_with(method, n, k, &ctl)
    })?;
    r.map_err(cycle_error)
}

/// The whole table of cycle lengths for 1..=`n` pits (cups) by 1..=`k` seeds (stones), as a
/// uint64 array `t` with `t[n - 1, k - 1]` the count for size (n, k). Computed in parallel;
/// releases the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (game, n, k, method = "auto"))]
pub fn cycle_table<'py>(
    py: Python<'py>,
    game: &str,
    n: Int,
    k: Int,
    method: &str,
) -> PyResult<Bound<'py, PyArray2<u64>>> {
    let (n, k) = (n.size("n")?, k.size("k")?);
    let solitaire: Solitaire = game.trim().parse().map_err(cycle_error)?;
    let method: Method = method.parse().map_err(cycle_error)?;
    let stop = AtomicBool::new(false);
    let table = crate::interruptible(py, &stop, || {
        let ctl = Control {
            stop: Some(&stop),
            progress: None,
        };
        Table::compute(solitaire, n, k, method, &ctl)
    })?
    .map_err(cycle_error)?;
    let rows: Vec<Vec<u64>> = (1..=n)
        .map(|i| (1..=k).map(|j| table.get(i, j)).collect())
        .collect();
    let flat: Vec<u64> = rows.concat();
    let arr = numpy::ndarray::Array2::from_shape_vec((n as usize, k as usize), flat)
        .expect("n x k cells");
    Ok(arr.to_pyarray(py))
}
