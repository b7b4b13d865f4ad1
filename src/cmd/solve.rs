//! `mancala solve`: the perfect-play value of a position, read from the databases, or for a
//! stores game (Kalah) whose position's level is not built, found by an exact search whose
//! leaves are the levels that are (`mancala_solver::search`).

use super::common::{load_rules, start_position};
use clap::Args;
use mancala_core::{Position, Rules};
use mancala_solver::{
    Database, DbError, MoveValue, Search, SearchConfig, SearchProgress, default_data_dir,
};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct SolveArgs {
    /// Game id: `modiar`, `mangala-ii`, `kalah` or `oware` (parameters as in `kalah:pits=4,seeds=3`).
    pub game: String,
    /// The position (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// Print one JSON object: value, result, best, best_moves, moves.
    #[arg(long)]
    pub json: bool,
    /// Directory of the databases (default: $MANCALA_DATA, else $XDG_DATA_HOME/mancala, else ~/.local/share/mancala).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A rules file (TOML) to use instead of the built-in rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Solve the start position of every small size of the game (`mangala-ii`, `modiar`,
    /// `kalah` or `oware` resized to 1-6 pits a row and 1-8 seeds a pit), building what each
    /// needs (resumable: levels already built are kept), and print the table (Oware's sizes
    /// whose start value is not exact listed apart).
    #[arg(long, conflicts_with_all = ["position", "rules"])]
    pub table: bool,
    /// With --table: leave out the sizes that need more boards than this solved (levels built
    /// already, for the size or another of the same width, do not count).
    #[arg(
        long,
        value_name = "N",
        requires = "table",
        default_value_t = 500_000_000
    )]
    pub max_boards: u64,
    /// With --table: also write a plot of the value against the seeds a pit (SVG) to this file.
    #[arg(long, value_name = "FILE", requires = "table")]
    pub svg: Option<PathBuf>,
    /// With --table: memory the builds may use, in MiB (default: 90% of the available memory).
    #[arg(long, value_name = "MIB", requires = "table", value_parser = super::common::u64_in(1..=super::db::MAX_MEMORY_MIB as i64))]
    pub memory_mib: Option<u64>,
    /// With --table: worker threads of the builds (default: one per core; at most 256).
    #[arg(long, requires = "table", value_parser = super::common::u64_in(1..=mancala_search::alphabeta::MAX_THREADS as i64))]
    pub threads: Option<u64>,
    /// Solve by exact search (stores games: Kalah), the databases' levels built being its
    /// leaves, even when the databases hold the position (a position whose level is not built
    /// is searched without this flag).
    #[arg(long, conflicts_with = "table")]
    pub search: bool,
    /// Search, reading the databases only up to this many seeds in the pits (implies --search;
    /// so does --levels-from).
    #[arg(long, value_name = "SEEDS", conflicts_with = "table")]
    pub max_level: Option<u32>,
    /// With a search: read the databases of this game instead (the same game with other seeds a
    /// pit, `kalah` for `kalah:pits=6,seeds=5`: a level holds every board of its seeds).
    #[arg(long, value_name = "GAME", conflicts_with_all = ["table", "rules"])]
    pub levels_from: Option<String>,
    /// With a search: the transposition table's memory, in MiB (default: 1024, or half the
    /// memory available if that is less).
    #[arg(long, value_name = "MIB", conflicts_with = "table", value_parser = super::common::u64_in(1..=1 << 20))]
    pub table_mib: Option<u64>,
    /// With a search: the exact value of every move (else the best moves, the others bounded).
    #[arg(long, conflicts_with = "table")]
    pub every_move: bool,
    /// With a search: no progress reports on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    // A plot that could not be written is refused before the builds.
    if let Some(path) = &args.svg {
        super::common::check_output(path)?;
    }
    if args.table {
        return table(args);
    }

    let rules = load_rules(&args.game, args.rules.as_deref())?;
    let pos = start_position(&rules, args.position.as_deref())?;
    let dir = args.data_dir.clone().unwrap_or_else(default_data_dir);
    let db = Database::open(&dir, &rules)?;
    let stores = rules.ruleset().stores;
    if let Some(other) = &args.levels_from {
        let from = Database::open(&dir, &load_rules(other, None)?)?;
        return search(&args, &rules, &pos, &from);
    }
    if args.search || args.max_level.is_some() {
        return search(&args, &rules, &pos, &db);
    }
    let sol = match db.solve(&pos) {
        Ok(sol) => sol,
        // A level not built: a stores game is searched down to the levels that are.
        Err(DbError::Missing {
            level, spec, dir, ..
        }) if stores => {
            let missing = Missing {
                level,
                board: pos.board_total(),
                spec,
                dir,
            };
            return search_why(&args, &rules, &pos, &db, Some(missing));
        }
        Err(e) => return Err(e.into()),
    };
    // Where a repetition splits the board, a move after which the position solved can come
    // again is valued with that history (`mancala_search::perfect`).
    let oracle = &mut || mancala_search::oracle::db_oracle(Some(&dir), &rules);
    let game = mancala_core::Game::from_position(rules.clone(), pos);
    let sol = mancala_search::perfect::solution_with_history(&db, oracle, &game, sol)
        .map_err(anyhow::Error::msg)?;
    let best = sol.best.first().map(|m| m.to_string());
    if args.json {
        let moves: serde_json::Map<String, serde_json::Value> = sol
            .moves
            .iter()
            .map(|(m, v)| (m.to_string(), serde_json::json!(v)))
            .collect();
        let v = serde_json::json!({
            "value": sol.value,
            "result": sol.outcome.name(),
            "best": best,
            "best_moves": sol.best.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "moves": moves,
        });
        println!("{v}");
        return Ok(());
    }
    println!("{} {}, {} to move", rules.name(), pos, pos.side());
    for (m, v) in &sol.moves {
        println!("  {m}: {v:+}");
    }
    print_value(sol.value, sol.outcome, &sol.best);
    Ok(())
}

