//! A trial playing on a background thread (the app's way): it publishes
//! each partial report and stops when cancelled or dropped.

use super::report::TrialReport;
use super::{RunConfig, Trial, TrialError, run_with};
use crate::engine::Rules;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// What a background run has to say.
#[derive(Clone, Debug, Default)]
struct Shared {
    latest: Option<TrialReport>,
    error: Option<TrialError>,
    done: bool,
}

/// A trial playing on a background thread. The latest report is there to
/// read at any time; the run stops when cancelled or dropped, and the
/// thread is joined then: nothing is left running.
#[derive(Debug)]
pub struct TrialRun {
    trial: Trial,
    baseline: Rules,
    cancel: Arc<AtomicBool>,
    shared: Arc<Mutex<Shared>>,
    thread: Option<JoinHandle<()>>,
}

impl TrialRun {
    /// Starts playing `trial` against `baseline` with `cfg`; `on_report`
    /// is called from the run's thread after each partial report (the app
    /// asks for a repaint there).
    pub fn start(
        trial: Trial,
        baseline: Rules,
        cfg: RunConfig,
        on_report: impl Fn() + Send + 'static,
    ) -> TrialRun {
        let cancel = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Mutex::new(Shared::default()));
        let thread = {
            let (trial, cancel, shared) = (trial.clone(), cancel.clone(), shared.clone());
            std::thread::Builder::new()
                .name("rules-try".into())
                .spawn(move || {
                    let publish = |report: &TrialReport| {
                        if let Ok(mut s) = shared.lock() {
                            s.latest = Some(report.clone());
                            // The last report and "done" in one step: whoever
                            // reads a complete report also reads a finished run.
                            s.done |= report.complete;
                        }
                        on_report();
                    };
                    let result = run_with(&trial, &baseline, &cfg, &cancel, publish);
                    if let Ok(mut s) = shared.lock() {
                        s.done = true;
                        if let Err(e) = result {
                            s.error = Some(e);
                        }
                    }
                    on_report();
                })
                .ok()
        };
        let run = TrialRun {
            trial,
            baseline,
            cancel,
            shared,
            thread,
        };
        if run.thread.is_none()
            && let Ok(mut s) = run.shared.lock()
        {
            s.done = true;
            s.error = Some(TrialError("could not start a thread for the trial".into()));
        }
        run
    }

    /// The trial being played.
    pub fn trial(&self) -> &Trial {
        &self.trial
    }

    /// The baseline rules.
    pub fn baseline(&self) -> &Rules {
        &self.baseline
    }

    /// The latest report, partial or final.
    pub fn latest(&self) -> Option<TrialReport> {
        self.shared.lock().ok().and_then(|s| s.latest.clone())
    }

    /// Why the run could not play, if it could not.
    pub fn error(&self) -> Option<TrialError> {
        self.shared.lock().ok().and_then(|s| s.error.clone())
    }

    /// True once the run has stopped: every game played, cancelled or
    /// failed.
    pub fn is_done(&self) -> bool {
        self.shared.lock().map(|s| s.done).unwrap_or(true)
    }

    /// Stops the run and waits for its thread (within a roll's time).
    pub fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// True while the run's thread is alive.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for TrialRun {
    fn drop(&mut self) {
        self.stop();
    }
}
