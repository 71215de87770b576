//! What the player asks of the shell while a frame is drawn: an
//! [`Intent`], carried out after the frame (`apply.rs`).

use super::records;
use super::sheets::Sheet;
use crate::app::play::online_ui::OnlineAction;
use crate::app::play::rule_sets::RuleSetAction;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_games::GameKind;

/// What the player asked for while the frame was drawn.
#[derive(Clone, Debug, PartialEq)]
#[must_use]
pub enum Intent {
    /// Host, join, leave or start an online game.
    Online(OnlineAction),
    /// Start a new game of the game in front with the preferences.
    NewGame,
    /// The preferences changed in the settings panel.
    PrefsChanged(Box<Prefs>),
    /// Confirm the change that needs a new game.
    ConfirmNewGame,
    /// Leave the game in progress for the room of a handed-over link.
    JoinHandedLink,
    /// Keep playing; forget the handed-over link.
    KeepPlaying,
    /// Keep the game; undo the change that needed a new one.
    CancelNewGame,
    /// Show or hide the rules window.
    ToggleRules,
    /// Show or hide the settings panel.
    ToggleSettings,
    /// Save, rename, delete, export or import a rule set.
    RuleSet(RuleSetAction),
    /// Show or hide the statistics.
    ToggleStats,
    /// Hide the messages about files.
    DismissNotices,
    /// Close the rule code window.
    CloseCode,
    /// Bring another game to the front (every game in progress stays).
    SwitchGame(GameKind),
    /// Replay, save, open or paste a game's record.
    Record(records::RecordIntent),
    /// The welcome was answered: learn first (`true`) or play now.
    Welcome {
        /// Open the lessons rather than the game.
        learn: bool,
    },
    /// Open or close the lessons of the game in front.
    ToggleLearn,
    /// Leave the online room, as the question asked (then a new game here
    /// when that was what the player asked for).
    ConfirmLeave,
    /// Stay in the online room.
    StayInRoom,
    /// Open a sheet over the board (a phone), or close it if open.
    Sheet(Sheet),
}

/// What comes after leaving an online room, once the player says yes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LeaveThen {
    /// Back to the game on this device, as it was.
    Back,
    /// A new game on this device (the top bar's New game).
    NewGame,
}
