//! A game at this device on a phone (issue 54): Chromium's phone
//! emulation (390 × 844 CSS pixels at scale 3, mobile, touch), the page in
//! Vietnamese, the person's seat played by taps alone (the main button
//! rolls, a tap on a horse moves it) against three Hard computers, with a
//! reload in the middle that must continue the same game; a pinch on the
//! board does not zoom the page.

use crate::figures;
use crate::page::{self, Browser};
use crate::phone::{PHONE, accept_language};
use crate::touch;
use ca_ngua_core::table::{Controller, Event, EventKind};
use ca_ngua_i18n::Lang;
use ca_ngua_server::ServerHandle;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use std::time::Duration;
use tokio::time::Instant;

/// How long the game may take in the page.
const PLAY_TIME: Duration = Duration::from_secs(30 * 60);

/// The page is reloaded once its saved game holds this many events.
const RELOAD_AT: usize = 300;

/// The events of the game the page keeps (none before it keeps one).
async fn game_events(b: &mut Browser) -> usize {
    match b.file("game.ron").await {
        Some(text) => touch::kept(&text).events.len(),
        None => 0,
    }
}

/// What the page's thread spent in 10 s left alone: script and all tasks,
/// in milliseconds (DevTools' Performance metrics).
async fn idle_cost(b: &mut Browser) -> (f64, f64) {
    b.dt.call("Performance.enable", serde_json::json!({})).await;
    let metrics = |m: &serde_json::Value, name: &str| {
        m["metrics"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|x| x["name"] == name)
            .and_then(|x| x["value"].as_f64())
            .unwrap_or_else(|| panic!("no {name} among the page's metrics: {m}"))
    };
    let a =
        b.dt.call("Performance.getMetrics", serde_json::json!({}))
            .await;
    tokio::time::sleep(Duration::from_secs(10)).await;
    let z =
        b.dt.call("Performance.getMetrics", serde_json::json!({}))
            .await;
    let spent = |name| (metrics(&z, name) - metrics(&a, name)) * 1000.0;
    (spent("ScriptDuration"), spent("TaskDuration"))
}

/// Once the page has stopped drawing (two looks half a second apart see
/// the same frame count), what it spends in the next 10 s
/// ([`idle_cost`]); fails if it draws a frame meanwhile.
async fn quiet_cost(b: &mut Browser) -> (f64, f64) {
    let until = Instant::now() + Duration::from_secs(20);
    let mut seen = touch::frames_drawn(b).await;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let now = touch::frames_drawn(b).await;
        if now == seen {
            break;
        }
        assert!(
            Instant::now() < until,
            "the page kept drawing with nothing to show: {seen} frames, then {now}"
        );
        seen = now;
    }
    assert!(
        seen > 0,
        "the page does not count its frames (window.caNguaFrames)"
    );
    let cost = idle_cost(b).await;
    let after = touch::frames_drawn(b).await;
    assert_eq!(
        after,
        seen,
        "an idle page drew {} frames in 10 s",
        after - seen
    );
    cost
}

/// The page's scale and scroll: a pinch that zoomed or a swipe that
/// scrolled shows here.
async fn zoom_and_scroll(b: &mut Browser) -> (f64, f64) {
    let seen =
        b.dt.eval("[visualViewport.scale, window.scrollY + visualViewport.offsetTop]")
            .await;
    (
        seen[0].as_f64().expect("a scale"),
        seen[1].as_f64().expect("a scroll"),
    )
}

/// A phone's browser on `server`, the page in Vietnamese, the person
/// rolling by the main button.
async fn a_phone_rolling_by_taps(server: &ServerHandle) -> Browser {
    let mut b = Browser::open(server).await;
    b.dt.phone(
        PHONE.0,
        PHONE.1,
        touch::PHONE_SCALE,
        accept_language(Lang::Vi),
    )
    .await;
    let mut prefs = page::prefs("Web");
    prefs.lang = Some(Lang::Vi);
    // The person rolls, by the main button.
    prefs.games.ca_ngua.auto_roll = false;
    b.write_files(&[("prefs.ron", &page::prefs_text_of(&prefs))])
        .await;
    b
}

