//! The transcendental functions the bots, the analysis and the training
//! use, the same to the last bit on every system.
//!
//! `f32::exp`, `f64::exp`, `tanh` and `ln` of the standard library call
//! the system's C maths library (glibc on Linux, the Windows runtime,
//! Apple's libm), and those round their last bit differently. A bot whose
//! choice hangs on that bit would then play another game on Windows than on
//! Linux from the same seed, and a record's analysis would differ. These
//! are the `libm` crate's, a port of musl's maths to Rust: plain IEEE
//! arithmetic (which Rust never contracts or reorders), so every system
//! computes the same bits. `sqrt` needs no such care: IEEE 754 rounds it
//! exactly, and every system's is the same.

/// e^x, the same everywhere.
#[inline]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// e^x in single precision, the same everywhere.
#[inline]
pub fn expf(x: f32) -> f32 {
    libm::expf(x)
}

/// The natural logarithm, the same everywhere.
#[inline]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// The hyperbolic tangent in single precision, the same everywhere.
#[inline]
pub fn tanhf(x: f32) -> f32 {
    libm::tanhf(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_system_library_to_within_a_rounding() {
        for i in -400..=400 {
            let x = f64::from(i) * 0.05;
            let (ours, system) = (exp(x), x.exp());
            assert!(
                (ours - system).abs() <= system * 4.0 * f64::EPSILON,
                "exp({x})"
            );
            let xf = x as f32;
            let (ours, system) = (expf(xf), xf.exp());
            assert!(
                (ours - system).abs() <= system * 4.0 * f32::EPSILON,
                "expf({xf})"
            );
            let (ours, system) = (tanhf(xf), xf.tanh());
            assert!((ours - system).abs() <= 4.0 * f32::EPSILON, "tanhf({xf})");
            if x > 0.0 {
                let (ours, system) = (ln(x), x.ln());
                assert!(
                    (ours - system).abs() <= 4.0 * f64::EPSILON * system.abs().max(1.0),
                    "ln({x})"
                );
            }
        }
        // Known values, exactly where they are exact.
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(ln(1.0), 0.0);
        assert_eq!(tanhf(0.0), 0.0);
        assert_eq!(expf(f32::NEG_INFINITY), 0.0);
    }
}
