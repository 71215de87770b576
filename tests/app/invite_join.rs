//! Online, an invite opened on a first start (issue 31), in the app
//! (egui_kittest, a real server on 127.0.0.1): it joins in one dialog that
//! asks for a name once, no welcome after (issue 45), and a room already
//! full says so in words.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::online_app::{hosting_app, open_room, prefs, wait};
use crate::online_table::{app_with_link, has, seated};
use ca_ngua_data::store::Store;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;

#[test]
fn a_fresh_app_opened_with_an_invite_joins_in_one_dialog_without_the_welcome() {
    let dir = common::temp_dir("table-first-start");
    let host_store = Store::at(dir.path().join("host"));
    host_store.save_prefs(&prefs("Lan")).unwrap();
    let mut host = hosting_app(host_store);
    let invite = open_room::<CaNgua>(&mut host);

    // A first start: no files at all, opened with the invite page's link.
    let guest_dir = dir.path().join("guest");
    let mut guest = app_with_link(&guest_dir, None, &invite.page_url());
    wait(&mut [&mut guest], 20, "the room described", |hs| {
        has(hs[0], "1 of 2 seats taken: Lan")
    });
    assert!(has(&guest, &format!("Room {}", invite.room)));
    assert!(has(&guest, "Host: Lan"));
    assert!(has(&guest, "Cờ Cá Ngựa"));
    // The welcome waits; the name is asked here, once.
    assert!(guest.query_by_label("Welcome!").is_none());
    assert!(guest.state().is_welcoming());
    let join = guest.get_by_role_and_label(Role::Button, "Join");
    assert!(join.accesskit_node().is_disabled(), "a name first");
    let field = guest
        .get_by(|n| n.role() == Role::TextInput && n.label().is_some_and(|l| l == "Your name"));
    field.focus();
    field.type_text("Minh");
    guest.run_steps(2);
    guest.get_by_role_and_label(Role::Button, "Join").click();
    wait(&mut [&mut host, &mut guest], 20, "seated", |hs| {
        seated(hs[0]) == 2 && seated(hs[1]) == 2
    });
    guest.run_steps(3);
    assert!(!guest.state().is_join_dialog_open());
    assert_eq!(guest.state().prefs().online_name, "Minh", "kept");
    // The table is the welcome: no dialog about playing or learning on
    // top of a friend's room, and not asked again at the next start
    // (issue 45).
    assert!(guest.query_by_label("Welcome!").is_none());
    assert!(!guest.state().is_welcoming());
    assert!(guest.state().prefs().welcomed);
    // Before the start nothing says a game is over.
    assert!(!has(&guest, "The game is over"));
    assert!(has(&guest, "Waiting for the start"));
    // Both seats taken: the room waits for the host, not for players.
    assert!(has(&guest, "Everyone is here (2 of 2)"));
    assert!(!has(&guest, "Waiting for players"));
    host.run_steps(3);
    assert!(has(&host, "Minh"));

    // A second friend, the room full: said in the dialog, in words.
    let mut late = app_with_link(
        &dir.path().join("late"),
        Some(prefs("Bảo")),
        &invite.page_url(),
    );
    wait(&mut [&mut late], 20, "the room described", |hs| {
        has(hs[0], "2 of 2 seats taken: Lan, Minh")
    });
    assert!(has(&late, "The room is full."));
    assert!(
        late.get_by_role_and_label(Role::Button, "Join")
            .accesskit_node()
            .is_disabled()
    );
}
