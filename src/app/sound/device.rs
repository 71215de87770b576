//! Playing sounds through the system's default output with cpal (Windows
//! and macOS). The device pulls samples in a callback that mixes the
//! sounds playing; after a few quiet seconds the stream pauses, so an idle
//! app costs nothing.

use super::{Msg, Output, synth};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// A sound being played: its samples and where it is, in samples of the
/// synthesis rate (a fraction: the device may run at another rate).
struct Voice {
    samples: Vec<f32>,
    at: f64,
}

/// The output device, opened at the first sound.
#[derive(Default)]
pub struct Device {
    stream: Option<cpal::Stream>,
    voices: Arc<Mutex<Vec<Voice>>>,
    /// The device could not be opened: stay silent.
    failed: bool,
    playing: bool,
}

/// Fills `out` (interleaved, `channels` a frame) with the voices mixed,
/// each advancing `step` synthesis samples a frame.
fn mix<T: SizedSample + FromSample<f32>>(
    out: &mut [T],
    channels: usize,
    step: f64,
    voices: &Mutex<Vec<Voice>>,
) {
    let Ok(mut voices) = voices.lock() else {
        return;
    };
    for frame in out.chunks_mut(channels.max(1)) {
        let mut v = 0.0f32;
        for voice in voices.iter_mut() {
            let i = voice.at as usize;
            if let (Some(a), b) = (voice.samples.get(i), voice.samples.get(i + 1)) {
                let frac = (voice.at - i as f64) as f32;
                v += a + (b.copied().unwrap_or(0.0) - a) * frac;
            }
            voice.at += step;
        }
        let s = T::from_sample(v.clamp(-1.0, 1.0));
        for x in frame.iter_mut() {
            *x = s;
        }
    }
    voices.retain(|v| (v.at as usize) < v.samples.len());
}

fn build<T: SizedSample + FromSample<f32>>(
    device: &cpal::Device,
    config: StreamConfig,
    voices: Arc<Mutex<Vec<Voice>>>,
) -> Option<cpal::Stream> {
    let channels = usize::from(config.channels);
    let step = f64::from(synth::RATE) / f64::from(config.sample_rate);
    device
        .build_output_stream::<T, _, _>(
            config,
            move |out: &mut [T], _| mix(out, channels, step, &voices),
            |_| {},
            None,
        )
        .ok()
}

impl Device {
    fn open(&mut self) -> Option<&cpal::Stream> {
        if self.stream.is_none() && !self.failed {
            let host = cpal::default_host();
            let stream = host.default_output_device().and_then(|device| {
                let supported = device.default_output_config().ok()?;
                let format = supported.sample_format();
                let config: StreamConfig = supported.into();
                let voices = Arc::clone(&self.voices);
                match format {
                    SampleFormat::F32 => build::<f32>(&device, config, voices),
                    SampleFormat::I16 => build::<i16>(&device, config, voices),
                    SampleFormat::U16 => build::<u16>(&device, config, voices),
                    SampleFormat::I32 => build::<i32>(&device, config, voices),
                    _ => None,
                }
            });
            self.failed = stream.is_none();
            self.stream = stream;
        }
        self.stream.as_ref()
    }
}

impl Output for Device {
    fn play(&mut self, _pcm: Vec<u8>, samples: &[f32], _tx: &Sender<Msg>) {
        if let Ok(mut v) = self.voices.lock() {
            v.push(Voice {
                samples: samples.to_vec(),
                at: 0.0,
            });
        }
        if !self.playing
            && let Some(stream) = self.open()
        {
            let ok = stream.play().is_ok();
            self.playing = ok;
        }
    }

    fn idle(&mut self) {
        let quiet = self.voices.lock().map(|v| v.is_empty()).unwrap_or(true);
        if quiet && self.playing {
            if let Some(stream) = &self.stream {
                let _ = stream.pause();
            }
            self.playing = false;
        }
    }
}
