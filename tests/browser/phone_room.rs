//! A room joined from its link on a phone (issue 54): Chromium's phone
//! emulation (390 × 844 CSS pixels at scale 3, mobile, touch), the page in
//! Vietnamese, opened at `/play/#join=CODE` with no name kept: the join
//! dialog's name typed through the phone keyboard's path, a Vietnamese
//! composition included ("Hung" + "f" in Telex composes "Hùng"), a line
//! said at the table typed the same way, and the page's seat played by
//! taps to the game's end against the server's computers. A watcher,
//! spoken to over the protocol, sees what the server sent.

use crate::common::net::event_of;
use crate::devtools::ENTER;
use crate::figures;
use crate::page::{self, Browser, JOINED};
use crate::phone::{PHONE, accept_language};
use crate::touch::{self, Finger};
use ca_ngua_core::table::Replica;
use ca_ngua_i18n::Lang;
use ca_ngua_server::ServerHandle;
use futures_util::{SinkExt, StreamExt};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::Seat;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// How long the game may take in the page.
const PLAY_TIME: Duration = Duration::from_secs(20 * 60);

/// The name typed, as a Vietnamese keyboard composes it.
const NAME: &str = "Hùng";

/// The line said at the table.
const LINE: &str = "Hùng đây, chơi vui nhé!";

/// The room's game as the watcher has it: its events, replayed.
fn room_now(frames: &Mutex<Vec<Value>>) -> (usize, Replica<CaNgua>, bool) {
    let frames = frames.lock().expect("the frames").clone();
    // The watcher came after Minh sat down: its events begin after the
    // welcome's `seq`, before the game's start.
    let welcome = frames
        .iter()
        .find(|f| f["type"] == "welcome")
        .expect("the watcher's welcome");
    let rules = serde_json::from_value(welcome["rules"].clone()).expect("the room's rules");
    let seq = welcome["seq"].as_u64().expect("the welcome's seq");
    let mut now = Replica::from_room_state(rules, seq, Vec::new(), None, None, None)
        .expect("a room before its start");
    let mut events = 0;
    let mut over = false;
    for f in frames.iter().filter(|f| f["type"] == "event") {
        let ev = event_of(f);
        now.apply(&ev)
            .unwrap_or_else(|e| panic!("the room's events do not replay: {e}"));
        events += 1;
        over |= f["event"]["kind"] == "over";
    }
    (events, now, over)
}

/// Waits until the page has the phone's keyboard: the text field egui
/// types into (its hidden input) has the page's focus.
async fn keyboard_up(b: &mut Browser, wait: Duration) -> bool {
    let until = Instant::now() + wait;
    loop {
        let tag =
            b.dt.eval("document.activeElement ? document.activeElement.tagName : null")
                .await;
        if tag == "INPUT" {
            return true;
        }
        if Instant::now() > until {
            return false;
        }
        b.dt.frames().await;
    }
}

/// Taps down the screen at `x`, from `ys.0` to `ys.1` a finger's width at
/// a time, until a text field takes the keyboard: a text field's place is
/// the layout's, not the test's to know. Fails the test if none does.
async fn tap_until_keyboard(b: &mut Browser, x: f64, ys: (f64, f64), what: &str) {
    let mut y = ys.0;
    // The keyboard counts once it stays up: a tap beside a field that had
    // egui's focus leaves the keyboard up for a frame before it goes.
    let steady = async |b: &mut Browser| {
        for _ in 0..3 {
            b.dt.frames().await;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
        keyboard_up(b, Duration::ZERO).await && {
            tokio::time::sleep(Duration::from_millis(250)).await;
            b.dt.frames().await;
            keyboard_up(b, Duration::ZERO).await
        }
    };
    while !steady(b).await {
        if y > ys.1 {
            touch::shoot(b, "no-keyboard").await;
            panic!(
                "{what}: no tap brought the keyboard; {}",
                b.dt.recent_lines(20)
            );
        }
        b.dt.tap(x, y).await;
        b.dt.frames().await;
        y += 16.0;
    }
}

/// Minh's room for four, where text may be said: its code, and what
/// Minh says in it. Minh's connection is read all the while (so that it
/// answers the server's pings however long the page takes), and closed
/// when the sender is dropped.
async fn open_room(addr: SocketAddr) -> (String, mpsc::UnboundedSender<Value>) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .expect("Minh connects");
    let create =
        json!({"type":"create","name":"Minh","players":4,"rules":"standard","chat":"text"});
    ws.send(Message::text(create.to_string()))
        .await
        .expect("Minh asks for a room");
    let room = loop {
        let Some(Ok(Message::Text(text))) = ws.next().await else {
            panic!("Minh's connection ended before the welcome");
        };
        let msg: Value = serde_json::from_str(text.as_str()).expect("JSON");
        assert_ne!(msg["type"], "error", "Minh was refused: {msg}");
        if msg["type"] == "welcome" {
            break msg["room"].as_str().expect("a room").to_string();
        }
    };
    let (says, mut said) = mpsc::unbounded_channel::<Value>();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                what = said.recv() => match what {
                    Some(msg) => ws.send(Message::text(msg.to_string())).await.expect("Minh speaks"),
                    None => break,
                },
                frame = ws.next() => if !matches!(frame, Some(Ok(_))) { break },
            }
        }
        let _ = ws.close(None).await;
    });
    (room, says)
}

