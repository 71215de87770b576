//! A room joined from its link (issue 54), at a phone's sizes, a tablet's
//! and the desktop's 800×600, in both languages: the room's table fits
//! the window (its code, the strip or the cards, the main button, the
//! talk), and on a phone the talk opens as a sheet with its line of text
//! in view. At 800×600 the talk keeps clear of the turn's lines and its
//! field is whole (a new player's finding).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::online_app::{TestApp, wait};
use crate::phone::{LANGS, SIZES, fits, prefs, t, targets_thumb_sized, thumb_sized, window};
use crate::phone_touch::tap_button;
use crate::ui_support::harness;
use ca_ngua::app::App;
use ca_ngua::app::layout::Layout;
use ca_ngua::app::shell::Sheet;
use ca_ngua_client::{Client, ClientCommand, ClientOptions, Request};
use ca_ngua_core::game::Level;
use ca_ngua_data::prefs::GameKind;
use ca_ngua_i18n::Lang;
use ca_ngua_protocol::ChatMode;
use ca_ngua_protocol::ServerAddress;
use ca_ngua_server::{ServerConfig, ServerHandle, spawn};
use egui::accesskit::Role;
use egui::{Pos2, Rect};
use egui_kittest::kittest::Queryable;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Rules;
use std::time::Duration;

/// A room opened by a headless host (talk in words, a turn clock), and
/// the app of a friend in `lang` joined from its link, at `size`, once
/// the game has started.
fn joined(server: &ServerHandle, lang: Lang, size: (f32, f32)) -> (TestApp, Client<CaNgua>) {
    let address = ServerAddress::new("127.0.0.1", server.addr().port());
    let open = Request::open::<CaNgua>("Minh", 4, &Rules::standard(), ChatMode::Text, 30);
    let mut host =
        Client::<CaNgua>::connect_with(address, open, ClientOptions::table(), || {}).unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let invite = loop {
        host.poll();
        if let Some(invite) = host.invite() {
            break invite;
        }
        assert!(std::time::Instant::now() < deadline, "the room opens");
        std::thread::sleep(Duration::from_millis(10));
    };
    let app = App::new(prefs(lang, GameKind::CaNgua))
        .with_inline_computers()
        .with_page_link(invite.page_url(), false, Some("Hùng".into()));
    let mut h = harness(app, window(size));
    wait(&mut [&mut h], 20, "seated", |hs| {
        hs[0]
            .state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.seat().is_some() && r.latest().seats().len() == 2)
    });
    host.send(ClientCommand::Start(Level::Medium));
    wait(&mut [&mut h], 20, "started", |hs| {
        hs[0]
            .state()
            .play::<CaNgua>()
            .remote()
            .is_some_and(|r| r.latest().is_started())
    });
    h.run_steps(6);
    (h, host)
}

#[test]
fn a_room_joined_from_its_link_fits_every_shape_and_its_talk_opens() {
    let server = spawn(
        "127.0.0.1:0".parse().unwrap(),
        ServerConfig {
            bot_delay: Duration::from_secs(30),
            ..ServerConfig::default()
        },
    )
    .unwrap();
    for size in SIZES {
        for lang in LANGS {
            let what = format!("room {size:?} {lang:?}");
            let (mut h, _host) = joined(&server, lang, size);
            fits(&h, &what);
            targets_thumb_sized(&h, &what);
            let main = [t(lang, "button-roll"), t(lang, "button-waiting")];
            thumb_sized(&h, &main, &what);
            let field = |h: &TestApp| {
                h.query_by_role_and_label(Role::TextInput, &t(lang, "talk-text-label"))
                    .map(|n| n.rect())
            };
            let screen = Rect::from_min_size(Pos2::ZERO, h.ctx.content_rect().size());
            if Layout::of(screen.size()).is_phone() {
                // The talk is a sheet: one tap opens it, its line of text
                // whole and in view.
                tap_button(&mut h, &t(lang, "sheet-talk"));
                assert_eq!(h.state().sheet(), Some(Sheet::Talk), "{what}");
                fits(&h, &format!("{what}, the talk"));
                targets_thumb_sized(&h, &format!("{what}, the talk"));
                let r = field(&h).unwrap_or_else(|| panic!("{what}: no line of text"));
                assert!(screen.contains_rect(r), "{what}: the line of text at {r:?}");
                tap_button(&mut h, &t(lang, "sheet-close"));
                assert_eq!(h.state().sheet(), None, "{what}");
            } else {
                // The talk's dock, under the turn's lines, its field whole.
                let r = field(&h).unwrap_or_else(|| panic!("{what}: no line of text"));
                assert!(screen.contains_rect(r), "{what}: the line of text at {r:?}");
                let main = h
                    .query_all_by_role(Role::Button)
                    .map(|n| n.rect())
                    .find(|b| b.height() >= 50.0)
                    .expect("the main button");
                assert!(
                    r.top() > main.bottom(),
                    "{what}: the talk over the turn's lines"
                );
            }
        }
    }
}
