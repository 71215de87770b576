//! Teams in the app: the toggle shows with four players only and goes
//! with fewer; a person whose horses are home plays on for the partner; a
//! team game near its end plays out, the log says who plays for whom, and
//! the statistics count it apart from single games.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::feel::{WINDOW, latest, prefs};
use crate::ui_support::*;
use ca_ngua::app::App;
use ca_ngua::app::play::phase::Phase;
use ca_ngua_core::game::Level;
use ca_ngua_core::table::Controller;
use ca_ngua_data::prefs::{PlayerKind, Prefs};
use ca_ngua_i18n::Lang;
use egui::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Rules, Seat};

/// Teams in the app: the toggle shows with four players only and goes with
/// fewer; a team game near its end plays out, the log says who plays for
/// whom, and the statistics count it apart from single games.
#[test]
fn a_team_game_plays_out_and_counts_apart() {
    teams_offered_with_four_players_only();
    a_player_home_plays_for_the_partner();
    a_team_game_ends_together_and_counts_apart();
}

/// The settings offer teams with four players, not with two.
fn teams_offered_with_four_players_only() {
    let mut h = harness(
        App::with_table(
            prefs(Lang::En, 4),
            common::local_table(&prefs(Lang::En, 4), 3),
        )
        .with_inline_computers(),
        WINDOW,
    );
    h.run_steps(2);
    // In the rules' "Home and the end of the game" group.
    h.get_by_label("Home and the end of the game").click();
    h.run_steps(2);
    assert!(h.query_by_label("Play in teams").is_some());
    let mut h = harness(
        App::with_table(
            prefs(Lang::En, 2),
            common::local_table(&prefs(Lang::En, 2), 3),
        )
        .with_inline_computers(),
        WINDOW,
    );
    h.get_by_label("Home and the end of the game").click();
    h.run_steps(2);
    assert!(h.query_by_label("Play in teams").is_none());
}

/// A person here whose horses are all home plays on for the partner: the
/// game is not settled for them, their turn comes.
fn a_player_home_plays_for_the_partner() {
    let computer = Controller::Computer(Level::Random);
    let table = common::table_at(
        Rules::teams(),
        "57,57,57,57/Y,5,12,33/Y,Y,30,45/Y,Y,8,40 g 0",
        None,
        [Controller::Here, computer, computer, computer],
    );
    let p = Prefs {
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                rules: Rules::teams(),
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Bot(Level::Random),
                    PlayerKind::Bot(Level::Random),
                ],
                ..prefs(Lang::En, 4).games.ca_ngua
            },
            ..prefs(Lang::En, 4).games
        },
        ..prefs(Lang::En, 4)
    };
    let mut h = harness(App::with_table(p, table).with_inline_computers(), WINDOW);
    step_until(&mut h, 3000, |a| a.phase() == Phase::Roll);
    assert!(!latest(h.state()).is_over());
    assert_eq!(latest(h.state()).turn(), Some(Seat::Red));
    // Red rolls and moves yellow's horses: the horses to click are
    // yellow's, where yellow's stand.
    h.get_by_role_and_label(Role::Button, "Roll").click();
    step_until(&mut h, 300, |a| a.phase() == Phase::Choose);
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    let horses: Vec<String> = nodes
        .iter()
        .map(name)
        .filter(|n| n.contains(" horse ") && n.contains("moves to"))
        .collect();
    assert!(!horses.is_empty(), "horses to click");
    assert!(
        horses.iter().all(|n| n.starts_with("Yellow horse")),
        "{horses:?}"
    );
}

/// Red is home and rolls for yellow, whose last horse is one step away;
/// green and blue trail: the team wins together, counted apart.
fn a_team_game_ends_together_and_counts_apart() {
    let computer = Controller::Computer(Level::Random);
    let rules = Rules::teams();
    let table = common::table_at(
        rules,
        "57,57,57,57/Y,Y,10,20/Y,57,57,56/Y,Y,Y,30 r 0",
        None,
        [computer; 4],
    );
    let p = Prefs {
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                rules,
                players: [PlayerKind::Bot(Level::Random); 4],
                ..prefs(Lang::En, 4).games.ca_ngua
            },
            ..prefs(Lang::En, 4).games
        },
        ..prefs(Lang::En, 4)
    };
    let mut h = harness(App::with_table(p, table).with_inline_computers(), WINDOW);
    step_until(&mut h, 20_000, |a| a.phase() == Phase::Over);
    let outcome = latest(h.state()).game().unwrap().outcome().unwrap();
    assert!(outcome.winner.is_some());
    let firsts: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| outcome.ranks[s.index()] == Some(1))
        .collect();
    assert_eq!(firsts.len(), 2, "a team wins together: {outcome:?}");
    assert_eq!(firsts[0].partner(), firsts[1]);
    let stats = h.state().play::<CaNgua>().stats();
    assert_eq!((stats.games, stats.teams.games), (0, 1));
    let won = stats.teams.by_team[0].won + stats.teams.by_team[1].won;
    assert_eq!(won, 1);
    // The results name the winning team; the cards stand in teams.
    let team = if firsts[0].index().is_multiple_of(2) {
        "Team Red and Yellow win!"
    } else {
        "Team Green and Blue win!"
    };
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains(team).next().is_some(),
        "the results say {team}"
    );
    assert!(h.query_all_by_label("Team Green and Blue").next().is_some());
    // A colour home has no place of its own in a team game.
    assert!(
        h.query_all_by_label_contains("has every horse home: place")
            .next()
            .is_none()
    );
    assert!(
        h.query_all_by_label_contains("has every horse home")
            .next()
            .is_some()
    );
    // Red rolled for yellow: the log says so.
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains("Red plays for Yellow")
            .next()
            .is_some(),
        "the log names who played for whom"
    );
}
