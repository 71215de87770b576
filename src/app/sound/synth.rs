//! The sounds of the table, synthesised when the app starts: nothing is
//! recorded or downloaded, so they are the project's own work under its
//! licence (see `assets/sounds/README.md`). Mono, 16-bit, 44.1 kHz.

use crate::app::play::cues::Cue;
use std::f32::consts::TAU;

/// Samples a second.
pub const RATE: u32 = 44_100;

/// A tiny deterministic noise source (xorshift), so the sounds are the
/// same at every start.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn len(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

fn time(i: usize) -> f32 {
    i as f32 / RATE as f32
}

/// Adds a decaying partial: `freq` Hz, starting at `at` seconds.
fn partial(out: &mut [f32], at: f32, freq: f32, amp: f32, decay: f32) {
    let start = len(at);
    for (i, s) in out.iter_mut().enumerate().skip(start) {
        let t = time(i - start);
        // A 2 ms attack keeps the start from clicking.
        let attack = (t / 0.002).min(1.0);
        *s += amp * attack * (-t / decay).exp() * (TAU * freq * t).sin();
    }
}

/// A click of filtered noise (a die hitting the board), at `at` seconds.
fn click(out: &mut [f32], noise: &mut Noise, at: f32, amp: f32, tone: f32) {
    let start = len(at);
    // A two-pole resonator around `tone` Hz shapes the noise.
    let r = 0.965f32;
    let w = TAU * tone / RATE as f32;
    let (a1, a2) = (2.0 * r * w.cos(), -r * r);
    let (mut y1, mut y2) = (0.0f32, 0.0f32);
    for (i, s) in out.iter_mut().enumerate().skip(start).take(len(0.05)) {
        let t = time(i - start);
        let x = noise.next() * (-t / 0.004).exp();
        let y = x + a1 * y1 + a2 * y2;
        y2 = y1;
        y1 = y;
        *s += amp * 0.12 * y * (-t / 0.018).exp();
    }
}

/// Scales to a peak of 0.8 and fades the last 5 ms out.
fn finish(mut out: Vec<f32>) -> Vec<f32> {
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.0 {
        for s in &mut out {
            *s *= 0.8 / peak;
        }
    }
    let n = out.len();
    let fade = len(0.005).min(n);
    for (k, s) in out[n - fade..].iter_mut().enumerate() {
        *s *= 1.0 - k as f32 / fade as f32;
    }
    out
}

/// The dice: a handful of clicks, closer and softer as they settle.
fn roll() -> Vec<f32> {
    let mut out = vec![0.0; len(0.42)];
    let mut noise = Noise(0x9E37_79B9);
    let mut at = 0.0;
    for k in 0..7 {
        let amp = 1.0 - k as f32 * 0.11;
        click(
            &mut out,
            &mut noise,
            at,
            amp,
            2300.0 + 350.0 * (k % 3) as f32,
        );
        click(&mut out, &mut noise, at + 0.006, amp * 0.5, 4100.0);
        at += 0.075 - k as f32 * 0.008;
    }
    finish(out)
}

/// A step: a short knock of wood.
fn step() -> Vec<f32> {
    let mut out = vec![0.0; len(0.09)];
    partial(&mut out, 0.0, 880.0, 0.6, 0.018);
    partial(&mut out, 0.0, 1_760.0, 0.25, 0.01);
    let mut noise = Noise(0x1234_5678);
    click(&mut out, &mut noise, 0.0, 0.5, 3000.0);
    let mut v = finish(out);
    // Steps come often: quieter than the rest.
    for s in &mut v {
        *s *= 0.55;
    }
    v
}

/// A kick: a thump and a falling whoop.
fn kick() -> Vec<f32> {
    let mut out = vec![0.0; len(0.5)];
    let mut phase = 0.0f32;
    for (i, s) in out.iter_mut().enumerate() {
        let t = time(i);
        // The thump: a sine falling from 180 to 55 Hz.
        let f = 55.0 + 125.0 * (-t / 0.06).exp();
        phase += TAU * f / RATE as f32;
        *s += 0.9 * (-t / 0.12).exp() * phase.sin();
    }
    let mut phase = 0.0f32;
    for (i, s) in out.iter_mut().enumerate().skip(len(0.04)) {
        let t = time(i) - 0.04;
        // The whoop: 760 Hz sliding down to 240 Hz, a little hollow.
        let f = 240.0 + 520.0 * (1.0 - (t / 0.4).min(1.0));
        phase += TAU * f / RATE as f32;
        let env = (t / 0.01).min(1.0) * (1.0 - t / 0.46).max(0.0);
        *s += 0.35 * env * (phase.sin() + 0.3 * (3.0 * phase).sin());
    }
    finish(out)
}

