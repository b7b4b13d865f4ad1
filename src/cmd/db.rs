//! `mancala db`: builds and lists the perfect-play databases (retrograde analysis).

use super::common::load_rules;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use mancala_search::alphabeta::MAX_THREADS;
use mancala_solver::db::verify_file;
use mancala_solver::file::FileError;
use mancala_solver::{BuildProgress, Database, LevelStats, default_data_dir, list_files};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Args)]
pub struct DbArgs {
    #[command(subcommand)]
    pub command: DbCommand,
}

#[derive(Subcommand)]
pub enum DbCommand {
    /// Build the databases of a game, level by level (resumable: built levels are kept).
    Build(BuildArgs),
    /// List the database files in the data directory.
    Info(InfoArgs),
}

#[derive(Args)]
pub struct BuildArgs {
    /// Game id: `modiar`, `mangala-ii`, `kalah` or `oware` (parameters as in `kalah:pits=4,seeds=3`).
    pub game: String,
    /// Build the levels up to this many stones on the board (default: every level).
    #[arg(long, value_name = "N")]
    pub max_stones: Option<u32>,
    /// Directory of the databases (default: $MANCALA_DATA, else $XDG_DATA_HOME/mancala, else ~/.local/share/mancala).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Worker threads (default: one per core; at most 256, as for the searches).
    #[arg(long, value_parser = super::common::u64_in(1..=MAX_THREADS as i64))]
    pub threads: Option<u64>,
    /// Memory the build may use, in MiB (default: 90% of the available memory).
    #[arg(long, value_name = "MIB", value_parser = super::common::u64_in(1..=MAX_MEMORY_MIB as i64))]
    pub memory_mib: Option<u64>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Build as one rank of an MPI job started by `mpirun -n P mancala db build ... --mpi`: the
    /// boards of each level split between the ranks, rank 0 reading and writing the files (the
    /// same files as without --mpi). --threads and --memory-mib are per rank. Needs a build
    /// with `--features mpi`.
    #[arg(long)]
    pub mpi: bool,
    /// With --mpi: seconds of work at least between two checkpoints of a level under way, from
    /// which a job started again resumes (0: after the forward pass and every threshold).
    #[arg(long, value_name = "SECS", default_value_t = 60, requires = "mpi")]
    pub checkpoint_secs: u64,
    /// With --mpi: stop at the first checkpoint after this many seconds (for batch queues with
    /// a time limit); the same command started again resumes there.
    #[arg(long, value_name = "SECS", requires = "mpi")]
    pub time_limit: Option<u64>,
}

#[derive(Args)]
pub struct InfoArgs {
    /// Directory of the databases (default: $MANCALA_DATA, else $XDG_DATA_HOME/mancala, else ~/.local/share/mancala).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Read every file whole and check it as the commands using it do: its data checksum and
    /// values, and that it holds the level of its name for the game of its directory (exit
    /// status 1 when a file is damaged; `mancala db build` rebuilds damaged levels).
    #[arg(long)]
    pub verify: bool,
}

/// Largest --memory-mib: 1 PiB, far beyond any machine, and its bytes still fit in 64 bits.
pub(crate) const MAX_MEMORY_MIB: u64 = 1 << 30;

pub fn run(args: DbArgs) -> anyhow::Result<()> {
    match args.command {
        DbCommand::Build(a) => build(a),
        DbCommand::Info(a) => info(a),
    }
}

/// Available memory from /proc/meminfo, if the system says.
pub(crate) fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// A progress bar per level on a terminal, one line per level in any case (on stderr).
pub(crate) struct Bars {
    bar: Mutex<Option<ProgressBar>>,
    tty: bool,
}

impl Bars {
    /// Bars when stderr is a terminal (hidden otherwise), lines in any case.
    pub(crate) fn new() -> Bars {
        Bars {
            bar: Mutex::new(None),
            tty: std::io::stderr().is_terminal(),
        }
    }
}

