//! `mancala cycle`: how many moves until a solitaire's start recurs (El mirall, Stones in cups),
//! for one size or a whole table, with traces, reverse sowing and plots. The work is done in the
//! mancala-solitaire crate; this module parses, shows progress and prints.

use anyhow::{anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mancala_core::GameSpec;
use mancala_solitaire::el_mirall::{ElMirall, pit_letter};
use mancala_solitaire::stones::Cups;
use mancala_solitaire::table::{Format, Table};
use mancala_solitaire::{Control, Method, Solitaire};
use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct CycleArgs {
    /// The solitaire: el-mirall or stones-in-cups (the size may follow as in
    /// el-mirall:pits=5,seeds=3)
    pub game: String,
    /// El mirall: pits in a row [default: 6]
    #[arg(long, value_name = "N")]
    pub pits: Option<String>,
    /// El mirall: seeds a pit at the start [default: 4]
    #[arg(long, value_name = "K")]
    pub seeds: Option<String>,
    /// Stones in cups: number of cups [default: 5]
    #[arg(long, value_name = "N")]
    pub cups: Option<String>,
    /// Stones in cups: stones a cup at the start [default: 2]
    #[arg(long, value_name = "K")]
    pub stones: Option<String>,
    /// The whole table for 1..N pits (cups) by 1..K seeds (stones), in the seed's layout
    #[arg(long, value_name = "NxK")]
    pub table: Option<String>,
    /// Output format: text, csv, json or markdown
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub format: String,
    /// Also draw the table (log scale) into this SVG file
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// auto, reference, simulation, shortcut or closed-form
    #[arg(long, value_name = "METHOD", default_value = "auto")]
    pub method: String,
    /// Print every state of the cycle, then the count
    #[arg(long)]
    pub trace: bool,
    /// Step back from this state by reverse sowing (El mirall: 1-3-3-1, South's pits then
    /// North's; Stones in cups: 0-2@1, the cups from cup 0 then @ and the cup to play)
    #[arg(long, value_name = "STATE")]
    pub backward: Option<String>,
    /// With --backward: at most this many steps [default: until the state recurs, at most 10000]
    #[arg(long, value_name = "N")]
    pub steps: Option<String>,
    /// Never draw a progress bar
    #[arg(long)]
    pub no_progress: bool,
}

/// Steps `--backward` takes when `--steps` is not given and the state does not recur sooner.
const DEFAULT_BACK_STEPS: u64 = 10_000;

fn number(flag: &str, v: &str) -> anyhow::Result<u64> {
    v.trim()
        .parse::<u64>()
        .map_err(|_| anyhow!("--{flag} {v}: not a whole number"))
}

/// The game and its size from the positional spec and the flags.
fn game_and_size(args: &CycleArgs) -> anyhow::Result<(Solitaire, u64, u64)> {
    let spec: GameSpec = args.game.parse()?;
    let game: Solitaire = spec.id.parse()?;
    let (nn, kn) = game.size_names();
    spec.check_keys(&[nn, kn])?;
    let (wrong_n, wrong_k, n_flag, k_flag) = match game {
        Solitaire::ElMirall => (&args.cups, &args.stones, &args.pits, &args.seeds),
        Solitaire::StonesInCups => (&args.pits, &args.seeds, &args.cups, &args.stones),
    };
    if wrong_n.is_some() || wrong_k.is_some() {
        bail!(
            "{} takes --{nn} and --{kn}, not --{}",
            game.id(),
            if wrong_n.is_some() {
                match game {
                    Solitaire::ElMirall => "cups",
                    _ => "pits",
                }
            } else {
                match game {
                    Solitaire::ElMirall => "stones",
                    _ => "seeds",
                }
            }
        );
    }
    let (dn, dk) = game.default_size();
    let pick = |flag: &Option<String>, key: &str, default: u64| -> anyhow::Result<u64> {
        match (flag, spec.get(key)) {
            (Some(_), Some(_)) => bail!("{key} is given twice (in the game and as --{key})"),
            (Some(v), None) => number(key, v),
            (None, Some(v)) => number(key, v),
            (None, None) => Ok(default),
        }
    };
    let n = pick(n_flag, nn, dn)?;
    let k = pick(k_flag, kn, dk)?;
    if n == 0 {
        bail!("--{nn} must be at least 1");
    }
    if k == 0 {
        bail!("--{kn} must be at least 1");
    }
    Ok((game, n, k))
}

fn parse_table(s: &str) -> anyhow::Result<(u64, u64)> {
    let (a, b) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| anyhow!("--table {s}: expected NxK, e.g. 10x10"))?;
    let n = number("table", a).map_err(|_| anyhow!("--table {s}: '{a}' is not a whole number"))?;
    let k = number("table", b).map_err(|_| anyhow!("--table {s}: '{b}' is not a whole number"))?;
    if n == 0 || k == 0 {
        bail!("--table {s}: both sizes must be at least 1");
    }
    Ok((n, k))
}

