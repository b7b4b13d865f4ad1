//! `mancala games`: the games this build knows.

use clap::Args;
use mancala_core::{builtin, builtin_ids};

#[derive(Args)]
pub struct GamesArgs {
    /// Print one JSON object per game.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: GamesArgs) -> anyhow::Result<()> {
    for id in builtin_ids() {
        let r = builtin(id).expect("built-in");
        if args.json {
            let v = serde_json::json!({
                "id": id, "name": r.name, "kind": "two-player",
                "pits": r.pits, "seeds": r.seeds, "summary": r.summary,
            });
            println!("{v}");
        } else {
            println!(
                "{:<16} {:<14} 2x{} board, {} seeds a pit",
                id, r.name, r.pits, r.seeds
            );
        }
    }
    for g in mancala_solitaire::Solitaire::ALL {
        let (id, name) = (g.id(), g.name());
        let ((a, b), (x, y)) = (g.size_names(), g.default_size());
        let params = format!("{a}={x},{b}={y}");
        if args.json {
            println!(
                "{}",
                serde_json::json!({"id": id, "name": name, "kind": "solitaire"})
            );
        } else {
            println!("{id:<16} {name:<14} solitaire ({params})");
        }
    }
    Ok(())
}
