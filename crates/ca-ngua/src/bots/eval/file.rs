//! The weights file: a text header, then the numbers.
//!
//! ```text
//! ca-ngua evaluator
//! version: 1
//! rules: one die, every toggle an input (two dice not covered)
//! features: slots-124x4+16 v1
//! inputs: 512
//! hidden: 64
//! outputs: 4
//! training: ca-ngua-cli train --games 400000 --seed 1 …
//! games: 400000
//! checksum: fnv1a64:0123456789abcdef
//! end
//! <the weights: little-endian f32, w1 (input-major), b1, w2 (slot-major), b2, alpha>
//! ```
//!
//! Every line is checked at load against what this program computes: a
//! file for other inputs, another size, a cut or changed file is refused
//! with a message saying which.

use super::features::Layout;
pub use super::net::Header;
use super::net::{Evaluator, HIDDEN};
use std::fmt;

/// The first line of every weights file.
const MAGIC: &str = "ca-ngua evaluator";
/// The file format's version.
const VERSION: u32 = 1;
/// The rules the weights cover, as written in the header.
pub const RULES_LINE: &str = "one die, every toggle an input (two dice not covered)";
/// The longest header read.
const MAX_HEADER: usize = 4096;

/// Why a weights file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file could not be read.
    Read(String),
    /// The first line is not a weights file's.
    NotWeights,
    /// A header line is missing or cannot be read.
    Header(String),
    /// The file was written for other inputs or another size of network.
    Mismatch {
        /// The header field.
        field: &'static str,
        /// What the file says.
        found: String,
        /// What this program needs.
        expected: String,
    },
    /// Fewer or more numbers than the header promises.
    Length {
        /// Bytes of weights expected.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The numbers do not match the header's checksum: the file is damaged.
    Checksum,
    /// A weight is not a finite number.
    NotFinite,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Read(e) => write!(f, "cannot read the weights file: {e}"),
            WeightsError::NotWeights => {
                write!(f, "not a weights file (it must begin with \"{MAGIC}\")")
            }
            WeightsError::Header(e) => write!(f, "the weights file's header: {e}"),
            WeightsError::Mismatch {
                field,
                found,
                expected,
            } => write!(
                f,
                "the weights file was made for {field} \"{found}\", this program needs \"{expected}\""
            ),
            WeightsError::Length { expected, found } => write!(
                f,
                "the weights file holds {found} bytes of weights, not {expected}: it is cut or damaged"
            ),
            WeightsError::Checksum => {
                write!(
                    f,
                    "the weights do not match their checksum: the file is damaged"
                )
            }
            WeightsError::NotFinite => {
                write!(f, "the weights file holds a weight that is not a number")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// FNV-1a, 64 bits: enough to tell a damaged file.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Numbers in the file of a network with `inputs` inputs.
const fn count(inputs: usize) -> usize {
    inputs * HIDDEN + HIDDEN + 4 * HIDDEN + 4 + 1
}

impl Evaluator {
    /// The weights file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(count(self.layout.inputs()) * 4);
        let numbers = self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
            .chain(std::iter::once(&self.alpha));
        for x in numbers {
            payload.extend_from_slice(&x.to_le_bytes());
        }
        let header = format!(
            "{MAGIC}\nversion: {VERSION}\nrules: {RULES_LINE}\nfeatures: {}\n\
             inputs: {}\nhidden: {HIDDEN}\noutputs: 4\ntraining: {}\ngames: {}\n\
             checksum: fnv1a64:{:016x}\nend\n",
            self.layout.name(),
            self.layout.inputs(),
            self.header.training.replace('\n', " "),
            self.header.games,
            fnv1a64(&payload)
        );
        let mut out = header.into_bytes();
        out.extend_from_slice(&payload);
        out
    }

    /// Reads a weights file, checking every header line against this
    /// program and the numbers against the checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Evaluator, WeightsError> {
        let (text, payload) = split_header(bytes)?;
        let fields = Fields::read(text)?;
        let (layout, header, checksum) = fields.check()?;
        let numbers = numbers(payload, count(layout.inputs()), checksum)?;
        let (w1, rest) = numbers.split_at(layout.inputs() * HIDDEN);
        let (b1, rest) = rest.split_at(HIDDEN);
        let (w2, rest) = rest.split_at(4 * HIDDEN);
        Ok(Evaluator {
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: [rest[0], rest[1], rest[2], rest[3]],
            alpha: rest[4],
            layout,
            header,
        })
    }
}

