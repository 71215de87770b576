//! A game at this device, in the page: the person's seat played by keys
//! against three Hard computers that decide on the page's one thread,
//! with a reload in the middle that must not lose the game.

use crate::figures;
use crate::page::{self, Browser, SMALL, WIDE};
use ca_ngua_core::game::Level;
use ca_ngua_core::table::{Controller, EventKind};
use ca_ngua_data::store::GameFile;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use std::time::Duration;
use tokio::time::Instant;

type Event = ca_ngua_core::table::Event<CaNgua>;

/// How long the game may take in the page (about 430 rolls, a quarter of
/// them the person's; the page draws in software).
const PLAY_TIME: Duration = Duration::from_secs(20 * 60);

/// The page is reloaded once its saved game holds this many events
/// (a game has about 900: well under way, far from over).
const RELOAD_AT: usize = 300;

/// How often the saved game is looked at.
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// The events of a saved game's text (`ca-ngua/game.ron`).
fn events_of(text: &str) -> Vec<Event> {
    let file: GameFile<CaNgua> = ron::from_str(text)
        .unwrap_or_else(|e| panic!("the page's game.ron does not read: {e}\n{text}"));
    file.table.events
}

/// The controllers of a saved game.
pub fn controllers_of(text: &str) -> Vec<Controller> {
    let file: GameFile<CaNgua> = ron::from_str(text).expect("game.ron reads");
    file.table.controllers
}

/// The game as saved just before the reload, whether the reloaded page
/// played on, the first frame after the reload, and the events saved when
/// last looked at.
struct Reload {
    before: Option<Vec<Event>>,
    continued: bool,
    frame: Option<f64>,
    last_events: usize,
}

/// The saved game just before the reload (`text`, its `events`): the game
/// the prefs asked for, the person's moves made by keys.
fn checked_before_the_reload(text: &str, events: &[Event]) {
    // The game is the one the prefs asked for.
    assert_eq!(
        controllers_of(text),
        [
            Controller::Here,
            Controller::Computer(Level::Hard),
            Controller::Computer(Level::Hard),
            Controller::Computer(Level::Hard),
        ],
        "the page did not play with the prefs written for it"
    );
    // The person's moves were made by keys: the rolls are
    // made for them, the moves are not.
    assert!(
        events.iter().any(|e| matches!(
            e.event,
            EventKind::Moved {
                seat: Seat::Red,
                ..
            }
        )),
        "no move of the person's seat in {} events: the keys do not reach \
         the game",
        events.len()
    );
}

/// The reloaded page has played on: the same game, longer.
/// Each event holds its rolls, so a new game (even one
/// from the same starting position) cannot begin with the
/// same 200 events; the events before the reload (`old`) must be
/// the first of the events after it.
fn checked_after_the_reload(old: &[Event], events: &[Event]) {
    assert!(
        events[..old.len()] == old[..],
        "after the reload the page plays another game: {} events saved \
         before, and the first {} now differ",
        old.len(),
        old.len()
    );
    println!(
        "the game went on after the reload: {} events, then {}",
        old.len(),
        events.len()
    );
}

/// The person's seat played by keys until the page says the game is over
/// (its lines from `mark` on), the saved game looked at every
/// [`LOOK_EVERY`]: the page reloaded once it holds [`RELOAD_AT`] events,
/// and the game after the reload checked to be the same one, longer.
async fn play_with_a_reload(
    b: &mut Browser,
    mark: usize,
    began: Instant,
    deadline: Instant,
) -> Reload {
    // The game as saved just before the reload, and its figures.
    let mut before: Option<Vec<Event>> = None;
    let mut continued = false;
    let mut reload_frame = None;
    let mut looked = Instant::now();
    let mut last_events = 0;
    while !b.keys_round(mark, deadline, "the local game ends").await {
        if looked.elapsed() < LOOK_EVERY || continued {
            continue;
        }
        looked = Instant::now();
        let Some(text) = b.file("game.ron").await else {
            assert!(
                began.elapsed() < Duration::from_secs(120),
                "after two minutes of play the page keeps no game (no \
                 `ca-ngua/game.ron` in localStorage; it has {:?}); {}",
                b.files().await,
                b.dt.recent_lines(20)
            );
            continue;
        };
        let events = events_of(&text);
        last_events = events.len();
        match &before {
            None if events.len() >= RELOAD_AT => {
                checked_before_the_reload(&text, &events);
                println!("reloading the page at event {}", events.len());
                before = Some(events);
                reload_frame = Some(b.reload_game().await);
                b.focus_canvas().await;
            }
            Some(old) if events.len() > old.len() => {
                checked_after_the_reload(old, &events);
                continued = true;
                b.shoot("local-game-mid", WIDE).await;
                b.shoot("local-game-mid", SMALL).await;
                b.focus_canvas().await;
            }
            _ => {}
        }
    }
    Reload {
        before,
        continued,
        frame: reload_frame,
        last_events,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn a_local_game_is_played_to_the_end_in_the_page() {
    crate::within(
        PLAY_TIME + Duration::from_secs(5 * 60),
        "the local game",
        async {
            let server = page::serve();
            let mut b = Browser::open(&server).await;
            b.write_files(&[("prefs.ron", &page::prefs_text("Web"))])
                .await;
            let mark = b.dt.mark();
            let first_frame = b.open_game("").await;
            b.focus_canvas().await;
            let began = Instant::now();
            let deadline = began + PLAY_TIME;

            let Reload {
                before,
                continued,
                frame: reload_frame,
                last_events,
            } = play_with_a_reload(&mut b, mark, began, deadline).await;
            let played = began.elapsed();
            assert!(
                before.is_some(),
                "the game ended before its saved game held {RELOAD_AT} events (it had \
             {last_events}): no reload was tried"
            );
            assert!(
                continued,
                "the game ended before the page, reloaded, had played on"
            );
            // The last moves' animations and the result.
            tokio::time::sleep(Duration::from_secs(2)).await;
            b.shoot("local-game-end", WIDE).await;
            b.shoot("local-game-end", SMALL).await;
            b.no_exceptions();

            let mut found = vec![
                ("first_frame".to_string(), format!("{first_frame:.0} ms")),
                (
                    "first_frame_after_reload".to_string(),
                    reload_frame.map_or_else(|| "none".into(), |ms| format!("{ms:.0} ms")),
                ),
                (
                    "game_seconds".to_string(),
                    format!("{:.0} s", played.as_secs_f64()),
                ),
            ];
            found.extend(b.decision_figures());
            figures::record("local", &found);
            b.print_lines();
            server.shutdown();
        },
    )
    .await;
}
