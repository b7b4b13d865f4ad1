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
    /// The language of the page: en, tr, ar, ca, es, fr or hr (English where a page is not
    /// translated yet).
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: &'static mancala_locale::Lang,
}

fn parse_lang(s: &str) -> Result<&'static mancala_locale::Lang, String> {
    mancala_locale::parse_lang(s).map_err(|e| e.to_string())
}

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
    // The pages (docs/rules/, translated in docs/rules/<lang>/) belong to mancala-locale.
    let page = mancala_locale::rules_page(&spec.id, args.lang.code).ok_or_else(|| {
        anyhow::anyhow!(
            "unknown game '{}' (known: {})",
            spec.id,
            mancala_locale::GAMES.join(", ")
        )
    })?;
    // Drawn for the terminal: the web page's boards dropped, the board fences as text.
    let text = mancala_web::diagram::terminal_page(page, args.lang.code)
        .map_err(|e| anyhow::anyhow!("the rules page of '{}': {e}", spec.id))?;
    print!("{text}");
    Ok(())
}
