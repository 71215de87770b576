//! Cờ nhảy in the desktop app, through its accessibility tree
//! (egui_kittest): a whole game against the computer played by clicking
//! pieces and holes, the keyboard, the names a screen reader reads, and
//! switching games without losing either game in progress (a restart
//! included). kittest panics on any glyph the fonts lack, so these tests
//! also check font coverage of what they show.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::{GameKind, PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::{I18n, Lang};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_co_nhay::bots::{Budget, Level};
use game_co_nhay::engine::{Arm, Position, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The app's window here.
const WINDOW: Window = Window::DEFAULT;
use game_co_nhay::CoNhay;
type NhayTable = ca_ngua_core::table::Table<CoNhay>;

/// Cờ nhảy in front: two players, a person (red) against the computer
/// (yellow) at `level`, fast.
fn prefs(lang: Lang, level: Level) -> Prefs {
    let mut players = [PlayerKind::Bot(level); 6];
    players[0] = PlayerKind::Human;
    Prefs {
        lang: Some(lang),
        game: GameKind::CoNhay,
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 2,
                players: [PlayerKind::Bot(Level::Random); 4],
                fast_bots: true,
                ..Default::default()
            },
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 2,
                players,
                rules: Rules::standard(),
                fast_bots: true,
            },
        },
        ..Prefs::default()
    }
}

fn nhay_table(prefs: &Prefs, position: Option<&str>, seed: u64) -> NhayTable {
    let rules = prefs.games.co_nhay.rules;
    let start = match position {
        Some(p) => Position::parse(p, &rules).unwrap(),
        None => Position::start(prefs.games.co_nhay.seating()),
    };
    NhayTable::starting_at(
        rules,
        &start.to_setup(),
        &prefs.games.co_nhay.controllers(),
        StdRng::seed_from_u64(seed),
        Box::new(ca_ngua_core::table::InlineRunner::default()),
    )
    .expect("table")
    .with_budget(Budget::TEST)
}

/// An app with Cờ nhảy in front, computer players deciding inline.
fn app(prefs: Prefs, position: Option<&str>) -> App {
    let ludo = common::local_table(&prefs, 1);
    let table = nhay_table(&prefs, position, 9);
    App::with_table(prefs, ludo)
        .with_inline_computers()
        .with_game_table(table)
}

/// The names of the buttons whose name starts with `prefix`.
fn button_names(h: &Harness<'_, App>, prefix: &str) -> Vec<String> {
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    nodes
        .iter()
        .filter(|n| n.role() == Role::Button && name(n).starts_with(prefix))
        .map(name)
        .collect()
}

/// Clicks the piece on `from`, then its target `to`, by their names.
fn click_move(h: &mut Harness<'_, App>, from: u8, to: u8) {
    let piece = format!("Quân đỏ ở ô {from},");
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&piece)))
        .click();
    // A click is seen in one frame and carried out after it: the targets
    // are drawn in the next.
    h.run_steps(2);
    let target = format!("đến ô {to},");
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.contains(&target)))
        .click();
    h.step();
}

/// Plays the game to its end (or 6,000 frames): at each of the person's
/// turns the hint, asked for, is played by clicking the piece, then the
/// hole. How many moves were clicked.
fn play_the_hints(h: &mut Harness<'_, App>) -> usize {
    let mut moves = 0;
    for _ in 0..6_000 {
        if h.state()
            .play::<CoNhay>()
            .table()
            .unwrap()
            .replica()
            .is_over()
        {
            break;
        }
        if h.state().phase() == Phase::Choose {
            if h.state().play::<CoNhay>().hint().is_none() {
                h.get_by_role_and_label(Role::Button, "Gợi ý").click();
                h.step();
            }
            let (from, to) = h
                .state()
                .play::<CoNhay>()
                .hint()
                .expect("a hint")
                .ends()
                .unwrap();
            click_move(h, from, to);
            moves += 1;
            continue;
        }
        h.step();
    }
    moves
}

