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
        let rules = load(RulesSource::File(&text), solitaires).with_context(ctx)?;
        // GAME names the file's game, or the built-in game it is a variant of (`kalah` for
        // `kalah-6-6`), or is any label; another built-in game would be answered for a game
        // the user did not ask about.
        let own = &rules.ruleset().id;
        let of_family =
            |id: &str| own == id || own.strip_prefix(id).is_some_and(|r| r.starts_with('-'));
        if let Ok(spec) = game.parse::<GameSpec>()
            && mancala_core::builtin(&spec.id).is_some()
            && !of_family(&spec.id)
        {
            anyhow::bail!(
                "{game} and the rules file {} (game '{own}') are two games: name the file's game, or leave out --rules",
                path.display()
            );
        }
        return Ok(rules);
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
        let missing = (e.kind() == std::io::ErrorKind::NotFound)
            .then(|| missing_folder(path))
            .flatten();
        missing.unwrap_or_else(|| anyhow::anyhow!("{}: {e}", path.display()))
    })
}

/// The error for `path` when the folder it is in does not exist.
fn missing_folder(path: &Path) -> Option<anyhow::Error> {
    let d = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    (!d.is_dir()).then(|| {
        anyhow::anyhow!(
            "{}: the folder {} does not exist",
            path.display(),
            d.display()
        )
    })
}

/// Writes a record made by a command (`--write-ogn`) to `path`, as [`write_atomically`], but
/// only to a new path: a record file there may hold games of their own (the very file the
/// game was read from, a match's), which a new record would replace. `flag` names the option.
pub fn write_new_record(path: &Path, text: &str, flag: &str) -> anyhow::Result<()> {
    check_new_record(path, flag)?;
    write_atomically(path, text)
}

/// Whether [`write_atomically`] could write `path`, checked before a command's work (which may
/// take hours) rather than after it: a file name, nothing there but a regular file, and a
/// folder that exists.
pub fn check_output(path: &Path) -> anyhow::Result<()> {
    if path.file_name().is_none() {
        anyhow::bail!("{}: not a file name", path.display());
    }
    mancala_solver::file::check_writable_target(path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    missing_folder(path).map_or(Ok(()), Err)
}

/// An error if `path` exists: checked before a command's work as well as at the write.
pub fn check_new_record(path: &Path, flag: &str) -> anyhow::Result<()> {
    // What is there is named first (a FIFO, a link, a directory), as every writer does.
    check_output(path).map_err(|e| anyhow::anyhow!("{flag} {e}"))?;
    if std::fs::symlink_metadata(path).is_ok() {
        anyhow::bail!(
            "{flag} {}: the file exists already; give a new file name",
            path.display()
        );
    }
    Ok(())
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

/// The longest time a move a search may be given, in milliseconds: a day.
pub const MAX_TIME_MS: i64 = 86_400_000;

/// The parser of a flag that takes a whole number of `u64` in `range`: a negative number is read
/// as a number and told the range (`-2 is not in 1..=256`), where clap's own parser for `u64`
/// would call it an invalid digit.
pub fn u64_in(range: impl std::ops::RangeBounds<i64>) -> clap::builder::RangedI64ValueParser<u64> {
    clap::builder::RangedI64ValueParser::new().range(range)
}
