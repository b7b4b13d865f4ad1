//! The one loader of a two-player game's rules (`load_rules`): a game specification or a rules
//! file, the solitaires refused by the ids the caller gives.

use mancala_core::{LoadError, RulesSource, builtin, load_rules, rules_to_toml};

const SOLITAIRES: [&str; 2] = ["el-mirall", "stones-in-cups"];

#[test]
fn a_specification_gives_its_rules_and_a_solitaire_is_refused() {
    let spec = "modiar:seeds=5".parse().unwrap();
    let rules = load_rules(RulesSource::Spec(&spec), &SOLITAIRES).unwrap();
    assert_eq!((rules.id(), rules.ruleset().seeds), ("modiar", 5));
    let spec = "el-mirall:pits=5".parse().unwrap();
    let e = load_rules(RulesSource::Spec(&spec), &SOLITAIRES).unwrap_err();
    assert_eq!(e, LoadError::Solitaire("el-mirall".into()));
    assert_eq!(
        e.to_string(),
        "game 'el-mirall' is a solitaire, not a two-player game"
    );
    // Unknown games and bad parameters are the specification's errors.
    let spec = "chess".parse().unwrap();
    assert!(matches!(
        load_rules(RulesSource::Spec(&spec), &SOLITAIRES),
        Err(LoadError::Spec(_))
    ));
    let spec = "modiar:pits=0".parse().unwrap();
    assert!(matches!(
        load_rules(RulesSource::Spec(&spec), &SOLITAIRES),
        Err(LoadError::Spec(_))
    ));
}

#[test]
fn a_rules_file_gives_its_rules_and_its_errors() {
    let kalah = builtin("kalah").unwrap();
    let text = rules_to_toml(&kalah);
    let rules = load_rules(RulesSource::File(&text), &SOLITAIRES).unwrap();
    assert_eq!(rules.ruleset(), &kalah);
    let e = load_rules(RulesSource::File("pits = ["), &SOLITAIRES).unwrap_err();
    assert!(matches!(e, LoadError::File(_)), "{e:?}");
}
