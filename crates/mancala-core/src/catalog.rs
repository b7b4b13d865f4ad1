//! The built-in games: one TOML file each under `rules/`, embedded in the binary, and the
//! lookup from a game specification (`mangala-ii`, `modiar:seeds=5`) or a user's rules file.

use crate::rules::Rules;
use crate::ruleset::Ruleset;
use crate::spec::{GameSpec, SpecError};

/// The TOML source of each built-in two-row game, by id.
pub const BUILTIN_RULES: &[(&str, &str)] = &[
    ("modiar", include_str!("../rules/modiar.toml")),
    ("mangala-ii", include_str!("../rules/mangala-ii.toml")),
    ("oware", include_str!("../rules/oware.toml")),
    ("kalah", include_str!("../rules/kalah.toml")),
];

/// A rules file that cannot be used, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesFileError {
    #[error("rules file: {0}")]
    Toml(String),
    #[error(transparent)]
    Invalid(#[from] crate::ruleset::RulesetError),
}

/// Reads a ruleset from TOML text and checks it.
pub fn parse_rules_toml(text: &str) -> Result<Ruleset, RulesFileError> {
    let r: Ruleset =
        toml::from_str(text).map_err(|e| RulesFileError::Toml(toml_error(text, &e)))?;
    r.validate()?;
    Ok(r)
}

/// Where a two-player game's rules come from: a game specification (`modiar:seeds=5`) or the
/// text of a rules file (TOML).
#[derive(Clone, Copy, Debug)]
pub enum RulesSource<'a> {
    Spec(&'a GameSpec),
    File(&'a str),
}

/// Rules that cannot be loaded, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A solitaire's id: it has no two-player rules.
    #[error("game '{0}' is a solitaire, not a two-player game")]
    Solitaire(String),
    #[error(transparent)]
    File(#[from] RulesFileError),
}

/// The one loader of a two-player game's rules, for every front end: a game specification's
/// (its parameters checked), or a rules file's (parsed and checked). A specification naming
/// one of `solitaires` (their ids: the solitaires are not the core's) is refused as a solitaire.
pub fn load_rules(source: RulesSource<'_>, solitaires: &[&str]) -> Result<Rules, LoadError> {
    match source {
        RulesSource::Spec(spec) if solitaires.contains(&spec.id.as_str()) => {
            Err(LoadError::Solitaire(spec.id.clone()))
        }
        RulesSource::Spec(spec) => Ok(rules_for(spec)?),
        RulesSource::File(text) => {
            let ruleset = parse_rules_toml(text)?;
            Ok(Rules::new(ruleset).map_err(RulesFileError::from)?)
        }
    }
}

/// A TOML error on one line: where (line, table, the line's text) and what.
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let msg = crate::text::excerpt(e.message().trim(), 300).replace('\n', " ");
    let Some(span) = e.span() else { return msg };
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    let before = &text[..start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| format!(" in {}", crate::text::excerpt(l, 120)))
        .unwrap_or_default();
    let line_no = before.matches('\n').count() + 1;
    let first = text[line_start..].lines().next().unwrap_or("").trim();
    let header = first.starts_with('[') && first.ends_with(']');
    if text[start..end].contains('\n') && (start == 0 || header) {
        // The error is about a whole table (a missing parameter): no single line to show.
        return if table.is_empty() {
            msg
        } else {
            format!("{}: {msg}", table.trim_start())
        };
    }
    let line = first;
    let table = if line.starts_with('[') {
        String::new()
    } else {
        table
    };
    let line = crate::text::excerpt(line, 120);
    format!("line {line_no}{table}: `{line}`: {msg}")
}

/// Writes a ruleset as TOML.
pub fn rules_to_toml(r: &Ruleset) -> String {
    toml::to_string(r).expect("a ruleset always serialises")
}

/// The built-in ruleset with this id.
pub fn builtin(id: &str) -> Option<Ruleset> {
    BUILTIN_RULES
        .iter()
        .find(|(k, _)| *k == id)
        .map(|(_, text)| parse_rules_toml(text).expect("built-in rules are valid"))
}

/// The TOML file of the built-in game `id` as shipped, with its comments (what
/// `mancala rules --export` should print for an unresized game).
pub fn builtin_source(id: &str) -> Option<&'static str> {
    BUILTIN_RULES
        .iter()
        .find(|(k, _)| *k == id)
        .map(|(_, text)| *text)
}

/// Ids of the built-in two-row games.
pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
    BUILTIN_RULES.iter().map(|(k, _)| *k)
}

/// The game specification that gives exactly these rules (`modiar`, `mangala-ii:pits=4`): a
/// built-in game, resized or not. `None` for any other ruleset (a user's rules file), which a
/// specification cannot name.
pub fn spec_of(r: &Ruleset) -> Option<GameSpec> {
    let base = builtin(&r.id)?;
    let mut params = Vec::new();
    if r.pits != base.pits {
        params.push(("pits".to_string(), r.pits.to_string()));
    }
    if r.seeds != base.seeds {
        params.push(("seeds".to_string(), r.seeds.to_string()));
    }
    let same = base.resized(r.pits, r.seeds).is_ok_and(|b| b == *r);
    same.then(|| GameSpec {
        id: r.id.clone(),
        params,
    })
}

/// The rules of a two-row game named by `spec` (parameters `pits` and `seeds` resize the board).
pub fn rules_for(spec: &GameSpec) -> Result<Rules, SpecError> {
    let base = builtin(&spec.id).ok_or_else(|| SpecError::UnknownGame(spec.id.clone()))?;
    spec.check_keys(&["pits", "seeds"])?;
    let pits = spec.get_u32("pits", base.pits as u32, 1, crate::ruleset::MAX_ROW as u32)?;
    // The most seeds a pit can hold at the start: the board holds at most MAX_SEEDS.
    let most = crate::ruleset::MAX_SEEDS / (2 * pits);
    let seeds = spec.get_u32("seeds", base.seeds as u32, 1, most)?;
    let (pits, seeds) = (pits as u8, seeds as u8);
    let r = if (pits, seeds) == (base.pits, base.seeds) {
        base
    } else {
        base.resized(pits, seeds).map_err(|e| SpecError::BadValue {
            key: e.param.into(),
            value: match e.param {
                "pits" => pits.to_string(),
                "seeds" => seeds.to_string(),
                _ => spec.to_string(),
            },
            why: e.why,
        })?
    };
    Ok(Rules::new(r).expect("validated above"))
}
