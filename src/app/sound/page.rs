//! Playing sounds in a browser's page with Web Audio: the page has one
//! thread, so there is no sound thread; each sound is a buffer of the
//! synthesised samples started on the page's `AudioContext`, made at the
//! first sound. A browser starts a page's audio only after the player has
//! touched the page: until then the context is resumed at each sound and
//! the early ones are silent. Whatever the browser refuses, the page stays
//! silent and goes on.

use super::synth;
use crate::app::play::cues::Cue;
use wasm_bindgen::JsValue;

/// The page's audio, once made, and the sounds, synthesised once.
pub struct PageSound {
    context: Option<web_sys::AudioContext>,
    sounds: Vec<(Cue, Vec<f32>)>,
    /// The browser refused Web Audio: stay silent.
    failed: bool,
}

impl std::fmt::Debug for PageSound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageSound")
            .field("failed", &self.failed)
            .finish()
    }
}

impl PageSound {
    pub fn new() -> PageSound {
        PageSound {
            context: None,
            sounds: Cue::ALL
                .into_iter()
                .map(|c| (c, synth::samples(c)))
                .collect(),
            failed: false,
        }
    }

    /// Plays `cue` at `volume` (0–1); silence when the browser will not.
    pub fn play(&mut self, cue: Cue, volume: f32) {
        if self.failed {
            return;
        }
        if let Err(e) = self.try_play(cue, volume) {
            tracing::warn!("no sound in this page: {e:?}");
            self.failed = true;
        }
    }

    fn try_play(&mut self, cue: Cue, volume: f32) -> Result<(), JsValue> {
        let Some((_, samples)) = self.sounds.iter().find(|(c, _)| *c == cue) else {
            return Ok(());
        };
        if self.context.is_none() {
            self.context = Some(web_sys::AudioContext::new()?);
        }
        let Some(ctx) = &self.context else {
            return Ok(());
        };
        if ctx.state() == web_sys::AudioContextState::Suspended {
            // Allowed once the player has touched the page.
            let _ = ctx.resume();
        }
        let scaled: Vec<f32> = samples.iter().map(|x| x * volume.clamp(0.0, 1.0)).collect();
        let length = u32::try_from(scaled.len()).unwrap_or(u32::MAX).max(1);
        let buffer = ctx.create_buffer(1, length, synth::RATE as f32)?;
        buffer.copy_to_channel(&scaled, 0)?;
        let source = ctx.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        source.connect_with_audio_node(&ctx.destination())?;
        source.start()?;
        Ok(())
    }
}
