//! The desktop app's start, through the real binary: the answers it gives
//! without a window, the crash report a panic leaves, the log and its
//! level, and the sentence it prints when no display can be opened.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use ca_ngua::crash::{CRASH_TEST_MESSAGE, LOG_FILE, LOG_VAR, REPORTS_DIR, take_previous_report};
use ca_ngua::platform::{CRASH_TEST_ARG, DATA_DIR_VAR};
use ca_ngua_data::store::CONFIG_DIR_VAR;
use ca_ngua_i18n::{Arg, I18n, Lang};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The app with its folders under `dir`, in English where the locale comes
/// from the environment, with no display on Linux.
fn app(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ca-ngua"));
    cmd.args(args)
        .env(DATA_DIR_VAR, dir.join("data"))
        .env(CONFIG_DIR_VAR, dir.join("config"))
        .env("LC_ALL", "en_US.UTF-8")
        .env("LANG", "en_US.UTF-8")
        .env_remove("LANGUAGE")
        .env_remove(LOG_VAR)
        .env_remove("RUST_BACKTRACE")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET");
    cmd
}

fn run(mut cmd: Command) -> Output {
    cmd.output().expect("run ca-ngua")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn reports(data: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(data.join(REPORTS_DIR)) else {
        return Vec::new();
    };
    entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect()
}

#[test]
fn version_answers_without_a_window_or_a_file() {
    let dir = common::temp_dir("app-version");
    let out = run(app(&dir, &["--version"]));
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        text(&out.stdout),
        format!("ca-ngua {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    // Nothing written: no settings, no log.
    assert!(!dir.join("config").exists());
    assert!(!dir.join("data").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Linux takes the locale from the environment [`app`] sets; Windows and
/// macOS from the user's settings, the same for the test and the app.
const LOCALE_FROM_ENV: bool = cfg!(all(unix, not(target_os = "macos")));

fn system_lang() -> Lang {
    if LOCALE_FROM_ENV {
        Lang::En
    } else {
        Lang::from_locale(&sys_locale::get_locale().unwrap_or_default())
    }
}

#[test]
fn help_lists_the_arguments_in_the_system_language() {
    let dir = common::temp_dir("app-help");
    let out = run(app(&dir, &["--help"]));
    assert!(out.status.success(), "{out:?}");
    let help = text(&out.stdout);
    assert!(
        help.contains("--version") && help.contains("--help"),
        "{help}"
    );
    assert!(help.contains(LOG_VAR), "{help}");
    // In the system's language, naming the data folder.
    let data = dir.join("data").display().to_string();
    let args = [("data", Arg::from(data))];
    assert_eq!(
        help.trim_end(),
        I18n::new(system_lang()).t_args("app-help", &args)
    );
    if LOCALE_FROM_ENV {
        let mut vi = app(&dir, &["--help"]);
        vi.env("LC_ALL", "vi_VN.UTF-8").env("LANG", "vi_VN.UTF-8");
        let out = run(vi);
        assert_eq!(
            text(&out.stdout).trim_end(),
            I18n::new(Lang::Vi).t_args("app-help", &args)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_argument_is_refused_in_one_line() {
    let dir = common::temp_dir("app-bad-arg");
    let out = run(app(&dir, &["--frobnicate"]));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--frobnicate"), "{err}");
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panic_leaves_a_crash_report_and_the_next_start_finds_it() {
    let dir = common::temp_dir("app-crash");
    let data = dir.join("data");
    let out = run(app(&dir, &[CRASH_TEST_ARG]));
    assert!(!out.status.success(), "the panic ends the process");
    // The usual panic message still reaches standard error.
    assert!(text(&out.stderr).contains(CRASH_TEST_MESSAGE));

    let found = reports(&data);
    assert_eq!(found.len(), 1, "{found:?}");
    let report = std::fs::read_to_string(&found[0]).unwrap();
    assert!(
        report.contains(&format!("version: {}", env!("CARGO_PKG_VERSION"))),
        "{report}"
    );
    assert!(
        report.contains(&format!("os: {} ", std::env::consts::OS)),
        "{report}"
    );
    assert!(
        report.contains(&format!("message: {CRASH_TEST_MESSAGE}")),
        "{report}"
    );
    assert!(report.contains("thread: main"), "{report}");
    assert!(report.contains("backtrace:"), "{report}");
    // No personal data: not the folders it was given, nor the home folder
    // (which backtraces of a build from source would otherwise name).
    assert!(!report.contains(&dir.display().to_string()), "{report}");
    if let Some(home) = std::env::var_os("HOME").filter(|h| h.len() > 1) {
        let home = PathBuf::from(home).display().to_string();
        assert!(!report.contains(&format!("{home}/")), "{report}");
    }

    // The log has the panic too.
    let log = std::fs::read_to_string(data.join(LOG_FILE)).unwrap();
    assert!(log.contains(CRASH_TEST_MESSAGE), "{log}");

    // The next start tells the player once where the report is.
    assert_eq!(take_previous_report(&data), Some(found[0].clone()));
    assert_eq!(take_previous_report(&data), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_log_level_comes_from_the_environment() {
    let dir = common::temp_dir("app-log-level");
    let data = dir.join("data");
    run(app(&dir, &[CRASH_TEST_ARG]));
    let quiet = std::fs::read_to_string(data.join(LOG_FILE)).unwrap();
    assert!(quiet.contains(" INFO "), "{quiet}");
    assert!(!quiet.contains(" DEBUG "), "{quiet}");

    std::fs::remove_file(data.join(LOG_FILE)).unwrap();
    let mut cmd = app(&dir, &[CRASH_TEST_ARG]);
    cmd.env(LOG_VAR, "debug");
    run(cmd);
    let detailed = std::fs::read_to_string(data.join(LOG_FILE)).unwrap();
    assert!(detailed.contains(" DEBUG "), "{detailed}");

    std::fs::remove_file(data.join(LOG_FILE)).unwrap();
    let mut cmd = app(&dir, &[CRASH_TEST_ARG]);
    cmd.env(LOG_VAR, "error");
    run(cmd);
    let errors_only = std::fs::read_to_string(data.join(LOG_FILE)).unwrap();
    assert!(!errors_only.contains(" INFO "), "{errors_only}");
    assert!(errors_only.contains(" ERROR "), "{errors_only}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without `DISPLAY` or `WAYLAND_DISPLAY` there is no display on Linux (on
/// Windows and macOS the desktop is always there).
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn without_a_display_the_app_says_so_in_one_sentence() {
    let dir = common::temp_dir("app-no-display");
    let out = run(app(&dir, &[]));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = text(&out.stderr);
    let sentence = I18n::new(Lang::En).t("startup-no-display");
    assert_eq!(err, format!("{sentence}\n"));
    // The technical details are in the log.
    let log = std::fs::read_to_string(dir.join("data").join(LOG_FILE)).unwrap();
    assert!(log.contains("the window could not open"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
