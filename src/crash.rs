//! When something goes wrong: a crash report for every panic, a log file,
//! and a notice about the last crash on the next start.
//!
//! Both live in the data folder ([`crate::platform::data_dir`]):
//!
//! - `crash-reports/crash-<UTC time>.txt`: the version, the operating
//!   system, the panic message, where it happened and the backtrace. The
//!   player's home folder is written `~`, and nothing else about the player
//!   or the machine is recorded (no user name, host name, arguments or
//!   environment). The ten newest reports are kept.
//! - `crash-reports/unseen`: the name of the report the player has not been
//!   told about yet; [`take_previous_report`] reads and removes it.
//! - `ca-ngua.log`: the log, `warn` for libraries and `info` for the app
//!   unless `CA_NGUA_LOG` says otherwise (`CA_NGUA_LOG=debug`, or levels
//!   per target such as `ca_ngua=trace,eframe=debug`). Past 1 MiB it
//!   is moved to `ca-ngua.old.log` at the next start.

use crate::platform::{Launch, VERSION};
use crate::privacy::{home_dir, scrub, scrub_home};
use ca_ngua_i18n::{Arg, I18n};
use std::backtrace::Backtrace;
use std::fs;
use std::io::IsTerminal;
use std::io::{self, Write};
use std::panic::PanicHookInfo;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder of crash reports, inside the data folder.
pub const REPORTS_DIR: &str = "crash-reports";

/// The file naming the report not yet shown to the player.
const UNSEEN: &str = "unseen";

/// How many reports are kept: enough to see a pattern, never a pile.
const KEEP_REPORTS: usize = 10;

/// The log file, inside the data folder.
pub const LOG_FILE: &str = "ca-ngua.log";

/// The previous log, once the log grew past [`MAX_LOG_BYTES`].
pub const OLD_LOG_FILE: &str = "ca-ngua.old.log";

/// The size past which the log starts afresh at the next start.
const MAX_LOG_BYTES: u64 = 1 << 20;

/// The environment variable with the log filter.
pub const LOG_VAR: &str = "CA_NGUA_LOG";

/// The log filter when `CA_NGUA_LOG` is not set: the app's own
/// information, and only warnings from the libraries under it.
pub const DEFAULT_LOG_FILTER: &str = "warn,ca_ngua=info";

/// The panic message of `--crash-test`.
pub const CRASH_TEST_MESSAGE: &str = "crash test requested with --crash-test";

/// What a crash report says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrashReport {
    /// The app's version.
    pub version: String,
    /// The operating system and processor (`linux x86_64`).
    pub os: String,
    /// When, in UTC (`2026-11-30 10:57:03`).
    pub time: String,
    /// The thread that panicked (`main`, or `unnamed`).
    pub thread: String,
    /// The panic message.
    pub message: String,
    /// The source file, line and column of the panic.
    pub location: String,
    /// The backtrace, as the standard library prints it.
    pub backtrace: String,
}

impl CrashReport {
    /// The report of a panic: `home` is written `~` everywhere in it.
    pub fn new(info: &PanicHookInfo<'_>, backtrace: &Backtrace, home: Option<&Path>) -> Self {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or_default();
        CrashReport {
            version: VERSION.to_string(),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            time: utc_time(secs),
            thread: std::thread::current()
                .name()
                .unwrap_or("unnamed")
                .to_string(),
            message: scrub(&panic_message(info), home),
            location: info
                .location()
                .map(|l| scrub(&l.to_string(), home))
                .unwrap_or_default(),
            backtrace: scrub(&backtrace.to_string(), home),
        }
    }

    /// The report as the text of its file.
    pub fn to_text(&self) -> String {
        format!(
            "Cờ Cá Ngựa crash report\n\
             \n\
             version: {}\n\
             os: {}\n\
             time: {} UTC\n\
             thread: {}\n\
             message: {}\n\
             location: {}\n\
             \n\
             backtrace:\n{}\n",
            self.version,
            self.os,
            self.time,
            self.thread,
            self.message,
            self.location,
            self.backtrace
        )
    }
}

/// The message a panic was given (`panic!("...")`, `expect("...")`).
pub fn panic_message(info: &PanicHookInfo<'_>) -> String {
    info.payload_as_str().unwrap_or("(no message)").to_string()
}

