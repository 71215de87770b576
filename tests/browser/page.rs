//! The game's page as the tests drive it: the server that serves the
//! built game, a browser on it, the player's files in `localStorage`, the
//! console lines the app writes, a seat played by keys, screenshots.

use crate::chrome::Chrome;
use crate::common::net::{config, server};
use crate::common::temp_dir;
use crate::devtools::{self, DevTools};
use ca_ngua_core::game::Level;
use ca_ngua_data::prefs::{GameKind, Look, PlayerKind, Prefs};
use ca_ngua_data::store::Store;
use ca_ngua_i18n::Lang;
use ca_ngua_server::{ServerHandle, WebDir};
use futures_util::{SinkExt, StreamExt};
use game_ca_ngua::engine::Rules;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// The app's console lines (the contract between the page and these
/// tests).
pub const FIRST_FRAME: &str = "ca-ngua: first frame at ";
pub const DECIDED: &str = "ca-ngua: a computer decided in ";
pub const GAME_OVER: &str = "ca-ngua: game over";
pub const JOINED: &str = "ca-ngua: joined room ";

/// The page keeps the player's file `FILE` under `ca-ngua/FILE`.
pub fn storage_key(file: &str) -> String {
    format!("ca-ngua/{file}")
}

/// The size of the window, and of most screenshots.
pub const WIDE: (u32, u32) = (1280, 800);
/// The small screen of the other screenshots.
pub const SMALL: (u32, u32) = (800, 600);

/// The workspace's folder.
pub fn workspace() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    dir.canonicalize().unwrap_or(dir)
}

/// Where the tests write what they found: `target/web-test`.
pub fn out_dir() -> PathBuf {
    let dir = workspace().join("target/web-test");
    std::fs::create_dir_all(&dir).expect("target/web-test can be made");
    dir
}

/// The built game: `CA_NGUA_WEB_DIR`, else `target/web`.
pub fn web_dir() -> PathBuf {
    let dir = std::env::var_os("CA_NGUA_WEB_DIR")
        .map_or_else(|| workspace().join("target/web"), PathBuf::from);
    assert!(
        dir.join("index.html").is_file(),
        "no game built for the browser in {}: run `scripts/web.sh` first (it writes \
         target/web), or set CA_NGUA_WEB_DIR to the folder it wrote",
        dir.display()
    );
    dir
}

/// A server on 127.0.0.1 that serves the built game at `/play/`.
pub fn serve() -> ServerHandle {
    serve_dir(&web_dir())
}

/// A server on 127.0.0.1 that serves the game built into `dir`.
pub fn serve_dir(dir: &Path) -> ServerHandle {
    let mut c = config();
    c.web_dir = Some(WebDir::open(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())));
    // The page's seat stays the page's through a slow moment of a page
    // drawn in software (a computer would take it after the away time).
    c.away = Duration::from_secs(120);
    server(c)
}

/// Where screenshots go: the repository's `docs/web` when
/// `CA_NGUA_WEB_SHOTS=1`, else `target/web-test/shots`.
pub fn shots_dir() -> PathBuf {
    let dir = if std::env::var("CA_NGUA_WEB_SHOTS").is_ok_and(|v| v == "1") {
        workspace().join("docs/web")
    } else {
        out_dir().join("shots")
    };
    std::fs::create_dir_all(&dir).expect("the screenshots' folder can be made");
    dir
}

/// Where the screenshots of the page on a phone go: the repository's
/// `docs/phone` when `CA_NGUA_WEB_SHOTS=1`, else
/// `target/web-test/shots/phone`.
pub fn phone_shots_dir() -> PathBuf {
    let dir = if std::env::var("CA_NGUA_WEB_SHOTS").is_ok_and(|v| v == "1") {
        workspace().join("docs/phone")
    } else {
        out_dir().join("shots/phone")
    };
    std::fs::create_dir_all(&dir).expect("the screenshots' folder can be made");
    dir
}

/// The preferences the tests play with: Cờ Cá Ngựa in front, in English,
/// the first seat a person here and the three others Hard computers that
/// move quickly, rolls made for the person (so that keys choose moves),
/// the welcome answered, `name` as the online name. As the desktop writes
/// `prefs.ron`.
pub fn prefs_text(name: &str) -> String {
    prefs_text_of(&prefs(name))
}

/// The preferences of [`prefs_text`].
pub fn prefs(name: &str) -> Prefs {
    Prefs {
        lang: Some(Lang::En),
        look: Look::Light,
        muted: true,
        online_name: name.to_string(),
        game: GameKind::CaNgua,
        games: ca_ngua_data::prefs::GamePrefs {
            ca_ngua: ca_ngua_data::ca_ngua::prefs::Prefs {
                player_count: 4,
                players: [
                    PlayerKind::Human,
                    PlayerKind::Bot(Level::Hard),
                    PlayerKind::Bot(Level::Hard),
                    PlayerKind::Bot(Level::Hard),
                ],
                rules: Rules::standard(),
                auto_roll: true,
                auto_move: false,
                fast_bots: true,
            },
            ..Default::default()
        },
        welcomed: true,
        ..Prefs::default()
    }
}

