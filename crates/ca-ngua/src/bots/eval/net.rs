//! The network: its layout's inputs, one hidden layer of [`HIDDEN`] tanh
//! units, four outputs (one per slot) added to `alpha` times the race
//! model's logits, a softmax over the slots racing. Plain `f32` arithmetic
//! in a fixed order, so the same weights give the same figures on every
//! machine and thread.

use super::features::{Features, Layout};
use crate::engine::Rules;

/// Hidden units.
pub const HIDDEN: usize = 64;

/// The weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluator {
    /// Input weights, input-major: input `i`'s row is `w1[i * HIDDEN..][..HIDDEN]`.
    pub(super) w1: Vec<f32>,
    /// Hidden biases.
    pub(super) b1: Vec<f32>,
    /// Output weights, one row of [`HIDDEN`] per slot.
    pub(super) w2: Vec<f32>,
    /// Output biases per slot.
    pub(super) b2: [f32; 4],
    /// The race model's logits' weight.
    pub(super) alpha: f32,
    /// What its inputs are.
    pub(super) layout: Layout,
    /// What the file said of itself.
    pub(super) header: Header,
}

/// What the weights say of themselves (their file's header) beyond what is
/// checked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Header {
    /// The command that made the weights.
    pub training: String,
    /// Training games played.
    pub games: u64,
}

/// One forward pass: what training needs to go back through it.
#[derive(Clone, Debug)]
pub struct Forward {
    /// Hidden activations.
    pub(super) h: [f32; HIDDEN],
    /// The softmax per slot (0 for slots not racing).
    pub(super) p: [f32; 4],
}

impl Evaluator {
    /// Small seeded random weights and `alpha` 1: the race model's own
    /// chances, give or take the noise.
    pub fn fresh(seed: u64, header: Header) -> Evaluator {
        Evaluator::fresh_for(Layout::Slots, seed, header)
    }

    /// [`Evaluator::fresh`] for the inputs of `layout`.
    pub fn fresh_for(layout: Layout, seed: u64, header: Header) -> Evaluator {
        // A small generator of our own (splitmix64): the starting weights
        // depend on the seed only.
        let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            // Uniform in [-1, 1).
            (z >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        };
        let w1 = (0..layout.inputs() * HIDDEN)
            .map(|_| 0.1 * next())
            .collect();
        let w2 = (0..4 * HIDDEN).map(|_| 0.01 * next()).collect();
        Evaluator {
            w1,
            b1: vec![0.0; HIDDEN],
            w2,
            b2: [0.0; 4],
            alpha: 1.0,
            layout,
            header,
        }
    }

    /// The same network reading the inputs of `layout`, a wider one: the
    /// inputs it did not have get weights of zero, so it rates every
    /// position as before until training teaches it their worth. `None`
    /// when `layout` is not wider.
    pub fn widened(&self, layout: Layout) -> Option<Evaluator> {
        let (from, to) = (self.layout.inputs(), layout.inputs());
        if to <= from {
            return None;
        }
        let mut w1 = self.w1.clone();
        w1.resize(to * HIDDEN, 0.0);
        Some(Evaluator {
            w1,
            layout,
            ..self.clone()
        })
    }

    /// What its inputs are.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// What the weights file says of itself.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The forward pass, as training computes it (the standard library's
    /// `tanh`).
    pub fn forward(&self, f: &Features) -> Forward {
        self.forward_with(f, ca_ngua_core::game::math::tanhf)
    }

    /// The forward pass for play and analysis: `tanh` by a rational
    /// approximation within 5e-7 of the standard library's (a test checks
    /// it), three times as quick and open to vectorising.
    pub fn forward_quick(&self, f: &Features) -> Forward {
        self.forward_with(f, quick_tanh)
    }

    #[inline(always)]
    fn forward_with(&self, f: &Features, tanh: impl Fn(f32) -> f32) -> Forward {
        let mut a = [0.0f32; HIDDEN];
        a.copy_from_slice(&self.b1);
        for &i in &f.ones[..f.n_ones] {
            add(&mut a, &self.w1[usize::from(i) * HIDDEN..][..HIDDEN]);
        }
        for &(i, v) in &f.dense[..f.n_dense] {
            add_scaled(&mut a, v, &self.w1[usize::from(i) * HIDDEN..][..HIDDEN]);
        }
        // By index, like the helpers below: `a.map(tanh)` goes through the
        // standard library's array machinery, which a build without
        // cross-unit inlining (the quick release build, the tests) leaves
        // as a call per unit.
        let mut h = a;
        let mut j = 0;
        while j < HIDDEN {
            h[j] = tanh(h[j]);
            j += 1;
        }
        let mut z = [f32::NEG_INFINITY; 4];
        let mut top = f32::NEG_INFINITY;
        for (k, zk) in z.iter_mut().enumerate() {
            if f.racing & (1 << k) == 0 {
                continue;
            }
            *zk = self.alpha * f.skip[k] + self.b2[k] + dot(&self.w2[k * HIDDEN..][..HIDDEN], &h);
            top = top.max(*zk);
        }
        let mut p = [0.0f32; 4];
        let mut sum = 0.0;
        for k in 0..4 {
            if f.racing & (1 << k) != 0 {
                p[k] = ca_ngua_core::game::math::expf(z[k] - top);
                sum += p[k];
            }
        }
        if sum > 0.0 {
            for x in &mut p {
                *x /= sum;
            }
        }
        Forward { h, p }
    }