/// `secs` after 1970 as `YYYY-MM-DD HH:MM:SS`: the days-to-civil
/// conversion of the proleptic Gregorian calendar.
pub fn utc_time(secs: u64) -> String {
    let days = secs / 86_400;
    let rest = secs % 86_400;
    // Shift the epoch to 0000-03-01, so a leap day ends each 4-year cycle.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// A report's file name, as written by [`write_report`]: nothing that
/// could lead out of the reports folder.
fn is_report_name(name: &str) -> bool {
    name.starts_with("crash-")
        && name.ends_with(".txt")
        && !name.contains("..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Writes `report` under `data_dir/crash-reports/`, marks it unseen and
/// drops the oldest reports past the ten newest. Returns its path.
pub fn write_report(data_dir: &Path, report: &CrashReport) -> io::Result<PathBuf> {
    let dir = data_dir.join(REPORTS_DIR);
    fs::create_dir_all(&dir)?;
    let stem: String = format!("crash-{}", report.time)
        .chars()
        .map(|c| match c {
            ' ' => '_',
            ':' => '-',
            c => c,
        })
        .collect();
    // Two panics in one second (two threads) get two files.
    let mut written = None;
    for n in 1..=20 {
        let name = if n == 1 {
            format!("{stem}.txt")
        } else {
            format!("{stem}-{n}.txt")
        };
        let path = dir.join(&name);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                file.write_all(report.to_text().as_bytes())?;
                written = Some((name, path));
                break;
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    let Some((name, path)) = written else {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "too many crash reports in the same second",
        ));
    };
    fs::write(dir.join(UNSEEN), &name)?;
    prune_reports(&dir);
    Ok(path)
}

/// Keeps the newest [`KEEP_REPORTS`] reports (their names sort by time).
fn prune_reports(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| is_report_name(n))
        .collect();
    names.sort();
    let excess = names.len().saturating_sub(KEEP_REPORTS);
    for name in &names[..excess] {
        let _ = fs::remove_file(dir.join(name));
    }
}

/// The report of a crash the player has not been told about, if any; once
/// returned, it is not returned again.
pub fn take_previous_report(data_dir: &Path) -> Option<PathBuf> {
    let dir = data_dir.join(REPORTS_DIR);
    let marker = dir.join(UNSEEN);
    let name = fs::read_to_string(&marker).ok()?;
    let _ = fs::remove_file(&marker);
    let name = name.trim();
    if !is_report_name(name) {
        return None;
    }
    let path = dir.join(name);
    path.is_file().then_some(path)
}

/// The notice that tells the player where the last crash's report is.
pub fn previous_report_notice(i18n: &I18n, report: &Path) -> String {
    i18n.t_args(
        "notice-crash-report",
        &[("file", Arg::from(report.display().to_string()))],
    )
}

/// From now on, every panic, in any thread, writes a crash report to
/// `data_dir` (when there is one) and to the log, then goes on as before
/// (the message on standard error, the thread unwinds).
pub fn install_panic_hook(data_dir: Option<PathBuf>) {
    let home = home_dir();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let report = CrashReport::new(info, &Backtrace::force_capture(), home.as_deref());
        let written = data_dir.as_deref().map(|d| write_report(d, &report));
        match written {
            Some(Ok(path)) => tracing::error!(
                "panic in thread {}: {} at {}; report in {}",
                report.thread,
                report.message,
                report.location,
                scrub(&path.display().to_string(), home.as_deref())
            ),
            Some(Err(e)) => tracing::error!(
                "panic in thread {}: {} at {}; the report could not be written: {e}",
                report.thread,
                report.message,
                report.location
            ),
            None => tracing::error!(
                "panic in thread {}: {} at {}",
                report.thread,
                report.message,
                report.location
            ),
        }
        previous(info);
    }));
}

/// Starts the log and the crash reports in `data_dir` (for `--crash-test`,
/// then panics). Returns the report of the last crash, if the player has
/// not been told about it yet.
#[track_caller]
pub fn start(data_dir: Option<&Path>, launch: &Launch) -> Option<PathBuf> {
    start_logging(data_dir);
    install_panic_hook(data_dir.map(Path::to_path_buf));
    if *launch == Launch::CrashTest {
        crash_test();
    }
    data_dir.and_then(take_previous_report)
}

