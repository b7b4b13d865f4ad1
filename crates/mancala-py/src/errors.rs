//! The exceptions: `MancalaError(ValueError)` and one subclass for each kind of bad input, each
//! carrying the message of the library error it comes from.

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    mancala,
    MancalaError,
    PyValueError,
    "Base class of the package's errors (a ValueError)."
);
create_exception!(
    mancala,
    UnknownGameError,
    MancalaError,
    "The game asked for cannot be loaded: unknown id, bad parameter or unusable rules file."
);
create_exception!(
    mancala,
    PositionError,
    MancalaError,
    "A position string that is malformed or impossible for the game (the message names the field)."
);
create_exception!(
    mancala,
    IllegalActionError,
    MancalaError,
    "An action or move that is not legal in the state (the message lists the legal ones)."
);
create_exception!(
    mancala,
    GameOverError,
    MancalaError,
    "An action, search or hint asked for in a state whose game is over."
);
create_exception!(
    mancala,
    DatabaseError,
    MancalaError,
    "No perfect-play database answers: the game has none, or a level is missing or damaged."
);

/// The most characters of a message (what it repeats of a huge argument is cut).
const MAX_MESSAGE: usize = 2000;

fn message(text: impl std::fmt::Display) -> String {
    mancala_core::text::excerpt(&text.to_string(), MAX_MESSAGE).into_owned()
}

pub(crate) fn unknown_game(e: impl std::fmt::Display) -> PyErr {
    UnknownGameError::new_err(message(e))
}

pub(crate) fn position(e: impl std::fmt::Display) -> PyErr {
    PositionError::new_err(message(e))
}

pub(crate) fn illegal(msg: impl Into<String>) -> PyErr {
    IllegalActionError::new_err(message(msg.into()))
}

pub(crate) fn game_over(msg: impl Into<String>) -> PyErr {
    GameOverError::new_err(message(msg.into()))
}

pub(crate) fn database(e: impl std::fmt::Display) -> PyErr {
    DatabaseError::new_err(message(e))
}