/// `mancala solve` by search: MTD(f) down to the levels built in `db`.
fn search(args: &SolveArgs, rules: &Rules, pos: &Position, db: &Database) -> anyhow::Result<()> {
    search_why(args, rules, pos, db, None)
}

/// A level a position's solution needs that is not built, and what builds the database.
struct Missing {
    level: u32,
    /// The seeds in the pits of the position (its own level).
    board: u32,
    /// The game as `mancala db build` takes it.
    spec: String,
    /// ` --data-dir D`, or empty for the default folder.
    dir: String,
}

/// Boards of the largest level a search's hint proposes to build: Kalah's level 22 (193.5
/// million boards, minutes on one core) makes the start of Kalah(6,4) a search of seconds.
const HINT_LEVEL_BOARDS: u64 = 200_000_000;

/// The level a search of a position of `level` seeds in the pits is told to build its
/// databases up to, for `db`: the largest up to `level` of at most [`HINT_LEVEL_BOARDS`].
fn hint_level(db: &Database, level: u32) -> u32 {
    (0..=level)
        .take_while(|&b| db.indexer().level_size(b) <= HINT_LEVEL_BOARDS)
        .last()
        .unwrap_or(0)
}

/// What `mancala solve` says on stderr before searching a position whose level is not built:
/// that it searches, and the command that builds what makes the search shorter: the levels
/// up to the position's own where it is small enough ([`hint_level`]; its value is then read,
/// not searched), else up to the largest level that is, while fewer are built.
fn missing_note(db: &Database, missing: &Missing, name: &str, read: Option<u32>) -> String {
    let Missing {
        level,
        board,
        spec,
        dir,
    } = missing;
    let mut note = format!(
        "level {level} (seeds in the pits) of {name} is not built: solving by search over the levels that are ({})",
        read.map_or("none".to_string(), |l| format!("0-{l}"))
    );
    let want = hint_level(db, *board);
    let max = if want >= db.game().total() {
        String::new()
    } else {
        format!(" --max-stones {want}")
    };
    if want == *board {
        note.push_str(&format!(
            "; build it with `mancala db build {spec}{max}{dir}` to read the value instead"
        ));
    } else if read.is_none_or(|l| l < want) {
        note.push_str(&format!(
            "; the search is shorter over more levels: build them with `mancala db build {spec}{max}{dir}`"
        ));
    }
    note
}

