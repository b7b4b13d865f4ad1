//! Whole-number arguments: [`Int`] reads any Python int, however large or negative, so that a
//! value out of range gets the package's error naming the argument and its range, never
//! Python's bare `OverflowError` ("can't convert negative int to unsigned").

use crate::errors::MancalaError;
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use std::fmt;

/// A Python int as an argument, whole: beyond `i128` its value is saturated (and it prints as
/// Python printed it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int {
    value: i128,
    /// Python's text of a value beyond `i128`.
    text: Option<String>,
}

impl Int {
    /// The value as `T` where it lies within `lo..=hi`; else a MancalaError saying
    /// `name=value: from lo to hi`.
    pub fn within<T: TryFrom<i128>>(&self, name: &str, lo: i128, hi: i128) -> PyResult<T> {
        if (lo..=hi).contains(&self.value)
            && let Ok(v) = T::try_from(self.value)
        {
            return Ok(v);
        }
        Err(MancalaError::new_err(format!(
            "{name}={self}: from {lo} to {hi}"
        )))
    }

    /// A size (pits, seeds, cups, stones) for a check that names its own minimum: a negative
    /// value as 0, which that check refuses; beyond `u64`, a MancalaError saying
    /// `name=value: too large`.
    pub fn size(&self, name: &str) -> PyResult<u64> {
        u64::try_from(self.value.max(0))
            .map_err(|_| MancalaError::new_err(format!("{name}={self}: too large")))
    }

    /// The value, or `i64::MIN`/`i64::MAX` beyond them (for a caller that refuses it by
    /// range, naming it with this `Int`'s own text).
    pub fn saturated(&self) -> i64 {
        self.value.clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Int {
        Int {
            value: v as i128,
            text: None,
        }
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(t) => f.write_str(t),
            None => write!(f, "{}", self.value),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int { value, text: None }),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Int {
                value: if obj.lt(0)? { i128::MIN } else { i128::MAX },
                text: Some(mancala_core::text::quoted(&obj.str()?.to_string()).into_owned()),
            }),
            Err(e) => Err(e),
        }
    }
}
