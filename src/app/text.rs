//! Sentences shared by every game: messages about the player's files,
//! places at the end of a game.

use ca_ngua_data::store::StoreNotice;
use ca_ngua_i18n::{Arg, I18n};

/// A place in words: "nhất", "nhì" … "sáu".
pub fn place_name(i18n: &I18n, place: usize) -> String {
    i18n.t(&format!("place-name-{}", place.clamp(1, 6)))
}

/// The line about the one person at this device, from every player's
/// place (`places`, by seat; none for a player without one) and theirs
/// (`mine`, an index into it): "Bạn thắng!", "Bạn về nhì", "Bạn đồng
/// hạng nhì".
pub fn your_place(i18n: &I18n, places: &[Option<u8>], mine: usize, won: bool) -> Option<String> {
    let place = places.get(mine).copied().flatten()?;
    let shared = places.iter().filter(|p| **p == Some(place)).count() > 1;
    let name = Arg::from(place_name(i18n, usize::from(place)));
    Some(if won {
        i18n.t("you-won")
    } else if shared {
        i18n.t_args("you-shared", &[("place", name)])
    } else {
        i18n.t_args("you-place", &[("place", name)])
    })
}

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
        StoreNotice::NoStorage { reason } => i18n.t_args(
            "notice-no-storage",
            &[("reason", Arg::from(reason.to_string()))],
        ),
    }
}