/// The stop flag set by Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

fn install_ctrl_c() {
    // A second handler cannot be installed; then Ctrl-C simply ends the process.
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
}

/// A progress bar drawn on stderr, only once a run has lasted a second, only on a terminal.
struct Progress {
    start: Instant,
    bar: OnceLock<ProgressBar>,
    cells: Option<u64>,
    enabled: bool,
}

impl Progress {
    fn new(cells: Option<u64>, enabled: bool) -> Self {
        Progress {
            start: Instant::now(),
            bar: OnceLock::new(),
            cells,
            enabled,
        }
    }

    fn report(&self, done: u64) {
        if !self.enabled || self.start.elapsed() < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_init(|| {
            let bar = match self.cells {
                Some(total) => {
                    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
                        .with_style(
                            ProgressStyle::with_template(
                                "{bar:40} {pos}/{len} cells, {elapsed} elapsed, about {eta} left",
                            )
                            .expect("valid template"),
                        )
                }
                None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
                    .with_style(
                        ProgressStyle::with_template(
                            "{spinner} {human_pos} moves, {elapsed} elapsed (Ctrl-C stops)",
                        )
                        .expect("valid template"),
                    ),
            };
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        bar.set_position(done);
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

pub fn run(args: CycleArgs) -> anyhow::Result<()> {
    let (game, n, k) = game_and_size(&args)?;
    let format: Format = args
        .format
        .parse()
        .map_err(|e: mancala_solitaire::table::UnknownFormat| anyhow!("--format: {e}"))?;
    let method: Method = args.method.parse()?;
    if args.plot.is_some() && args.table.is_none() {
        bail!("--plot draws a table: give --table NxK too");
    }
    if let Some(path) = &args.plot {
        super::common::check_output(path)?;
    }
    if args.steps.is_some() && args.backward.is_none() {
        bail!("--steps goes with --backward");
    }
    if let Some(state) = &args.backward {
        if args.table.is_some() || args.trace {
            bail!("--backward cannot be combined with --table or --trace");
        }
        let steps = args
            .steps
            .as_deref()
            .map(|s| number("steps", s))
            .transpose()?;
        return backward(game, state, steps);
    }
    if let Some(t) = &args.table {
        if args.trace {
            bail!("--trace follows one size, not a --table");
        }
        let (max_n, max_k) = parse_table(t)?;
        install_ctrl_c();
        let progress = Progress::new(max_n.checked_mul(max_k), !args.no_progress);
        let report = |d: u64| progress.report(d);
        let ctl = Control {
            stop: Some(&STOP),
            progress: Some(&report),
        };
        let table = Table::compute(game, max_n, max_k, method, &ctl);
        progress.finish();
        let table = table?;
        if let Some(path) = &args.plot {
            let svg =
                mancala_solitaire::plot::svg(&table, 900, 600).map_err(|e| anyhow!("plot: {e}"))?;
            super::common::write_atomically(path, &svg)?;
        }
        print!("{}", table.render(format));
        return Ok(());
    }
    if args.trace {
        if method != Method::Auto && method != Method::Reference {
            bail!(
                "--trace plays the game move by move (the reference); it takes no --method {method}"
            );
        }
        return trace(game, n, k);
    }
    install_ctrl_c();
    let progress = Progress::new(None, !args.no_progress);
    let report = |d: u64| progress.report(d);
    let ctl = Control {
        stop: Some(&STOP),
        progress: Some(&report),
    };
    let result = game.cycle_with(method, n, k, &ctl);
    progress.finish();
    let moves = result?;
    let (nn, kn) = game.size_names();
    let out = match format {
        Format::Text => format!("{moves}\n"),
        Format::Csv => format!("{nn},{kn},moves\n{n},{k},{moves}\n"),
        Format::Markdown => {
            format!("| {nn} | {kn} | moves |\n| ---: | ---: | ---: |\n| {n} | {k} | {moves} |\n")
        }
        Format::Json => {
            let mut v =
                serde_json::json!({"game": game.id(), "moves": moves, "method": method.name()});
            v[nn] = n.into();
            v[kn] = k.into();
            format!("{v}\n")
        }
    };
    print!("{out}");
    Ok(())
}

fn board_size(n: u64, what: &str) -> anyhow::Result<usize> {
    if n > 1 << 20 {
        bail!("--trace and --backward show every {what}: at most 1048576 {what}s");
    }
    Ok(n as usize)
}

/// Every state of the cycle, numbered, with the pits sown; the count last.
fn trace(game: Solitaire, n: u64, k: u64) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut moves = 0u64;
    match game {
        Solitaire::ElMirall => {
            let mut g = ElMirall::start(board_size(n, "pit")?, k);
            writeln!(out, "0  {g}")?;
            loop {
                let (s, nn) = g.step();
                moves += 1;
                writeln!(
                    out,
                    "{moves}  {g}  ({} {})",
                    pit_letter(false, s),
                    pit_letter(true, nn)
                )?;
                if g.is_start() {
                    break;
                }
            }
        }
        Solitaire::StonesInCups => {
            let mut c = Cups::start(board_size(n, "cup")?, k);
            writeln!(out, "0  {c}")?;
            loop {
                let p = c.step();
                moves += 1;
                writeln!(out, "{moves}  {c}  (cup {p})")?;
                if c.is_start() {
                    break;
                }
            }
        }
    }
    writeln!(out, "{moves}")?;
    out.flush()?;
    Ok(())
}

/// Steps back from a state by reverse sowing, numbering the states 0, -1, -2, ...; ends with the
/// number of steps back to the same state when it recurs.
fn backward(game: Solitaire, state: &str, steps: Option<u64>) -> anyhow::Result<()> {
    let limit = steps.unwrap_or(DEFAULT_BACK_STEPS);
    let mut lines: Vec<String> = Vec::new();
    match game {
        Solitaire::StonesInCups => {
            let first: Cups = state
                .parse()
                .map_err(|e| anyhow!("--backward {state}: {e}"))?;
            board_size(first.cups() as u64, "cup")?;
            lines.push(format!("0  {first}"));
            let mut c = first.clone();
            for t in 1..=limit {
                c = c.predecessor();
                lines.push(format!("-{t}  {c}"));
                if c == first {
                    lines.push(t.to_string());
                    break;
                }
            }
        }
        Solitaire::ElMirall => {
            let first: ElMirall = state
                .parse()
                .map_err(|e| anyhow!("--backward {state}: {e}"))?;
            if first.pits() > 200 {
                bail!(
                    "--backward {state}: El mirall's reverse sowing is shown for at most 200 pits"
                );
            }
            lines.push(format!("0  {first}"));
            let mut g = first.clone();
            for t in 1..=limit {
                let preds = g.predecessors();
                match preds.len() {
                    0 => {
                        lines.push(format!("no position leads to {g}"));
                        break;
                    }
                    1 => {
                        g = preds.into_iter().next().expect("one");
                        lines.push(format!("-{t}  {g}"));
                        if g == first {
                            lines.push(t.to_string());
                            break;
                        }
                    }
                    m => {
                        let all: Vec<String> = preds.iter().map(ToString::to_string).collect();
                        lines.push(format!("{m} positions lead to {g}: {}", all.join(", ")));
                        break;
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