#[test]
fn a_whole_game_against_the_computer_played_by_clicking_pieces_and_holes() {
    // The person asks for the hint at every turn and plays it by clicking
    // the piece, then the hole; the computer plays Easy.
    let mut h = harness(app(prefs(Lang::Vi, Level::Easy), None), WINDOW);
    let moves = play_the_hints(&mut h);
    let replica = h
        .state()
        .play::<CoNhay>()
        .table()
        .unwrap()
        .replica()
        .clone();
    assert!(
        replica.is_over(),
        "the game did not end: {}",
        replica.position().unwrap()
    );
    assert!(moves > 20, "{moves} moves clicked");
    // Every move went through the table: red's moves are ours.
    let red_moves = h
        .state()
        .play::<CoNhay>()
        .table().unwrap()
        .events()
        .iter()
        .filter(|e| {
            matches!(e.event, ca_ngua_core::table::EventKind::<CoNhay>::Moved { seat: arm, .. } if arm.number() == 0)
        })
        .count();
    assert_eq!(red_moves, moves);
    // The results show the places and ours.
    h.run_steps(30);
    let ranking = replica.ranking().unwrap();
    let first = if ranking[0][0].number() == 0 {
        "1. Đỏ"
    } else {
        "1. Vàng"
    };
    assert!(shows(&h, first), "no {first}");
    let ours = if ranking[0][0].number() == 0 {
        "Bạn thắng!"
    } else {
        "Bạn về nhì"
    };
    assert!(shows(&h, ours), "no {ours}");
    assert!(unnamed(&h).is_empty(), "{:?}", unnamed(&h));
    // The statistics counted the game, the longest chain and the win.
    let stats = h.state().play::<CoNhay>().stats();
    assert_eq!(stats.games, 1);
    assert_eq!(stats.by_kind["human"].played, 1);
    assert_eq!(stats.by_kind["easy"].played, 1);
    assert!(stats.longest_chain >= 1);
    assert_eq!(
        stats.shortest_win.is_some(),
        replica.game().unwrap().winner().is_some()
    );
    // "Chơi ván mới" (the results' button, named as the panel's) starts the next game, with the same players.
    h.query_all_by(|n| n.role() == Role::Button && n.label().as_deref() == Some("Chơi ván mới"))
        .next()
        .unwrap()
        .click();
    h.run_steps(3);
    let next = h.state().play::<CoNhay>().table().unwrap().replica();
    assert!(!next.is_over() && next.seq() <= 2);
    assert_eq!(h.state().play::<CoNhay>().stats().games, 1);
}

#[test]
fn choosing_a_piece_shows_every_hole_it_can_reach_and_a_chain_hops_along_its_path() {
    // Red on 7 can jump over 15 to 27, then over 38 to 48; and step.
    let p = "0,1,2,3,4,5,6,7,8,9/-/-/15,38,111,112,113,114,115,116,117,118/-/- 0 -";
    let mut prefs = prefs(Lang::Vi, Level::Easy);
    prefs.games.co_nhay.fast_bots = false;
    let mut h = harness(app(prefs, Some(p)), WINDOW);
    h.run_steps(2);
    let pieces = button_names(&h, "Quân đỏ");
    assert!(!pieces.is_empty());
    let rules = Rules::standard();
    let pos = Position::parse(p, &rules).unwrap();
    let moves = pos.legal_moves(&rules);
    for (from, to) in moves.pieces() {
        let n = to.count_ones();
        let name = format!("Quân đỏ ở ô {from}, đi được đến {n} ô");
        assert!(pieces.contains(&name), "{name} in {pieces:?}");
    }
    assert_eq!(pieces.len(), moves.pieces().count());
    // Choosing 7 shows each hole it can reach: steps and chain ends.
    h.get_by(|n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Quân đỏ ở ô 7,"))
    })
    .click();
    h.run_steps(2);
    let targets: Vec<String> = button_names(&h, "Đi đến ô")
        .into_iter()
        .chain(button_names(&h, "Nhảy đến ô"))
        .collect();
    let reach = moves.destinations(7);
    assert_eq!(targets.len(), reach.count_ones() as usize, "{targets:?}");
    assert!(
        targets.contains(&"Nhảy đến ô 48, 2 lần nhảy".to_string()),
        "{targets:?}"
    );
    // The chain to 48 hops through 27: the piece is seen on the way.
    h.get_by_role_and_label(Role::Button, "Nhảy đến ô 48, 2 lần nhảy")
        .click();
    h.step();
    assert!(h.state().play::<CoNhay>().is_animating());
    let mut seen = Vec::new();
    while h.state().play::<CoNhay>().is_animating() {
        if let Some(p) = h.state().play::<CoNhay>().moving_piece() {
            seen.push(p);
        }
        h.step();
    }
    let on = |hole: u8| {
        let (x, y) = ca_ngua::app::co_nhay::geometry::hole_point(hole);
        seen.iter()
            .any(|&(a, b)| (a - x).abs() < 0.6 && (b - y).abs() < 0.6)
    };
    assert!(on(7) && on(27), "the piece passed 7 and 27: {seen:?}");
    assert!(seen.len() >= 3, "{seen:?}");
    // The last move stays marked: its path is 7, 27, 48.
    let (arm, path) = h.state().play::<CoNhay>().last_move().unwrap();
    assert_eq!(
        (arm.number(), path.as_slice()),
        (0, [7u8, 27, 48].as_slice())
    );
}

