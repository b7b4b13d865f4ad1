//! Regenerates the tables and plots of docs/solitaires.md:
//!
//!     cargo run --release -p mancala-solitaire --example docs_tables -- docs/solitaires
//!
//! prints the Markdown tables (with the time each took) and writes the SVG plots into the
//! given folder.

use mancala_solitaire::table::Table;
use mancala_solitaire::{Control, Method, Solitaire, plot};
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs/solitaires".into()),
    );
    std::fs::create_dir_all(&dir).expect("the plot folder can be made");
    for (game, n, k, file) in [
        (Solitaire::StonesInCups, 10, 10, "stones-in-cups-10x10.svg"),
        (Solitaire::ElMirall, 30, 30, "el-mirall-30x30.svg"),
        (Solitaire::ElMirall, 8, 100, "el-mirall-8x100.svg"),
    ] {
        let t = Instant::now();
        let table =
            Table::compute(game, n, k, Method::Auto, &Control::NONE).expect("the table computes");
        let took = t.elapsed();
        println!("## {} {n}x{k} ({took:.2?})\n", game.name());
        println!("{}", table.to_markdown());
        let svg = plot::svg(&table, 900, 600).expect("the plot draws");
        std::fs::write(dir.join(file), svg).expect("the plot is written");
    }
}
