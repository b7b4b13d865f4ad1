//! Helpers shared by the subcommands: loading rules and positions with clear errors.

use anyhow::Context;
use mancala_core::{GameSpec, LoadError, Position, Rules, RulesSource, load_rules as load};
use std::path::Path;

/// The rules of `game`, or of the rules file `file` when given (the core's loader; the
/// solitaires refused).
pub fn load_rules(game: &str, file: Option<&Path>) -> anyhow::Result<Rules> {
    let solitaires = &mancala_solitaire::Solitaire::IDS;
    if let Some(path) = file {
        let ctx = || format!("rules file {}", path.display());
        let text = read_input(path).with_context(ctx)?;
        return load(RulesSource::File(&text), solitaires).with_context(ctx);
    }
    let spec: GameSpec = game.parse()?;
    load(RulesSource::Spec(&spec), solitaires).map_err(|e| match e {
        LoadError::Solitaire(_) => {
            anyhow::anyhow!("{e} (see `mancala cycle` and `mancala play`)")
        }
        e => e.into(),
    })
}

/// `text` parsed as a position of `rules`, or the start position.
pub fn start_position(rules: &Rules, text: Option<&str>) -> anyhow::Result<Position> {
    match text {
        None => Ok(rules.start()),
        Some(t) => Ok(rules.parse_position(t)?),
    }
}

/// Today's date as `YYYY.MM.DD` (UTC, as the web app's records), for records' Date tag.
pub fn today() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    mancala_core::record::date_tag(now)
}

/// The most a file named as input (a record, a rules file) may hold: far above any real one, and
/// a stop for `/dev/zero`.
const MAX_INPUT: u64 = 64 << 20;

/// The text of a file the user named as input. A pipe is read too (`--ogn /dev/stdin`, a FIFO,
/// `<(...)`): the user asked for it, as a command reads its standard input; only the files a
/// command finds by name (database levels) must be regular files.
pub fn read_input(path: &Path) -> anyhow::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        anyhow::bail!("is larger than {} MiB", MAX_INPUT >> 20);
    }
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("is not UTF-8 text"))
}

/// Writes `text` to `path` atomically (the solver's writer: a temporary file beside it, synced,
/// renamed, the folder synced), so that a crash never leaves a half-written file in place of a
/// good one. Only a new path or a regular file is written: anything else there (a FIFO, a
/// device, a link, a directory) is refused by name, and a write error is reported.
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    if path.file_name().is_none() {
        anyhow::bail!("{}: not a file name", path.display());
    }
    mancala_solver::file::write_atomically(path, text.as_bytes()).map_err(|e| {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        match dir {
            Some(d) if e.kind() == std::io::ErrorKind::NotFound && !d.exists() => {
                anyhow::anyhow!(
                    "{}: the folder {} does not exist",
                    path.display(),
                    d.display()
                )
            }
            _ => anyhow::anyhow!("{}: {e}", path.display()),
        }
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