#[test]
fn the_keyboard_chooses_a_piece_then_a_hole_and_escape_goes_back() {
    let mut h = harness(app(prefs(Lang::Vi, Level::Easy), None), WINDOW);
    h.run_steps(3);
    // The turn came to us: the focus is on the first piece that can move.
    let first = focused_name(&h).unwrap_or_default();
    assert!(first.starts_with("Quân đỏ ở ô 3,"), "{first}");
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().play::<CoNhay>().selected(), Some(3));
    let target = focused_name(&h).unwrap_or_default();
    assert!(target.starts_with("Nhảy đến ô 14"), "{target}");
    // Escape puts the piece back and the focus on it.
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert_eq!(h.state().play::<CoNhay>().selected(), None);
    let back = focused_name(&h).unwrap_or_default();
    assert!(back.starts_with("Quân đỏ ở ô 3,"), "{back}");
    // Tab goes on to the next piece; Enter chooses it, Enter moves.
    h.key_press(Key::Tab);
    h.step();
    let next = focused_name(&h).unwrap_or_default();
    assert!(next.starts_with("Quân đỏ ở ô 4,"), "{next}");
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().play::<CoNhay>().selected(), Some(4));
    let seq = h.state().play::<CoNhay>().table().unwrap().seq();
    h.key_press(Key::Enter);
    h.run_steps(2);
    let events = h.state().play::<CoNhay>().table().unwrap().events();
    assert!(events.len() as u64 > seq);
    assert!(
        matches!(events[seq as usize].event, ca_ngua_core::table::EventKind::<CoNhay>::Moved { seat: arm, mv, .. } if arm.number() == 0 && mv.from() == Some(4)),
        "{:?}",
        events[seq as usize]
    );
}

