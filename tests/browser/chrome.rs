//! Headless Chromium, started for one test: a fresh profile in a folder of
//! its own, the DevTools port on 127.0.0.1 that the browser picks itself
//! (`--remote-debugging-port=0`, read back from `DevToolsActivePort`),
//! and the whole process group killed when the handle drops, after a
//! panic too.

use ca_ngua_testkit::{TempDir, temp_dir};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The browser to run: `CA_NGUA_CHROMIUM`, else the first of these found
/// on the `PATH`.
const BROWSERS: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// How long the browser may take to open its DevTools port.
const STARTUP: Duration = Duration::from_secs(60);

/// A running headless browser.
#[derive(Debug)]
pub struct Chrome {
    child: Child,
    /// The DevTools port on 127.0.0.1.
    pub port: u16,
    /// The profile and the browser's own log; removed after the browser
    /// is killed (fields drop after `Drop::drop`).
    dir: TempDir,
}

fn browser() -> PathBuf {
    if let Some(b) = std::env::var_os("CA_NGUA_CHROMIUM") {
        return PathBuf::from(b);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in BROWSERS {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return candidate;
            }
        }
    }
    panic!(
        "no Chromium found (tried {BROWSERS:?} on the PATH); install Debian's `chromium` or \
         set CA_NGUA_CHROMIUM to a Chromium or Chrome binary"
    );
}

impl Chrome {
    /// Starts the browser on `about:blank` with a window of `width` ×
    /// `height`, and waits for its DevTools port.
    pub fn launch(width: u32, height: u32) -> Chrome {
        let dir = temp_dir("chromium");
        let profile = dir.join("profile");
        std::fs::create_dir_all(&profile).expect("a profile folder");
        let log = std::fs::File::create(dir.join("chromium.log")).expect("a log file");
        let program = browser();
        let mut command = Command::new(&program);
        command
            .args([
                "--headless=new",
                // The tests run as root in a container, where Chromium's
                // sandbox cannot start.
                "--no-sandbox",
                "--disable-dev-shm-usage",
                // Software WebGL: no GPU here.
                "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                &format!("--user-data-dir={}", profile.display()),
                &format!("--window-size={width},{height}"),
                "--lang=en-US",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                // A page in a background tab of a headless browser must
                // not be slowed down.
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
                "--mute-audio",
                "about:blank",
            ])
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("the log file"))
            .stderr(log);
        // Its own process group: the renderers and the GPU process go
        // with it.
        #[cfg(unix)]
        command.process_group(0);
        let child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let mut chrome = Chrome {
            child,
            port: 0,
            dir,
        };
        chrome.port = chrome.wait_for_port();
        chrome
    }

    fn wait_for_port(&mut self) -> u16 {
        let file = self.dir.join("profile").join("DevToolsActivePort");
        let start = Instant::now();
        loop {
            if let Ok(text) = std::fs::read_to_string(&file)
                && let Some(port) = text.lines().next().and_then(|l| l.trim().parse().ok())
            {
                return port;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("Chromium exited at once ({status}):\n{}", self.log_tail(40));
            }
            assert!(
                start.elapsed() < STARTUP,
                "Chromium wrote no DevToolsActivePort in {STARTUP:?}:\n{}",
                self.log_tail(40)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The last `lines` lines of the browser's own output (for a failure's
    /// message).
    pub fn log_tail(&self, lines: usize) -> String {
        let text = std::fs::read_to_string(self.dir.join("chromium.log")).unwrap_or_default();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }

    /// The DevTools WebSocket of the browser's page (the tab it opened on
    /// `about:blank`).
    pub fn page_socket(&self) -> String {
        let start = Instant::now();
        loop {
            let targets = self.json_list();
            let page = targets
                .as_array()
                .into_iter()
                .flatten()
                .find(|t| t["type"] == "page")
                .and_then(|t| t["webSocketDebuggerUrl"].as_str());
            if let Some(url) = page {
                return url.to_string();
            }
            assert!(
                start.elapsed() < STARTUP,
                "Chromium shows no page target: {targets}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// `GET /json/list`: the browser's targets.
    fn json_list(&self) -> Value {
        let mut stream =
            TcpStream::connect(("127.0.0.1", self.port)).expect("the DevTools port answers");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a timeout");
        write!(
            stream,
            "GET /json/list HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        )
        .expect("the request is sent");
        // The answer's length is in its head (the browser may keep the
        // connection open after it).
        let mut answer = Vec::new();
        let mut buf = [0u8; 16 * 1024];
        let body = loop {
            let n = stream.read(&mut buf).expect("the target list is read");
            answer.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&answer);
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())
                        .flatten()
                });
                if n == 0 || length.is_some_and(|len| body.len() >= len) {
                    break body.to_string();
                }
            }
            assert!(n > 0, "the DevTools port closed mid-answer: {text}");
        };
        serde_json::from_str(body.trim())
            .unwrap_or_else(|e| panic!("the target list is not JSON ({e}): {body}"))
    }
}

impl Drop for Chrome {
    fn drop(&mut self) {
        // The whole group: the browser, its renderers, its GPU process.
        // `kill(1)` as std has no signal to send to a group (and this crate
        // uses no `unsafe`); the child itself is killed and reaped after.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
