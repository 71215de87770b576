//! The desktop around the app: the identity the desktop knows it by
//! (application id, icon, version), the data folder for logs and crash
//! reports, the arguments it answers without opening a window, and the
//! plain sentence it prints when no window can be opened.

use super::VERSION;
use crate::instance::{Handover, Request, is_room_link};
use ca_ngua_i18n::{Arg, I18n, Lang};
use std::ffi::OsString;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

/// The application id: the name of the Linux desktop entry
/// (`ca-ngua.desktop`), the Wayland app id and the X11 `WM_CLASS`, so the
/// desktop groups the window with its launcher and shows its icon.
pub const APP_ID: &str = "ca-ngua";

/// The environment variable that overrides the data folder (logs and
/// crash reports); tests and support use it.
pub const DATA_DIR_VAR: &str = "CA_NGUA_DATA_DIR";

/// The icon of the window, taskbar and dock: rendered from
/// `assets/icon/ca-ngua.svg` by `assets/icon/make-icons.sh`. 128 pixels:
/// the 256-pixel icon is one word too long for an X11 request without the
/// BIG-REQUESTS extension, and X11 then shows no icon at all. (Launchers
/// and docks take the installed icons, in every size, from the app id.)
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icon/png/128x128.png");

/// What the app was asked to do on its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Launch {
    /// No arguments: open the window and play.
    Play,
    /// `--version` (`-V`): print the version and exit.
    Version,
    /// `--help` (`-h`): print the arguments and exit.
    Help,
    /// `--crash-test`: panic at once, as a bug would, so that the crash
    /// report can be checked (a support and test aid, left out of `--help`).
    CrashTest,
    /// `ca-ngua LINK`: open the window and join that room (an invite page's
    /// address or a `ca-ngua:` link, as the desktop passes a clicked link).
    Join(String),
}

/// The argument that `--crash-test` is.
pub const CRASH_TEST_ARG: &str = "--crash-test";

/// What the command line asks for. The error is the first argument not
/// understood.
pub fn parse_args<I: IntoIterator<Item = OsString>>(args: I) -> Result<Launch, String> {
    let mut launch = Launch::Play;
    for arg in args {
        let arg = arg.to_string_lossy().into_owned();
        // Older macOS gives apps opened from the Finder a process serial
        // number argument: not the player's.
        if arg.starts_with("-psn_") {
            continue;
        }
        let asked = match arg.as_str() {
            "--version" | "-V" => Launch::Version,
            "--help" | "-h" => Launch::Help,
            CRASH_TEST_ARG => Launch::CrashTest,
            link => match room_link(link) {
                Some(link) => Launch::Join(link),
                None => return Err(arg),
            },
        };
        if launch != Launch::Play {
            // One question at a time: `--help --version` is not understood.
            return Err(arg);
        }
        launch = asked;
    }
    Ok(launch)
}

/// The room's link an argument is (trimmed), or `None`.
fn room_link(arg: &str) -> Option<String> {
    is_room_link(arg).then(|| arg.trim().to_string())
}

/// A link the system hands the app while it runs: on macOS a clicked
/// `ca-ngua:` link (or an invite page's address) comes as an event with the
/// URL (`NSURL`'s `absoluteString`), both when the click started the app
/// and while it is open, never on the command line nor to a second start.
/// It is read as the command line's link is, once the characters a URL
/// may percent-encode without changing it are decoded, and handed to the
/// window as a later start's link is: it waits in the queue until the
/// window takes it, at its first frame if the window has not drawn one
/// yet. False (and a line in the log) when it is not a room's link, or
/// the window is gone.
pub fn open_url(url: &str, handover: &Handover) -> bool {
    let Some(link) = room_link(&decode_unreserved(url)) else {
        tracing::warn!("not a room's link, left alone: {url}");
        return false;
    };
    tracing::info!("the system handed over a room's link: {link}");
    handover.send(Request::Join(link))
}

