//! The i18n keys of the sentences the app shows for the network's
//! refusals (`i18n/*/main.ftl`, "Online play").

use ca_ngua_core::table::ErrorCode;

/// The i18n key of the sentence for a refusal's code (`i18n/*/main.ftl`,
/// "Online play").
pub fn error_key(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::BadMessage => "net-error-bad-message",
        ErrorCode::BadRules => "net-error-bad-rules",
        ErrorCode::RoomNotFound => "net-error-room-not-found",
        ErrorCode::RoomFull => "net-error-room-full",
        ErrorCode::AlreadyStarted => "net-error-already-started",
        ErrorCode::BadToken => "net-error-bad-token",
        ErrorCode::NotHost => "net-error-not-host",
        ErrorCode::NotYourTurn => "net-error-not-your-turn",
        ErrorCode::NotStarted => "net-error-not-started",
        ErrorCode::RollPending => "net-error-roll-pending",
        ErrorCode::Stale => "net-error-stale",
        ErrorCode::NoRoll => "net-error-no-roll",
        ErrorCode::IllegalMove => "net-error-illegal-move",
        ErrorCode::RateLimited => "net-error-rate-limited",
        ErrorCode::NoDice => "net-error-no-dice",
        ErrorCode::ChatOff => "net-error-chat-off",
        ErrorCode::TooFast => "net-error-too-fast",
        ErrorCode::NotOver => "net-error-not-over",
        ErrorCode::NotAPlayer => "net-error-not-a-player",
        ErrorCode::TooLate => "net-error-too-late",
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::InviteError;
    #[test]
    fn every_refusal_and_invite_error_has_a_sentence_in_both_languages() {
        let codes = [
            ErrorCode::BadMessage,
            ErrorCode::BadRules,
            ErrorCode::RoomNotFound,
            ErrorCode::RoomFull,
            ErrorCode::AlreadyStarted,
            ErrorCode::BadToken,
            ErrorCode::NotHost,
            ErrorCode::NotYourTurn,
            ErrorCode::NotStarted,
            ErrorCode::RollPending,
            ErrorCode::Stale,
            ErrorCode::NoRoll,
            ErrorCode::IllegalMove,
            ErrorCode::RateLimited,
            ErrorCode::NoDice,
        ];
        let invites = [
            InviteError::Scheme,
            InviteError::Host,
            InviteError::Port(String::new()),
            InviteError::Room(String::new()),
        ];
        let wanted: Vec<&str> = codes
            .into_iter()
            .map(error_key)
            .chain(invites.iter().map(InviteError::key))
            .collect();
        for source in [
            include_str!("../../../i18n/vi/ca-ngua.ftl"),
            include_str!("../../../i18n/en/ca-ngua.ftl"),
        ] {
            let keys = ca_ngua_i18n::keys(source);
            for key in &wanted {
                assert!(keys.iter().any(|k| k == key), "{key}");
            }
        }
    }
}
