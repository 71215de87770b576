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
use crate::i18n::{Arg, I18n};
use crate::table::Controller;
use egui::accesskit::{Live, Role};
use egui::{Id, Rect, Sense, Ui, Vec2};

/// One thing to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// Its number (a node id of its own).
    pub serial: u64,
    /// What to say.
    pub text: String,
    /// Interrupts whatever is being said (a kick against a person here).
    pub assertive: bool,
}

/// The announcements of the latest frame that had any.
#[derive(Clone, Debug, Default)]
pub struct Announcer {
    serial: u64,
    current: Vec<Announcement>,
    /// The next announcement starts a new batch.
    fresh: bool,
}

impl Announcer {
    /// A new frame: the next announcement replaces the last batch.
    pub fn new_frame(&mut self) {
        self.fresh = true;
    }

    /// Says something.
    pub fn say(&mut self, text: String, assertive: bool) {
        if text.is_empty() {
            return;
        }
        if self.fresh {
            self.current.clear();
            self.fresh = false;
        }
        self.serial += 1;
        self.current.push(Announcement {
            serial: self.serial,
            text,
            assertive,
        });
    }

    /// Forgets what was said (it was said; a language change should not
    /// leave it in the tree in the old language).
    pub fn clear(&mut self) {
        self.current.clear();
    }

    /// The announcements being made.
    pub fn current(&self) -> &[Announcement] {
        &self.current
    }

    /// The live-region nodes (invisible: one point at the top of `ui`).
    pub fn ui(&self, ui: &mut Ui) {
        let at = Rect::from_min_size(ui.cursor().min, Vec2::splat(1.0));
        for a in &self.current {
            let id = Id::unique(("announcement", a.serial));
            let response = ui.interact(at, id, Sense::hover());
            response.widget_info(|| egui::WidgetInfo::labeled(Role::Label, true, &a.text));
            ui.ctx().accesskit_node_builder(id, |node| {
                node.set_live(if a.assertive {
                    Live::Assertive
                } else {
                    Live::Polite
                });
            });
        }
    }
}

/// What to say about one event shown; `shown` is the state after it,
/// `controllers` who plays each seat.
pub fn about(
    i18n: &I18n,
    applied: &Applied,
    shown: &Replica,
    controllers: &[Controller; 4],
) -> Option<(String, bool)> {
    let here = |seat: crate::ca_ngua::engine::Seat| controllers[seat.index()] == Controller::Here;
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
            let against_here = crate::ca_ngua::engine::Seat::ALL
                .into_iter()
                .any(|v| fx.kicked[v.index()] > 0 && here(v));
            Some((said.join(". "), against_here))
        }
        Applied::SeatNews(_) => {
            let said: Vec<String> = log::entries(applied, shown)
                .iter()
                .map(|e| text::log_text(i18n, e))
                .collect();
            Some((said.join(". "), false))
        }
        Applied::Over(outcome) => {
            let mut lines = vec![i18n.t("announce-over")];
            lines.extend(text::standings(i18n, outcome));
            Some((lines.join(". "), false))
        }
        _ => None,
    }
}