#[test]
fn every_node_with_a_role_has_a_name_on_the_cờ_nhảy_screen() {
    // One step from the win: red on 102 goes to 111.
    let p = "102,112,113,114,115,116,117,118,119,120/-/-/0,1,2,3,4,5,6,7,8,60/-/- 0 -";
    let mut h = harness(app(prefs(Lang::Vi, Level::Medium), Some(p)), WINDOW);
    h.run_steps(2);
    let window = h.root().accesskit_node();
    assert_eq!(window.label().as_deref(), Some("Cờ Cá Ngựa"));
    assert!(unnamed(&h).is_empty(), "at the start: {:?}", unnamed(&h));
    assert!(shows(
        &h,
        "Bàn Cờ nhảy hình ngôi sao, 2 người chơi. Lượt của Đỏ."
    ));
    // The game picker is a named group with both games.
    assert!(h.query_by_label("Trò chơi").is_some());
    h.get_by_role_and_label(Role::Button, "Gợi ý").click();
    h.run_steps(2);
    // The board numbers no hole: the hint names none either, it marks
    // its move on the board (issue 55).
    assert!(
        shows(&h, "Gợi ý: nước đi đánh dấu vàng trên bàn cờ, đi một bước"),
        "the hint in words"
    );
    assert!(!shows(&h, "từ ô 102"));
    h.get_by(|n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Quân đỏ ở ô 102,"))
    })
    .click();
    h.run_steps(2);
    assert!(unnamed(&h).is_empty(), "a piece chosen: {:?}", unnamed(&h));
    h.get_by_role_and_label(Role::Button, "Đi đến ô 111, một bước")
        .click();
    step_until(&mut h, 100, |a| a.phase() == Phase::Over);
    h.run_steps(5);
    assert!(shows(&h, "Bạn thắng!"));
    assert!(unnamed(&h).is_empty(), "at the end: {:?}", unnamed(&h));
    // The screen reader heard the end and the places.
    let heard: Vec<String> = h
        .state()
        .play::<CoNhay>()
        .announcements()
        .iter()
        .map(|a| a.text.clone())
        .collect();
    assert!(
        heard
            .iter()
            .any(|t| t.contains("Ván đã kết thúc") && t.contains("1. Đỏ")),
        "{heard:?}"
    );
    // The rules and statistics windows of Cờ nhảy, named too.
    h.get_by_role_and_label(Role::Button, "Luật chơi").click();
    h.get_by_role_and_label(Role::Button, "Thống kê").click();
    h.run_steps(3);
    assert!(shows(&h, "Luật Cờ nhảy"));
    assert!(shows(&h, "Bàn cờ hình ngôi sao sáu cánh"));
    assert!(shows(&h, "Số ván Cờ nhảy đã chơi xong: 1"));
    assert!(unnamed(&h).is_empty(), "windows: {:?}", unnamed(&h));
}

#[test]
fn the_hint_names_no_hole_the_board_does_not_number() {
    // Issue 55: "from hole 7 to hole 16" while the board showed no number.
    let p = "102,112,113,114,115,116,117,118,119,120/-/-/0,1,2,3,4,5,6,7,8,60/-/- 0 -";
    let mut h = harness(app(prefs(Lang::En, Level::Medium), Some(p)), WINDOW);
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "Hint").click();
    h.run_steps(2);
    let i18n = I18n::new(Lang::En);
    let now = h.ctx.input(|i| i.time);
    let board = h
        .state()
        .play::<CoNhay>()
        .board_input(&i18n, h.state().phase(), now, false);
    assert!(!board.numbers, "a game's board numbers no hole");
    // The move the hint speaks of is the one marked on the board.
    let hint = h.state().play::<CoNhay>().hint().expect("a hint");
    assert_eq!(board.hint, Some(hint));
    assert_eq!(hint.ends(), Some((102, 111)));
    assert!(shows(
        &h,
        "Hint: the move marked in gold on the board, one step"
    ));
    assert!(
        h.query_all_by(|n| {
            n.label()
                .is_some_and(|l| l.starts_with("Hint: ") && l.contains("hole"))
                || n.value()
                    .is_some_and(|v| v.starts_with("Hint: ") && v.contains("hole"))
        })
        .next()
        .is_none(),
        "no hole named in the hint"
    );
}

