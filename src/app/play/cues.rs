//! The sounds of the table, timed to the show: a game schedules a cue for
//! the moment it belongs to (a horse arriving, a piece landing); the shell
//! plays the cues whose moment has come.

/// A sound of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// The dice roll.
    Roll,
    /// A piece steps onto the next square, or lands after a hop.
    Step,
    /// Pieces are kicked home.
    Kick,
    /// A piece (or a player) reaches the finish.
    Home,
    /// The game is won.
    Win,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 5] = [Cue::Roll, Cue::Step, Cue::Kick, Cue::Home, Cue::Win];
}

/// Sounds waiting for their moment, and those due now.
#[derive(Clone, Debug, Default)]
pub struct Cues {
    waiting: Vec<(f64, Cue)>,
    due: Vec<Cue>,
}

impl Cues {
    /// Plays `cue` at time `at`.
    pub fn at(&mut self, at: f64, cue: Cue) {
        self.waiting.push((at, cue));
    }

    /// Moves time on: the cues whose moment came are due. Returns when the
    /// next one is.
    pub fn tick(&mut self, now: f64) -> Option<f64> {
        let (due, later): (Vec<_>, Vec<_>) = self.waiting.drain(..).partition(|(t, _)| *t <= now);
        self.waiting = later;
        self.due.extend(due.into_iter().map(|(_, c)| c));
        self.waiting.iter().map(|(t, _)| *t).reduce(f64::min)
    }

    /// The cues due, once.
    pub fn take(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.due)
    }
}
