//! Game specifications as written on the command line: `id` or `id:key=value,...`
//! (NOTATION.md), e.g. `el-mirall:pits=5,seeds=3`.

use std::fmt;
use std::str::FromStr;

/// A game id with its parameters, unchecked: each game decides which keys it knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub id: String,
    pub params: Vec<(String, String)>,
}

/// What is wrong with a game specification or one of its parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("empty game id")]
    EmptyId,
    #[error("game spec must start with a game id (id:key=value,...), not '{}'", crate::text::quoted(.0))]
    NoId(String),
    #[error("game parameter '{}' is not of the form key=value", crate::text::quoted(.0))]
    Malformed(String),
    #[error("game parameter '{}' is given twice", crate::text::quoted(.0))]
    Duplicate(String),
    #[error("unknown game '{}' (try `mancala games`)", crate::text::quoted(.0))]
    UnknownGame(String),
    #[error("game '{game}' has no parameter '{}' (it takes: {known})", crate::text::quoted(.key))]
    UnknownParam {
        game: String,
        key: String,
        known: String,
    },
    #[error("game parameter {key}={}: {why}", crate::text::quoted(.value))]
    BadValue {
        key: String,
        value: String,
        why: String,
    },
}

impl GameSpec {
    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Refuses any parameter outside `known`.
    pub fn check_keys(&self, known: &[&str]) -> Result<(), SpecError> {
        for (k, _) in &self.params {
            if !known.contains(&k.as_str()) {
                return Err(SpecError::UnknownParam {
                    game: self.id.clone(),
                    key: k.clone(),
                    known: if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    },
                });
            }
        }
        Ok(())
    }

    /// An integer parameter in `lo..=hi`, or `default` when absent.
    pub fn get_u32(&self, key: &str, default: u32, lo: u32, hi: u32) -> Result<u32, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => {
                let bad = |why: String| SpecError::BadValue {
                    key: key.into(),
                    value: v.into(),
                    why,
                };
                let n: u32 = v.parse().map_err(|_| {
                    if !v.is_empty() && v.bytes().all(|c| c.is_ascii_digit()) {
                        bad(format!("too large: must be from {lo} to {hi}"))
                    } else {
                        bad("not a whole number".into())
                    }
                })?;
                if n < lo || n > hi {
                    return Err(bad(format!("must be from {lo} to {hi}")));
                }
                Ok(n)
            }
        }
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        let s = s.trim();
        let (id, rest) = match s.split_once(':') {
            Some((id, rest)) => (id, Some(rest)),
            None => (s, None),
        };
        if id.is_empty() {
            return Err(SpecError::EmptyId);
        }
        if id.contains('=') {
            return Err(SpecError::NoId(id.to_string()));
        }
        let mut params: Vec<(String, String)> = Vec::new();
        if let Some(rest) = rest {
            for part in rest.split(',') {
                let (k, v) = part
                    .split_once('=')
                    .filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
                    .ok_or_else(|| SpecError::Malformed(part.to_string()))?;
                let (k, v) = (k.trim().to_string(), v.trim().to_string());
                // A second spec pasted into a value (`seeds=oware:pits=8`): name the value
                // alone, not the rest.
                if let Some((value, rest)) = v.split_once(':') {
                    return Err(SpecError::BadValue {
                        key: k,
                        value: value.to_string(),
                        why: format!("':{rest}' follows it; a spec has one ':' (id:key=value,...)"),
                    });
                }
                if params.iter().any(|(q, _)| *q == k) {
                    return Err(SpecError::Duplicate(k));
                }
                params.push((k, v));
            }
        }
        Ok(GameSpec {
            id: id.to_ascii_lowercase(),
            params,
        })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)?;
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_id_and_params() {
        let s: GameSpec = "el-mirall:pits=5,seeds=3".parse().unwrap();
        assert_eq!(s.id, "el-mirall");
        assert_eq!(s.get("pits"), Some("5"));
        assert_eq!(s.get_u32("seeds", 4, 1, 10).unwrap(), 3);
        assert_eq!(s.to_string(), "el-mirall:pits=5,seeds=3");
        let plain: GameSpec = "modiar".parse().unwrap();
        assert!(plain.params.is_empty());
    }

    #[test]
    fn bad_values_are_named_alone() {
        let spec: GameSpec = "modiar:pits=99999999999".parse().unwrap();
        let e = spec.get_u32("pits", 3, 1, 12).unwrap_err().to_string();
        assert_eq!(
            e,
            "game parameter pits=99999999999: too large: must be from 1 to 12"
        );
        let e = "modiar:seeds=oware:pits=8,seeds=100"
            .parse::<GameSpec>()
            .unwrap_err();
        assert!(
            matches!(&e, SpecError::BadValue { key, value, .. } if key == "seeds" && value == "oware"),
            "{e}"
        );
        let e = "seeds=oware:pits=8,seeds=100"
            .parse::<GameSpec>()
            .unwrap_err();
        assert_eq!(e, SpecError::NoId("seeds=oware".into()));
    }

    #[test]
    fn rejects_malformed_params() {
        let kind = |t: &str| match t.parse::<GameSpec>() {
            Err(SpecError::Malformed(_)) => "malformed",
            Err(SpecError::Duplicate(_)) => "duplicate",
            Err(SpecError::EmptyId) => "empty id",
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(kind("x:pits"), "malformed");
        assert_eq!(kind("x:a=1,a=2"), "duplicate");
        assert_eq!(kind(":a=1"), "empty id");
        let s: GameSpec = "x:pits=0".parse().unwrap();
        assert!(s.get_u32("pits", 4, 1, 10).is_err());
        assert!(s.check_keys(&["seeds"]).is_err());
    }
}