/// `prefs` as the desktop writes `prefs.ron`.
pub fn prefs_text_of(prefs: &Prefs) -> String {
    let dir = temp_dir("prefs");
    Store::at(dir.path())
        .save_prefs(prefs)
        .expect("the prefs are written");
    std::fs::read_to_string(dir.join("prefs.ron")).expect("prefs.ron")
}

/// A milliseconds figure of a console line (`1234.5 ms`).
pub fn millis(rest: &str) -> f64 {
    rest.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no milliseconds in `{rest}`"))
}

/// A browser with the page's DevTools (the connection drops before the
/// browser is killed).
#[derive(Debug)]
pub struct Browser {
    pub dt: DevTools,
    chrome: Chrome,
    /// The server's address, `http://127.0.0.1:PORT`.
    origin: String,
}

impl Browser {
    /// A fresh browser (window and viewport [`WIDE`]) for `server`.
    pub async fn open(server: &ServerHandle) -> Browser {
        let chrome = Chrome::launch(WIDE.0, WIDE.1);
        let mut dt = DevTools::connect(&chrome.page_socket()).await;
        dt.viewport(WIDE.0, WIDE.1).await;
        Browser {
            dt,
            chrome,
            origin: format!("http://{}", server.addr()),
        }
    }

    /// A page of the server's.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.origin)
    }

    /// Writes the player's files into the page's `localStorage`, from a
    /// page of the same origin where the game does not run (so that the
    /// game cannot write its own over them as it goes).
    pub async fn write_files(&mut self, files: &[(&str, &str)]) {
        let health = self.url("/health");
        self.dt.navigate(&health).await;
        self.dt.eval("localStorage.clear()").await;
        for (file, text) in files {
            let js = format!(
                "localStorage.setItem({}, {})",
                Value::from(storage_key(file)),
                Value::from(*text)
            );
            self.dt.eval(&js).await;
        }
    }

    /// A file the page keeps, if it has it.
    pub async fn file(&mut self, file: &str) -> Option<String> {
        let js = format!("localStorage.getItem({})", Value::from(storage_key(file)));
        self.dt.eval(&js).await.as_str().map(str::to_string)
    }

    /// The names of every file the page keeps.
    pub async fn files(&mut self) -> Vec<String> {
        let keys = self.dt.eval("Object.keys(localStorage)").await;
        let mut keys: Vec<String> = keys
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|k| k.as_str().map(str::to_string))
            .collect();
        keys.sort();
        keys
    }

    /// Opens the game at `/play/` + `fragment` and waits for its first
    /// frame; the line's figure, in milliseconds since the page began.
    pub async fn open_game(&mut self, fragment: &str) -> f64 {
        let mark = self.dt.mark();
        let url = self.url(&format!("/play/{fragment}"));
        self.dt.navigate(&url).await;
        self.first_frame(mark).await
    }

    /// Reloads the game and waits for its first frame.
    pub async fn reload_game(&mut self) -> f64 {
        let mark = self.dt.mark();
        self.dt.reload().await;
        self.first_frame(mark).await
    }

    async fn first_frame(&mut self, mark: usize) -> f64 {
        let rest = self
            .dt
            .wait_line(FIRST_FRAME, mark, Duration::from_secs(120))
            .await;
        self.no_exceptions();
        millis(&rest)
    }

    /// Waits until the page's service worker controls it (it takes over
    /// once installed); fails the test after `wait`.
    pub async fn until_controlled(&mut self, wait: Duration) {
        let js = format!(
            "(async () => {{
                if (!('serviceWorker' in navigator)) return 'no service workers in this browser';
                const late = new Promise((r) => setTimeout(() => r('not controlled in time'), {}));
                const controlled = (async () => {{
                    await navigator.serviceWorker.ready;
                    if (!navigator.serviceWorker.controller) {{
                        await new Promise((r) => navigator.serviceWorker.addEventListener(
                            'controllerchange', r, {{ once: true }}));
                    }}
                    return 'controlled';
                }})();
                return Promise.race([controlled, late]);
            }})()",
            wait.as_millis()
        );
        let state = self.dt.eval(&js).await;
        assert_eq!(
            state,
            "controlled",
            "the page's service worker; {}",
            self.dt.recent_lines(20)
        );
    }

    /// The page's Cache Storage: each cache's name and the paths it keeps,
    /// sorted.
    pub async fn caches(&mut self) -> Vec<(String, Vec<String>)> {
        let js = "(async () => {
            const out = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                const paths = (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
                out.push([name, paths]);
            }
            return out.sort();
        })()";
        let found = self.dt.eval(js).await;
        found
            .as_array()
            .into_iter()
            .flatten()
            .map(|pair| {
                let name = pair[0].as_str().unwrap_or_default().to_string();
                let paths = pair[1]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.as_str().map(str::to_string))
                    .collect();
                (name, paths)
            })
            .collect()
    }

    /// Gives the canvas the page's focus, no widget the keyboard's: a click
    /// on an empty spot of the top bar, at its right end.
    pub async fn focus_canvas(&mut self) {
        let (w, _) = self.viewport().await;
        self.dt.click(w - 24.0, 12.0).await;
        self.dt.frames().await;
        let active = self
            .dt
            .eval("document.activeElement ? document.activeElement.id : null")
            .await;
        assert_eq!(
            active, "ca-ngua",
            "the canvas does not have the page's focus"
        );
    }

    /// The viewport's size in CSS pixels.
    pub async fn viewport(&mut self) -> (f64, f64) {
        let size = self.dt.eval("[innerWidth, innerHeight]").await;
        (
            size[0].as_f64().expect("a width"),
            size[1].as_f64().expect("a height"),
        )
    }

    /// A screenshot at `size` written as `NAME-WxH.png` in the
    /// screenshots' folder; the viewport is [`WIDE`] again after.
    pub async fn shoot(&mut self, name: &str, size: (u32, u32)) -> PathBuf {
        if size != WIDE {
            self.dt.viewport(size.0, size.1).await;
        }
        // The app lays itself out for the new size within a few frames.
        for _ in 0..3 {
            self.dt.frames().await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        self.dt.frames().await;
        let png = self.dt.screenshot(Some(size)).await;
        if size != WIDE {
            self.dt.viewport(WIDE.0, WIDE.1).await;
            self.dt.frames().await;
        }
        let path = shots_dir().join(format!("{name}-{}x{}.png", size.0, size.1));
        std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("screenshot {}", path.display());
        path
    }

    /// One round of the person's keys: Space (roll, or the only move),
    /// then `1` (the first move of the list), 200 ms in all. Keys pressed
    /// out of turn do nothing, so a seat is played by rounds until the
    /// game is over. True once the app said the game is over (after
    /// `mark`): no key is pressed then, as the result's window has the
    /// keyboard on its "play again" button. Fails the test once `deadline`
    /// has passed, or if the page threw.
    pub async fn keys_round(&mut self, mark: usize, deadline: Instant, what: &str) -> bool {
        for key in [devtools::SPACE, devtools::digit(1)] {
            if self.game_over(mark) {
                return true;
            }
            self.no_exceptions();
            assert!(
                Instant::now() < deadline,
                "timed out: {what}; {}",
                self.dt.recent_lines(30)
            );
            self.dt.press(key).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.game_over(mark)
    }

    /// The app said the game is over (after `mark`).
    pub fn game_over(&self, mark: usize) -> bool {
        !self.dt.marked_since(mark, GAME_OVER).is_empty()
    }

    /// Fails the test if the page threw an uncaught exception.
    pub fn no_exceptions(&self) {
        let thrown = self.dt.exceptions();
        assert!(
            thrown.is_empty(),
            "the page threw: {:?}\n{}\nChromium's log:\n{}",
            thrown.iter().map(|l| l.text.as_str()).collect::<Vec<_>>(),
            self.dt.recent_lines(30),
            self.chrome.log_tail(20)
        );
    }

    /// The summary of every computer decision the page timed (count,
    /// median, max), named `decisions.*` for the figures file.
    pub fn decision_figures(&self) -> Vec<(String, String)> {
        let decisions: Vec<f64> = self
            .dt
            .marked_since(0, DECIDED)
            .iter()
            .map(|rest| millis(rest))
            .collect();
        crate::figures::summary(&decisions)
            .into_iter()
            .map(|(name, value)| (format!("decisions.{name}"), value))
            .collect()
    }

    /// Every line the page wrote, for the test's output.
    pub fn print_lines(&self) {
        println!("{}", self.dt.recent_lines(usize::MAX));
    }
}

/// Every frame a watcher of `room` received, as they come, until the
/// game is over.
pub fn watch_room(addr: SocketAddr, room: &str) -> Arc<Mutex<Vec<Value>>> {
    let frames = Arc::new(Mutex::new(Vec::new()));
    let kept = frames.clone();
    let room = room.to_string();
    tokio::spawn(async move {
        let url = format!("ws://{addr}/ws");
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the watcher connects");
        let hello = json!({"type":"watch","room":room,"name":"Bà","protocol":3});
        ws.send(Message::text(hello.to_string()))
            .await
            .expect("the watcher says hello");
        while let Some(Ok(frame)) = ws.next().await {
            let Message::Text(text) = frame else { continue };
            let msg: Value = serde_json::from_str(text.as_str()).expect("JSON");
            let over = msg["type"] == "event" && msg["event"]["kind"] == "over";
            kept.lock().expect("the frames").push(msg);
            if over {
                break;
            }
        }
    });
    frames
}

/// Waits until the watcher has seen an event of `kind`; the event.
/// Fails the test after `wait`.
pub async fn event_seen(frames: &Mutex<Vec<Value>>, kind: &str, wait: Duration) -> Value {
    let until = Instant::now() + wait;
    loop {
        let seen = frames
            .lock()
            .expect("the frames")
            .iter()
            .find(|f| f["type"] == "event" && f["event"]["kind"] == kind)
            .map(|f| f["event"].clone());
        if let Some(event) = seen {
            return event;
        }
        assert!(Instant::now() < until, "the room had no `{kind}` event");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