impl BuildProgress for Bars {
    fn start(&self, level: u32, boards: u64) {
        if self.tty {
            // Two work units a board (the forward pass and the propagation), shown as boards.
            let bar = ProgressBar::new(2 * boards);
            bar.set_style(
                ProgressStyle::with_template(
                    "level {msg:>3} [{bar:40}] {percent:>3}% {per_sec} {elapsed_precise} left {eta}",
                )
                .expect("a valid template")
                .with_key(
                    "per_sec",
                    |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.2} M boards/s", s.per_sec() / 2e6);
                    },
                )
                .progress_chars("=> "),
            );
            bar.set_message(format!("{level}"));
            *self.bar.lock().unwrap() = Some(bar);
        }
    }
    fn advance(&self, done: u64, total: u64) {
        if let Some(bar) = self.bar.lock().unwrap().as_ref() {
            bar.set_length(total);
            bar.set_position(done);
        }
    }
    fn done(&self, level: u32, boards: u64, stats: Option<&LevelStats>, seconds: f64) {
        if let Some(bar) = self.bar.lock().unwrap().take() {
            bar.finish_and_clear();
        }
        match stats {
            Some(s) => {
                let rate = if seconds > 0.0 {
                    boards as f64 / seconds
                } else {
                    0.0
                };
                let open = if s.inexact > 0 {
                    format!(
                        "; {} values not exact, {} of them with the outcome open",
                        s.inexact, s.undecided
                    )
                } else {
                    String::new()
                };
                eprintln!(
                    "level {level:>3}: {boards} boards built in {seconds:.2} s ({rate:.0} boards/s): {} won, {} drawn, {} lost by the side to move{open}",
                    s.wins, s.draws, s.losses
                );
            }
            None => eprintln!("level {level:>3}: {boards} boards, already built"),
        }
    }
    fn replacing(&self, level: u32, why: &str) {
        eprintln!("level {level:>3}: rebuilding ({why})");
    }
    fn imported(&self, level: u32, boards: u64, from: &std::path::Path) {
        eprintln!(
            "level {level:>3}: {boards} boards, copied from {} (the same board with other seeds)",
            from.display()
        );
    }
}

fn build(a: BuildArgs) -> anyhow::Result<()> {
    let rules = load_rules(&a.game, a.rules.as_deref())?;
    let total = rules.total_seeds();
    let max = a.max_stones.unwrap_or(total);
    if max > total {
        anyhow::bail!(
            "--max-stones {max}: {} has only {total} stones",
            rules.name()
        );
    }
    let dir = a.data_dir.clone().unwrap_or_else(default_data_dir);
    let db = Database::open(&dir, &rules)?;
    let limit = a
        .memory_mib
        .map(|m| m * (1 << 20))
        .or_else(|| available_memory().map(|b| b / 10 * 9));
    if a.mpi {
        return build_mpi(&a, &db, max, limit);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0) as usize)
        .build()?;
    let bars = Bars::new();
    let t0 = std::time::Instant::now();
    let report = pool.install(|| db.build(max, limit, &bars))?;
    let secs = t0.elapsed().as_secs_f64();
    let boards: u64 = report.built.iter().map(|&(_, n, _)| n).sum();
    let rate = if secs > 0.0 {
        boards as f64 / secs
    } else {
        0.0
    };
    println!(
        "{}: levels 0-{max} in {}: {} built ({boards} boards in {secs:.2} s, {rate:.0} boards/s), {} already built",
        rules.name(),
        db.dir().display(),
        report.built.len(),
        report.kept.len()
    );
    Ok(())
}

