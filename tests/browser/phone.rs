//! The page on a phone (issue 54), in Chromium's phone emulation (390 ×
//! 844 CSS pixels at scale 2, mobile, touch, a phone browser's
//! `User-Agent`): the page's own loading screen while the program
//! downloads and compiles, in each language, with a phone's network
//! ("Fast 4G": 150 ms, 9 Mbit/s down) and CPU (slowed 4×), and how soon
//! it shows; the sentence a browser without WebGL or WebAssembly gets
//! instead of the game; and a room's invite page, the browser's button
//! first. Screenshots in `docs/phone` (with `CA_NGUA_WEB_SHOTS=1`).
//! Each takes under a minute: no game is played.

use crate::common::net::create;
use crate::devtools::DevTools;
use crate::figures;
use crate::page::{self, Browser, FIRST_FRAME};
use ca_ngua_core::game::Level;
use ca_ngua_data::prefs::PlayerKind;
use ca_ngua_i18n::{I18n, Lang};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::time::Instant;

/// A phone's screen in CSS pixels, and its pixels per CSS pixel.
pub const PHONE: (u32, u32) = (390, 844);
const SCALE: f64 = 2.0;

/// How long a test may take.
const LIMIT: Duration = Duration::from_secs(3 * 60);

/// Each language's `Accept-Language`, as a phone set to it sends it.
pub fn accept_language(lang: Lang) -> &'static str {
    match lang {
        Lang::Vi => "vi-VN,vi;q=0.9,en;q=0.5",
        Lang::En => "en-US,en;q=0.9",
    }
}

/// A screenshot of the phone's screen, `NAME-390x844.png` in the phone's
/// screenshots' folder.
async fn shoot(dt: &mut DevTools, name: &str) {
    let size = (
        (f64::from(PHONE.0) * SCALE) as u32,
        (f64::from(PHONE.1) * SCALE) as u32,
    );
    let png = dt.screenshot(Some(size)).await;
    let path = page::phone_shots_dir().join(format!("{name}-{}x{}.png", PHONE.0, PHONE.1));
    std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("screenshot {}", path.display());
}

/// The loading screen's state and progress (`null` once it is gone).
async fn loading_state(dt: &mut DevTools) -> Value {
    dt.eval(
        "(() => {
            const l = document.getElementById('loading');
            if (!l) return null;
            const bar = l.querySelector('progress');
            return { state: l.dataset.state, progress: bar ? bar.value : null,
                     text: l.innerText, lang: document.documentElement.lang };
        })()",
    )
    .await
}

/// Whether the browser's button is above the app's (`tops`' answer).
fn browser_above(at: &Value) -> bool {
    let top = |which: &str| {
        at[which]
            .as_f64()
            .unwrap_or_else(|| panic!("no {which} button: {at}"))
    };
    top("browser") < top("app")
}

