//! Every small board solved: the perfect-play value of the start position of a game resized
//! to `m` pits a row and `n` seeds a pit, for a list of sizes, each from its own database.
//!
//! The levels of a game do not depend on its seeds a pit (a level holds every board of its
//! number of stones), so a size's database takes the levels it shares with a size of the same
//! width already built from there ([`Database::build_with`]) and solves only the new ones.

use crate::db::{BuildProgress, Database, DbError, Outcome};
use mancala_core::{Move, Rules, rules_for};
use std::path::Path;
use std::time::Instant;

/// The sizes of the table of a game, `(pits a row, seeds a pit)`, smallest first: every size
/// with at most 3 pits a row and 8 seeds a pit, 4 pits with up to 7, 5 with up to 4 and 6 with
/// up to 2. Which of them one machine finishes is a matter of `max_boards` in [`solve_size`].
pub fn sizes() -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for (pits, most) in [(1u8, 8u8), (2, 8), (3, 8), (4, 7), (5, 4), (6, 2)] {
        for seeds in 1..=most {
            out.push((pits, seeds));
        }
    }
    out
}

/// The solved start position of one size.
#[derive(Clone, Debug)]
pub struct SizeResult {
    /// The game on the command line (`mangala-ii:pits=4,seeds=5`).
    pub spec: String,
    pub pits: u8,
    pub seeds: u8,
    /// South's final margin under perfect play from the start position.
    pub value: i32,
    pub outcome: Outcome,
    /// South's first moves that keep the value.
    pub best: Vec<Move>,
    /// Every first move with the margin it leads to.
    pub moves: Vec<(Move, i32)>,
    /// Boards in the size's database (every level up to the stones of the start).
    pub boards: u64,
    /// Boards solved now, and the seconds the build took now (levels solved and copied).
    pub built_boards: u64,
    pub seconds: f64,
}

/// The rules of `id` resized to `pits` and `seeds`, and how to name them.
pub fn size_rules(id: &str, pits: u8, seeds: u8) -> Result<(Rules, String), DbError> {
    let spec = format!("{id}:pits={pits},seeds={seeds}");
    let no_size = |why: String| DbError::NoSuchSize {
        spec: spec.clone(),
        why,
    };
    let parsed = spec.parse().map_err(|e| no_size(format!("{e}")))?;
    let rules = rules_for(&parsed).map_err(|e| no_size(format!("{e}")))?;
    Ok((rules, spec))
}

/// Boards in every level of a database of `rules` up to its start position.
pub fn database_boards(rules: &Rules) -> Result<u64, DbError> {
    let db = Database::open(Path::new(""), rules)?;
    let total = db.game().total();
    Ok(db
        .game()
        .levels(total)
        .map(|b| db.indexer().level_size(b))
        .sum())
}

/// Builds what the start position of `id` with `pits` and `seeds` needs (levels already built,
/// here or for a size of the same width, are kept or copied) and solves it.
pub fn solve_size(
    data_dir: &Path,
    id: &str,
    pits: u8,
    seeds: u8,
    memory_limit: Option<u64>,
    progress: &dyn BuildProgress,
) -> Result<SizeResult, DbError> {
    let (rules, spec) = size_rules(id, pits, seeds)?;
    let db = Database::open(data_dir, &rules)?;
    let total = db.game().total();
    let others = same_width(data_dir, id, pits, seeds);
    let sources: Vec<&Database> = others.iter().collect();
    let t0 = Instant::now();
    let report = db.build_with(total, memory_limit, progress, &sources)?;
    let seconds = t0.elapsed().as_secs_f64();
    let sol = db.solve(&rules.start())?;
    Ok(SizeResult {
        spec,
        pits,
        seeds,
        value: sol.value,
        outcome: sol.outcome,
        best: sol.best,
        moves: sol.moves,
        boards: database_boards(&rules)?,
        built_boards: report.built.iter().map(|&(_, n, _)| n).sum(),
        seconds,
    })
}

/// The databases of the same width as `pits` with other seeds under `data_dir`, where their
/// directories exist.
fn same_width(data_dir: &Path, id: &str, pits: u8, seeds: u8) -> Vec<Database> {
    (1..=u8::MAX)
        .filter(|&s| s != seeds)
        .filter_map(|s| size_rules(id, pits, s).ok())
        .filter_map(|(r, _)| Database::open(data_dir, &r).ok())
        .filter(|d| d.dir().is_dir())
        .collect()
}

