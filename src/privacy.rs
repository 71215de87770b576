//! Keeping the player out of what the app writes down. Paths in panic
//! messages, backtraces and error messages name the player's home folder,
//! and often the player's name with it: the log and crash reports write it
//! `~` instead.
//!
//! Its own small module because both the crash reports (`crash`) and the
//! desktop around the app (`platform`, whose startup errors go to the log)
//! need it, and neither should import the other for it.

use std::path::{Path, PathBuf};

/// `text` with the player's home folder written `~`: paths in panic
/// messages and in backtraces of builds from source name it, and often
/// the player's name with it.
pub fn scrub(text: &str, home: Option<&Path>) -> String {
    let Some(home) = home.and_then(Path::to_str) else {
        return text.to_string();
    };
    // A home of `/` (or empty) would turn every slash into `~`.
    let home = home.trim_end_matches(['/', '\\']);
    if home.len() < 2 {
        return text.to_string();
    }
    text.replace(home, "~")
}

/// The player's home folder, to be kept out of reports and logs.
pub fn home_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf())
}

/// `text` with this player's home folder written `~`, for the log.
pub fn scrub_home(text: &str) -> String {
    scrub(text, home_dir().as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_folder_never_reaches_a_report() {
        let home = Path::new("/home/thanh");
        let text = "cannot open /home/thanh/.config/ca-ngua/prefs.ron";
        assert_eq!(
            scrub(text, Some(home)),
            "cannot open ~/.config/ca-ngua/prefs.ron"
        );
        let windows = Path::new(r"C:\Users\Thanh");
        assert_eq!(
            scrub(r"at C:\Users\Thanh\src\x.rs", Some(windows)),
            r"at ~\src\x.rs"
        );
        // A root home would swallow every slash: left alone.
        assert_eq!(scrub("/a/b", Some(Path::new("/"))), "/a/b");
        assert_eq!(scrub("/a/b", None), "/a/b");
    }
}
