//! `mancala rules`: the rules page of a game, or its rules file.

use clap::Args;
use mancala_core::{GameSpec, builtin, rules_to_toml};

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
    let known = || PAGES.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ");
    if args.export {
        let r = match builtin(&spec.id) {
            Some(r) => r,
            None if PAGES.iter().any(|(k, _)| *k == spec.id) => {
                anyhow::bail!("'{}' is a solitaire and has no rules file", spec.id)
            }
            None => anyhow::bail!("unknown game '{}' (known: {})", spec.id, known()),
        };
        match rules_for_spec(&spec)? {
            // A resized game: the parameters as data.
            Some(resized) => print!("{}", rules_to_toml(&resized)),
            // The shipped file, with its comments.
            None => print!(
                "{}",
                mancala_core::catalog::builtin_source(&spec.id).unwrap_or(&rules_to_toml(&r))
            ),
        }
        return Ok(());
    }
    let page = PAGES
        .iter()
        .find(|(k, _)| *k == spec.id)
        .map(|(_, p)| *p)
        .ok_or_else(|| anyhow::anyhow!("unknown game '{}' (known: {})", spec.id, known()))?;
    print!("{page}");
    Ok(())
}

/// The ruleset with the spec's parameters applied, when it has any.
fn rules_for_spec(spec: &GameSpec) -> anyhow::Result<Option<mancala_core::Ruleset>> {
    if spec.params.is_empty() {
        return Ok(None);
    }
    Ok(Some(mancala_core::rules_for(spec)?.ruleset().clone()))
}
