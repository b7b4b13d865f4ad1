//! Helpers shared by the subcommands: loading rules and positions with clear errors.

use anyhow::Context;
use mancala_core::{GameSpec, Position, Rules, parse_rules_toml, rules_for};
use std::path::Path;

/// The rules of `game`, or of the rules file `file` when given.
pub fn load_rules(game: &str, file: Option<&Path>) -> anyhow::Result<Rules> {
    if let Some(path) = file {
        let text = std::fs::read_to_string(path).with_context(|| format!("rules file {}", path.display()))?;
        let r = parse_rules_toml(&text).with_context(|| format!("rules file {}", path.display()))?;
        return Ok(Rules::new(r)?);
    }
    let spec: GameSpec = game.parse()?;
    Ok(rules_for(&spec)?)
}

/// `text` parsed as a position of `rules`, or the start position.
pub fn start_position(rules: &Rules, text: Option<&str>) -> anyhow::Result<Position> {
    match text {
        None => Ok(rules.start()),
        Some(t) => Ok(rules.parse_position(t)?),
    }
}