/// Panics, for `--crash-test` (the report names the caller's line).
#[track_caller]
pub fn crash_test() -> ! {
    panic!("{CRASH_TEST_MESSAGE}")
}

/// Opens the log file in `data_dir`, starting afresh when it grew too big.
fn open_log(data_dir: &Path) -> io::Result<(PathBuf, fs::File)> {
    fs::create_dir_all(data_dir)?;
    let path = data_dir.join(LOG_FILE);
    if fs::metadata(&path).is_ok_and(|m| m.len() > MAX_LOG_BYTES) {
        fs::rename(&path, data_dir.join(OLD_LOG_FILE))?;
    }
    let file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)?;
    Ok((path, file))
}

/// Sends the app's logs (and those of its libraries, through `log`) to
/// `data_dir/ca-ngua.log`, or to standard error when there is no folder or
/// the file cannot be opened. The level comes from `CA_NGUA_LOG`. Returns
/// the log file.
pub fn start_logging(data_dir: Option<&Path>) -> Option<PathBuf> {
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;

    let asked = std::env::var(LOG_VAR).ok().filter(|v| !v.trim().is_empty());
    let default = || {
        DEFAULT_LOG_FILTER
            .parse::<Targets>()
            .unwrap_or_else(|_| Targets::new().with_default(tracing::Level::INFO))
    };
    let (filter, refused) = match asked.as_deref().map(str::parse::<Targets>) {
        Some(Ok(filter)) => (filter, None),
        Some(Err(e)) => (default(), Some(e.to_string())),
        None => (default(), None),
    };
    let opened = data_dir.map(open_log);
    let logs = tracing_subscriber::registry().with(filter);
    let to_stderr = tracing_subscriber::fmt::layer()
        .with_ansi(io::stderr().is_terminal())
        .with_writer(io::stderr);
    // Installing twice (tests) keeps the first subscriber.
    let (log_file, problem) = match opened {
        Some(Ok((path, file))) => {
            // A file holds plain text, never terminal colour codes.
            let to_file = tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_writer(Mutex::new(file));
            let _ = logs.with(to_file).try_init();
            (Some(path), None)
        }
        Some(Err(e)) => {
            let _ = logs.with(to_stderr).try_init();
            (None, Some(e.to_string()))
        }
        None => {
            let _ = logs.with(to_stderr).try_init();
            (None, None)
        }
    };
    tracing::info!(
        "Cờ Cá Ngựa {VERSION} on {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    );
    if let (Some(value), Some(e)) = (asked.as_deref(), refused) {
        tracing::warn!("{LOG_VAR}={value:?} is not a log filter ({e}); using {DEFAULT_LOG_FILTER}");
    }
    if let Some(problem) = problem {
        tracing::warn!("no log file, logging to standard error: {problem}");
    }
    tracing::debug!(
        "data folder: {}",
        data_dir.map_or_else(
            || "none".to_string(),
            |d| scrub_home(&d.display().to_string())
        )
    );
    log_file
}

#[cfg(test)]
mod tests {
    use super::*;
    use ca_ngua_i18n::Lang;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ca-ngua-crash-test-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("make a temporary folder");
        dir
    }

    fn report(time: &str, message: &str) -> CrashReport {
        CrashReport {
            version: VERSION.to_string(),
            os: "linux x86_64".into(),
            time: time.into(),
            thread: "main".into(),
            message: message.into(),
            location: "src/main.rs:1:1".into(),
            backtrace: "0: main".into(),
        }
    }

    #[test]
    fn a_report_written_is_taken_once_on_the_next_start() {
        let dir = temp_dir("take");
        assert_eq!(take_previous_report(&dir), None);
        let path = write_report(&dir, &report("2026-01-02 03:04:05", "boom")).expect("write");
        let text = fs::read_to_string(&path).expect("read the report");
        assert!(text.contains("message: boom"), "{text}");
        assert_eq!(take_previous_report(&dir), Some(path.clone()));
        assert_eq!(take_previous_report(&dir), None, "told once only");
        // The report itself stays for the player to send.
        assert!(path.is_file());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn two_crashes_in_one_second_keep_two_reports_and_the_last_is_told() {
        let dir = temp_dir("same-second");
        let first = write_report(&dir, &report("2026-01-02 03:04:05", "one")).expect("write");
        let second = write_report(&dir, &report("2026-01-02 03:04:05", "two")).expect("write");
        assert_ne!(first, second);
        assert!(first.is_file() && second.is_file());
        assert_eq!(take_previous_report(&dir), Some(second));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_the_newest_reports_are_kept() {
        let dir = temp_dir("prune");
        let mut paths = Vec::new();
        for minute in 10..(10 + KEEP_REPORTS + 3) {
            let time = format!("2026-01-02 03:{minute:02}:00");
            paths.push(write_report(&dir, &report(&time, "again")).expect("write"));
        }
        let left = fs::read_dir(dir.join(REPORTS_DIR))
            .expect("the reports folder")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".txt"))
            })
            .count();
        assert_eq!(left, KEEP_REPORTS);
        assert!(!paths[0].exists(), "the oldest report is gone");
        assert!(paths[paths.len() - 1].exists(), "the newest report stays");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_marker_tells_nothing_and_never_leads_elsewhere() {
        let dir = temp_dir("marker");
        fs::create_dir_all(dir.join(REPORTS_DIR)).expect("make the folder");
        fs::write(dir.join("crash-x.txt"), "outside").expect("write");
        for content in [
            "../crash-x.txt",
            "crash-missing.txt",
            "",
            "\u{0}\u{1}",
            "prefs.ron",
        ] {
            fs::write(dir.join(REPORTS_DIR).join(UNSEEN), content).expect("write");
            assert_eq!(take_previous_report(&dir), None, "{content:?}");
            assert!(!dir.join(REPORTS_DIR).join(UNSEEN).exists());
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_log_grown_too_big_starts_afresh_and_the_old_one_is_kept() {
        let dir = temp_dir("log");
        let (path, _) = open_log(&dir).expect("open the log");
        fs::write(&path, "small").expect("write");
        open_log(&dir).expect("open the log");
        assert_eq!(fs::read_to_string(&path).expect("read"), "small");
        assert!(!dir.join(OLD_LOG_FILE).exists());

        let big = "x".repeat(MAX_LOG_BYTES as usize + 1);
        fs::write(&path, &big).expect("write");
        let (_, mut file) = open_log(&dir).expect("open the log");
        file.write_all(b"fresh").expect("write");
        assert_eq!(fs::read_to_string(&path).expect("read"), "fresh");
        assert_eq!(
            fs::read_to_string(dir.join(OLD_LOG_FILE)).expect("read the old log"),
            big
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn utc_times_follow_the_calendar() {
        assert_eq!(utc_time(0), "1970-01-01 00:00:00");
        // 2000-02-29 12:34:56 UTC: a leap day of a century leap year.
        assert_eq!(utc_time(951_827_696), "2000-02-29 12:34:56");
        // 2100 is not a leap year: 2100-02-28 is followed by 2100-03-01.
        assert_eq!(utc_time(4_107_542_400), "2100-03-01 00:00:00");
        assert_eq!(utc_time(4_107_542_399), "2100-02-28 23:59:59");
    }

    #[test]
    fn the_notice_names_the_report_in_both_languages() {
        let path = Path::new("/data/crash-reports/crash-2026.txt");
        for lang in Lang::ALL {
            let text = previous_report_notice(&I18n::new(lang), path);
            assert!(
                text.contains("/data/crash-reports/crash-2026.txt"),
                "{text}"
            );
            assert!(!text.starts_with('['), "missing key: {text}");
        }
    }

    #[test]
    fn the_report_text_has_every_field() {
        let text = report("2026-01-02 03:04:05", "boom").to_text();
        for needle in [
            VERSION,
            "linux x86_64",
            "2026-01-02 03:04:05 UTC",
            "thread: main",
            "message: boom",
            "src/main.rs:1:1",
            "0: main",
        ] {
            assert!(text.contains(needle), "{needle} missing from {text}");
        }
    }
}