/// A weights file's header (as text, the `end` line left out) and the
/// bytes after it.
fn split_header(bytes: &[u8]) -> Result<(&str, &[u8]), WeightsError> {
    let window = &bytes[..bytes.len().min(MAX_HEADER)];
    let end = find(window, b"\nend\n").ok_or_else(|| {
        if bytes.starts_with(MAGIC.as_bytes()) {
            WeightsError::Header("no \"end\" line".into())
        } else {
            WeightsError::NotWeights
        }
    })?;
    let text =
        std::str::from_utf8(&bytes[..end]).map_err(|_| WeightsError::Header("not text".into()))?;
    Ok((text, &bytes[end + b"\nend\n".len()..]))
}

/// The header's lines after the first, by name.
struct Fields<'a>(std::collections::HashMap<&'a str, &'a str>);

impl<'a> Fields<'a> {
    /// The header's lines: the first must be [`MAGIC`], each other one
    /// `name: value`.
    fn read(text: &'a str) -> Result<Fields<'a>, WeightsError> {
        let mut lines = text.lines();
        if lines.next() != Some(MAGIC) {
            return Err(WeightsError::NotWeights);
        }
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            let (k, v) = line
                .split_once(": ")
                .ok_or_else(|| WeightsError::Header(format!("cannot read the line \"{line}\"")))?;
            fields.insert(k, v);
        }
        Ok(Fields(fields))
    }

    /// The line named `k`.
    fn field(&self, k: &str) -> Result<&'a str, WeightsError> {
        self.0
            .get(k)
            .copied()
            .ok_or_else(|| WeightsError::Header(format!("no \"{k}\" line")))
    }

    /// The line named `k` must say `want`.
    fn expect(&self, k: &'static str, want: String) -> Result<(), WeightsError> {
        let found = self.field(k)?;
        if found == want {
            Ok(())
        } else {
            Err(WeightsError::Mismatch {
                field: k,
                found: found.to_string(),
                expected: want,
            })
        }
    }

    /// Every line checked against this program, in the file's order: the
    /// layout, the header kept in the evaluator, and the checksum.
    fn check(&self) -> Result<(Layout, Header, u64), WeightsError> {
        self.expect("version", VERSION.to_string())?;
        self.expect("rules", RULES_LINE.to_string())?;
        let names: Vec<&str> = Layout::ALL.iter().map(|l| l.name()).collect();
        let found = self.field("features")?;
        let layout = Layout::from_name(found).ok_or_else(|| WeightsError::Mismatch {
            field: "features",
            found: found.to_string(),
            expected: names.join("\" or \""),
        })?;
        self.expect("inputs", layout.inputs().to_string())?;
        self.expect("hidden", HIDDEN.to_string())?;
        self.expect("outputs", "4".to_string())?;
        let games = self
            .field("games")?
            .parse()
            .map_err(|_| WeightsError::Header("the \"games\" line is not a number".into()))?;
        let training = self.field("training")?.to_string();
        let checksum = self
            .field("checksum")?
            .strip_prefix("fnv1a64:")
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(|| WeightsError::Header("the \"checksum\" line cannot be read".into()))?;
        Ok((layout, Header { training, games }, checksum))
    }
}

/// The `count` numbers of `payload`, checked against the header's
/// `checksum`.
fn numbers(payload: &[u8], count: usize, checksum: u64) -> Result<Vec<f32>, WeightsError> {
    if payload.len() != count * 4 {
        return Err(WeightsError::Length {
            expected: count * 4,
            found: payload.len(),
        });
    }
    if fnv1a64(payload) != checksum {
        return Err(WeightsError::Checksum);
    }
    let numbers: Vec<f32> = payload
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if numbers.iter().any(|x| !x.is_finite()) {
        return Err(WeightsError::NotFinite);
    }
    Ok(numbers)
}

/// Where `needle` first occurs in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Evaluator {
        Evaluator::fresh(
            7,
            Header {
                training: "test".into(),
                games: 3,
            },
        )
    }

    #[test]
    fn weights_read_back_exactly() {
        let e = sample();
        let back = Evaluator::from_bytes(&e.to_bytes()).expect("reads");
        assert_eq!(back, e);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = sample().to_bytes();
        let mut flipped = bytes.clone();
        let last = flipped.len() - 9;
        flipped[last] ^= 0x40;
        assert_eq!(Evaluator::from_bytes(&flipped), Err(WeightsError::Checksum));
        let cut = &bytes[..bytes.len() - 100];
        assert!(matches!(
            Evaluator::from_bytes(cut),
            Err(WeightsError::Length { .. })
        ));
        assert_eq!(
            Evaluator::from_bytes(b"hello"),
            Err(WeightsError::NotWeights)
        );
        let text = String::from_utf8_lossy(&bytes[..200]).to_string();
        let other = text.replace("hidden: 64", "hidden: 32");
        let mut changed = other.into_bytes();
        changed.extend_from_slice(&bytes[200..]);
        let err = Evaluator::from_bytes(&changed).expect_err("refused");
        assert!(err.to_string().contains("hidden"), "{err}");
    }
}
