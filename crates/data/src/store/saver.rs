//! Writing files off the frame: the saver's own thread writes each file
//! asked for (the newest of each), atomically.

use super::records::{RECORDS_DIR, RecordId};
use super::{Files, GameFile, Store, StoreNotice};
use crate::prefs::Prefs;
use crate::record::AnyRecord;
use crate::store::OnlineSeat;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::mpsc;
use std::thread::JoinHandle;

/// How to write one file.
type Write = Box<dyn Fn(&Store) -> Result<(), StoreNotice> + Send>;

/// One file to write: its name, and how (the value is serialized on the
/// saver's thread, not on the frame).
struct Payload {
    name: String,
    write: Write,
}

impl fmt::Debug for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Payload").field("name", &self.name).finish()
    }
}

impl Payload {
    /// A value to write as RON into `name`.
    fn value<T: Serialize + Send + 'static>(name: &str, value: T) -> Payload {
        let file = name.to_string();
        Payload {
            name: name.to_string(),
            write: Box::new(move |store: &Store| store.save(&file, &value)),
        }
    }

    fn write(&self, store: &Store) -> Result<(), StoreNotice> {
        (self.write)(store)
    }
}

enum Job {
    Write(Payload),
    Flush(mpsc::Sender<()>),
}

/// Writes files on a thread of its own, so the game never waits for the
/// disk: each save replaces any of the same file still waiting (only the
/// newest is written), writes stay atomic, and dropping the saver (or
/// [`Saver::flush`]) waits until everything asked for is on disk — closing
/// the window right after a move loses nothing.
pub struct Saver {
    store: Store,
    jobs: Option<mpsc::Sender<Job>>,
    notices: mpsc::Receiver<StoreNotice>,
    thread: Option<JoinHandle<()>>,
}

impl fmt::Debug for Saver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Saver").field("store", &self.store).finish()
    }
}

impl Saver {
    /// A saver writing into `store`.
    pub fn new(store: Store) -> Saver {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (tell, notices) = mpsc::channel();
        let writer = store.clone();
        let thread = std::thread::Builder::new()
            .name("saver".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    // Everything waiting now, the newest of each file only.
                    let mut latest: BTreeMap<String, Payload> = BTreeMap::new();
                    let mut flushes = Vec::new();
                    let mut take = |job: Job| match job {
                        Job::Write(p) => {
                            latest.insert(p.name.clone(), p);
                        }
                        Job::Flush(done) => flushes.push(done),
                    };
                    take(first);
                    while let Ok(job) = rx.try_recv() {
                        take(job);
                    }
                    for payload in latest.values() {
                        if let Err(n) = payload.write(&writer) {
                            let _ = tell.send(n);
                        }
                    }
                    for done in flushes {
                        let _ = done.send(());
                    }
                }
            });
        match thread {
            Ok(thread) => Saver {
                store,
                jobs: Some(jobs),
                notices,
                thread: Some(thread),
            },
            // No thread to be had: write on the caller's thread instead.
            Err(_) => Saver {
                store,
                jobs: None,
                notices,
                thread: None,
            },
        }
    }

    /// The store it writes into.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn send(&self, payload: Payload) {
        let unsent = match &self.jobs {
            Some(jobs) => jobs.send(Job::Write(payload)).err().map(|e| e.0),
            None => Some(Job::Write(payload)),
        };
        if let Some(Job::Write(p)) = unsent {
            let _ = p.write(&self.store);
        }
    }

    /// Saves the preferences, soon.
    pub fn save_prefs(&self, prefs: &Prefs) {
        self.send(Payload::value("prefs.ron", prefs.clone()));
    }

    /// Remembers an online seat (or forgets it), soon.
    pub fn save_online(&self, seat: Option<OnlineSeat>) {
        self.send(match seat {
            Some(seat) => Payload::value("online.ron", seat),
            None => Payload {
                name: "online.ron".into(),
                write: Box::new(|store: &Store| store.forget("online.ron")),
            },
        });
    }

    /// Saves a game in progress, soon.
    pub fn save_game<G: Files>(&self, game: GameFile<G>) {
        self.send(Payload::value(&G::game_file(), game));
    }

    /// Saves a game's statistics, soon.
    pub fn save_stats<G: Files>(&self, stats: &G::Stats) {
        self.send(Payload::value(&G::stats_file(), stats.clone()));
    }

    /// Writes a kept game's record again (its game went on), soon: the
    /// text is made on the saver's thread.
    pub fn save_record(&self, id: RecordId, record: AnyRecord) {
        self.send(Payload {
            name: format!("{RECORDS_DIR}/{id}"),
            write: Box::new(move |store: &Store| store.records().replace(&id, &record)),
        });
    }

    /// Waits until everything asked for so far is written.
    pub fn flush(&self) {
        let Some(jobs) = &self.jobs else {
            return;
        };
        let (done, wait) = mpsc::channel();
        if jobs.send(Job::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }

    /// Files that could not be written since the last call.
    pub fn notices(&self) -> Vec<StoreNotice> {
        self.notices.try_iter().collect()
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        // Closing the channel ends the thread once it has written all.
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
