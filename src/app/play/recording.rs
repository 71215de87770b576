//! Every game played in the app is recorded as it goes (`ca_ngua_data::record`):
//! a [`Recorder`] takes the source's events (a local table's, or an
//! online replica's), the record is kept in the store as soon as the game
//! starts and written again as it goes.
//!
//! Writes are coalesced: the first is made when the game starts, at its
//! first turn (on the frame: it names the file; a table nobody played
//! leaves none); the next ones go through the saver's thread, at most once
//! every [`WRITE_EVERY`] (a second), and at once when the game ends or the
//! screen leaves it ([`Recording::finish`]). However fast a 400-roll game
//! of computers goes, it makes one write a second at most, all but the
//! first off the frame.
//!
//! A game restored after a restart (or an online game resumed) continues
//! its record: the newest unfinished record of the same game whose start,
//! seats and steps the events repeat is taken up again (its file and its
//! date); if none is found, a new record starts.

use super::source::Source;
use ca_ngua_core::game::Game;
use ca_ngua_data::record::{AnyRecord, Record, Recorder, UtcDate};
use ca_ngua_data::store::{RecordFiles, RecordId, Saver};
use ca_ngua_games::GameKind;
use std::time::Duration;
use web_time::Instant;

/// The least time between two writes of a record while its game goes on.
pub const WRITE_EVERY: Duration = Duration::from_secs(1);

/// How many unfinished records are looked at to continue one.
const RESUME_CANDIDATES: usize = 3;

/// A game's record as it is played.
#[derive(Debug)]
pub struct Recording<G: Game> {
    recorder: Option<Recorder<G>>,
    /// The number of the last event taken in.
    fed: u64,
    /// The record's file, once kept.
    id: Option<RecordId>,
    /// Look for a record to continue before starting a new one.
    resume: bool,
    /// The room's `again` event this round's record starts at (the record
    /// takes it in, to count the round).
    again: Option<u64>,
    /// The record changed since it was last written.
    dirty: bool,
    /// When it was last written (a clock of its own: a screen not in
    /// front has no frame times, and its online game goes on).
    last_write: Option<Instant>,
}

impl<G: ca_ngua_games::Listed> Recording<G> {
    /// A new game's record: a new file.
    pub fn new() -> Recording<G> {
        Recording {
            recorder: None,
            fed: 0,
            id: None,
            resume: false,
            again: None,
            dirty: false,
            last_write: None,
        }
    }

    /// A game that may have been recorded already (restored after a
    /// restart, an online room taken up again): its record continues.
    pub fn resuming() -> Recording<G> {
        Recording {
            resume: true,
            ..Recording::new()
        }
    }

    /// The record of the round that begins after event `seq` (the room's
    /// `again`): a new file.
    pub fn after(seq: u64) -> Recording<G> {
        Recording {
            fed: seq.saturating_sub(1),
            again: Some(seq),
            ..Recording::new()
        }
    }

    /// The record so far (`None` before the game starts).
    pub fn record(&self) -> Option<&Record<G>> {
        self.recorder.as_ref()?.record()
    }

    /// The record's file in the store, once kept.
    pub fn id(&self) -> Option<&RecordId> {
        self.id.as_ref()
    }

    /// Takes in the source's new events, and keeps the record: the first
    /// write when the game starts, then at most one every
    /// [`WRITE_EVERY`], and one when the game ends.
    /// Returns the number of a room's `again` event reached: this record's
    /// game is over, and the next round's is recorded apart from there.
    pub fn sync(&mut self, source: &Source<G>, saver: &Saver) -> Option<u64> {
        let again = self.take_in(source);
        self.note_dice(source);
        // A game is kept once it has been played: a table nobody touched
        // (each game's screen has one from the start) leaves no record.
        let played = self
            .record()
            .is_some_and(|r| !r.steps.is_empty() || r.result.is_some());
        if self.id.is_none() && played {
            self.begin(source, saver);
        }
        // Who plays each seat now, should it have changed other than
        // through the settings (which say so as they change it).
        self.note_players(source);
        let Some(record) = self.record() else {
            return again;
        };
        let due =
            record.result.is_some() || self.last_write.is_none_or(|t| t.elapsed() >= WRITE_EVERY);
        if self.dirty && due {
            self.write(saver);
        }
        again
    }

    /// Takes in the source's events not taken in yet, up to the next
    /// round's `again` (whose number it returns: this record's game is
    /// over there). Nothing is written.
    pub fn take_in(&mut self, source: &Source<G>) -> Option<u64> {
        let all = source.events_since(self.fed);
        // Another round in the same room ends this record before it (the
        // `again` this record starts at is its own).
        let again = all
            .iter()
            .find(|e| {
                matches!(e.event, ca_ngua_core::table::EventKind::Again { .. })
                    && Some(e.seq) != self.again
            })
            .map(|e| e.seq);
        let events = match again {
            Some(seq) => &all[..all.iter().position(|e| e.seq == seq).unwrap_or(all.len())],
            None => all,
        };
        if !events.is_empty() {
            let recorder = self
                .recorder
                .get_or_insert_with(|| new_recorder(source, UtcDate::now()));
            for ev in events {
                self.dirty |= recorder.push(ev);
                self.fed = ev.seq;
            }
        }
        again
    }