/// [`search`], saying first on stderr why (`missing`) once the search is sure to start.
fn search_why(
    args: &SolveArgs,
    rules: &Rules,
    pos: &Position,
    db: &Database,
    missing: Option<Missing>,
) -> anyhow::Result<()> {
    let free = super::db::available_memory();
    let table_mib = match (args.table_mib, free) {
        (Some(mib), Some(free)) if mib << 20 > free => anyhow::bail!(
            "a table of {mib} MiB is more than the {} MiB of memory available: ask for less with --table-mib",
            free >> 20
        ),
        (Some(mib), _) => mib,
        (None, Some(free)) => 1024.min(free >> 21).max(1),
        (None, None) => 1024,
    };
    let config = SearchConfig {
        table_bytes: table_mib << 20,
        max_level: args.max_level,
        every_move: args.every_move,
        report_every: (!args.quiet).then_some(Duration::from_secs(10)),
        ..SearchConfig::default()
    };
    let mut s = Search::new(rules, Some(db), &config)?;
    if let Some(missing) = missing.filter(|_| !args.quiet) {
        eprintln!("{}", missing_note(db, &missing, rules.name(), s.db_level()));
    }
    if !args.quiet {
        eprintln!(
            "searching {} {pos}: databases read up to level {}, table {} MiB",
            rules.name(),
            s.db_level().map_or("none".to_string(), |l| l.to_string()),
            table_mib
        );
        s.on_progress(|p: &SearchProgress| {
            let at = match p.tested {
                Some(t) => format!(", testing >= {t:+}"),
                None => String::new(),
            };
            eprintln!(
                "  {:.1} s: value in [{:+}, {:+}]{at}, {} nodes, {} database probes",
                p.seconds, p.lower, p.upper, p.stats.nodes, p.stats.probes
            );
        });
    }
    // The search recurses once a ply: a stack of its own, whatever the main thread's.
    let pos = *pos;
    let sol = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(256 << 20)
            .spawn_scoped(scope, move || s.solve(&pos, &config))
            .map_err(|e| anyhow::anyhow!("cannot start the search: {e}"))?
            .join()
            .map_err(|_| anyhow::anyhow!("the search failed"))?
            .map_err(anyhow::Error::from)
    })?;
    let best = sol.best.first().map(|m| m.to_string());
    let level = sol.db_level;
    if args.json {
        // Each move in one of two maps: its exact value, or the bound it was shown to be under.
        let (mut exact, mut at_most) = (serde_json::Map::new(), serde_json::Map::new());
        for (m, v) in &sol.moves {
            match v {
                MoveValue::Exact(v) => exact.insert(m.to_string(), serde_json::json!(v)),
                MoveValue::AtMost(v) => at_most.insert(m.to_string(), serde_json::json!(v)),
            };
        }
        let v = serde_json::json!({
            "value": sol.value,
            "result": sol.outcome.name(),
            "best": best,
            "best_moves": sol.best.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "moves": exact,
            "moves_at_most": at_most,
            "search": {
                "db_level": level,
                "nodes": sol.stats.nodes,
                "probes": sol.stats.probes,
                "passes": sol.stats.passes,
                "seconds": sol.seconds,
            },
        });
        println!("{v}");
        return Ok(());
    }
    println!("{} {}, {} to move", rules.name(), pos, pos.side());
    for (m, v) in &sol.moves {
        println!("  {m}: {v}");
    }
    println!(
        "searched {} nodes, {} database probes (levels up to {}), {} passes, {:.1} s",
        sol.stats.nodes,
        sol.stats.probes,
        level.map_or("none".to_string(), |l| l.to_string()),
        sol.stats.passes,
        sol.seconds
    );
    print_value(sol.value, sol.outcome, &sol.best);
    Ok(())
}