/// The first contentful paint's time since the page began (ms).
async fn first_paint(dt: &mut DevTools) -> f64 {
    let ms = dt
        .eval(
            "(() => { const p = performance.getEntriesByName('first-contentful-paint')[0];
                      return p ? p.startTime : null; })()",
        )
        .await;
    ms.as_f64().expect("a first contentful paint")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn the_page_shows_its_loading_screen_on_a_phone() {
    crate::within(LIMIT, "the loading screen", async {
        let server = page::serve();
        let mut found = Vec::new();
        for lang in Lang::ALL {
            // A first visit: a fresh browser, nothing kept.
            let mut b = Browser::open(&server).await;
            b.dt.phone(PHONE.0, PHONE.1, SCALE, accept_language(lang))
                .await;
            b.dt.network(Some((Duration::from_millis(150), 9e6, 750e3)))
                .await;
            b.dt.cpu_slowed(4.0).await;
            let mark = b.dt.mark();
            b.dt.navigate(&b.url("/play/")).await;
            // The screen while the program arrives: shot a little way in.
            let began = Instant::now();
            let seen = loop {
                let seen = loading_state(&mut b.dt).await;
                let far = seen["progress"].as_f64().unwrap_or(0.0);
                if seen.is_null() || seen["state"] != "loading" || far >= 0.3 {
                    break seen;
                }
                assert!(
                    began.elapsed() < Duration::from_secs(60),
                    "the download does not move: {seen}"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            };
            assert_eq!(seen["state"], "loading", "too late to see it: {seen}");
            assert_eq!(seen["lang"], lang.code(), "{seen}");
            let words = I18n::new(lang).t("page-loading");
            let text = seen["text"].as_str().unwrap_or_default();
            assert!(text.contains(&words), "`{words}` not in {seen}");
            assert!(text.contains("MB"), "{seen}");
            shoot(&mut b.dt, &format!("loading-{lang}")).await;
            let paint = first_paint(&mut b.dt).await;
            found.push((format!("loading_screen_{lang}"), format!("{paint:.0} ms")));
            if lang != Lang::Vi {
                continue;
            }
            // Then "getting ready", then the game, which takes the screen
            // away.
            let frame =
                b.dt.wait_line(FIRST_FRAME, mark, Duration::from_secs(120))
                    .await;
            b.no_exceptions();
            let gone = loading_state(&mut b.dt).await;
            assert!(
                gone.is_null(),
                "the loading screen outlived the first frame: {gone}"
            );
            found.push((
                "first_frame_first_visit".to_string(),
                format!("{:.0} ms", page::millis(&frame)),
            ));
            // A return visit, the service worker in charge.
            b.until_controlled(Duration::from_secs(45)).await;
            let again = b.reload_game().await;
            found.push((
                "first_frame_return_visit".to_string(),
                format!("{again:.0} ms"),
            ));
        }
        figures::record("phone", &found);
        server.shutdown();
    })
    .await;
}

/// The decisions timed on a slowed phone.
const DECISIONS: usize = 60;

/// Four Hard computers playing on a phone whose CPU is slowed 4×: what
/// each decision holds the page's one thread (`a computer decided in MS
/// ms`), as figures; the game goes on meanwhile, and nothing is thrown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn hard_computers_decide_on_a_slowed_phone() {
    crate::within(LIMIT + LIMIT, "decisions on a slowed phone", async {
        let server = page::serve();
        let mut b = Browser::open(&server).await;
        b.dt.phone(PHONE.0, PHONE.1, SCALE, accept_language(Lang::Vi))
            .await;
        let mut prefs = page::prefs("Web");
        prefs.games.ca_ngua.players = [PlayerKind::Bot(Level::Hard); 4];
        b.write_files(&[("prefs.ron", &page::prefs_text_of(&prefs))])
            .await;
        b.dt.cpu_slowed(4.0).await;
        let mark = b.dt.mark();
        b.open_game("").await;
        let began = Instant::now();
        let decided = loop {
            b.no_exceptions();
            let decided: Vec<f64> =
                b.dt.marked_since(mark, page::DECIDED)
                    .iter()
                    .map(|rest| page::millis(rest))
                    .collect();
            if decided.len() >= DECISIONS || b.game_over(mark) {
                break decided;
            }
            assert!(
                began.elapsed() < LIMIT,
                "{} decisions in {LIMIT:?} on a slowed phone; {}",
                decided.len(),
                b.dt.recent_lines(20)
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        };
        assert!(!decided.is_empty(), "the computers never decided");
        let found: Vec<(String, String)> = figures::summary(&decided)
            .into_iter()
            .map(|(name, value)| (format!("hard_4x.{name}"), value))
            .collect();
        figures::record("phone_decisions", &found);
        server.shutdown();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn a_browser_without_webgl_or_webassembly_is_told_so() {
    crate::within(LIMIT, "the missing features", async {
        let server = page::serve();
        for (state, lang, script) in [
            (
                "no-webgl",
                Lang::En,
                "HTMLCanvasElement.prototype.getContext = function () { return null; };",
            ),
            ("no-wasm", Lang::Vi, "delete globalThis.WebAssembly;"),
        ] {
            let mut b = Browser::open(&server).await;
            b.dt.phone(PHONE.0, PHONE.1, SCALE, accept_language(lang))
                .await;
            b.dt.call(
                "Page.addScriptToEvaluateOnNewDocument",
                json!({ "source": script }),
            )
            .await;
            b.dt.navigate(&b.url("/play/")).await;
            let seen = loading_state(&mut b.dt).await;
            assert_eq!(seen["state"], state, "{seen}");
            let words = I18n::new(lang).t(&format!("page-{state}"));
            assert!(
                seen["text"].as_str().unwrap_or_default().contains(&words),
                "`{words}` not shown: {seen}"
            );
            // Nothing downloaded for nothing.
            let loaded =
                b.dt.eval("performance.getEntriesByType('resource').map((e) => e.name)")
                    .await;
            assert!(
                !loaded.to_string().contains(".wasm"),
                "the program was downloaded: {loaded}"
            );
            shoot(&mut b.dt, &format!("{state}-{lang}")).await;
        }
        server.shutdown();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and target/web: scripts/web.sh test"]
async fn the_invite_page_on_a_phone_offers_the_browser_first() {
    crate::within(LIMIT, "the invite page on a phone", async {
        let server = page::serve();
        let (_host, welcome) = create(server.addr(), 2, json!("standard")).await;
        let room = welcome["room"].as_str().expect("a room").to_string();
        let mut b = Browser::open(&server).await;
        // Where each button is on the screen.
        let tops = "(() => {
            const top = (s) => { const e = document.querySelector(s);
                                 return e ? e.getBoundingClientRect().top : null; };
            return { browser: top('a.browser'), app: top('.app a.join') };
        })()";
        for lang in Lang::ALL {
            b.dt.phone(PHONE.0, PHONE.1, SCALE, accept_language(lang))
                .await;
            b.dt.navigate(&b.url(&format!("/join/{room}"))).await;
            let at = b.dt.eval(tops).await;
            assert!(
                browser_above(&at),
                "the browser's button is not first on a phone: {at}"
            );
            let first = b
                .dt
                .eval("document.querySelector('.ways').firstElementChild.className")
                .await;
            assert_eq!(first, "way web", "the page's order on a phone");
            shoot(&mut b.dt, &format!("invite-{lang}")).await;
        }
        // A touch screen whose browser says it is a desktop (an iPad's
        // Safari): the style puts the browser first all the same.
        b.dt.call(
            "Network.setUserAgentOverride",
            json!({
                "userAgent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) \
                              AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
                "acceptLanguage": accept_language(Lang::En),
            }),
        )
        .await;
        b.dt.navigate(&b.url(&format!("/join/{room}"))).await;
        let first = b
            .dt
            .eval("document.querySelector('.ways').firstElementChild.className")
            .await;
        assert_eq!(first, "way app", "a desktop's order in the page");
        let at = b.dt.eval(tops).await;
        let coarse = b
            .dt
            .eval("matchMedia('(hover: none) and (pointer: coarse)').matches")
            .await;
        if coarse == true {
            assert!(
                browser_above(&at),
                "the style does not put the browser first on a touch screen: {at}"
            );
        } else {
            println!("this Chromium's touch emulation is not a coarse pointer: {at}");
        }
        server.shutdown();
    })
    .await;
}
