//! What the statements written once for both stores are made of: values, and the steps of a
//! transaction (see [`super::accounts`]).

/// The channel the servers tell each other of changes on (PostgreSQL); the payload is the key of
/// [`super::game_key`], [`super::room_key`] or [`super::LOBBY_KEY`].
pub const CHANNEL: &str = "mancala_changes";

/// A value passed to or read from a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Text(String),
    Int(i64),
    Real(f64),
    Null,
}

impl Val {
    pub fn text(&self) -> String {
        match self {
            Val::Text(s) => s.clone(),
            Val::Int(i) => i.to_string(),
            Val::Real(r) => r.to_string(),
            Val::Null => String::new(),
        }
    }

    pub fn int(&self) -> i64 {
        match self {
            Val::Int(i) => *i,
            Val::Real(r) => *r as i64,
            Val::Text(s) => s.parse().unwrap_or(0),
            Val::Null => 0,
        }
    }

    pub fn real(&self) -> Option<f64> {
        match self {
            Val::Real(r) => Some(*r),
            Val::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
}

impl From<&str> for Val {
    fn from(s: &str) -> Val {
        Val::Text(s.to_string())
    }
}
impl From<String> for Val {
    fn from(s: String) -> Val {
        Val::Text(s)
    }
}
impl From<&String> for Val {
    fn from(s: &String) -> Val {
        Val::Text(s.clone())
    }
}
impl From<i64> for Val {
    fn from(i: i64) -> Val {
        Val::Int(i)
    }
}
impl From<f64> for Val {
    fn from(r: f64) -> Val {
        Val::Real(r)
    }
}
impl From<Option<String>> for Val {
    fn from(s: Option<String>) -> Val {
        s.map_or(Val::Null, Val::Text)
    }
}

/// One statement of a [`Store::batch`]: its text, its values, and the rows it must return
/// (through `RETURNING`) for the transaction to go on.
#[derive(Clone, Debug)]
pub struct Step {
    pub sql: String,
    pub params: Vec<Val>,
    pub expect: Option<usize>,
}

impl Step {
    pub fn new(sql: impl Into<String>, params: Vec<Val>, expect: Option<usize>) -> Step {
        Step {
            sql: sql.into(),
            params,
            expect,
        }
    }
}
