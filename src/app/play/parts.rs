//! The parts of a [`Play`](super::Play) that belong together and that only
//! the play machinery touches: the online part, the records being kept,
//! the statistics' count, the results dialog and the clock of the next
//! step. The board's own state (the pick, the hint, the focus, the
//! pointer) stays on `Play`, where each game's folder reads it.

use super::pacing::Timer;
use super::phase::Phase;
use super::view::ViewTypes;
use super::{OnlineNote, online_ui, presence, recording, remote, talk};
use ca_ngua_core::table::{Replica, Table};
use ca_ngua_data::store::Files;

/// What a screen keeps of online play.
#[derive(Debug)]
pub(crate) struct OnlinePart<V: ViewTypes> {
    /// What the player asked of online play in the play panel.
    pub(crate) actions: Vec<online_ui::OnlineAction>,
    /// The local table, set aside while an online game is shown.
    pub(crate) paused_local: Option<Box<Table<V>>>,
    /// What to tell the player about the online connection.
    pub(crate) note: Option<OnlineNote>,
    /// How many of the room's events there were when the server refused
    /// what was asked: the refusal is said until the room moves on.
    pub(crate) refused_at: usize,
    /// Our own connection's drops and what was said of who is connected.
    pub(crate) watch: presence::Watch,
    /// The online seat to remember (`Some(None)`: to forget).
    pub(crate) remember: Option<Option<remote::OnlineSeat>>,
    /// What was said at an online table, and who is muted.
    pub(crate) talk: talk::Talk<V::Seat>,
    /// Something new was said: say it to screen readers.
    pub(crate) talk_announce: bool,
    /// Players who said "one more game" (or left, `true`) since the last
    /// frame.
    pub(crate) rematch_said: Vec<(V::Seat, bool)>,
}

impl<V: ViewTypes> Default for OnlinePart<V> {
    fn default() -> Self {
        OnlinePart {
            actions: Vec::new(),
            paused_local: None,
            note: None,
            refused_at: 0,
            watch: presence::Watch::default(),
            remember: None,
            talk: talk::Talk::default(),
            talk_announce: false,
            rematch_said: Vec::new(),
        }
    }
}

/// The game's records: the one kept as it goes, the local one set aside
/// while online, and those of games left.
#[derive(Debug)]
pub(crate) struct Records<V: ViewTypes> {
    /// The game's record, kept as it goes.
    pub(crate) recording: recording::Recording<V>,
    /// The local game's record, set aside with its table while an online
    /// game is shown.
    pub(crate) paused: Option<recording::Recording<V>>,
    /// Records of games left, to finish writing at the next sync.
    pub(crate) retired: Vec<recording::Recording<V>>,
}

impl<V: ViewTypes> Records<V> {
    /// The records of a game taken up where it was (a saved game's record
    /// goes on).
    pub(crate) fn resuming() -> Records<V> {
        Records {
            recording: recording::Recording::resuming(),
            paused: None,
            retired: Vec::new(),
        }
    }
}

/// What the statistics have counted.
#[derive(Debug)]
pub(crate) struct Tally<V: ViewTypes> {
    /// The state after the last event counted in the statistics.
    pub(crate) counted: Replica<V>,
    /// The statistics.
    pub(crate) stats: <V as Files>::Stats,
    /// The game's result is in the statistics already.
    pub(crate) result_recorded: bool,
}

/// The results dialog's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct EndDialog {
    /// The player closed the results.
    pub(crate) closed: bool,
    /// The results took the focus once.
    pub(crate) focused: bool,
}

/// When the next step of the game is due.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clock {
    /// The timer of the next step.
    pub(crate) timer: Timer,
    /// The phase of the last frame (the timer restarts when it changes).
    pub(crate) last_phase: Option<Phase>,
    /// The person's turn last said in the page's log: its phase and the
    /// last event shown then.
    pub(crate) said_turn: Option<(Phase, u64)>,
}
