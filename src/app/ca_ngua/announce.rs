//! What a screen reader says, as AccessKit live regions: one announcement
//! per event shown — a person's roll and its result, each move of someone
//! else, a kick (assertive when it hits a person at this device), a horse
//! home, the turn coming to a person here, the end of the game.
//!
//! Each announcement is a node of its own with a new id, so it is spoken
//! exactly once (a screen reader announces a live node when it appears) and
//! never again while it stays; the next announcement replaces it.

use super::log;
use super::tbl::{Applied, Replica};
use super::text;
use ca_ngua_core::table::Controller;
use ca_ngua_i18n::{Arg, I18n};

/// What to say about one event shown; `shown` is the state after it,
/// `controllers` who plays each seat.
pub fn about(
    i18n: &I18n,
    applied: &Applied,
    shown: &Replica,
    controllers: &[Controller],
) -> Option<(String, bool)> {
    let here = |seat: game_ca_ngua::engine::Seat| controllers[seat.index()] == Controller::Here;
    match applied {
        Applied::Rolled(p) if here(p.seat) => {
            let who = text::colour(i18n, p.seat);
            let roll = Arg::from(p.roll.to_string());
            let forfeit = shown
                .position()
                .is_some_and(|pos| pos.is_forfeit(shown.rules(), p.roll));
            let key = match p.moves.len() {
                _ if forfeit => "announce-roll-forfeit",
                0 => "announce-roll-none",
                1 => "announce-roll-one",
                _ => "announce-roll-some",
            };
            Some((
                i18n.t_args(
                    key,
                    &[
                        ("who", Arg::from(who)),
                        ("roll", roll),
                        ("n", Arg::from(p.moves.len())),
                    ],
                ),
                false,
            ))
        }
        Applied::Played {
            played: super::tbl::Played { effects: fx, .. },
            ..
        } => {
            let lines = log::entries(applied, shown);
            // A person here made this move: say only what followed from it
            // (they heard their roll and chose the move).
            let skip = usize::from(here(fx.seat));
            let said: Vec<String> = lines
                .iter()
                .skip(skip)
                .map(|e| text::log_text(i18n, e))
                .collect();
            if said.is_empty() {
                return None;
            }
            let against_here = game_ca_ngua::engine::Seat::ALL
                .into_iter()
                .any(|v| fx.kicked[v.index()] > 0 && here(v));
            Some((said.join(". "), against_here))
        }
        Applied::SeatNews(_) => {
            let said: Vec<String> = log::entries(applied, shown)
                .iter()
                .map(|e| text::log_text(i18n, e))
                .collect();
            (!said.is_empty()).then(|| (said.join(". "), false))
        }
        Applied::Over(outcome) => {
            let mut lines = vec![i18n.t("announce-over")];
            lines.extend(text::standings(i18n, outcome));
            Some((lines.join(". "), false))
        }
        _ => None,
    }
}