/// A bell note: a few inharmonic partials.
fn bell(out: &mut [f32], at: f32, freq: f32, amp: f32) {
    partial(out, at, freq, amp, 0.35);
    partial(out, at, freq * 2.0, amp * 0.35, 0.2);
    partial(out, at, freq * 2.76, amp * 0.18, 0.12);
}

/// A horse home: three rising bell notes (C6, E6, G6).
fn home() -> Vec<f32> {
    let mut out = vec![0.0; len(0.75)];
    for (k, f) in [1_046.5, 1_318.5, 1_568.0].into_iter().enumerate() {
        bell(&mut out, k as f32 * 0.09, f, 0.8);
    }
    finish(out)
}

/// A win: a short fanfare (C5 E5 G5, then C6 held).
fn win() -> Vec<f32> {
    let mut out = vec![0.0; len(1.4)];
    let notes = [
        (0.0, 523.25, 0.12),
        (0.14, 659.25, 0.12),
        (0.28, 783.99, 0.12),
        (0.44, 1_046.5, 0.7),
    ];
    for (at, f, d) in notes {
        // A soft brass: odd and even harmonics, each decaying.
        for (h, a) in [(1.0, 0.7), (2.0, 0.35), (3.0, 0.22), (4.0, 0.1)] {
            partial(&mut out, at, f * h, a, d * 1.6 / h.sqrt());
        }
    }
    finish(out)
}

/// The samples of a cue, −1.0 to 1.0.
pub fn samples(cue: Cue) -> Vec<f32> {
    match cue {
        Cue::Roll => roll(),
        Cue::Step => step(),
        Cue::Kick => kick(),
        Cue::Home => home(),
        Cue::Win => win(),
    }
}

/// 16-bit little-endian PCM of `samples` at `volume` (0–1).
pub fn pcm16(samples: &[f32], volume: f32) -> Vec<u8> {
    let v = volume.clamp(0.0, 1.0);
    let mut out = Vec::with_capacity(samples.len() * 2);
    for s in samples {
        let x = (s * v).clamp(-1.0, 1.0);
        out.extend_from_slice(&((x * f32::from(i16::MAX)) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_short_audible_and_never_clips() {
        for cue in Cue::ALL {
            let s = samples(cue);
            let seconds = s.len() as f32 / RATE as f32;
            assert!((0.05..=1.5).contains(&seconds), "{cue:?}: {seconds} s");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak <= 0.81 && peak > 0.1, "{cue:?}: peak {peak}");
            // It ends in silence (no click when it stops).
            assert!(s.last().is_some_and(|x| x.abs() < 0.01), "{cue:?}");
            // Not silence.
            let energy: f32 = s.iter().map(|x| x * x).sum::<f32>() / s.len() as f32;
            assert!(energy > 1e-4, "{cue:?}: energy {energy}");
        }
    }

    #[test]
    fn the_sounds_differ_and_are_the_same_at_every_start() {
        let all: Vec<Vec<f32>> = Cue::ALL.into_iter().map(samples).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(samples(Cue::Roll), samples(Cue::Roll));
    }

    #[test]
    fn volume_scales_the_pcm() {
        let s = samples(Cue::Kick);
        let loud = pcm16(&s, 1.0);
        let soft = pcm16(&s, 0.25);
        let silent = pcm16(&s, 0.0);
        assert_eq!(loud.len(), s.len() * 2);
        let peak = |b: &[u8]| {
            b.chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]).unsigned_abs())
                .max()
                .unwrap_or(0)
        };
        assert!(peak(&loud) > 20_000, "{}", peak(&loud));
        let ratio = f32::from(peak(&soft)) / f32::from(peak(&loud));
        assert!((ratio - 0.25).abs() < 0.01, "{ratio}");
        assert_eq!(peak(&silent), 0);
    }
}
