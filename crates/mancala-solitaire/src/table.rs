//! Whole tables of cycle lengths, computed in parallel (one task a cell), in the seeds' layout:
//! El mirall with a row for each number of pits and a column for each number of seeds; Stones in
//! cups with a row for each number of stones k and a column for each number of cups n.

use crate::{Control, CycleError, Method, Solitaire};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

/// A table of cycle lengths for sizes 1..=max_n by 1..=max_k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub game: Solitaire,
    /// Largest number of pits (cups).
    pub max_n: u64,
    /// Largest number of seeds (stones) a pit.
    pub max_k: u64,
    /// `by_size[n-1][k-1]` is the cycle length for n pits (cups) and k seeds (stones).
    by_size: Vec<Vec<u64>>,
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
    Markdown,
}

/// A name that is no output format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}' (expected text, csv, json or markdown)")]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for Format {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, UnknownFormat> {
        match s {
            "text" => Ok(Format::Text),
            "csv" => Ok(Format::Csv),
            "json" => Ok(Format::Json),
            "markdown" => Ok(Format::Markdown),
            _ => Err(UnknownFormat(s.chars().take(40).collect())),
        }
    }
}

impl Table {
    /// Computes every cell with `method`, in parallel. `ctl.progress` receives the number of
    /// cells done; `ctl.stop` stops every cell at its next checkpoint.
    pub fn compute(
        game: Solitaire,
        max_n: u64,
        max_k: u64,
        method: Method,
        ctl: &Control,
    ) -> Result<Table, CycleError> {
        let (nn, kn) = game.size_names();
        if max_n == 0 {
            return Err(CycleError::Zero { what: nn });
        }
        if max_k == 0 {
            return Err(CycleError::Zero { what: kn });
        }
        let cells_total =
            max_n
                .checked_mul(max_k)
                .filter(|&c| c <= 1 << 24)
                .ok_or(CycleError::TooLarge {
                    what: nn,
                    value: max_n,
                    why: "a table has at most 2^24 cells",
                })?;
        // Largest cells first, handed out one at a time as threads come free (a plain parallel
        // iterator would split the list in halves and run the two largest cells on one thread).
        let mut sizes: Vec<(u64, u64)> = (1..=max_n)
            .flat_map(|n| (1..=max_k).map(move |k| (n, k)))
            .collect();
        sizes.sort_by_key(|&(n, k)| std::cmp::Reverse(n * n * k));
        let done = AtomicU64::new(0);
        let inner = Control {
            stop: ctl.stop,
            progress: None,
        };
        let results: Vec<((u64, u64), u64)> = sizes
            .into_iter()
            .par_bridge()
            .map(|(n, k)| {
                let c = game.cycle_with(method, n, k, &inner)?;
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(p) = ctl.progress {
                    p(d);
                }
                Ok(((n, k), c))
            })
            .collect::<Result<_, CycleError>>()?;
        debug_assert_eq!(results.len() as u64, cells_total);
        let mut by_size = vec![vec![0; max_k as usize]; max_n as usize];
        for ((n, k), c) in results {
            by_size[n as usize - 1][k as usize - 1] = c;
        }
        Ok(Table {
            game,
            max_n,
            max_k,
            by_size,
        })
    }

    /// The cycle length for n pits (cups) and k seeds (stones), 1-based.
    pub fn get(&self, n: u64, k: u64) -> u64 {
        self.by_size[n as usize - 1][k as usize - 1]
    }

    /// The corner label, the row values, the column values, in the seed's layout.
    pub fn layout(&self) -> (&'static str, &'static str, &'static str, Vec<u64>, Vec<u64>) {
        match self.game {
            Solitaire::ElMirall => (
                "pits\\seeds",
                "pits",
                "seeds",
                (1..=self.max_n).collect(),
                (1..=self.max_k).collect(),
            ),
            Solitaire::StonesInCups => (
                "stones\\cups",
                "stones",
                "cups",
                (1..=self.max_k).collect(),
                (1..=self.max_n).collect(),
            ),
        }
    }

    /// The cell at (row value, column value) of the seed's layout.
    pub fn cell(&self, row: u64, col: u64) -> u64 {
        match self.game {
            Solitaire::ElMirall => self.get(row, col),
            Solitaire::StonesInCups => self.get(col, row),
        }
    }

