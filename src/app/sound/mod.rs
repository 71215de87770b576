//! The table's sounds: the dice, a step, a kick, a horse home, a win.
//!
//! The sounds are synthesised at start (`synth.rs`, our own work) and
//! played on a thread of the sound's own, so the frame never waits for
//! the audio system. On Linux and the BSDs the thread speaks the PulseAudio
//! protocol itself (PulseAudio and PipeWire servers both understand it;
//! nothing to link, no system headers to build); on Windows and macOS it
//! uses cpal. In a browser's page, which has one thread, each sound is
//! started on the page's Web Audio (`page.rs`). Without a sound server or device — a remote session, CI —
//! the sounds are simply not heard: nothing fails, nothing waits.

pub mod synth;

#[cfg(any(windows, target_os = "macos"))]
mod device;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod page;
#[cfg(all(unix, not(target_os = "macos")))]
mod pulse;

use crate::app::play::cues::Cue;
use ca_ngua_i18n::I18n;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// A message to the sound thread.
#[derive(Debug)]
enum Msg {
    /// Play a sound at a volume (0–1).
    Play(Cue, f32),
    /// Something from the sound server.
    #[cfg(all(unix, not(target_os = "macos")))]
    Server(pulse::Event),
    /// The app is closing.
    Quit,
}

/// Where sounds go: an audio system, or nowhere.
trait Output {
    /// Plays 16-bit mono PCM at [`synth::RATE`]; `samples` are the same
    /// sound as floats (backends that mix themselves use those).
    fn play(&mut self, pcm: Vec<u8>, samples: &[f32], tx: &Sender<Msg>);
    /// A message from the audio system.
    #[cfg(all(unix, not(target_os = "macos")))]
    fn server(&mut self, _event: pulse::Event, _tx: &Sender<Msg>) {}
    /// Nothing was asked for a while: let the audio device sleep.
    fn idle(&mut self) {}
}

/// No audio system: every sound is silence.
struct Nowhere;

impl Output for Nowhere {
    fn play(&mut self, _pcm: Vec<u8>, _samples: &[f32], _tx: &Sender<Msg>) {}
}

/// The sound player. Cheap to ask: [`Sound::play`] only sends a message.
#[derive(Debug)]
pub struct Sound {
    tx: Option<Sender<Msg>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// A page's Web Audio, played on the page's one thread.
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    page: Option<std::cell::RefCell<page::PageSound>>,
}

impl Sound {
    /// No sound at all (tests).
    pub fn silent() -> Sound {
        Sound {
            tx: None,
            thread: None,
            #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
            page: None,
        }
    }

    /// Sounds through the system's audio.
    pub fn new() -> Sound {
        #[cfg(all(unix, not(target_os = "macos")))]
        {
            Sound::start(move || Box::new(pulse::Pulse::new(None)))
        }
        #[cfg(any(windows, target_os = "macos"))]
        {
            Sound::start(|| Box::new(device::Device::default()))
        }
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        {
            Sound {
                tx: None,
                thread: None,
                page: Some(std::cell::RefCell::new(page::PageSound::new())),
            }
        }
        #[cfg(not(any(unix, windows, all(target_arch = "wasm32", target_os = "unknown"))))]
        {
            Sound::start(|| Box::new(Nowhere))
        }
    }

    /// Sounds through the PulseAudio server listening on `socket` (tests:
    /// a server that is not there, or one of their own).
    #[cfg(all(unix, not(target_os = "macos")))]
    pub fn with_pulse_server(socket: std::path::PathBuf) -> Sound {
        Sound::start(move || Box::new(pulse::Pulse::new(Some(socket))))
    }

    /// Sounds that go nowhere, through the sound thread (tests).
    pub fn nowhere() -> Sound {
        Sound::start(|| Box::new(Nowhere))
    }

