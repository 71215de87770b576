//! The server's secrets and names, from the operating system's generator:
//! seat tokens and room codes (PROTOCOL.md, "Rooms, seats, tokens").

use ca_ngua_protocol::{ROOM_CODE_ALPHABET, ROOM_CODE_LEN};
use rand::TryRng;

/// A new seat token: 128 bits from the operating system's generator, in
/// lowercase hex. `None` if the system cannot give random bits.
pub(super) fn new_token() -> Option<String> {
    let mut bytes = [0u8; 16];
    rand::rngs::SysRng.try_fill_bytes(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new room code: 6 characters of the code alphabet from the operating
/// system's generator (unbiased: bytes past the last whole multiple of 31
/// are drawn again).
pub(super) fn new_room_code() -> Option<String> {
    let alphabet = ROOM_CODE_ALPHABET.as_bytes();
    let n = alphabet.len();
    let limit = 256 - 256 % n;
    let mut code = String::with_capacity(ROOM_CODE_LEN);
    let mut bytes = [0u8; 16];
    while code.len() < ROOM_CODE_LEN {
        rand::rngs::SysRng.try_fill_bytes(&mut bytes).ok()?;
        for &b in &bytes {
            if usize::from(b) < limit && code.len() < ROOM_CODE_LEN {
                code.push(char::from(alphabet[usize::from(b) % n]));
            }
        }
    }
    Some(code)
}

/// Compares tokens in time that does not depend on where they differ.
pub(super) fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use ca_ngua_protocol::{is_room_code, is_token};

    #[test]
    fn tokens_are_128_random_bits_in_lowercase_hex() {
        let a = new_token().expect("token");
        let b = new_token().expect("token");
        assert!(is_token(&a) && is_token(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(same_token(&a, &a.clone()));
        assert!(!same_token(&a, &b));
        assert!(!same_token(&a, &a[1..]));
    }

    #[test]
    fn room_codes_use_the_alphabet_and_every_letter_of_it() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..400 {
            let code = new_room_code().expect("code");
            assert!(is_room_code(&code), "{code}");
            seen.extend(code.chars());
        }
        // 2,400 draws over 31 characters: each appears (a biased or
        // truncated alphabet would leave some out).
        assert_eq!(seen.len(), ROOM_CODE_ALPHABET.len());
    }
}
