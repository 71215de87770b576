//! The desktop around the app: the identity the desktop knows it by
//! (application id, icon, version), the data folder for logs and crash
//! reports, the arguments it answers without opening a window, and the
//! plain sentence it prints when no window can be opened.

use super::{VERSION, is_room_link};
use crate::i18n::{Arg, I18n, Lang};
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
            link if is_room_link(link) => Launch::Join(link.trim().to_string()),
            _ => return Err(arg),
        };
        if launch != Launch::Play {
            // One question at a time: `--help --version` is not understood.
            return Err(arg);
        }
        launch = asked;
    }
    Ok(launch)
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
