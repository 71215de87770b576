//! Files as Windows leaves them: records, saves and rule sets with CRLF
//! line ends (a record mailed, a rule set edited in Notepad) read as
//! written, in folders whose names have spaces and Vietnamese letters;
//! and what the game writes has plain "\n" line ends on every system, so
//! a file is the same whatever wrote it. (On Windows itself: the GitHub
//! CI runs these tests there, and scripts/cross.sh wine runs the Windows
//! build on such files.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::common::records::{DATE, played};
use ca_ngua_core::game::{Game, Level};
use ca_ngua_core::table::InlineRunner;
use ca_ngua_data::record::{Record, Recorder};
use ca_ngua_data::store::{GameFile, Store, export_rule_set, import_rule_set};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;
use game_ca_ngua::rules_file::RuleSet;
use game_co_nhay::CoNhay;

/// The text with every line end made CRLF.
fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

fn records_read_the_same_with_crlf<G: Game>(rules: G::Rules, players: usize) {
    let table = played::<G>(rules, players, Level::Easy, 5);
    let record = Recorder::of_table(&table, DATE).unwrap();
    let text = record.to_text();
    assert!(!text.contains('\r'), "{}: written with \\n alone", G::ID);
    let back = Record::<G>::from_text(&crlf(&text)).unwrap();
    assert_eq!(back, record, "{}", G::ID);
    assert_eq!(back.to_text(), text, "{}: written back with \\n", G::ID);
    // A bad line is still named by its number.
    let bad = crlf(&text.replacen("Result: ", "Result: ???", 1));
    let err = Record::<G>::from_text(&bad).unwrap_err().to_string();
    let line = text
        .lines()
        .position(|l| l.starts_with("Result: "))
        .unwrap()
        + 1;
    assert!(err.contains(&line.to_string()), "{err}");
}

#[test]
fn records_with_windows_line_ends_read_as_written() {
    records_read_the_same_with_crlf::<CaNgua>(Rules::standard(), 4);
    records_read_the_same_with_crlf::<CoNhay>(CoNhay::standard_rules(), 3);
}

#[test]
fn saves_and_rule_sets_in_a_folder_named_in_vietnamese_with_crlf_read_back() {
    let dir = common::temp_dir("line-ends");
    // Spaces and Vietnamese letters, as a Windows user's folder may have.
    let folder = dir.path().join("Trò chơi của Lan").join("cấu hình");
    std::fs::create_dir_all(&folder).unwrap();
    let store = Store::at(&folder);

    let prefs = ca_ngua_data::prefs::Prefs {
        lang: Some(ca_ngua_i18n::Lang::En),
        online_name: "Bà Tư".into(),
        ..Default::default()
    };
    store.save_prefs(&prefs).unwrap();
    let mut table = common::local_table(&prefs, 3);
    common::play_on(&mut table, 40);
    store
        .save_game::<CaNgua>(&GameFile::of(&table, false))
        .unwrap();
    for name in ["prefs.ron", "game.ron"] {
        let path = folder.join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains('\r'), "{name}: written with \\n alone");
        std::fs::write(&path, crlf(&text)).unwrap();
    }
    // The same preferences and the same game, from the CRLF files.
    assert_eq!(store.load_prefs(), (prefs, None));
    let (loaded, notice) = store.load_game::<CaNgua>(Box::new(InlineRunner::default()));
    assert_eq!(notice, None);
    let loaded = loaded.expect("the game in progress");
    assert_eq!(loaded.table.events(), table.events());
    assert_eq!(loaded.table.controllers(), table.controllers());

    // A rule set exported, edited in Notepad (CRLF), imported.
    let set = RuleSet::new("Luật nhà bà Tư", Rules::casual());
    let file = folder.join("Luật nhà bà Tư.ron");
    export_rule_set(&set, &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(!text.contains('\r'), "written with \\n alone");
    std::fs::write(&file, crlf(&text)).unwrap();
    assert_eq!(import_rule_set::<RuleSet>(&file).unwrap(), set);
}