/// A phone's browser on `server`, the page in Vietnamese: a first visit
/// from the link, the welcome answered, no name kept.
async fn a_phone_with_no_name(server: &ServerHandle) -> Browser {
    let mut b = Browser::open(server).await;
    b.dt.phone(
        PHONE.0,
        PHONE.1,
        touch::PHONE_SCALE,
        accept_language(Lang::Vi),
    )
    .await;
    // A first visit from the link: the welcome answered, no name kept.
    let mut prefs = page::prefs("");
    prefs.lang = Some(Lang::Vi);
    b.write_files(&[("prefs.ron", &page::prefs_text_of(&prefs))])
        .await;
    b
}

/// The page opened at the room's link, the join dialog's name typed on
/// the phone's keyboard and sent: the page joins `room` and the keyboard
/// goes. The mark before the page opened, its first frame and the
/// screen's size (CSS pixels).
async fn join_by_typing_the_name(b: &mut Browser, room: &str) -> (usize, f64, (f64, f64)) {
    // The link opens the join dialog; a tap on its name field brings
    // the keyboard (a phone shows it for a finger, not by itself).
    let mark = b.dt.mark();
    let first_frame = b.open_game(&format!("#join={room}")).await;
    let (w, h) = b.viewport().await;
    tap_until_keyboard(b, w / 2.0, (60.0, h - 60.0), "the join dialog's name field").await;
    // Telex: H, u, n, g, then f puts the grave accent on the u.
    for composing in ["H", "Hu", "Hun", "Hung", NAME] {
        b.dt.compose(composing).await;
        b.dt.frames().await;
    }
    b.dt.insert_text(NAME).await;
    b.dt.frames().await;
    touch::shoot(b, "join-name-typed").await;
    b.dt.press(ENTER).await;
    let joined = b.dt.wait_line(JOINED, mark, Duration::from_secs(60)).await;
    assert_eq!(joined, room, "the page joined another room");
    // Joined, the keyboard goes: nothing wants typing now.
    let down_by = Instant::now() + Duration::from_secs(10);
    while keyboard_up(b, Duration::ZERO).await {
        assert!(
            Instant::now() < down_by,
            "the phone's keyboard stayed up after joining"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    (mark, first_frame, (w, h))
}

/// The page's `seated` event as the watcher saw it: the name typed is the
/// name the server has.
async fn seated_as_typed(frames: &Mutex<Vec<Value>>) -> Value {
    let seated = page::event_seen(frames, "seated", Duration::from_secs(60)).await;
    assert_eq!(
        seated["name"], NAME,
        "the name as the server has it: {seated}"
    );
    seated
}

/// Computers in the empty seats and in Minh's: Minh starts the game, then
/// leaves (and its connection closes).
async fn computers_take_the_room(host: mpsc::UnboundedSender<Value>, frames: &Mutex<Vec<Value>>) {
    host.send(json!({"type":"start","level":"hard"}))
        .expect("Minh is there");
    page::event_seen(frames, "started", Duration::from_secs(60)).await;
    host.send(json!({"type":"leave"})).expect("Minh is there");
    drop(host);
}

/// The talk sheet (the middle of the row above the main button), its line
/// of text at the top: tapped, typed, sent, and said under the name
/// typed; then the sheet closed by its button again.
async fn say_a_line(b: &mut Browser, frames: &Mutex<Vec<Value>>, (w, h): (f64, f64)) {
    b.dt.tap(w / 2.0, h - 94.0).await;
    b.dt.frames().await;
    tap_until_keyboard(b, w / 2.0, (110.0, 320.0), "the talk sheet's line of text").await;
    b.dt.insert_text(LINE).await;
    b.dt.frames().await;
    b.dt.press(ENTER).await;
    let said_at = Instant::now();
    loop {
        let said = frames
            .lock()
            .expect("the frames")
            .iter()
            .any(|f| f["type"] == "said" && f["text"] == LINE && f["name"] == NAME);
        if said {
            break;
        }
        assert!(
            said_at.elapsed() < Duration::from_secs(20),
            "the line was not said: {:?}",
            frames
                .lock()
                .expect("the frames")
                .iter()
                .filter(|f| f["type"] == "said")
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The sheet closed by its button again.
    b.dt.tap(w / 2.0, h - 94.0).await;
    b.dt.frames().await;
}

/// The page's `seat` played by taps until the watcher sees the game over
/// (the page's lines from `mark` on say when to tap): how long it took,
/// and the finger with its counts.
async fn play_by_taps(
    b: &mut Browser,
    frames: &Mutex<Vec<Value>>,
    seat: Seat,
    mark: usize,
) -> (Duration, Finger) {
    let began = Instant::now();
    let deadline = began + PLAY_TIME;
    let mut finger = Finger::new(seat);
    let mut shown = 0;
    loop {
        b.no_exceptions();
        let (events, now, over) = room_now(frames);
        if events / 100 > shown / 100 {
            println!(
                "{events} events after {:.0} s; {:?}",
                began.elapsed().as_secs_f64(),
                finger.taps
            );
        }
        shown = events;
        if over {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "timed out: the room by taps; {}",
            b.dt.recent_lines(30)
        );
        match finger.tap(b, &now, mark).await {
            Some(drawn) => {
                finger
                    .took(b, drawn, events, async |_| room_now(frames).0)
                    .await;
            }
            None => tokio::time::sleep(Duration::from_millis(150)).await,
        }
    }
    (began.elapsed(), finger)
}

/// What the server sent for the page's seat (`seated`'s): it moved, and
/// never by a computer's hand. Its moves.
fn the_page_played_its_seat(frames: &Mutex<Vec<Value>>, seated: &Value) -> usize {
    let all = frames.lock().expect("the frames").clone();
    let events: Vec<&Value> = all
        .iter()
        .filter(|f| f["type"] == "event")
        .map(|f| &f["event"])
        .collect();
    let code = seated["seat"].clone();
    let moves = events
        .iter()
        .filter(|e| e["kind"] == "moved" && e["seat"] == code)
        .count();
    assert!(moves > 0, "the page's seat never moved");
    assert!(
        !events.iter().any(|e| e["seat"] == code
            && ["away", "left", "timed_out"].contains(&e["kind"].as_str().unwrap_or_default())),
        "the page's seat was played by a computer"
    );
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn a_room_is_joined_from_its_link_and_played_by_taps_on_a_phone() {
    crate::within(
        PLAY_TIME + Duration::from_secs(5 * 60),
        "the room on a phone",
        async {
            let server = page::serve();
            let addr = server.addr();
            let mut b = a_phone_with_no_name(&server).await;

            // Minh opens a room for four where text may be said.
            let (room, host) = open_room(addr).await;
            let frames = page::watch_room(addr, &room);

            let (mark, first_frame, screen) = join_by_typing_the_name(&mut b, &room).await;
            let seated = seated_as_typed(&frames).await;
            let seat = crate::common::net::seat_of(&seated);
            assert_ne!(seat, Seat::Red);
            computers_take_the_room(host, &frames).await;
            say_a_line(&mut b, &frames, screen).await;

            // The game by taps.
            let (played, finger) = play_by_taps(&mut b, &frames, seat, mark).await;
            let moves = the_page_played_its_seat(&frames, &seated);
            tokio::time::sleep(Duration::from_secs(2)).await;
            b.no_exceptions();
            println!("taps: {:?}", finger.taps);
            figures::record(
                "phone_room",
                &[
                    ("first_frame".to_string(), format!("{first_frame:.0} ms")),
                    (
                        "game_seconds".to_string(),
                        format!("{:.0} s", played.as_secs_f64()),
                    ),
                    ("page_seat_moves".to_string(), moves.to_string()),
                    ("taps.rolls".to_string(), finger.taps.rolls.to_string()),
                    ("taps.horses".to_string(), finger.taps.horses.to_string()),
                    ("taps.missed".to_string(), finger.taps.missed.to_string()),
                    ("taps.unsaid".to_string(), finger.taps.unsaid.to_string()),
                ],
            );
            server.shutdown();
        },
    )
    .await;
}
