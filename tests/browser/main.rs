//! The game built for the browser, tested in a real browser: Debian's
//! headless Chromium (software WebGL), driven over the Chrome DevTools
//! protocol by this binary, on the page the in-process server serves at
//! `/play/` from the folder `scripts/web.sh` writes.
//!
//! - `local_game`: a game at this device (the person's seat played by
//!   keys, three Hard computers deciding on the page's thread) to its
//!   end, with a reload in the middle that must continue the same game
//!   (the page keeps its files in `localStorage`, `ca-ngua/FILE`);
//! - `online_game`: a room opened over the wire protocol, joined by the
//!   page from its address (`/play/#join=CODE&name=Web`), played by keys
//!   to its end against the server's computers;
//! - `other_game`: Cờ nhảy between two Hard computers to its end, then
//!   the Learn window (lessons, puzzles, tips) opened;
//! - `installable`: the page as an app: Chromium's installability check
//!   passes, the page starts offline after a first visit, and a new build
//!   is what the next start runs (the old build's cache dropped);
//! - `phone`: in a phone's metrics, the page's loading screen (both
//!   languages, a phone's network and CPU), the sentence a browser without
//!   WebGL or WebAssembly gets, the invite page's order, and four Hard
//!   computers deciding on a phone whose CPU is slowed 4× (their times
//!   figures);
//! - `phone_game`: on a phone (390 × 844 at scale 3, touch), a local game
//!   against three Hard computers played by taps alone (`touch`: the main
//!   button rolls, a tap on a horse moves it), with a reload in its
//!   middle; a pinch on the board does not zoom the page, and an idle
//!   page draws no frame in 10 s (what its thread spends then is a
//!   figure);
//! - `phone_room`: on a phone, a room joined from its link with no name
//!   kept: the name typed through the keyboard's composition ("Hùng"), a
//!   line said at the table typed too, the seat played by taps to the end.
//!
//! The page tells the tests what happens in console lines (`ca-ngua:
//! first frame at MS ms`, `ca-ngua: a computer decided in MS ms`,
//! `ca-ngua: game over`, `ca-ngua: joined room CODE`, where the board
//! is, `ca-ngua: board at X Y cell C`, and that the person is to act,
//! `ca-ngua: your turn: roll at N`, for the taps), and counts the frames
//! it draws (`window.caNguaFrames`). Figures (the first
//! frame, the computers' decision times) are printed and written to
//! `target/web-test/figures.txt`, never asserted; screenshots go to
//! `target/web-test/shots`, or to `docs/web` (and `docs/phone`) with
//! `CA_NGUA_WEB_SHOTS=1`.
//!
//! Run `scripts/web.sh test` (it builds the game, then runs these), or
//! after `scripts/web.sh`:
//!
//! ```text
//! cargo test -p ca-ngua --test browser -- --include-ignored --test-threads=1
//! ```
//!
//! The game tests play a whole game at the app's own pace, in a page drawn
//! in software: on two cores about ten minutes for the local game (some
//! 430 rolls) and five for the room (its computers act at once); the
//! `installable` and `phone` tests under a minute each; the room on a
//! phone (`phone_room`) about five, and the local game on a phone
//! (`phone_game`, drawn at three pixels a CSS pixel) about ten to fifteen.
//! A finger (`touch::Finger`) taps only once the page says it waits for
//! the person (`ca-ngua: your turn: roll at N`, N the last event its board
//! shows), so no tap lands on a board still showing the last move. Run one
//! by name:
//!
//! ```text
//! cargo test -p ca-ngua --test browser -- --include-ignored --test-threads=1 phone_game
//! ```
//!
//! `CA_NGUA_WEB_DIR` names another built game's folder (`target/web` by
//! default), `CA_NGUA_CHROMIUM` another browser (`chromium` by default).
//! Only 127.0.0.1 is used; every wait has a deadline, and the browser
//! (its whole process group) is killed when a test ends, failed or not.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua_testkit as common;

mod chrome;
mod devtools;
mod figures;
mod installable;
mod local_game;
mod online_game;
mod other_game;
mod page;
mod phone;
mod phone_game;
mod phone_room;
mod touch;

use std::time::Duration;

/// Runs a test's body, failing it after `limit` (the body's own waits
/// say more when they fail first).
pub async fn within(limit: Duration, what: &str, body: impl Future<Output = ()>) {
    if tokio::time::timeout(limit, body).await.is_err() {
        panic!("timed out: {what} did not finish in {limit:?}");
    }
}