/// The board, once the page says where it is (its lines from `since` on):
/// drawn in the screen's own pixels, the screen's width, and a pinch on it
/// neither zooms nor scrolls the page.
async fn the_board_fills_the_screen_and_stays_put(b: &mut Browser, since: usize, began: Instant) {
    // A pinch on the board and a swipe up it: the page stays as it is.
    loop {
        if touch::board_at(&b.dt, since).is_some() {
            break;
        }
        b.dt.frames().await;
        assert!(
            began.elapsed() < Duration::from_secs(30),
            "the page never said where its board is"
        );
    }
    // The game drawn in the screen's own pixels, laid out for its CSS
    // size: the board the screen's width (less its margins).
    b.dt.frames().await;
    let pixels =
        b.dt.eval(
            "(() => { const c = document.getElementById('ca-ngua');
              return [c.width, c.height, c.clientWidth * devicePixelRatio,
                      c.clientHeight * devicePixelRatio]; })()",
        )
        .await;
    let n = |i: usize| pixels[i].as_f64().expect("a size");
    assert!(
        (n(0) - n(2)).abs() <= 4.0 && (n(1) - n(3)).abs() <= 4.0,
        "the canvas is not in the screen's pixels: {pixels}"
    );
    let at = touch::board_at(&b.dt, since).expect("the board's place");
    let side = at.cell * f64::from(ca_ngua::app::ca_ngua::geometry::GRID);
    assert!(
        side >= 0.9 * f64::from(PHONE.0),
        "the board is {side:.0} px on a screen {} px wide: {at:?}",
        PHONE.0
    );
    let middle = at.point(ca_ngua::app::ca_ngua::geometry::Place::Cell(7, 7));
    b.dt.pinch_out(middle.0, middle.1).await;
    b.dt.frames().await;
    assert_eq!(
        zoom_and_scroll(b).await,
        (1.0, 0.0),
        "a pinch on the board moved the page"
    );
    assert_eq!(
        b.dt.eval("getComputedStyle(document.getElementById('ca-ngua')).touchAction")
            .await,
        "none"
    );
}