    /// The rows of the layout, header first, as strings.
    fn grid(&self) -> Vec<Vec<String>> {
        let (corner, _, _, rows, cols) = self.layout();
        let mut g = vec![
            std::iter::once(corner.to_string())
                .chain(cols.iter().map(u64::to_string))
                .collect(),
        ];
        for &r in &rows {
            g.push(
                std::iter::once(r.to_string())
                    .chain(cols.iter().map(|&c| self.cell(r, c).to_string()))
                    .collect(),
            );
        }
        g
    }

    /// The table in one of the formats; the last line is the last row of the table.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Text => self.to_text(),
            Format::Csv => self.to_csv(),
            Format::Markdown => self.to_markdown(),
            Format::Json => self.to_json(),
        }
    }

    /// Columns aligned right, separated by two spaces.
    pub fn to_text(&self) -> String {
        let g = self.grid();
        let widths: Vec<usize> = (0..g[0].len())
            .map(|j| g.iter().map(|r| r[j].len()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for row in &g {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(j, c)| {
                    if j == 0 {
                        format!("{c:<w$}", w = widths[0])
                    } else {
                        format!("{c:>w$}", w = widths[j])
                    }
                })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        out
    }

    /// Comma-separated, header row first.
    pub fn to_csv(&self) -> String {
        self.grid().iter().map(|r| r.join(",") + "\n").collect()
    }

    /// A Markdown (pipe) table, as in the seeds.
    pub fn to_markdown(&self) -> String {
        let g = self.grid();
        let mut out = String::new();
        for (i, row) in g.iter().enumerate() {
            let _ = writeln!(out, "| {} |", row.join(" | "));
            if i == 0 {
                let rule: Vec<&str> = (0..row.len())
                    .map(|j| if j == 0 { "---" } else { "---:" })
                    .collect();
                let _ = writeln!(out, "| {} |", rule.join(" | "));
            }
        }
        out
    }

    /// One JSON object on one line: the game, the names of rows and columns, their values, and
    /// the cells row by row in the seed's layout.
    pub fn to_json(&self) -> String {
        let (_, rn, cn, rows, cols) = self.layout();
        let cells: Vec<Vec<u64>> = rows
            .iter()
            .map(|&r| cols.iter().map(|&c| self.cell(r, c)).collect())
            .collect();
        let v = serde_json::json!({
            "game": self.game.id(),
            "rows": rn,
            "columns": cn,
            "row_values": rows,
            "column_values": cols,
            "cells": cells,
        });
        v.to_string() + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn el_mirall_seed_table_in_markdown() {
        let t =
            Table::compute(Solitaire::ElMirall, 4, 5, Method::Reference, &Control::NONE).unwrap();
        assert_eq!(
            t.to_markdown(),
            "| pits\\seeds | 1 | 2 | 3 | 4 | 5 |\n| --- | ---: | ---: | ---: | ---: | ---: |\n\
             | 1 | 1 | 1 | 1 | 1 | 1 |\n| 2 | 2 | 3 | 3 | 4 | 4 |\n| 3 | 5 | 7 | 8 | 10 | 11 |\n| 4 | 7 | 12 | 12 | 18 | 20 |\n"
        );
    }

    #[test]
    fn stones_seed_table_in_text() {
        let t =
            Table::compute(Solitaire::StonesInCups, 5, 5, Method::Auto, &Control::NONE).unwrap();
        assert_eq!(
            t.to_text(),
            "stones\\cups  1   2    3     4     5\n\
             1            1   4   15    12    75\n\
             2            1   6   21   164   115\n\
             3            1  12   45   164   260\n\
             4            1   8  132   124  3825\n\
             5            1   6   48  1580  1966\n"
        );
    }

    #[test]
    fn stones_layout_puts_cups_in_columns() {
        let t = Table::compute(
            Solitaire::StonesInCups,
            3,
            2,
            Method::Reference,
            &Control::NONE,
        )
        .unwrap();
        assert_eq!(t.to_csv(), "stones\\cups,1,2,3\n1,1,4,15\n2,1,6,21\n");
        let j: serde_json::Value = serde_json::from_str(&t.to_json()).unwrap();
        assert_eq!(j["cells"], serde_json::json!([[1, 4, 15], [1, 6, 21]]));
        assert_eq!(j["rows"], "stones");
    }

    #[test]
    fn zero_sized_table_is_refused() {
        assert!(Table::compute(Solitaire::ElMirall, 0, 3, Method::Auto, &Control::NONE).is_err());
    }
}
