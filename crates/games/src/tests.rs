//! The closed set of games, tested: values found only as their own game,
//! kinds read back from their names, rule sets of the other game refused.

use super::*;
use game_ca_ngua::CaNgua;
use game_co_nhay::CoNhay;

struct Names;
impl PerGame for Names {
    type Of<G: Game> = Vec<&'static str>;
}
struct Rules;
impl PerGame for Rules {
    type Of<G: Game> = G::Rules;
}

#[test]
fn a_value_of_either_game_is_found_only_as_its_own_game() {
    let nhay = AnyGame::<Rules>::of::<CoNhay>(game_co_nhay::engine::Rules::quick());
    assert_eq!(nhay.kind(), GameKind::CoNhay);
    assert_eq!(
        nhay.get::<CoNhay>(),
        Some(&game_co_nhay::engine::Rules::quick())
    );
    assert!(nhay.get::<CaNgua>().is_none());
    assert_eq!(nhay.clone().into_game::<CaNgua>(), None);
    let mut ngua = with_game!(GameKind::CaNgua, G, Wrap => Wrap::<Rules>(G::standard_rules()));
    assert_eq!(ngua.kind(), GameKind::CaNgua);
    assert_ne!(ngua, nhay);
    if let Some(r) = ngua.get_mut::<CaNgua>() {
        r.roll_cap = 7;
    }
    assert_eq!(ngua.into_game::<CaNgua>().map(|r| r.roll_cap), Some(7));
    // Two games whose members are one type still stay apart.
    let names = AnyGame::<Names>::of::<CoNhay>(vec!["Lan"]);
    assert_eq!(names.kind(), GameKind::CoNhay);
    assert_eq!(with_any!(&names, G, n => (G::ID, n.len())), ("co-nhay", 1));
}

#[test]
fn every_kind_reads_back_from_its_name_and_names_its_type() {
    for kind in GameKind::ALL {
        assert_eq!(kind.id().parse::<GameKind>(), Ok(kind));
    }
    assert_eq!(GameKind::of::<CaNgua>(), GameKind::CaNgua);
    assert_eq!(GameKind::of::<CoNhay>(), GameKind::CoNhay);
    assert!("chess".parse::<GameKind>().is_err());
}

#[test]
fn a_rule_set_of_the_other_game_is_refused_by_its_name() {
    let ngua = game_ca_ngua::rules_file::RuleSet::new("x", game_ca_ngua::engine::Rules::standard())
        .to_ron();
    let nhay = game_co_nhay::rules_file::RuleSet::new("x", game_co_nhay::engine::Rules::standard())
        .to_ron();
    let err = read_rules::<CoNhay>(&ngua).expect_err("not Cờ nhảy");
    assert_eq!(err.0, "this is a Cờ Cá Ngựa rule set, not a Cờ nhảy one");
    let err = read_rules::<CaNgua>(&nhay).expect_err("not Cờ Cá Ngựa");
    assert_eq!(err.0, "this is a Cờ nhảy rule set, not a Cờ Cá Ngựa one");
    // Each reads its own; a file of neither keeps its own error.
    assert_eq!(read_rules::<CaNgua>(&ngua), CaNgua::rules_from_file(&ngua));
    assert!(read_rules::<CoNhay>(&nhay).is_ok());
    let err = read_rules::<CoNhay>("(").expect_err("broken");
    assert!(err.0.contains("line 1"), "{err}");
}