/// Waits for the person's first roll, said by the page (its lines from
/// `since` on), then what the page spends while it waits
/// ([`quiet_cost`]).
async fn idle_at_the_first_roll(b: &mut Browser, since: usize, began: Instant) -> (f64, f64) {
    // Idle: the person's first roll waits and the page says so,
    // nothing moves. The page draws no frame in 10 s then (once the
    // frames it draws as the turn comes are done), and what its
    // thread spends meanwhile is a figure (eframe's check, at each of
    // the browser's display frames, whether a frame is wanted: see
    // docs/WEB.md).
    loop {
        if let Some(text) = b.file("game.ron").await {
            let now = touch::kept(&text).now;
            if touch::next_tap(&now, Seat::Red) == Some(touch::Tap::Roll)
                && touch::turn_said(&b.dt, since) == Some((true, now.seq()))
            {
                break quiet_cost(b).await;
            }
        }
        assert!(
            began.elapsed() < Duration::from_secs(60),
            "the person's first roll never came; {}",
            b.dt.recent_lines(20)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The reload in the game's middle: the game kept just before it, whether
/// the reloaded page has played on the same game, and the first frame
/// after it.
#[derive(Default)]
struct Reload {
    before: Option<Vec<Event<CaNgua>>>,
    continued: bool,
    frame: Option<f64>,
}

impl Reload {
    /// At the game `kept` now: the page reloaded once its game holds
    /// [`RELOAD_AT`] events (the mark before the reload, for the page's
    /// lines after it), and the game after it checked to be the same one,
    /// longer.
    async fn at(&mut self, b: &mut Browser, kept: &touch::Kept) -> Option<usize> {
        let events = kept.events.len();
        match &self.before {
            None if events >= RELOAD_AT => {
                assert!(
                    kept.events.iter().any(|e| matches!(
                        e.event,
                        EventKind::Moved {
                            seat: Seat::Red,
                            ..
                        }
                    )),
                    "no move of the person's in {events} events: the taps do not reach the game"
                );
                println!("reloading the page at event {events}");
                self.before = Some(kept.events.clone());
                let since = b.dt.mark();
                self.frame = Some(b.reload_game().await);
                return Some(since);
            }
            Some(old) if !self.continued && events > old.len() => {
                assert!(
                    kept.events[..old.len()] == old[..],
                    "after the reload the page plays another game"
                );
                println!(
                    "the game went on after the reload: {} events, then {events}",
                    old.len()
                );
                self.continued = true;
            }
            _ => {}
        }
        None
    }
}

/// The person's seat played by taps until the page says the game is over
/// (its lines from `mark` on), the page reloaded in the middle
/// ([`Reload`]): the finger with its counts, and the reload.
async fn play_by_taps(
    b: &mut Browser,
    mark: usize,
    began: Instant,
    deadline: Instant,
) -> (touch::Finger, Reload) {
    let mut since = mark;
    let mut reload = Reload::default();
    let mut finger = touch::Finger::new(Seat::Red);
    let mut shown = 0;
    loop {
        b.no_exceptions();
        if b.game_over(mark) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "timed out: the game by taps; {}",
            b.dt.recent_lines(30)
        );
        let Some(text) = b.file("game.ron").await else {
            assert!(
                began.elapsed() < Duration::from_secs(60),
                "the page keeps no game"
            );
            tokio::time::sleep(Duration::from_millis(300)).await;
            continue;
        };
        let kept = touch::kept(&text);
        let events = kept.events.len();
        if events / 100 > shown / 100 {
            println!(
                "{events} events after {:.0} s; {:?}",
                began.elapsed().as_secs_f64(),
                finger.taps
            );
        }
        shown = events;
        if let Some(mark) = reload.at(b, &kept).await {
            since = mark;
            continue;
        }
        match finger.tap(b, &kept.now, since).await {
            Some(frames) => {
                finger
                    .took(b, frames, events, async |b| game_events(b).await)
                    .await;
            }
            None => tokio::time::sleep(Duration::from_millis(150)).await,
        }
    }
    (finger, reload)
}

/// The game the page keeps at the end: over, the person's seat the
/// person's to the end, and every roll of theirs one of the finger's
/// `taps` on the main button.
async fn the_person_played_to_the_end(b: &mut Browser, taps: &touch::Taps) {
    let Some(text) = b.file("game.ron").await else {
        panic!("no game kept at the end")
    };
    let kept = touch::kept(&text);
    assert!(
        kept.now.is_over(),
        "the page said game over; its game is not"
    );
    assert_eq!(
        crate::local_game::controllers_of(&text)[0],
        Controller::Here,
        "the person's seat was not the person's to the end"
    );
    // Every roll of the person's was a tap (no roll is made for them).
    let rolled = kept
        .events
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                EventKind::Rolled {
                    seat: Seat::Red,
                    ..
                }
            )
        })
        .count();
    assert!(
        rolled > 0 && rolled <= taps.rolls,
        "{rolled} rolls of the person's, {} taps on the main button",
        taps.rolls
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn a_local_game_is_played_by_taps_on_a_phone() {
    crate::within(
        PLAY_TIME + Duration::from_secs(5 * 60),
        "the game by taps",
        async {
            let server = page::serve();
            let mut b = a_phone_rolling_by_taps(&server).await;
            let mark = b.dt.mark();
            let first_frame = b.open_game("").await;
            let began = Instant::now();
            let deadline = began + PLAY_TIME;

            the_board_fills_the_screen_and_stays_put(&mut b, mark, began).await;
            let idle = idle_at_the_first_roll(&mut b, mark, began).await;
            let (
                finger,
                Reload {
                    before,
                    continued,
                    frame: reload_frame,
                },
            ) = play_by_taps(&mut b, mark, began, deadline).await;
            let played = began.elapsed();
            assert!(
                before.is_some() && continued,
                "the game ended before a reload was tried and went on"
            );
            the_person_played_to_the_end(&mut b, &finger.taps).await;
            tokio::time::sleep(Duration::from_secs(2)).await;
            touch::shoot(&mut b, "phone-game-end").await;
            println!("taps: {:?}", finger.taps);
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
                ("idle_10s.script".to_string(), format!("{:.0} ms", idle.0)),
                ("idle_10s.tasks".to_string(), format!("{:.0} ms", idle.1)),
                ("taps.rolls".to_string(), finger.taps.rolls.to_string()),
                ("taps.horses".to_string(), finger.taps.horses.to_string()),
                ("taps.targets".to_string(), finger.taps.targets.to_string()),
                ("taps.missed".to_string(), finger.taps.missed.to_string()),
                ("taps.unsaid".to_string(), finger.taps.unsaid.to_string()),
            ];
            found.extend(b.decision_figures());
            figures::record("phone_game", &found);
            server.shutdown();
        },
    )
    .await;
}