fn info(a: InfoArgs) -> anyhow::Result<()> {
    let dir = a.data_dir.unwrap_or_else(default_data_dir);
    match std::fs::metadata(&dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => anyhow::bail!("data directory {}: not a directory", dir.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
            "data directory {}: it does not exist (`mancala db build <game>` makes it)",
            dir.display()
        ),
        Err(e) => anyhow::bail!("data directory {}: {e}", dir.display()),
    }
    let files =
        list_files(&dir).map_err(|e| anyhow::anyhow!("data directory {}: {e}", dir.display()))?;
    let mut total = 0u64;
    let mut damaged = 0;
    for f in &files {
        total += f.bytes;
        let check = match (&f.header, a.verify) {
            // Checked against its name, its directory's game and its own contents, as the
            // commands that use it check it.
            (Ok(_), true) => match verify_file(&f.path) {
                Ok(_) => "  sound".to_string(),
                Err(e) => {
                    damaged += 1;
                    format!("  DAMAGED: {}", why_of(&e))
                }
            },
            (Err(_), true) => {
                damaged += 1;
                String::new()
            }
            (_, false) => String::new(),
        };
        match &f.header {
            Ok(h) => println!(
                "{}  game {} level {} entries {} bytes {}{check}",
                f.path.display(),
                h.game,
                h.level,
                h.entries,
                f.bytes
            ),
            Err(why) => println!("{}  unreadable: {why}", f.path.display()),
        }
    }
    let verdict = match (a.verify, damaged) {
        (false, _) => String::new(),
        (true, 0) => ", all sound".to_string(),
        (true, n) => format!(", {n} damaged (`mancala db build <game>` rebuilds them)"),
    };
    println!(
        "{} database files, {total} bytes, in {}{verdict}",
        files.len(),
        dir.display()
    );
    if damaged > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// What is wrong with a file, without its path (the line already names it).
fn why_of(e: &FileError) -> String {
    match e {
        FileError::Corrupt { why, .. } => why.clone(),
        FileError::Missing { .. } => "gone while being read".into(),
        FileError::Io { error, .. } => error.to_string(),
    }
}

#[cfg(not(feature = "mpi"))]
fn build_mpi(_: &BuildArgs, _: &Database, _: u32, _: Option<u64>) -> anyhow::Result<()> {
    anyhow::bail!(
        "--mpi: this mancala was built without MPI; build it with `cargo build --release --features mpi` (Open MPI and libclang needed: see docs/solver.md)"
    )
}

/// One rank of an MPI build: rank 0 shows the progress and writes the files.
#[cfg(feature = "mpi")]
fn build_mpi(a: &BuildArgs, db: &Database, max: u32, limit: Option<u64>) -> anyhow::Result<()> {
    use mancala_solver::dist::{Comm, DistOptions};
    // MPI is called from this thread only; the work runs on the global pool in between.
    rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0) as usize)
        .build_global()?;
    let comm = mancala_solver::mpi::MpiComm::init()
        .ok_or_else(|| anyhow::anyhow!("--mpi: MPI could not be initialised"))?;
    let root = comm.rank() == 0;
    let options = DistOptions {
        checkpoint_secs: a.checkpoint_secs as f64,
        stop_after_secs: a.time_limit.map(|s| s as f64),
    };
    let bars = Bars::new();
    let quiet = ();
    let progress: &dyn BuildProgress = if root { &bars } else { &quiet };
    let t0 = std::time::Instant::now();
    let report = db.build_distributed(&comm, max, limit, progress, &options);
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            // Every rank has the same error: rank 0 says it, and no rank leaves before it has
            // (mpirun ends the job when the first rank exits with an error).
            if root {
                eprintln!("error: {e}");
            }
            comm.sum(&mut [0]);
            drop(comm);
            std::process::exit(2);
        }
    };
    if !root {
        return Ok(());
    }
    for (b, threshold) in &report.resumed {
        eprintln!("level {b:>3}: resumed from its checkpoint (after threshold {threshold})");
    }
    for &(b, bytes) in report.traffic.iter().filter(|_| comm.size() > 1) {
        let boards = db.indexer().level_size(b);
        eprintln!(
            "level {b:>3}: {bytes} bytes sent between {} ranks ({:.2} a board)",
            comm.size(),
            bytes as f64 / boards as f64
        );
    }
    let secs = t0.elapsed().as_secs_f64();
    let boards: u64 = report.build.built.iter().map(|&(_, n, _)| n).sum();
    if let Some((b, threshold)) = report.stopped {
        println!(
            "{}: stopped at the time limit, level {b} checkpointed after threshold {threshold}; run the same command again to resume",
            db.game().rules().name()
        );
        return Ok(());
    }
    println!(
        "{}: levels 0-{max} in {}: {} built by {} ({boards} boards in {secs:.2} s, {:.0} boards/s), {} already built",
        db.game().rules().name(),
        db.dir().display(),
        report.build.built.len(),
        match comm.size() {
            1 => "1 rank".to_string(),
            n => format!("{n} ranks"),
        },
        if secs > 0.0 {
            boards as f64 / secs
        } else {
            0.0
        },
        report.build.kept.len()
    );
    Ok(())
}
