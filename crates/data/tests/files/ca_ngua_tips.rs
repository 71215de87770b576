//! Cờ Cá Ngựa's tips (issue 24): every shipped tip reads, its board's
//! roll has a move and its marked move is legal after that roll; its words
//! are in both languages; a tip whose marked move is illegal is refused,
//! by name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_core::game::{Game, Next, SeatId};
use ca_ngua_data::learn::tips::{read_tips, tip_files, tips_in, tips_of};
use ca_ngua_i18n::{I18n, Lang};
use game_ca_ngua::CaNgua;

#[test]
fn every_tip_reads_and_its_marked_move_is_legal_after_its_roll() {
    let tips = tips_of::<CaNgua>().unwrap();
    assert_eq!(tips.len(), 6);
    for t in &tips {
        let roll = t.roll.expect("a roll");
        let show = t.show.expect("a marked move");
        let Next::Choose(seat, moves) = CaNgua::next(&t.state, Some(roll)) else {
            panic!("{}: no choice after {roll}", t.def.id);
        };
        assert!(moves.contains(&show), "{}: {show} after {roll}", t.def.id);
        // Red to play in every tip, with a choice to make.
        assert_eq!(seat.code(), "r", "{}", t.def.id);
        assert!(
            moves.len() >= 2,
            "{}: a single move shows nothing",
            t.def.id
        );
        // Played, the move is accepted by the engine.
        let mut after = t.state.clone();
        CaNgua::play(&mut after, Some(roll), Some(show)).unwrap();
    }
}

#[test]
fn every_tip_has_its_words_in_both_languages() {
    for lang in Lang::ALL {
        let i18n = I18n::new(lang);
        for t in tips_of::<CaNgua>().unwrap() {
            for key in [&t.def.title, &t.def.text] {
                assert!(i18n.has(key), "{lang}: {key}");
            }
        }
    }
}

#[test]
fn the_tip_files_have_unique_ids_and_each_game_its_own_file() {
    for (name, text) in tip_files() {
        let file = read_tips(name, text).unwrap();
        let game = name.trim_end_matches(".ron");
        assert!(file.tips.iter().all(|t| t.game == game), "{name}");
    }
}

fn one_tip(setup: &str, roll: &str, show: &str) -> String {
    format!(
        r#"(version: 1, tips: [(id: "cn-bad", game: "ca-ngua", title: "t", text: "x",
            setup: "{setup}", roll: "{roll}", show: "{show}")])"#
    )
}

#[test]
fn a_tip_whose_marked_move_is_illegal_is_refused_by_name() {
    // A 5 takes the horse on 12 to 17, not 18.
    let text = one_tip("Y,Y,12,28/-/5,20,57,57/- r 0", "5", "12-18");
    let err = tips_in::<CaNgua>("test.ron", &text).unwrap_err();
    assert_eq!(err.tip, "cn-bad");
    assert!(err.message.contains("12-18"), "{err}");
    assert!(err.to_string().starts_with("tip 'cn-bad': show:"), "{err}");
    // The same tip with a legal move reads.
    let text = one_tip("Y,Y,12,28/-/5,20,57,57/- r 0", "5", "12-17");
    assert_eq!(tips_in::<CaNgua>("test.ron", &text).unwrap().len(), 1);
}

#[test]
fn bad_tips_are_refused_with_their_reason_never_a_panic() {
    let cases = [
        // No horse can leave the yard on a 3: the roll would be passed.
        (
            one_tip("Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0", "3", "Y-0"),
            "no legal move",
        ),
        // A roll that is not a die.
        (
            one_tip("Y,Y,12,28/-/5,20,57,57/- r 0", "7", "12-19"),
            "roll",
        ),
        // A bad setup.
        (one_tip("Y,Y,12/-/5,20,57,57/- r 0", "5", "12-17"), "setup"),
        // A move that is not notation.
        (
            one_tip("Y,Y,12,28/-/5,20,57,57/- r 0", "5", "twelve"),
            "show",
        ),
    ];
    for (text, part) in cases {
        let err = tips_in::<CaNgua>("test.ron", &text).unwrap_err();
        assert_eq!(err.tip, "cn-bad", "{err}");
        assert!(err.message.contains(part), "{err}");
    }
    // A marked move without a roll: the position waits for the roll.
    let text = r#"(version: 1, tips: [(id: "cn-noroll", game: "ca-ngua", title: "t", text: "x",
        setup: "Y,Y,12,28/-/5,20,57,57/- r 0", show: "12-17")])"#;
    let err = tips_in::<CaNgua>("test.ron", text).unwrap_err();
    assert_eq!(err.tip, "cn-noroll");
    // A file of another version, or not RON, names the file.
    let err = tips_in::<CaNgua>("test.ron", "(version: 2, tips: [])").unwrap_err();
    assert_eq!(err.tip, "test.ron");
    let err = tips_in::<CaNgua>("test.ron", "not ron").unwrap_err();
    assert_eq!(err.tip, "test.ron");
    // An id used twice.
    let twice = r#"(version: 1, tips: [
        (id: "a", game: "ca-ngua", title: "t", text: "x", setup: "Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0"),
        (id: "a", game: "ca-ngua", title: "t", text: "x", setup: "Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0")])"#;
    let err = tips_in::<CaNgua>("test.ron", twice).unwrap_err();
    assert_eq!(err.tip, "a");
}
