//! Sentences shared by every game: messages about the player's files.

use crate::i18n::{Arg, I18n};
use crate::store::StoreNotice;

/// A message about the player's files.
pub fn store_notice(i18n: &I18n, n: &StoreNotice) -> String {
    match n {
        StoreNotice::MovedAside {
            file,
            kept_as,
            reason,
        } => i18n.t_args(
            "notice-file-moved",
            &[
                ("file", Arg::from(file.as_str())),
                ("kept", Arg::from(kept_as.display().to_string())),
                ("reason", Arg::from(reason.as_str())),
            ],
        ),
        StoreNotice::Unreadable { file, reason } => i18n.t_args(
            "notice-file-unreadable",
            &[
                ("file", Arg::from(file.as_str())),
                ("reason", Arg::from(reason.as_str())),
            ],
        ),
        StoreNotice::CannotWrite { file, reason } => i18n.t_args(
            "notice-cannot-save",
            &[
                ("file", Arg::from(file.as_str())),
                ("reason", Arg::from(reason.as_str())),
            ],
        ),
        StoreNotice::NoDirectory { reason } => i18n.t_args(
            "notice-no-folder",
            &[("reason", Arg::from(reason.as_str()))],
        ),
    }
}