    /// Notes who plays each seat of a local table now, from the next step
    /// on: called when the settings hand a seat to someone else, once the
    /// steps before were taken in ([`Recording::take_in`]). Online, the
    /// room's events say who plays (a computer standing in, a person back).
    pub fn note_players(&mut self, source: &Source<G>) {
        let (Some(table), Some(recorder)) = (source.local(), self.recorder.as_mut()) else {
            return;
        };
        self.dirty |= recorder.note_controllers(table.controllers());
    }

    /// An online round's dice: its commit, and its seed once revealed, as
    /// the room's link knows them (the record keeps them to check later).
    fn note_dice(&mut self, source: &Source<G>) {
        let (Some(remote), Some(recorder)) = (source.remote(), self.recorder.as_mut()) else {
            return;
        };
        let round = recorder.round();
        let (commit, revealed) = remote.dice_of(round);
        let known = |r: &Recorder<G>| r.record().and_then(|r| r.dice.clone());
        let before = known(recorder);
        if let Some(commit) = commit {
            recorder.note_dice_commit(round, commit);
        }
        if let Some(seed) = revealed {
            recorder.note_revealed(round, seed);
        }
        if known(recorder) != before {
            self.dirty = true;
        }
    }

    /// Writes what is not written yet, now (the game is left, or the app
    /// closes).
    pub fn finish(&mut self, saver: &Saver) {
        if self.dirty {
            self.write(saver);
        }
    }

    fn write(&mut self, saver: &Saver) {
        let (Some(id), Some(record)) = (&self.id, self.record()) else {
            return;
        };
        saver.save_record(id.clone(), AnyRecord::of::<G>(record.clone()));
        self.dirty = false;
        self.last_write = Some(Instant::now());
    }

    /// The game has started: its record is kept under a new file, or
    /// continues the one it was recorded in.
    fn begin(&mut self, source: &Source<G>, saver: &Saver) {
        let files = saver.store().records();
        if std::mem::take(&mut self.resume)
            && let Some(record) = self.record()
            && let Some((id, old)) = unfinished(files, record)
        {
            // The same events again, under the record's own date.
            let mut recorder = new_recorder(source, old.date);
            // Up to what this record took in (a room's next round is
            // recorded apart).
            let fed = self.fed;
            for ev in source.events().iter().take_while(|e| e.seq <= fed) {
                recorder.push(ev);
            }
            if let Some(table) = source.local() {
                // A local table's seats change hands without an event: the
                // record kept who played, and the table says who plays now.
                recorder.continue_from(&old);
                recorder.note_controllers(table.controllers());
            }
            self.recorder = Some(recorder);
            self.id = Some(id);
            self.dirty = true;
            return;
        }
        let Some(any) = self.record().cloned().map(AnyRecord::of::<G>) else {
            return;
        };
        // A file that cannot be written is tried again with the next
        // change; the saver reports what goes wrong then.
        if let Ok(id) = files.save(&any) {
            self.id = Some(id);
            self.dirty = false;
            self.last_write = Some(Instant::now());
        }
    }
}

impl<G: ca_ngua_games::Listed> Default for Recording<G> {
    fn default() -> Self {
        Recording::new()
    }
}

/// A recorder for the source's game, begun at `date`: a local table's
/// computer players' levels are known; an online client sees a computer
/// but not its level.
fn new_recorder<G: Game>(source: &Source<G>, date: UtcDate) -> Recorder<G> {
    let recorder = Recorder::new(*source.rules(), date);
    match source.local() {
        Some(table) => recorder.with_controllers(table.controllers()),
        None => recorder,
    }
}

/// The newest unfinished record of this game that `record` continues: the
/// same rules, start and seats, its steps the first of `record`'s.
fn unfinished<G: ca_ngua_games::Listed>(
    files: RecordFiles<'_>,
    record: &Record<G>,
) -> Option<(RecordId, Record<G>)> {
    let (past, _) = files.list();
    past.into_iter()
        .filter(|s| s.game == GameKind::of::<G>() && s.result.is_none())
        .filter(|s| s.steps <= record.steps.len())
        .take(RESUME_CANDIDATES)
        .find_map(|s| {
            let any = files.load(&s.id).ok()?;
            let old = any.get::<G>()?;
            let same_seats = old.seats.len() == record.seats.len()
                && old
                    .seats
                    .iter()
                    .zip(&record.seats)
                    .all(|(a, b)| a.seat == b.seat);
            let continues = old.rules == record.rules
                && old.setup == record.setup
                && same_seats
                && old
                    .steps
                    .iter()
                    .zip(&record.steps)
                    .all(|(a, b)| a.seat == b.seat && a.roll == b.roll && a.mv == b.mv);
            continues.then(|| (s.id.clone(), old.clone()))
        })
}