/// Boards [`solve_size`] would have to solve: those of the levels neither built for the size
/// nor found in a database of the same width.
pub fn boards_to_build(data_dir: &Path, id: &str, pits: u8, seeds: u8) -> Result<u64, DbError> {
    let (rules, _) = size_rules(id, pits, seeds)?;
    let db = Database::open(data_dir, &rules)?;
    let others = same_width(data_dir, id, pits, seeds);
    let total = db.game().total();
    Ok(db
        .game()
        .levels(total)
        .filter(|&b| {
            !db.level_path(b).exists()
                && !others
                    .iter()
                    .any(|d| b <= d.game().total() && d.level_path(b).exists())
        })
        .map(|b| db.indexer().level_size(b))
        .sum())
}

/// A plot of the value against the seeds a pit, one line a width: an SVG document.
pub fn svg(title: &str, results: &[SizeResult]) -> String {
    let (w, h) = (640.0f64, 400.0f64);
    let (left, right, top, bottom) = (56.0, 130.0, 40.0, 48.0);
    let max_seeds = results.iter().map(|r| r.seeds).max().unwrap_or(1).max(2) as f64;
    let lo = results.iter().map(|r| r.value).min().unwrap_or(0).min(-1) as f64;
    let hi = results.iter().map(|r| r.value).max().unwrap_or(0).max(1) as f64;
    let x = |s: f64| left + (s - 1.0) / (max_seeds - 1.0) * (w - left - right);
    let y = |v: f64| top + (hi - v) / (hi - lo) * (h - top - bottom);
    let colours = [
        "#1b6ac9", "#d1495b", "#2a9d8f", "#e9a03b", "#6a4c93", "#444444",
    ];
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>{title}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{title}</text>\n",
        (left + w - right) / 2.0
    );
    // Axes, the zero line and the ticks.
    out += &format!(
        "<line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{}\" stroke=\"black\"/>\n",
        h - bottom
    );
    out += &format!(
        "<line x1=\"{left}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n",
        y(0.0),
        w - right
    );
    for s in 1..=max_seeds as u32 {
        out += &format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{s}</text>\n",
            x(s as f64),
            h - bottom + 16.0
        );
    }
    let step = ((hi - lo) / 8.0).ceil().max(1.0) as i32;
    let mut v = (lo as i32).div_euclid(step) * step;
    while v as f64 <= hi {
        if v as f64 >= lo {
            out += &format!(
                "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v:+}</text>\n",
                left - 6.0,
                y(v as f64) + 4.0
            );
        }
        v += step;
    }
    out += &format!(
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">seeds a pit</text>\n",
        (left + w - right) / 2.0,
        h - 10.0
    );
    out += &format!(
        "<text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">South's margin under perfect play</text>\n",
        (top + h - bottom) / 2.0
    );
    let mut widths: Vec<u8> = results.iter().map(|r| r.pits).collect();
    widths.dedup();
    for (k, &pits) in widths.iter().enumerate() {
        let colour = colours[k % colours.len()];
        let pts: Vec<String> = results
            .iter()
            .filter(|r| r.pits == pits)
            .map(|r| format!("{:.1},{:.1}", x(r.seeds as f64), y(r.value as f64)))
            .collect();
        out += &format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>\n",
            pts.join(" ")
        );
        for p in &pts {
            let (px, py) = p.split_once(',').unwrap();
            out += &format!("<circle cx=\"{px}\" cy=\"{py}\" r=\"3\" fill=\"{colour}\"/>\n");
        }
        let ly = top + 10.0 + 20.0 * k as f64;
        out += &format!(
            "<line x1=\"{0}\" y1=\"{ly}\" x2=\"{1}\" y2=\"{ly}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n\
             <text x=\"{2}\" y=\"{3}\">{pits} {4} a row</text>\n",
            w - right + 12.0,
            w - right + 32.0,
            w - right + 38.0,
            ly + 4.0,
            if pits == 1 { "pit" } else { "pits" }
        );
    }
    out += "</svg>\n";
    out
}