/// The closing line of `mancala solve`: the value, the result and the best moves.
fn print_value(value: i32, outcome: mancala_solver::Outcome, best: &[mancala_core::Move]) {
    match best.first() {
        Some(b) => println!(
            "value {:+} {} best {} (all best: {})",
            value,
            outcome.name(),
            b,
            best.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        None => println!(
            "value {:+} {} best none (the game is over)",
            value,
            outcome.name()
        ),
    }
}

/// `mancala solve --table GAME`: the start position of every small size, built as needed.
fn table(args: SolveArgs) -> anyhow::Result<()> {
    use mancala_solver::table::{
        boards_to_build, database_boards, size_rules, sizes, solve_size, svg,
    };
    let spec: mancala_core::GameSpec = args.game.parse()?;
    if !spec.params.is_empty() {
        anyhow::bail!(
            "--table {}: name the game without parameters (the table resizes it)",
            args.game
        );
    }
    let id = spec.id.as_str();
    // The game must be one the solver takes, whatever its size.
    Database::open(&std::env::temp_dir(), &load_rules(id, None)?)?;
    let dir = args.data_dir.unwrap_or_else(default_data_dir);
    let limit = args
        .memory_mib
        .map(|m| m * (1 << 20))
        .or_else(|| super::db::available_memory().map(|b| b / 10 * 9));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()?;
    let bars = super::db::Bars::new();
    let mut results = Vec::new();
    let mut left_out = Vec::new();
    let mut not_exact = Vec::new();
    for (pits, seeds) in sizes() {
        let (rules, name) = match size_rules(id, pits, seeds) {
            Ok(x) => x,
            Err(why) => {
                eprintln!("{why}: left out");
                continue;
            }
        };
        let boards = database_boards(&rules)?;
        let to_build = boards_to_build(&dir, id, pits, seeds)?;
        if to_build > args.max_boards {
            left_out.push(format!("{name} ({to_build} boards to solve)"));
            continue;
        }
        eprintln!("{name}: {boards} boards");
        let r = match pool.install(|| solve_size(&dir, id, pits, seeds, limit, &bars)) {
            Ok(r) => r,
            // Oware's bounded values: the start is listed, not valued.
            Err(e @ mancala_solver::DbError::NotExact { .. }) => {
                eprintln!("{name}: {e}");
                not_exact.push(name);
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        eprintln!(
            "{name}: value {:+} {} for South, best {} ({} boards solved now in {:.2} s)",
            r.value,
            r.outcome.name(),
            moves_text(&r.best),
            r.built_boards,
            r.seconds
        );
        results.push(r);
    }
    let name = load_rules(id, None)?.name().to_string();
    if args.json {
        let rows: Vec<serde_json::Value> = results
            .iter()
            .map(|r| {
                serde_json::json!({
                    "game": r.spec,
                    "pits": r.pits,
                    "seeds": r.seeds,
                    "value": r.value,
                    "result": r.outcome.name(),
                    "best_moves": r.best.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                    "moves": r.moves.iter().map(|(m, v)| (m.to_string(), serde_json::json!(v))).collect::<serde_json::Map<_, _>>(),
                    "boards": r.boards,
                    "built_boards": r.built_boards,
                    "seconds": r.seconds,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({"game": id, "sizes": rows, "left_out": left_out, "not_exact": not_exact})
        );
    } else {
        println!(
            "| pits a row | seeds a pit | value for South | result | best first moves | boards | solved now | seconds |"
        );
        println!("| ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |");
        for r in &results {
            println!(
                "| {} | {} | {:+} | {} | {} | {} | {} | {:.2} |",
                r.pits,
                r.seeds,
                r.value,
                r.outcome.name(),
                moves_text(&r.best),
                r.boards,
                r.built_boards,
                r.seconds
            );
        }
        if !not_exact.is_empty() {
            println!(
                "not exact (the value of the start or of one of its first moves depends on where a repetition closes): {}",
                not_exact.join(", ")
            );
        }
        if !left_out.is_empty() {
            println!(
                "left out (more than {} boards to solve, --max-boards): {}",
                args.max_boards,
                left_out.join(", ")
            );
        }
    }
    if let Some(path) = &args.svg {
        let text = svg(
            &format!("{name}: the start position under perfect play"),
            &results,
        );
        super::common::write_atomically(path, &text)?;
    }
    Ok(())
}

fn moves_text(moves: &[mancala_core::Move]) -> String {
    if moves.is_empty() {
        return "none".into();
    }
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
