//! Cờ nhảy's tips (issue 24): every shipped tip reads and its marked move
//! is legal; its words are in both languages; a tip whose marked move is
//! illegal, or that rolls dice, is refused, by name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_core::game::{Game, Next, SeatId};
use ca_ngua_data::learn::tips::{tips_in, tips_of};
use ca_ngua_i18n::{I18n, Lang};
use game_co_nhay::CoNhay;

#[test]
fn every_tip_reads_and_its_marked_move_is_legal() {
    let tips = tips_of::<CoNhay>().unwrap();
    assert!((5..=6).contains(&tips.len()), "{} tips", tips.len());
    for t in &tips {
        assert!(t.roll.is_none(), "{}", t.def.id);
        let show = t.show.expect("a marked move");
        let Next::Choose(seat, moves) = CoNhay::next(&t.state, None) else {
            panic!("{}: no choice", t.def.id);
        };
        assert!(moves.contains(&show), "{}: {show}", t.def.id);
        // The bottom arm to move in every tip.
        assert_eq!(seat.code(), "0", "{}", t.def.id);
        let mut after = t.state.clone();
        CoNhay::play(&mut after, None, Some(show)).unwrap();
    }
}

#[test]
fn every_tip_has_its_words_in_both_languages() {
    for lang in Lang::ALL {
        let i18n = I18n::new(lang);
        for t in tips_of::<CoNhay>().unwrap() {
            for key in [&t.def.title, &t.def.text] {
                assert!(i18n.has(key), "{lang}: {key}");
            }
        }
    }
}

const START: &str = "0,1,2,3,4,5,6,7,8,9/-/-/111,112,113,114,115,116,117,118,119,120/-/- 0 -";

fn one_tip(setup: &str, extra: &str) -> String {
    format!(
        r#"(version: 1, tips: [(id: "nhay-bad", game: "co-nhay", title: "t", text: "x",
            setup: "{setup}", {extra})])"#
    )
}

#[test]
fn a_tip_whose_marked_move_is_illegal_is_refused_by_name() {
    // From the start, 3 steps to 14 or hops to 16, never to 15.
    let err = tips_in::<CoNhay>("test.ron", &one_tip(START, r#"show: "3-15""#)).unwrap_err();
    assert_eq!(err.tip, "nhay-bad");
    assert!(err.message.contains("3-15"), "{err}");
    assert!(
        err.to_string().starts_with("tip 'nhay-bad': show:"),
        "{err}"
    );
    let ok = tips_in::<CoNhay>("test.ron", &one_tip(START, r#"show: "3-16""#)).unwrap();
    assert_eq!(ok.len(), 1);
}

#[test]
fn a_roll_a_tip_of_another_game_and_a_game_over_are_refused() {
    let err =
        tips_in::<CoNhay>("test.ron", &one_tip(START, r#"roll: "6", show: "3-16""#)).unwrap_err();
    assert!(err.message.contains("no dice"), "{err}");
    // A tip of the other game is not Cờ nhảy's: left out of its list.
    let other = r#"(version: 1, tips: [(id: "cn", game: "ca-ngua", title: "t", text: "x",
        setup: "Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0")])"#;
    assert!(tips_in::<CoNhay>("test.ron", other).unwrap().is_empty());
    // A finished game takes no move.
    let over = "111,112,113,114,115,116,117,118,119,120/-/-/50,56,57,58,59,60,61,62,63,64/-/- - 0";
    let err = tips_in::<CoNhay>("test.ron", &one_tip(over, "")).unwrap_err();
    assert_eq!(err.tip, "nhay-bad");
    assert!(err.message.contains("over"), "{err}");
}