/// `url` with each `%XX` that stands for a letter, a digit, `-`, `.`, `_`
/// or `~` decoded: the same URL (RFC 3986, 2.3), as a link reader expects
/// it. Every other `%XX` stays as it is.
fn decode_unreserved(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    let mut rest = url;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let decoded = rest
            .get(at + 1..at + 3)
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .map(char::from)
            .filter(|c| c.is_ascii_alphanumeric() || "-._~".contains(*c));
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[at + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Answers the command line of the app: `--version` and `--help` are
/// printed here (in `lang`), an argument not understood is refused in one
/// line on standard error (status 2); otherwise, what to do next.
pub fn launch<I: IntoIterator<Item = OsString>>(
    args: I,
    lang: Lang,
) -> ControlFlow<ExitCode, Launch> {
    match parse_args(args) {
        Ok(Launch::Version) => {
            println!("{}", version_line());
            ControlFlow::Break(ExitCode::SUCCESS)
        }
        Ok(Launch::Help) => {
            let data = data_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_default();
            let help = I18n::new(lang).t_args("app-help", &[("data", Arg::from(data))]);
            println!("{help}");
            ControlFlow::Break(ExitCode::SUCCESS)
        }
        Ok(launch) => ControlFlow::Continue(launch),
        Err(arg) => {
            let refusal =
                I18n::new(lang).t_args("startup-bad-argument", &[("arg", Arg::from(arg))]);
            eprintln!("{refusal}");
            ControlFlow::Break(ExitCode::from(2))
        }
    }
}

/// The line `--version` prints: the program's name and version.
pub fn version_line() -> String {
    format!("{APP_ID} {VERSION}")
}

/// The folder for logs and crash reports: `CA_NGUA_DATA_DIR` when set and
/// not empty, otherwise the platform's data folder for the app
/// (`~/.local/share/ca-ngua`, `~/Library/Application Support/ca-ngua`,
/// `%APPDATA%\ca-ngua\data`). `None` when the system reports no home.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_from(std::env::var_os(DATA_DIR_VAR))
}

/// As [`data_dir`], with the override given.
pub fn data_dir_from(dir: Option<OsString>) -> Option<PathBuf> {
    match dir.filter(|d| !d.is_empty()) {
        Some(d) => Some(PathBuf::from(d)),
        None => directories::ProjectDirs::from("", "", APP_ID).map(|p| p.data_dir().to_path_buf()),
    }
}

/// Adds the app's identity to the main window: the application id and the
/// icon (in place of eframe's own).
pub fn with_identity(viewport: egui::ViewportBuilder) -> egui::ViewportBuilder {
    let viewport = viewport.with_app_id(APP_ID);
    match window_icon() {
        Some(icon) => viewport.with_icon(icon),
        None => viewport,
    }
}

/// The window icon, decoded from [`ICON_PNG`].
pub fn window_icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(ICON_PNG).ok()
}

/// Opens the program's window, titled `title`, its size and place kept in
/// `window_file` (eframe writes it; a bad file is ignored and the window
/// opens at its default), and runs in it what `app` makes, as eframe's
/// `run_native` does: the exit status once the window closed, or, when it
/// could not open, one sentence in `lang` on standard error.
pub fn open_window(
    title: &str,
    window_file: Option<PathBuf>,
    lang: Lang,
    app: eframe::AppCreator<'static>,
) -> ExitCode {
    let options = eframe::NativeOptions {
        viewport: with_identity(
            egui::ViewportBuilder::default()
                .with_title(title)
                .with_inner_size([1180.0, 780.0])
                .with_min_inner_size([800.0, 600.0]),
        ),
        // Our bundled font covers every character we show; the system
        // fallback would only slow the start (and panics without fonts).
        system_font_fallback: false,
        persist_window: window_file.is_some(),
        persistence_path: window_file,
        ..Default::default()
    };
    exit_code(eframe::run_native(APP_ID, options, app), lang)
}

/// The exit status of the app once its window closed. When the window could
/// not open, the player gets one sentence in `lang` on standard error and
/// the log gets the details.
pub fn exit_code(run: eframe::Result, lang: Lang) -> ExitCode {
    let Err(e) = run else {
        return ExitCode::SUCCESS;
    };
    let details = crate::privacy::scrub_home(&format!("{e} ({e:?})"));
    tracing::error!("the window could not open: {details}");
    let sentence = I18n::new(lang).t_args(
        startup_error_key(&e),
        &[("reason", Arg::from(e.to_string()))],
    );
    eprintln!("{sentence}");
    ExitCode::FAILURE
}

