//! One window per player: a second `ca-ngua` (a clicked invite while the
//! game is already open) hands its link to the running one over a local
//! socket and exits, so the friend's room opens in the window they have.
//!
//! The socket is the user's own: on Unix a socket file in the user's
//! runtime folder (`XDG_RUNTIME_DIR`, else the config folder), elsewhere a
//! port on 127.0.0.1 written in a file in the config folder with a secret
//! the caller must repeat. Its name comes from the config folder, so two
//! players' folders (`CA_NGUA_CONFIG_DIR`) are two separate instances.
//!
//! What goes over it is one line: `join LINK` or `show`, answered `ok`.
//!
//! macOS starts no second instance for a clicked link: it hands the link
//! to the app as an event (`platform::macos_links`), which goes into the
//! same queue through a [`Handover`].

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// What a second start asks of the running window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Join this room (an invite page's address or a `ca-ngua:` link).
    Join(String),
    /// Come to the front.
    Show,
}

impl Request {
    fn line(&self) -> String {
        match self {
            Request::Join(link) => format!("join {}", link.trim()),
            Request::Show => "show".to_string(),
        }
    }

    fn read(line: &str) -> Option<Request> {
        let line = line.trim();
        if line == "show" {
            Some(Request::Show)
        } else {
            let link = line.strip_prefix("join ")?.trim();
            is_room_link(link).then(|| Request::Join(link.to_string()))
        }
    }
}

/// True for what reads as a room's link: `ca-ngua:…`, or an `http(s)://`
/// address (an invite page; the app says so if it is not one).
pub fn is_room_link(arg: &str) -> bool {
    let lower = arg.trim().to_ascii_lowercase();
    ["ca-ngua:", "http://", "https://"]
        .iter()
        .any(|p| lower.starts_with(p))
}

/// The longest line taken (a link is far shorter).
const MAX_LINE: u64 = 4096;

/// How long either side waits for the other.
const PATIENCE: Duration = Duration::from_secs(2);

/// Where this config folder's instance listens: a name of its own from the
/// folder's path.
fn name_for(config_dir: &Path) -> String {
    let digest = ring::digest::digest(
        &ring::digest::SHA256,
        config_dir.to_string_lossy().as_bytes(),
    );
    let short: String = digest.as_ref()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("ca-ngua-{short}")
}

/// The running window's end: requests from later starts, and those this
/// process hands over itself ([`Listening::handover`]), arrive here, one
/// queue, taken by the window at each frame ([`Listening::take`]).
#[derive(Debug)]
pub struct Listening {
    requests: mpsc::Receiver<Request>,
    /// The same queue's other end, for [`Handover`]s.
    sender: mpsc::Sender<Request>,
    /// Removed when the window closes (Unix; none when alone).
    #[cfg(unix)]
    path: Option<PathBuf>,
}

impl Listening {
    /// A window no later start can reach (no socket: [`Claim::Alone`]), yet
    /// with the queue that [`Listening::handover`] fills.
    pub fn alone() -> Listening {
        let (sender, requests) = mpsc::channel();
        Listening {
            requests,
            sender,
            #[cfg(unix)]
            path: None,
        }
    }

    /// Requests that have arrived, oldest first.
    pub fn take(&self) -> Vec<Request> {
        self.requests.try_iter().collect()
    }

    /// Hands requests to this window from inside this process, into the
    /// queue later starts fill: macOS gives a clicked link to the app
    /// already running, or just started by the click, as an event, not to
    /// a second start. `wake` is called after each (to repaint the window).
    pub fn handover(&self, wake: impl Fn() + Send + Sync + 'static) -> Handover {
        Handover {
            sender: self.sender.clone(),
            wake: Arc::new(wake),
        }
    }
}

#[cfg(unix)]
impl Drop for Listening {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Hands requests to the running window from inside this process
/// ([`Listening::handover`]); they wait in the queue until the window
/// takes them, at its first frame if it has not drawn one yet.
#[derive(Clone)]
pub struct Handover {
    sender: mpsc::Sender<Request>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl std::fmt::Debug for Handover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handover").finish_non_exhaustive()
    }
}

