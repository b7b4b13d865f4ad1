//! Helpers shared by the subcommands: loading rules and positions with clear errors.

use anyhow::Context;
use mancala_core::{GameSpec, Position, Rules, parse_rules_toml, rules_for};
use mancala_search::Oracle;
use mancala_solver::{Database, DbError, default_data_dir};
use std::path::Path;
use std::sync::Arc;

/// The rules of `game`, or of the rules file `file` when given.
pub fn load_rules(game: &str, file: Option<&Path>) -> anyhow::Result<Rules> {
    if let Some(path) = file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("rules file {}", path.display()))?;
        let r =
            parse_rules_toml(&text).with_context(|| format!("rules file {}", path.display()))?;
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

/// Today's date as `YYYY.MM.DD` (local time), for records' Date tag.
pub fn today() -> String {
    chrono::Local::now().format("%Y.%m.%d").to_string()
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so that a
/// crash never leaves a half-written file in place of a good one.
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let tmp = beside(path, "tmp")?;
    std::fs::write(&tmp, text).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("writing {}", path.display()))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
}

/// A hidden file in the folder of `path`, named after it, `tag` and this process:
/// `.NAME.TAGPID`.
pub fn beside(path: &Path, tag: &str) -> anyhow::Result<std::path::PathBuf> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| anyhow::anyhow!("{}: not a file name", path.display()))?;
    Ok(dir.join(format!(
        ".{}.{tag}{}",
        name.to_string_lossy(),
        std::process::id()
    )))
}

/// The perfect-play databases as the engine sees them: only the levels (stone counts) whose
/// files are present and sound are asked, so a missing file costs nothing in the search.
pub struct DbOracle {
    db: Database,
    present: Vec<bool>,
}

/// A level whose file is there but cannot be used (the search plays on without it).
pub struct DamagedLevel {
    pub level: u32,
    /// What is wrong and how to rebuild it.
    pub why: String,
}

impl DbOracle {
    /// `None` when the game has no database or no level of it is built; with the levels
    /// that are there but damaged.
    fn open(dir: &Path, rules: &Rules) -> (Option<DbOracle>, Vec<DamagedLevel>) {
        let Ok(db) = Database::open(dir, rules) else {
            return (None, Vec::new());
        };
        let mut damaged = Vec::new();
        let present: Vec<bool> = (0..=rules.total_seeds())
            .map(|b| match db.level(b) {
                Ok(_) => true,
                // (Levels of the wrong parity have no file and are not damaged.)
                Err(e @ (DbError::Corrupt { .. } | DbError::Io(_)))
                    if db.level_path(b).exists() =>
                {
                    damaged.push(DamagedLevel {
                        level: b,
                        why: e.to_string(),
                    });
                    false
                }
                Err(_) => false,
            })
            .collect();
        let oracle = present
            .iter()
            .any(|&p| p)
            .then_some(DbOracle { db, present });
        (oracle, damaged)
    }
}

impl Oracle for DbOracle {
    fn probe(&self, pos: &Position) -> Option<i32> {
        if !self
            .present
            .get(pos.board_total() as usize)
            .copied()
            .unwrap_or(false)
        {
            return None;
        }
        self.db.probe(pos).map(|v| v.final_difference(pos))
    }
}

/// The perfect-play databases under `dir` (default: as for `mancala solve`) as an oracle for
/// the search; `None` when none of `rules`' levels is built.
pub fn db_oracle(dir: Option<&Path>, rules: &Rules) -> Option<Arc<dyn Oracle>> {
    db_oracle_checked(dir, rules).0
}

/// [`db_oracle`], with the levels whose files are there but damaged (left out of the oracle).
pub fn db_oracle_checked(
    dir: Option<&Path>,
    rules: &Rules,
) -> (Option<Arc<dyn Oracle>>, Vec<DamagedLevel>) {
    let dir = dir.map_or_else(default_data_dir, Path::to_path_buf);
    let (oracle, damaged) = DbOracle::open(&dir, rules);
    (oracle.map(|o| Arc::new(o) as Arc<dyn Oracle>), damaged)
}
