//! Rule sets in the app: a rule code copied, typed wrong and refused,
//! pasted and saved; a rule set exported to a file and imported back.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::feel::{WINDOW, prefs};
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_i18n::Lang;
use egui::Role;
use egui_kittest::kittest::Queryable;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;

/// The rules of `code` as imported into the store at `dir`.
fn saved_rules(dir: &std::path::Path) -> Vec<Rules> {
    let (sets, _) = ca_ngua_data::store::Store::at(dir).rule_sets::<CaNgua>();
    sets.into_iter().map(|s| s.rules).collect()
}

/// Opens the rule code window, types `code` and imports it.
fn type_code(h: &mut egui_kittest::Harness<'_, App>, code: &str) {
    h.get_by_label("Nhập mã luật…").click();
    h.run_steps(4);
    h.get_by_role_and_label(Role::TextInput, "Mã luật").focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, "Mã luật")
        .type_text(code);
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "Nhập").click();
    h.run_steps(3);
}

#[test]
fn a_rule_code_goes_round_and_a_bad_one_is_refused() {
    use ca_ngua_data::store::Store;
    let dir = common::temp_dir("rule-code");
    let house = Rules {
        forced_kick: true,
        pairs: game_ca_ngua::engine::Pairs::Block,
        ..Rules::casual()
    };
    let code = game_ca_ngua::rules_code::encode(&house);
    Store::at(dir.path())
        .save_prefs(&Prefs {
            games: ca_ngua_data::prefs::GamePrefs {
                ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                    rules: house,
                    ..prefs(Lang::Vi, 2).games.ca_ngua
                },
                ..prefs(Lang::Vi, 2).games
            },
            ..prefs(Lang::Vi, 2)
        })
        .unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::Vi, None)
        .skip_welcome()
        .with_inline_computers();
    let mut h = harness(app, WINDOW);
    // The code of the rules in use is shown, and copied on request.
    assert!(shows(&h, &code), "no {code}");
    h.get_by_label("Chép mã").click();
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, egui::OutputCommand::CopyText(t) if *t == code));
    assert!(copied, "the code was not copied");

    // A friend's code, typed with a mistake: refused, nothing saved.
    let mut typo: Vec<char> = code.chars().collect();
    let last = typo.len() - 1;
    typo[last] = if typo[last] == '7' { '8' } else { '7' };
    let typo: String = typo.into_iter().collect();
    h.get_by_label("Bộ luật của tôi").click();
    h.run_steps(2);
    type_code(&mut h, &typo);
    assert!(shows(&h, "Mã không khớp"), "no refusal shown");
    assert!(h.state().is_asking_anything(), "the window stays open");
    assert!(saved_rules(dir.path()).is_empty());
    h.get_by_label("Hủy").click();
    h.run_steps(3);

    // The right code, pasted with spaces around: saved with the same rules.
    type_code(&mut h, &format!("  {}  ", code.to_lowercase()));
    assert!(!h.state().is_asking_anything());
    assert_eq!(saved_rules(dir.path()), vec![house]);
    assert!(shows(&h, "Đã nhập thành Bộ luật đã nhập"));
    // The same code again names the set it already is.
    type_code(&mut h, &code);
    assert!(shows(&h, "Bộ luật này đã có: Bộ luật đã nhập"));
    assert_eq!(saved_rules(dir.path()).len(), 1);
}

#[test]
fn a_rule_set_goes_out_and_comes_back_through_file_dialogs() {
    use ca_ngua::app::shell::files::FixedPicker;
    use ca_ngua_data::store::Store;
    let dir = common::temp_dir("rule-files");
    let file = dir.join("shared.ron");
    let house = Rules {
        no_passing: true,
        ..Rules::standard()
    };
    Store::at(dir.path())
        .save_rule_set::<CaNgua>(&game_ca_ngua::rules_file::RuleSet::new("Nhà bà Tư", house))
        .unwrap();
    let app = App::from_store(Store::at(dir.path()), None, Lang::Vi, None)
        .skip_welcome()
        .with_inline_computers()
        .with_file_picker(Box::new(FixedPicker {
            path: Some(file.clone()),
        }));
    let mut h = harness(app, WINDOW);
    h.get_by_label("Bộ luật của tôi").click();
    h.run_steps(2);
    h.get_by_label("Xuất Nhà bà Tư ra tệp…").click();
    h.run_steps(3);
    let written =
        ca_ngua_data::store::import_rule_set::<game_ca_ngua::rules_file::RuleSet>(&file).unwrap();
    assert_eq!(written.rules, house);
    h.get_by_label("Xóa Nhà bà Tư").click();
    h.run_steps(3);
    assert!(saved_rules(dir.path()).is_empty());
    h.get_by_label("Nhập từ tệp…").click();
    h.run_steps(3);
    assert_eq!(saved_rules(dir.path()), vec![house]);
}