impl Handover {
    /// Queues `request` for the window and wakes it; false when the window
    /// is gone.
    pub fn send(&self, request: Request) -> bool {
        let sent = self.sender.send(request).is_ok();
        if sent {
            (self.wake)();
        }
        sent
    }
}

/// What starting found.
#[derive(Debug)]
pub enum Claim {
    /// This is the only window: it listens for later starts.
    First(Listening),
    /// A window is already open and took the request: exit.
    HandedOff,
    /// Neither (no folder, a socket that cannot be made): carry on alone.
    Alone(String),
}

/// Hands `request` to a window already open for `config_dir`, or becomes
/// the one that listens. `runtime_dir` is where the socket goes (Unix).
/// `wake` is called when a request arrives (to repaint the window).
pub fn claim(
    config_dir: &Path,
    runtime_dir: Option<&Path>,
    request: &Request,
    wake: impl Fn() + Send + 'static,
) -> Claim {
    imp::claim(config_dir, runtime_dir, request, Box::new(wake))
}

/// The runtime folder the desktop gives this user (`XDG_RUNTIME_DIR`).
pub fn runtime_dir() -> Option<PathBuf> {
    std::env::var_os("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .filter(|p| p.is_dir())
}

/// Reads one request from a connection and answers `ok`.
fn serve_one<S: Read + Write>(stream: S, secret: Option<&str>) -> Option<Request> {
    let mut reader = BufReader::new(stream).take(MAX_LINE);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let line = match secret {
        Some(secret) => line.trim().strip_prefix(secret)?.trim_start().to_string(),
        None => line,
    };
    let request = Request::read(&line)?;
    let mut stream = reader.into_inner().into_inner();
    let _ = stream.write_all(b"ok\n");
    Some(request)
}

/// Serves the connections of `incoming` on a thread of its own (each
/// answered, its request passed on and the window woken) until the window
/// is gone.
fn spawn_listener<S: Read + Write>(
    incoming: impl Iterator<Item = S> + Send + 'static,
    secret: Option<String>,
    wake: Box<dyn Fn() + Send>,
) -> Result<Listening, String> {
    let listening = Listening::alone();
    let tx = listening.sender.clone();
    std::thread::Builder::new()
        .name("ca-ngua-instance".into())
        .spawn(move || {
            for stream in incoming {
                if let Some(request) = serve_one(stream, secret.as_deref()) {
                    if tx.send(request).is_err() {
                        break;
                    }
                    wake();
                }
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(listening)
}

/// Sends one request on a connection; true when it was taken.
fn send_one<S: Read + Write>(mut stream: S, line: &str) -> bool {
    if stream.write_all(format!("{line}\n").as_bytes()).is_err() {
        return false;
    }
    let mut answer = String::new();
    let _ = BufReader::new(stream).take(16).read_line(&mut answer);
    answer.trim() == "ok"
}

#[cfg(unix)]
mod imp {
    use super::*;
    use std::os::unix::net::{UnixListener, UnixStream};

    pub(super) fn claim(
        config_dir: &Path,
        runtime_dir: Option<&Path>,
        request: &Request,
        wake: Box<dyn Fn() + Send>,
    ) -> Claim {
        let dir = runtime_dir.unwrap_or(config_dir);
        let path = dir.join(format!("{}.sock", name_for(config_dir)));
        if let Ok(stream) = UnixStream::connect(&path) {
            let _ = stream.set_read_timeout(Some(PATIENCE));
            let _ = stream.set_write_timeout(Some(PATIENCE));
            if send_one(stream, &request.line()) {
                return Claim::HandedOff;
            }
        }
        // Nobody answers: a socket left by a window that crashed.
        let _ = std::fs::remove_file(&path);
        if let Err(e) = std::fs::create_dir_all(dir) {
            return Claim::Alone(format!("{}: {e}", dir.display()));
        }
        let listener = match UnixListener::bind(&path) {
            Ok(l) => l,
            Err(e) => return Claim::Alone(format!("{}: {e}", path.display())),
        };
        let incoming = std::iter::from_fn(move || {
            let (stream, _) = listener.accept().ok()?;
            let _ = stream.set_read_timeout(Some(PATIENCE));
            let _ = stream.set_write_timeout(Some(PATIENCE));
            Some(stream)
        });
        match spawn_listener(incoming, None, wake) {
            Ok(mut listening) => {
                listening.path = Some(path);
                Claim::First(listening)
            }
            Err(e) => Claim::Alone(e),
        }
    }
}

#[cfg(not(unix))]
mod imp {
    use super::*;
    use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};

    /// The file naming the port and the secret: `PORT SECRET`.
    fn port_file(config_dir: &Path) -> PathBuf {
        config_dir.join(format!("{}.port", name_for(config_dir)))
    }

    pub(super) fn claim(
        config_dir: &Path,
        _runtime_dir: Option<&Path>,
        request: &Request,
        wake: Box<dyn Fn() + Send>,
    ) -> Claim {
        let file = port_file(config_dir);
        if let Ok(text) = std::fs::read_to_string(&file)
            && let Some((port, secret)) = text.trim().split_once(' ')
            && let Ok(port) = port.parse::<u16>()
        {
            let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
            if let Ok(stream) = TcpStream::connect_timeout(&addr, PATIENCE) {
                let _ = stream.set_read_timeout(Some(PATIENCE));
                let _ = stream.set_write_timeout(Some(PATIENCE));
                if send_one(stream, &format!("{secret} {}", request.line())) {
                    return Claim::HandedOff;
                }
            }
        }
        let listener = match TcpListener::bind((Ipv4Addr::LOCALHOST, 0)) {
            Ok(l) => l,
            Err(e) => return Claim::Alone(e.to_string()),
        };
        let port = match listener.local_addr() {
            Ok(a) => a.port(),
            Err(e) => return Claim::Alone(e.to_string()),
        };
        let mut bytes = [0u8; 16];
        if rand::TryRng::try_fill_bytes(&mut rand::rngs::SysRng, &mut bytes).is_err() {
            return Claim::Alone("no random bits".into());
        }
        let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        if let Err(e) = std::fs::create_dir_all(config_dir)
            .and_then(|()| std::fs::write(&file, format!("{port} {secret}")))
        {
            return Claim::Alone(format!("{}: {e}", file.display()));
        }
        let incoming = std::iter::from_fn(move || {
            let (stream, _) = listener.accept().ok()?;
            let _ = stream.set_read_timeout(Some(PATIENCE));
            let _ = stream.set_write_timeout(Some(PATIENCE));
            Some(stream)
        });
        match spawn_listener(incoming, Some(secret), wake) {
            Ok(listening) => Claim::First(listening),
            Err(e) => Claim::Alone(e),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn requests_read_back_and_strangers_are_ignored() {
        for r in [
            Request::Show,
            Request::Join("ca-ngua://h:7777/K7M2QX".into()),
            Request::Join("https://play.example.org/join/K7M2QX".into()),
        ] {
            assert_eq!(Request::read(&r.line()), Some(r));
        }
        assert_eq!(Request::read("join ftp://x"), None);
        assert_eq!(Request::read("rm -rf"), None);
    }

    #[test]
    fn a_second_start_hands_its_link_to_the_first() {
        let dir = std::env::temp_dir().join(format!("ca-ngua-instance-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let woken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let w = Arc::clone(&woken);
        let Claim::First(listening) = claim(&dir, Some(&dir), &Request::Show, move || {
            w.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }) else {
            panic!("the first start listens");
        };
        let link = Request::Join("ca-ngua://127.0.0.1:7777/K7M2QX".into());
        assert!(matches!(
            claim(&dir, Some(&dir), &link, || {}),
            Claim::HandedOff
        ));
        let mut got = Vec::new();
        for _ in 0..200 {
            got.extend(listening.take());
            if !got.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(got, vec![link]);
        assert_eq!(woken.load(std::sync::atomic::Ordering::SeqCst), 1);
        // Another config folder is another instance.
        let other = dir.join("other");
        assert!(matches!(
            claim(&other, Some(&dir), &Request::Show, || {}),
            Claim::First(_)
        ));
        drop(listening);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
