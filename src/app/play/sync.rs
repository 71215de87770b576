//! Each frame's reading of the source's new events: the records follow
//! the game (a room's rounds each a record of its own), the statistics
//! count what was seen live, and the presenter queues the events to show,
//! the history at once and far behind the room all but the last few.

use super::{BACKLOG, FAR_BEHIND, OnlineNote, Play, View, recording, remote};
use ca_ngua_core::table::{Applied, Event};
use ca_ngua_data::store::Saver;

impl<V: View> Play<V> {
    /// Reads new events from the source: the statistics count them and the
    /// saved game is written (off the frame); the presenter queues them.
    pub fn sync(&mut self, saver: &Saver) {
        self.poll_remote();
        // A watcher keeps no record and counts nothing: the game is not
        // theirs.
        let watching = self
            .source
            .remote()
            .is_some_and(remote::Remote::is_watching);
        self.sync_records(saver, watching);
        let new: Vec<_> = self.source.events_since(self.presenter.received()).to_vec();
        if new.is_empty() {
            return;
        }
        // A refusal ("it is not your turn") speaks of its moment: once the
        // room has moved on, it is no longer said.
        if matches!(self.online.note, Some(OnlineNote::Refused(_)))
            && self.source.events().len() > self.online.refused_at
        {
            self.online.note = None;
        }
        // An online game's history (before we were seated) is shown at once
        // and not counted as seen.
        let history = self.source.remote().map_or(0, remote::Remote::caught_up);
        self.count(&new, history, watching);
        self.show(new, history);
        self.repaint = true;
        self.save(saver);
    }

    /// The records follow the source: the finished ones written, and each
    /// round of a room a record of its own (none when `watching`).
    fn sync_records(&mut self, saver: &Saver, watching: bool) {
        for mut r in self.records.retired.drain(..) {
            r.finish(saver);
        }
        if watching {
            return;
        }
        // Each round of a room is a game of its own: its record ends where
        // the next round's `again` begins a new one.
        while let Some(again) = self.records.recording.sync(&self.source, saver) {
            let done = std::mem::replace(
                &mut self.records.recording,
                recording::Recording::after(again),
            );
            self.records.retired.push(done);
            for mut r in self.records.retired.drain(..) {
                r.finish(saver);
            }
        }
    }

    /// The statistics count the new events seen live (after `history`, and
    /// not when `watching`), the game's result once.
    fn count(&mut self, new: &[Event<V>], history: u64, watching: bool) {
        let controllers = self.source.controllers();
        for ev in new {
            if ev.seq <= self.tally.counted.seq() {
                continue;
            }
            let Ok(applied) = self.tally.counted.apply(ev) else {
                continue;
            };
            if let Applied::Again { .. } = applied {
                // Another round in the same room: a game of its own in the
                // statistics, and its results shown at its end; nothing
                // said of the last round's comings and goings stays.
                self.tally.result_recorded = false;
                self.end.closed = false;
                self.end.focused = false;
                self.online.watch.new_round();
                self.online.note = None;
            }
            let live = ev.seq > history && !watching;
            if ev.seq > history && matches!(applied, Applied::Over(_)) {
                tracing::info!("game over");
            }
            let result = live && matches!(applied, Applied::Over(_)) && !self.tally.result_recorded;
            if live {
                V::count(
                    &mut self.tally.stats,
                    &mut self.local,
                    &applied,
                    &self.tally.counted,
                    &controllers,
                    result,
                );
            }
            if result {
                self.tally.result_recorded = true;
            }
        }
    }

    /// The presenter queues the new events: the history (up to `history`)
    /// at once, and, far behind the room, all but the last few.
    fn show(&mut self, new: Vec<Event<V>>, history: u64) {
        let all_history = new.last().is_some_and(|e| e.seq <= history);
        let some_history = new.first().is_some_and(|e| e.seq <= history);
        self.presenter.receive(new);
        if all_history {
            self.presenter.skip();
        } else if some_history {
            // The history at once; what came live after it is shown.
            self.presenter.skip_through(history);
        } else if self.source.remote().is_some()
            && (self.presenter.backlog() > FAR_BEHIND
                || (self.source.latest().is_over() && self.presenter.backlog() > BACKLOG))
        {
            // Far behind the room (a watcher, whose turn never comes to
            // hurry the show), or the room's game over with much still to
            // show: all but the last few at once, so the results come
            // when they come to the players.
            self.presenter.catch_up(BACKLOG);
        }
    }
}
