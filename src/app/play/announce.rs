//! What a screen reader says, as AccessKit live regions: one announcement
//! per event shown, as each game words it, and the turn coming to a
//! person here.
//!
//! Each announcement is a node of its own with a new id, so it is spoken
//! exactly once (a screen reader announces a live node when it appears) and
//! never again while it stays; the next announcement replaces it.

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
    /// Tells this announcer's nodes from another's (a replay window's
    /// beside the game's).
    salt: &'static str,
    serial: u64,
    current: Vec<Announcement>,
    /// The next announcement starts a new batch.
    fresh: bool,
}

impl Announcer {
    /// An announcer whose nodes are told from others' by `salt`.
    pub fn with_salt(salt: &'static str) -> Announcer {
        Announcer {
            salt,
            ..Announcer::default()
        }
    }

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
            let id = Id::unique(("announcement", self.salt, a.serial));
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