#[test]
fn switching_games_keeps_both_games_in_progress_across_a_restart() {
    let dir = common::temp_dir("nhay-switch");
    let mut p = prefs(Lang::Vi, Level::Medium);
    p.game = GameKind::CaNgua;
    // Everyone a computer in both games: whatever is in front plays on.
    p.games.ca_ngua.players = [PlayerKind::Bot(Level::Medium); 4];
    p.games.co_nhay.players = [PlayerKind::Bot(Level::Medium); 6];
    let store = Store::at(dir.path());
    store.save_prefs(&p).unwrap();
    let load = || {
        App::from_store(Store::at(dir.path()), None, Lang::Vi, None)
            .skip_welcome()
            .with_inline_computers()
    };
    let mut h = harness(load(), WINDOW);
    assert_eq!(h.state().front(), GameKind::CaNgua);
    h.run_steps(40);
    let ludo_seq = h.state().play::<CaNgua>().source().latest().seq();
    let nhay_seq = h.state().play::<CoNhay>().table().unwrap().seq();
    assert!(ludo_seq > 5, "Cờ Cá Ngựa played: {ludo_seq}");
    assert!(nhay_seq <= 2, "Cờ nhảy waited behind: {nhay_seq}");
    // To Cờ nhảy: Cờ Cá Ngựa stops where it was, Cờ nhảy plays.
    h.get_by_role_and_label(Role::Button, "Cờ nhảy").click();
    h.run_steps(2);
    assert_eq!(h.state().front(), GameKind::CoNhay);
    let ludo = h.state().play::<CaNgua>().source().latest().clone();
    h.run_steps(40);
    assert_eq!(
        h.state().play::<CaNgua>().source().latest(),
        &ludo,
        "Cờ Cá Ngựa waited"
    );
    let nhay = h
        .state()
        .play::<CoNhay>()
        .table()
        .unwrap()
        .replica()
        .clone();
    assert!(nhay.seq() > nhay_seq + 5, "Cờ nhảy played");
    assert!(shows(&h, "Thiết lập Cờ nhảy"));
    // And back: Cờ nhảy stops, Cờ Cá Ngựa goes on from where it was.
    h.get_by_role_and_label(Role::Button, "Cờ Cá Ngựa").click();
    h.run_steps(2);
    let nhay = h
        .state()
        .play::<CoNhay>()
        .table()
        .unwrap()
        .replica()
        .clone();
    h.run_steps(20);
    assert_eq!(
        h.state().play::<CoNhay>().table().unwrap().replica(),
        &nhay,
        "Cờ nhảy waited"
    );
    assert!(h.state().play::<CaNgua>().source().latest().seq() > ludo.seq());
    // A restart from the files: both games where they were, Cờ Cá Ngựa in
    // front.
    let ludo = h.state().play::<CaNgua>().source().latest().clone();
    h.state().flush();
    drop(h);
    let restarted = load();
    assert_eq!(restarted.front(), GameKind::CaNgua);
    assert_eq!(restarted.play::<CaNgua>().source().latest(), &ludo);
    assert_eq!(restarted.play::<CoNhay>().table().unwrap().replica(), &nhay);
    assert!(restarted.notices().is_empty(), "{:?}", restarted.notices());
}

#[test]
fn a_settings_change_that_needs_a_new_game_asks_first() {
    let mut h = harness(app(prefs(Lang::Vi, Level::Easy), None), WINDOW);
    h.run_steps(2);
    click_move(&mut h, 3, 14);
    h.run_steps(10);
    let before = h
        .state()
        .play::<CoNhay>()
        .table()
        .unwrap()
        .replica()
        .clone();
    assert!(h.state().play::<CoNhay>().in_progress());
    h.get_by_label("3 người").click();
    h.run_steps(4);
    assert!(h.state().is_asking());
    assert_eq!(h.state().phase(), Phase::Dialog);
    h.get_by_label("Chơi tiếp").click();
    h.run_steps(4);
    assert!(!h.state().is_asking());
    assert_eq!(h.state().prefs().games.co_nhay.player_count, 2);
    assert_eq!(
        h.state()
            .play::<CoNhay>()
            .table()
            .unwrap()
            .replica()
            .position(),
        before.position()
    );
    // Who plays a colour changes at once, without a new game.
    let yellow: Controller = Controller::Computer(Level::Easy);
    assert_eq!(h.state().play::<CoNhay>().controller(Arm::ALL[3]), yellow);
    h.get_by_label("3 người").click();
    h.run_steps(4);
    h.get_by_role_and_label(Role::Button, "Bắt đầu ván mới")
        .click();
    h.run_steps(4);
    assert_eq!(h.state().prefs().games.co_nhay.player_count, 3);
    assert_eq!(h.state().play::<CoNhay>().seating().count(), 3);
}