    /// One step of gradient descent on the cross-entropy between the
    /// forward pass `out` of `f` and `target` (per slot, summing to 1 over
    /// the slots racing), with learning rate `rate`.
    pub(super) fn learn(&mut self, f: &Features, out: &Forward, target: &[f32; 4], rate: f32) {
        let mut gz = [0.0f32; 4];
        for k in 0..4 {
            if f.racing & (1 << k) != 0 {
                gz[k] = out.p[k] - target[k];
            }
        }
        let mut gh = [0.0f32; HIDDEN];
        let mut galpha = 0.0;
        for (k, &gk) in gz.iter().enumerate() {
            if gk == 0.0 {
                continue;
            }
            galpha += gk * f.skip[k];
            let row = &mut self.w2[k * HIDDEN..][..HIDDEN];
            let mut j = 0;
            while j < HIDDEN {
                gh[j] += gk * row[j];
                row[j] -= rate * gk * out.h[j];
                j += 1;
            }
            self.b2[k] -= rate * gk;
        }
        self.alpha -= rate * galpha;
        let mut ga = [0.0f32; HIDDEN];
        let mut j = 0;
        while j < HIDDEN {
            ga[j] = gh[j] * (1.0 - out.h[j] * out.h[j]);
            self.b1[j] -= rate * ga[j];
            j += 1;
        }
        for &i in &f.ones[..f.n_ones] {
            sub_scaled(&mut self.w1[usize::from(i) * HIDDEN..][..HIDDEN], rate, &ga);
        }
        for &(i, v) in &f.dense[..f.n_dense] {
            sub_scaled(
                &mut self.w1[usize::from(i) * HIDDEN..][..HIDDEN],
                rate * v,
                &ga,
            );
        }
    }
}

// The inner loops below are `while` loops over indices rather than `zip`s.
// The tests build this crate at opt-level 1 (Cargo.toml), where rustc reuses
// the copies of generic code that the crates below already hold (they are
// built at level 0 there): `Zip::next` over two float slices was then an
// unoptimised call per weight, most of a Hard game's time (the Hard tests
// ran four times as long). At level 3 these loops vectorise as the `zip`s did,
// and the arithmetic and its order are unchanged, so the figures are too.

/// `a[j] += row[j]` for every hidden unit.
#[inline(always)]
fn add(a: &mut [f32; HIDDEN], row: &[f32]) {
    let row = &row[..HIDDEN];
    let mut j = 0;
    while j < HIDDEN {
        a[j] += row[j];
        j += 1;
    }
}

/// `a[j] += v * row[j]` for every hidden unit.
#[inline(always)]
fn add_scaled(a: &mut [f32; HIDDEN], v: f32, row: &[f32]) {
    let row = &row[..HIDDEN];
    let mut j = 0;
    while j < HIDDEN {
        a[j] += v * row[j];
        j += 1;
    }
}

/// `row[j] -= c * g[j]` for every hidden unit.
#[inline(always)]
fn sub_scaled(row: &mut [f32], c: f32, g: &[f32; HIDDEN]) {
    let row = &mut row[..HIDDEN];
    let mut j = 0;
    while j < HIDDEN {
        row[j] -= c * g[j];
        j += 1;
    }
}

/// The dot product of a row of weights with the hidden activations, summed
/// in order from the first unit.
#[inline(always)]
fn dot(row: &[f32], h: &[f32; HIDDEN]) -> f32 {
    let row = &row[..HIDDEN];
    // `Iterator::sum` over `f32` starts from -0.0; so does this.
    let mut sum = -0.0f32;
    let mut j = 0;
    while j < HIDDEN {
        sum += row[j] * h[j];
        j += 1;
    }
    sum
}

/// `tanh(x)` as a ratio of polynomials in `x` (degree 13 over 6, the
/// approximation Eigen uses for `float`), clamped where `tanh` is 1 to
/// within a float.
#[inline(always)]
pub(super) fn quick_tanh(x: f32) -> f32 {
    const A: [f32; 7] = [
        4.893_524_6e-3,
        6.372_619_3e-4,
        1.485_722_4e-5,
        5.122_297e-8,
        -8.604_672e-11,
        2.000_188e-13,
        -2.760_768_5e-16,
    ];
    const B: [f32; 4] = [4.893_525e-3, 2.268_434_6e-3, 1.185_347_1e-4, 1.198_258_4e-6];
    let x = x.clamp(-7.905_311, 7.905_311);
    let x2 = x * x;
    let p = x
        * (A[0] + x2 * (A[1] + x2 * (A[2] + x2 * (A[3] + x2 * (A[4] + x2 * (A[5] + x2 * A[6]))))));
    let q = B[0] + x2 * (B[1] + x2 * (B[2] + x2 * B[3]));
    p / q
}

impl Forward {
    /// Each seat's chance to win, from the slots' softmax: a seat's own
    /// slot, or with teams half of its team's two slots.
    pub fn chances(&self, f: &Features, rules: &Rules) -> [f32; 4] {
        let mut u = [0.0f32; 4];
        for k in 0..4 {
            u[f.seat(k)] = self.p[k];
        }
        if rules.teams {
            let red = (u[0] + u[2]) / 2.0;
            let green = (u[1] + u[3]) / 2.0;
            u = [red, green, red, green];
        }
        u
    }

    /// The softmax per slot.
    pub fn slots(&self) -> [f32; 4] {
        self.p
    }
}

#[cfg(test)]
mod tests {
    use super::quick_tanh;

    #[test]
    fn the_quick_tanh_is_within_a_hair_of_the_standard_one() {
        let mut worst = 0.0f32;
        for i in -200_000..=200_000 {
            let x = i as f32 * 5e-5;
            worst = worst.max((quick_tanh(x) - x.tanh()).abs());
        }
        assert!(worst < 5e-7, "{worst}");
        assert_eq!(quick_tanh(0.0), 0.0);
        assert!((quick_tanh(50.0) - 1.0).abs() < 1e-6);
        assert!((quick_tanh(-50.0) + 1.0).abs() < 1e-6);
    }
}
