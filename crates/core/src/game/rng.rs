//! Random numbers every game uses: the OS-seeded secure generator of real
//! play, and exactly uniform draws.

use rand::Rng;

/// A uniform number in `0..n` (`n >= 1`), exactly uniform (Lemire's
/// multiply-and-reject: one multiplication, and a division only in the
/// rare case that might be biased).
#[inline(always)]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    loop {
        if let Some(i) = scale(rng.next_u32(), n) {
            return i;
        }
    }
}

/// A uniform 32-bit number `x` scaled to `0..n` by Lemire's
/// multiply-and-reject, or `None` for the few values of `x` (fewer than `n`
/// of the 2^32) that would make the result biased: draw another. With `n`
/// 0 the result is 0.
#[inline(always)]
pub fn scale(x: u32, n: u32) -> Option<u32> {
    let m = u64::from(x) * u64::from(n);
    let low = m as u32;
    // The division only in the rare case that might be biased.
    (low >= n || low >= n.wrapping_neg() % n).then_some((m >> 32) as u32)
}

/// A generator for real play: seeded from the operating system, and
/// cryptographically secure, so nobody (the app included) can predict or
/// steer the dice.
pub fn secure_rng() -> rand::rngs::StdRng {
    rand::make_rng()
}
