//! Cờ nhảy in the page: two Hard computers, quick, play a game to its end
//! on the page's one thread (each decision timed), then the Learn window
//! (lessons, puzzles, tips) opens over the board, with no error thrown.

use crate::figures;
use crate::page::{self, Browser, SMALL, WIDE};
use ca_ngua_core::game::Level;
use ca_ngua_data::prefs::{GameKind, Look, PlayerKind, Prefs};
use ca_ngua_data::store::GameFile;
use ca_ngua_i18n::Lang;
use game_co_nhay::engine::Rules;
use std::time::Duration;
use tokio::time::Instant;

/// How long the game may take in the page.
const PLAY_TIME: Duration = Duration::from_secs(10 * 60);

/// Cờ nhảy in front, two Hard computers that move quickly.
fn prefs() -> Prefs {
    let hard = PlayerKind::Bot(Level::Hard);
    Prefs {
        lang: Some(Lang::En),
        look: Look::Light,
        muted: true,
        game: GameKind::CoNhay,
        games: ca_ngua_data::prefs::GamePrefs {
            co_nhay: ca_ngua_data::co_nhay::prefs::Prefs {
                player_count: 2,
                players: [hard; 6],
                rules: Rules::standard(),
                fast_bots: true,
            },
            ..Default::default()
        },
        welcomed: true,
        ..Prefs::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn co_nhay_plays_to_its_end_and_the_lessons_open_in_the_page() {
    crate::within(
        PLAY_TIME + Duration::from_secs(3 * 60),
        "the Cờ nhảy game",
        async {
            let server = page::serve();
            let mut b = Browser::open(&server).await;
            b.write_files(&[("prefs.ron", &page::prefs_text_of(&prefs()))])
                .await;
            let mark = b.dt.mark();
            let first_frame = b.open_game("").await;
            let began = Instant::now();
            while !b.game_over(mark) {
                b.no_exceptions();
                assert!(
                    began.elapsed() < PLAY_TIME,
                    "timed out: the Cờ nhảy game; {}",
                    b.dt.recent_lines(30)
                );
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            let played = began.elapsed();
            // The game over is the one the page played and kept.
            tokio::time::sleep(Duration::from_secs(2)).await;
            let text = b
                .file("co-nhay/game.ron")
                .await
                .expect("the page keeps its Cờ nhảy game");
            let file: GameFile<game_co_nhay::CoNhay> = ron::from_str(&text)
                .unwrap_or_else(|e| panic!("the page's co-nhay/game.ron does not read: {e}"));
            assert!(
                file.table.events.len() > 20,
                "a whole game in {} events?",
                file.table.events.len()
            );
            b.shoot("co-nhay-end", WIDE).await;

            // Learn, in the top bar (English, at this width): the window
            // of lessons, puzzles and tips.
            let (w, _) = b.viewport().await;
            let mark = b.dt.mark();
            b.dt.click(w * 957.0 / 1280.0, 17.0).await;
            tokio::time::sleep(Duration::from_secs(2)).await;
            b.shoot("learn", WIDE).await;
            b.shoot("learn", SMALL).await;
            b.no_exceptions();
            assert!(
                !b.dt
                    .lines_since(mark)
                    .iter()
                    .any(|l| l.text.contains("panicked")),
                "{}",
                b.dt.recent_lines(20)
            );

            let mut found = vec![
                ("first_frame".to_string(), format!("{first_frame:.0} ms")),
                (
                    "game_seconds".to_string(),
                    format!("{:.0} s", played.as_secs_f64()),
                ),
            ];
            found.extend(b.decision_figures());
            figures::record("co_nhay", &found);
            server.shutdown();
        },
    )
    .await;
}