    fn start(output: impl FnOnce() -> Box<dyn Output> + Send + 'static) -> Sound {
        let (tx, rx) = mpsc::channel();
        let back = tx.clone();
        let thread = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || run(rx, back, output()));
        match thread {
            Ok(thread) => Sound {
                tx: Some(tx),
                thread: Some(thread),
                #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
                page: None,
            },
            // No thread to be had: no sound, and nothing else lost.
            Err(_) => Sound::silent(),
        }
    }

    /// Plays a sound at `volume` (0–1), soon.
    pub fn play(&self, cue: Cue, volume: f32) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Msg::Play(cue, volume));
        }
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        if let Some(page) = &self.page
            && let Ok(mut page) = page.try_borrow_mut()
        {
            page.play(cue, volume);
        }
    }

    /// True while the sound thread runs (false for [`Sound::silent`], and
    /// for a thread that ended by itself, which it should not).
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops the sound thread and waits for it (tests; closing the app
    /// lets it end on its own). True when it ended without a panic (or
    /// there was none).
    pub fn shut_down(mut self) -> bool {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Msg::Quit);
        }
        match self.thread.take() {
            Some(t) => t.join().is_ok(),
            None => true,
        }
    }
}

impl Default for Sound {
    fn default() -> Sound {
        Sound::silent()
    }
}

impl Drop for Sound {
    fn drop(&mut self) {
        // The thread ends on its own; the window does not wait for it.
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Msg::Quit);
        }
    }
}

/// The sound thread: synthesises the sounds once, then plays what it is
/// asked, until the app closes.
fn run(rx: Receiver<Msg>, tx: Sender<Msg>, mut output: Box<dyn Output>) {
    let sounds: Vec<(Cue, Vec<f32>)> = Cue::ALL
        .into_iter()
        .map(|c| (c, synth::samples(c)))
        .collect();
    loop {
        match rx.recv_timeout(Duration::from_secs(3)) {
            Ok(Msg::Play(cue, volume)) => {
                if let Some((_, s)) = sounds.iter().find(|(c, _)| *c == cue) {
                    let scaled: Vec<f32> = s.iter().map(|x| x * volume.clamp(0.0, 1.0)).collect();
                    output.play(synth::pcm16(s, volume), &scaled, &tx);
                }
            }
            #[cfg(all(unix, not(target_os = "macos")))]
            Ok(Msg::Server(e)) => output.server(e, &tx),
            Ok(Msg::Quit) | Err(mpsc::RecvTimeoutError::Disconnected) => return,
            Err(mpsc::RecvTimeoutError::Timeout) => output.idle(),
        }
    }
}

/// The sound settings: a mute box and a volume slider; true when either
/// changed.
pub fn settings_ui(ui: &mut egui::Ui, i18n: &I18n, muted: &mut bool, volume: &mut u8) -> bool {
    let mut changed = false;
    let mut on = !*muted;
    if ui.checkbox(&mut on, i18n.t("settings-sound")).changed() {
        *muted = !on;
        changed = true;
    }
    ui.horizontal(|ui| {
        let name = ui.label(i18n.t("settings-volume"));
        let mut v = (*volume).min(100);
        let slider = egui::Slider::new(&mut v, 0..=100).suffix(" %");
        if ui
            .add_enabled(!*muted, slider)
            .labelled_by(name.id)
            .changed()
        {
            *volume = v;
            changed = true;
        }
    });
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_sound_server_sounds_are_silent_and_nothing_fails() {
        // A socket that does not exist: every sound is asked for, none is
        // heard, and the thread ends when told to.
        #[cfg(all(unix, not(target_os = "macos")))]
        let sound = Sound::with_pulse_server(std::env::temp_dir().join("ca-ngua-no-such-server"));
        #[cfg(not(all(unix, not(target_os = "macos"))))]
        let sound = Sound::nowhere();
        assert!(sound.is_running(), "the sound thread started");
        for cue in Cue::ALL {
            sound.play(cue, 0.7);
        }
        // Every cue asked for, none heard, and the thread still there: a
        // missing server is no reason to stop (or to panic).
        assert!(sound.is_running(), "the sound thread gave up");
        assert!(sound.shut_down(), "the sound thread panicked");
        let silent = Sound::silent();
        assert!(!silent.is_running());
        silent.play(Cue::Win, 1.0);
        assert!(silent.shut_down());
    }
}