/// The i18n key of the sentence that explains why the window could not
/// open. The details go to the log, not to the player.
pub fn startup_error_key(error: &eframe::Error) -> &'static str {
    match error {
        // winit could not reach a display server: no `DISPLAY` or
        // `WAYLAND_DISPLAY`, a display that refuses the connection, or no
        // X11 or Wayland libraries.
        eframe::Error::WinitEventLoop(_) | eframe::Error::Winit(_) => "startup-no-display",
        eframe::Error::Glutin(_)
        | eframe::Error::NoGlutinConfigs(..)
        | eframe::Error::OpenGL(_) => "startup-no-graphics",
        _ => "startup-failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn no_arguments_open_the_window() {
        assert_eq!(parse_args(args(&[])), Ok(Launch::Play));
        assert_eq!(parse_args(args(&["-psn_0_1234"])), Ok(Launch::Play));
    }

    #[test]
    fn version_help_and_the_crash_test_are_understood() {
        assert_eq!(parse_args(args(&["--version"])), Ok(Launch::Version));
        assert_eq!(parse_args(args(&["-V"])), Ok(Launch::Version));
        assert_eq!(parse_args(args(&["--help"])), Ok(Launch::Help));
        assert_eq!(parse_args(args(&["-h"])), Ok(Launch::Help));
        assert_eq!(parse_args(args(&["--crash-test"])), Ok(Launch::CrashTest));
    }

    #[test]
    fn a_room_link_opens_the_window_on_that_room() {
        for link in [
            "ca-ngua://192.168.1.20:7777/K7M2QX",
            "CA-NGUA://h:1/ABCDEF",
            "http://play.example.org/join/K7M2QX",
        ] {
            assert_eq!(parse_args(args(&[link])), Ok(Launch::Join(link.into())));
        }
        // One thing at a time.
        assert_eq!(
            parse_args(args(&["--version", "ca-ngua://h:1/ABCDEF"])),
            Err("ca-ngua://h:1/ABCDEF".into())
        );
    }

    #[test]
    fn a_link_macos_hands_over_reaches_the_window_as_a_later_starts_would() {
        use crate::instance::Listening;
        use ca_ngua_protocol::Invite;
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};

        // The window's queue, before its first frame: nothing takes yet.
        let listening = Listening::alone();
        let woken = Arc::new(AtomicUsize::new(0));
        let w = Arc::clone(&woken);
        let handover = listening.handover(move || {
            w.fetch_add(1, Ordering::SeqCst);
        });
        // As macOS hands them: NSURL's absoluteString, the link as clicked,
        // a slash after the code, letters percent-encoded.
        let urls = [
            "ca-ngua://192.168.1.20:7777/K7M2QX",
            "ca-ngua://192.168.1.20:7777/K7M2QX/",
            "ca-ngua://192.168.1.20:7777/%4B7M2%51X",
            "ca-ngua://%31%392.168.1.20:7777/k7m2qx",
            "CA-NGUA://192.168.1.20:7777/K7M2QX?watch",
            "http://192.168.1.20:7777/join/%4b7M2QX/",
        ];
        for url in urls {
            assert!(open_url(url, &handover), "{url}");
        }
        // Not a room's link (a file dropped on the Dock icon): left alone.
        assert!(!open_url("file:///Users/minh/game.ron", &handover));
        assert!(!open_url("ca-ngua%3A//h:1/ABCDEF", &handover));
        assert_eq!(woken.load(Ordering::SeqCst), urls.len());

        // Kept until the window takes them, in order, each the room's link.
        let taken = listening.take();
        assert_eq!(taken.len(), urls.len());
        let room = "ca-ngua://192.168.1.20:7777/K7M2QX"
            .parse::<Invite>()
            .expect("the room's link");
        for (request, url) in taken.into_iter().zip(urls) {
            let Request::Join(link) = request else {
                panic!("{url}: {request:?}");
            };
            let invite = link.parse::<Invite>().expect("a room's link");
            assert_eq!(invite.server, room.server, "{url}");
            assert_eq!(invite.room, room.room, "{url}");
            assert_eq!(invite.watch, url.ends_with("?watch"), "{url}");
        }
        assert!(listening.take().is_empty());

        // The same link as the command line's.
        let url = "ca-ngua://192.168.1.20:7777/K7M2QX";
        assert!(open_url(url, &handover));
        let Ok(Launch::Join(argv)) = parse_args(args(&[url])) else {
            panic!("the command line's link");
        };
        assert_eq!(listening.take(), vec![Request::Join(argv)]);

        // The window gone: nothing to hand over to.
        drop(listening);
        assert!(!open_url(url, &handover));
    }

    #[test]
    fn only_unreserved_characters_are_decoded() {
        assert_eq!(decode_unreserved("%41%7a%30%2D%2e%5F%7E"), "Az0-._~");
        // Reserved characters, a half escape, a stray percent: as they were.
        assert_eq!(decode_unreserved("a%2Fb%3A%25%4"), "a%2Fb%3A%25%4");
        assert_eq!(decode_unreserved("100%"), "100%");
        assert_eq!(decode_unreserved("%e1%bb%9d"), "%e1%bb%9d");
    }

    #[test]
    fn anything_else_is_refused_by_name() {
        assert_eq!(parse_args(args(&["--verbose"])), Err("--verbose".into()));
        assert_eq!(parse_args(args(&["game.ron"])), Err("game.ron".into()));
        assert_eq!(
            parse_args(args(&["--help", "--version"])),
            Err("--version".into())
        );
    }

    #[test]
    fn the_version_line_names_the_program_and_its_version() {
        let line = version_line();
        assert!(line.starts_with("ca-ngua "), "{line}");
        assert!(line.ends_with(env!("CARGO_PKG_VERSION")), "{line}");
    }

    #[test]
    fn the_data_folder_override_wins_unless_empty() {
        assert_eq!(
            data_dir_from(Some("/tmp/x".into())),
            Some(PathBuf::from("/tmp/x"))
        );
        let platform = directories::ProjectDirs::from("", "", APP_ID).map(|p| p.data_dir().into());
        assert_eq!(data_dir_from(Some(OsString::new())), platform);
        assert_eq!(data_dir_from(None), platform);
    }

    #[test]
    fn the_window_icon_decodes_to_a_square() {
        let icon = window_icon().expect("the bundled icon decodes");
        assert_eq!((icon.width, icon.height), (128, 128));
        assert_eq!(icon.rgba.len(), 128 * 128 * 4);
        // The corners are transparent (a rounded square), the centre is not.
        assert_eq!(icon.rgba[3], 0);
        let centre = (64 * 128 + 64) * 4;
        assert_eq!(icon.rgba[centre + 3], 255);
    }
}
