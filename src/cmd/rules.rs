//! `mancala rules`: the rules page of a game, or its rules file.

use super::common::load_rules;
use clap::Args;
use mancala_core::catalog::builtin_source;
use mancala_core::{GameSpec, rules_to_toml};

#[derive(Args)]
pub struct RulesArgs {
    /// Game id, e.g. `modiar`.
    pub game: String,
    /// Print the game's rules file (TOML) instead, to start a variant from.
    #[arg(long)]
    pub export: bool,
}

/// The rules pages, one Markdown file per game under docs/rules/.
const PAGES: &[(&str, &str)] = &[
    ("modiar", include_str!("../../docs/rules/modiar.md")),
    ("mangala-ii", include_str!("../../docs/rules/mangala-ii.md")),
    ("oware", include_str!("../../docs/rules/oware.md")),
    ("kalah", include_str!("../../docs/rules/kalah.md")),
    ("el-mirall", include_str!("../../docs/rules/el-mirall.md")),
    (
        "stones-in-cups",
        include_str!("../../docs/rules/stones-in-cups.md"),
    ),
];

pub fn run(args: RulesArgs) -> anyhow::Result<()> {
    let spec: GameSpec = args.game.parse()?;
    // The game and its parameters are checked as every other command checks them: a spec
    // that `play` or `perft` refuses is refused here too.
    let resized = if spec.id.parse::<mancala_solitaire::Solitaire>().is_ok() {
        super::solitaire_play::size_of(&spec)?;
        if args.export {
            anyhow::bail!("'{}' is a solitaire and has no rules file", spec.id);
        }
        None
    } else {
        let rules = load_rules(&args.game, None)?;
        (!spec.params.is_empty()).then(|| rules.ruleset().clone())
    };
    if args.export {
        match resized {
            // A resized game: the parameters as data.
            Some(r) => print!("{}", rules_to_toml(&r)),
            // The shipped file, with its comments.
            None => print!(
                "{}",
                builtin_source(&spec.id).expect("a two-row game is built in")
            ),
        }
        return Ok(());
    }
    let known = || PAGES.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ");
    let page = PAGES
        .iter()
        .find(|(k, _)| *k == spec.id)
        .map(|(_, p)| *p)
        .ok_or_else(|| anyhow::anyhow!("unknown game '{}' (known: {})", spec.id, known()))?;
    print!("{page}");
    Ok(())
}
