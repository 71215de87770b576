//! Asking the player for a file: the platform's way
//! ([`crate::platform::files`]: the system's dialog on the desktop, a
//! download or an upload in a browser), and the file names offered.

pub use crate::platform::files::{Chosen, FilePicker, FixedPicker, SystemPicker};

/// A file name for a rule set's name: letters, digits, spaces and dashes
/// kept (Vietnamese letters too), anything a file system might refuse
/// replaced, `.ron` added.
pub fn file_name_for(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let cleaned = cleaned.trim().trim_matches('-');
    if cleaned.is_empty() {
        "ca-ngua-rules.ron".into()
    } else {
        format!("{cleaned}.ron")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_letters_and_drop_what_a_file_system_refuses() {
        assert_eq!(file_name_for("Luật nhà bà Tư"), "Luật nhà bà Tư.ron");
        assert_eq!(file_name_for("a/b\\c:d"), "a-b-c-d.ron");
        assert_eq!(file_name_for("  ../  "), "ca-ngua-rules.ron");
    }
}
