//! The rule code ("Mã luật"): a rule set as a short text to paste into a
//! chat, such as `CN1-0G4A2-R8XQ1`. The same rules come back from it on
//! any device; a typo is refused, never turned into other rules.
//!
//! The code is the version prefix `CN1-` and ten characters of Crockford's
//! base32 (no `I`, `L`, `O` or `U`, so nothing is misread), grouped by
//! five. They carry 48 bits: the toggles packed in 17 bits, the safety cap
//! in 20, teams in one bit (a spare bit of the first codes, so codes written
//! before teams existed read as without them), two spare bits that must be
//! zero, and a CRC-8 of the rest.
//! Reading ignores case, spaces, line breaks and dashes, and takes `O` for
//! `0` and `I` or `L` for `1`, as Crockford's alphabet intends.

use crate::engine::{
    Dice, Direction, ExitRolls, GameEnd, HomeColumn, MAX_ROLL_CAP, Pairs, Rules, RulesError,
    SafeSquares,
};
use std::fmt;

/// The prefix of codes this build writes.
pub const PREFIX: &str = "CN1";

/// Crockford's base32 alphabet.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters of payload after the prefix.
const CHARS: usize = 10;

/// Why a text is not a rule code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesCodeError {
    /// Nothing but spaces.
    Empty,
    /// It does not start with `CN` and a version.
    NotACode,
    /// A code from a newer version of the game.
    NewerVersion(String),
    /// Too few or too many characters.
    Length {
        /// Characters found after the prefix.
        found: usize,
    },
    /// A character outside the code's alphabet.
    BadCharacter(char),
    /// The check does not match: a character was mistyped or lost.
    Checksum,
    /// The code reads, but the rules it holds do not go together.
    Rules(RulesError),
}

impl fmt::Display for RulesCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesCodeError::Empty => f.write_str("the code is empty"),
            RulesCodeError::NotACode => write!(f, "a rule code starts with {PREFIX}-"),
            RulesCodeError::NewerVersion(v) => {
                write!(f, "the code {v} comes from a newer version of the game")
            }
            RulesCodeError::Length { found } => write!(
                f,
                "a rule code has {CHARS} characters after {PREFIX}-, this one has {found}"
            ),
            RulesCodeError::BadCharacter(c) => write!(f, "'{c}' cannot be part of a rule code"),
            RulesCodeError::Checksum => {
                f.write_str("the code does not check out: a character is mistyped or missing")
            }
            RulesCodeError::Rules(e) => write!(f, "the rules in the code do not go together: {e}"),
        }
    }
}

impl std::error::Error for RulesCodeError {}

/// The toggles and the cap as 40 bits: toggles in bits 0..17, the cap in
/// 17..37, teams in bit 37, bits 38..40 zero.
fn pack(r: &Rules) -> u64 {
    let mut bits = 0u64;
    let mut at = 0;
    let mut put = |value: u64, width: u32| {
        bits |= value << at;
        at += width;
    };
    put(u64::from(r.dice == Dice::Two), 1);
    put(u64::from(r.exit_rolls == ExitRolls::OneOrSix), 1);
    put(u64::from(r.bonus_after_kick), 1);
    put(u64::from(r.bonus_after_finish), 1);
    put(u64::from(r.three_in_a_row_forfeit), 1);
    put(
        match r.safe_squares {
            SafeSquares::StartsAndStars => 0,
            SafeSquares::StartsOnly => 1,
            SafeSquares::None => 2,
        },
        2,
    );
    put(
        match r.pairs {
            Pairs::Ordinary => 0,
            Pairs::SafePair => 1,
            Pairs::Block => 2,
        },
        2,
    );
    put(u64::from(r.no_passing), 1);
    put(u64::from(r.forced_kick), 1);
    put(u64::from(r.forced_exit), 1);
    put(u64::from(r.home_column == HomeColumn::Climb), 1);
    put(
        match r.game_end {
            GameEnd::FirstWinnerByHorsesHome => 0,
            GameEnd::FirstWinnerByDistance => 1,
            GameEnd::PlayOn => 2,
        },
        2,
    );
    put(u64::from(r.direction == Direction::CounterClockwise), 1);
    put(u64::from(r.scoring), 1);
    // The cap is at most MAX_ROLL_CAP (under 2^20) in a valid rule set.
    put(u64::from(r.roll_cap.min(MAX_ROLL_CAP)), 20);
    put(u64::from(r.teams), 1);
    bits
}

/// The rules in 40 bits, or `None` when a field holds a value no rule set
/// has (only a forged code gets past the checksum with one).
fn unpack(bits: u64) -> Option<Rules> {
    let mut at = 0;
    let mut take = |width: u32| {
        let v = (bits >> at) & ((1 << width) - 1);
        at += width;
        v
    };
    let flag = |v: u64| v == 1;
    let dice = if flag(take(1)) { Dice::Two } else { Dice::One };
    let exit_rolls = if flag(take(1)) {
        ExitRolls::OneOrSix
    } else {
        ExitRolls::Six
    };
    let bonus_after_kick = flag(take(1));
    let bonus_after_finish = flag(take(1));
    let three_in_a_row_forfeit = flag(take(1));
    let safe_squares = match take(2) {
        0 => SafeSquares::StartsAndStars,
        1 => SafeSquares::StartsOnly,
        2 => SafeSquares::None,
        _ => return None,
    };
    let pairs = match take(2) {
        0 => Pairs::Ordinary,
        1 => Pairs::SafePair,
        2 => Pairs::Block,
        _ => return None,
    };
    let no_passing = flag(take(1));
    let forced_kick = flag(take(1));
    let forced_exit = flag(take(1));
    let home_column = if flag(take(1)) {
        HomeColumn::Climb
    } else {
        HomeColumn::Exact
    };
    let game_end = match take(2) {
        0 => GameEnd::FirstWinnerByHorsesHome,
        1 => GameEnd::FirstWinnerByDistance,
        2 => GameEnd::PlayOn,
        _ => return None,
    };
    let direction = if flag(take(1)) {
        Direction::CounterClockwise
    } else {
        Direction::Clockwise
    };
    let scoring = flag(take(1));
    let roll_cap = u32::try_from(take(20)).ok()?;
    let teams = flag(take(1));
    if take(2) != 0 {
        return None;
    }
    Some(Rules {
        dice,
        exit_rolls,
        bonus_after_kick,
        bonus_after_finish,
        three_in_a_row_forfeit,
        safe_squares,
        pairs,
        no_passing,
        forced_kick,
        forced_exit,
        home_column,
        game_end,
        direction,
        scoring,
        roll_cap,
        teams,
    })
}

/// CRC-8 (polynomial 0x07): catches every change of up to eight bits in a
/// row, so any one mistyped character.
fn crc8(bytes: &[u8]) -> u8 {
    let mut crc = 0u8;
    for &b in bytes {
        crc ^= b;
        for _ in 0..8 {
            crc = if crc & 0x80 != 0 {
                (crc << 1) ^ 0x07
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The code of a rule set, `CN1-XXXXX-XXXXX`.
pub fn encode(rules: &Rules) -> String {
    let bits = pack(rules);
    let body = bits.to_be_bytes();
    // The low five bytes hold the 40 bits.
    let crc = crc8(&body[3..]);
    let all = (bits << 8) | u64::from(crc);
    let chars: String = (0..CHARS)
        .rev()
        .map(|i| char::from(ALPHABET[((all >> (5 * i)) & 31) as usize]))
        .collect();
    format!("{PREFIX}-{}-{}", &chars[..5], &chars[5..])
}

/// The value of one code character, lenient as Crockford's base32 is.
fn value(c: char) -> Option<u64> {
    let c = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    };
    ALPHABET
        .iter()
        .position(|&a| char::from(a) == c)
        .map(|v| v as u64)
}

/// The rule set of a code, or why the text is not one.
pub fn decode(text: &str) -> Result<Rules, RulesCodeError> {
    let is_separator = |c: char| c.is_whitespace() || matches!(c, '-' | '–' | '—' | '_');
    let text = text.trim_matches(is_separator);
    if text.is_empty() {
        return Err(RulesCodeError::Empty);
    }
    let upper = text.to_uppercase();
    let Some(rest) = upper.strip_prefix("CN") else {
        return Err(RulesCodeError::NotACode);
    };
    // The version runs up to the first separator; a code pasted without
    // any has a one-digit version.
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let version = if rest[digits.len()..].starts_with(is_separator) {
        digits
    } else {
        digits.chars().take(1).collect()
    };
    match version.as_str() {
        "" => return Err(RulesCodeError::NotACode),
        "1" => {}
        v => return Err(RulesCodeError::NewerVersion(format!("CN{v}"))),
    }
    let payload: Vec<char> = rest[version.len()..]
        .chars()
        .filter(|c| !is_separator(*c))
        .collect();
    if payload.len() != CHARS {
        return Err(RulesCodeError::Length {
            found: payload.len(),
        });
    }
    let mut all = 0u64;
    for c in payload {
        let v = value(c).ok_or(RulesCodeError::BadCharacter(c))?;
        all = (all << 5) | v;
    }
    // Ten characters hold 50 bits; the code uses the low 48.
    if all >> 48 != 0 {
        return Err(RulesCodeError::Checksum);
    }
    let bits = all >> 8;
    let crc = (all & 0xFF) as u8;
    if crc8(&bits.to_be_bytes()[3..]) != crc {
        return Err(RulesCodeError::Checksum);
    }
    let rules = unpack(bits).ok_or(RulesCodeError::Checksum)?;
    rules.validate().map_err(RulesCodeError::Rules)?;
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PRESET_NAMES;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    fn random_rules(rng: &mut Xoshiro256PlusPlus) -> Rules {
        let r = Rules {
            dice: if rng.random_bool(0.5) {
                Dice::Two
            } else {
                Dice::One
            },
            exit_rolls: if rng.random_bool(0.5) {
                ExitRolls::OneOrSix
            } else {
                ExitRolls::Six
            },
            bonus_after_kick: rng.random_bool(0.5),
            bonus_after_finish: rng.random_bool(0.5),
            three_in_a_row_forfeit: rng.random_bool(0.5),
            safe_squares: [
                SafeSquares::StartsAndStars,
                SafeSquares::StartsOnly,
                SafeSquares::None,
            ][rng.random_range(0..3)],
            pairs: [Pairs::Ordinary, Pairs::SafePair, Pairs::Block][rng.random_range(0..3)],
            no_passing: rng.random_bool(0.5),
            forced_kick: rng.random_bool(0.5),
            forced_exit: rng.random_bool(0.5),
            home_column: if rng.random_bool(0.5) {
                HomeColumn::Climb
            } else {
                HomeColumn::Exact
            },
            game_end: [
                GameEnd::FirstWinnerByHorsesHome,
                GameEnd::FirstWinnerByDistance,
                GameEnd::PlayOn,
            ][rng.random_range(0..3)],
            direction: if rng.random_bool(0.5) {
                Direction::CounterClockwise
            } else {
                Direction::Clockwise
            },
            scoring: rng.random_bool(0.5),
            teams: rng.random_bool(0.5),
            roll_cap: match rng.random_range(0..4) {
                0 => 1,
                1 => MAX_ROLL_CAP,
                _ => rng.random_range(1..=MAX_ROLL_CAP),
            },
        };
        r.normalized()
    }

    #[test]
    fn every_preset_comes_back_from_its_code() {
        let mut codes = Vec::new();
        for name in PRESET_NAMES {
            let rules = Rules::preset(name).expect("preset");
            let code = encode(&rules);
            assert_eq!(decode(&code), Ok(rules), "{name}: {code}");
            codes.push(code);
        }
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), PRESET_NAMES.len(), "two presets share a code");
    }

    #[test]
    fn random_rule_sets_come_back_from_their_codes() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
        for _ in 0..5_000 {
            let rules = random_rules(&mut rng);
            let code = encode(&rules);
            assert_eq!(code.len(), PREFIX.len() + 1 + CHARS + 1, "{code}");
            assert_eq!(decode(&code), Ok(rules), "{code}");
        }
    }

    #[test]
    fn pasting_is_forgiving_about_case_spaces_and_look_alikes() {
        let rules = Rules::traditional();
        let code = encode(&rules);
        let messy = format!("  {}\n", code.to_lowercase().replace('-', " - "));
        assert_eq!(decode(&messy), Ok(rules));
        let run_together = code.replace('-', "");
        assert_eq!(decode(&run_together), Ok(rules), "{run_together}");
        // Crockford: O reads as 0, I and L as 1.
        let (prefix, payload) = code.split_at(PREFIX.len());
        let look_alike = format!("{prefix}{}", payload.replace('0', "O").replace('1', "l"));
        assert_eq!(decode(&look_alike), Ok(rules), "{look_alike}");
    }

    #[test]
    fn any_single_mistyped_character_is_refused() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for _ in 0..200 {
            let rules = random_rules(&mut rng);
            let code = encode(&rules);
            let chars: Vec<char> = code.chars().collect();
            for (i, c) in chars.iter().enumerate() {
                if !ALPHABET.contains(&(*c as u8)) || i < PREFIX.len() + 1 {
                    continue;
                }
                for &other in ALPHABET {
                    let other = char::from(other);
                    if other == *c {
                        continue;
                    }
                    let mut typo = chars.clone();
                    typo[i] = other;
                    let typo: String = typo.into_iter().collect();
                    assert!(decode(&typo).is_err(), "{typo} (from {code}) was accepted");
                }
            }
        }
    }

    #[test]
    fn bad_texts_say_what_is_wrong() {
        let good = encode(&Rules::casual());
        assert_eq!(decode("   "), Err(RulesCodeError::Empty));
        assert_eq!(decode("hello there"), Err(RulesCodeError::NotACode));
        assert_eq!(
            decode(&good.replace("CN1", "CN2")),
            Err(RulesCodeError::NewerVersion("CN2".into()))
        );
        assert_eq!(
            decode(&good[..good.len() - 1]),
            Err(RulesCodeError::Length { found: CHARS - 1 })
        );
        assert_eq!(
            decode(&format!("{good}7")),
            Err(RulesCodeError::Length { found: CHARS + 1 })
        );
        let with_u = format!("{}U", &good[..good.len() - 1]);
        assert_eq!(decode(&with_u), Err(RulesCodeError::BadCharacter('U')));
        for e in [
            decode("").expect_err("empty"),
            decode(&with_u).expect_err("U"),
            decode(&good.replace("CN1", "CN9")).expect_err("CN9"),
        ] {
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn a_code_whose_rules_contradict_each_other_is_refused_by_field() {
        // Two dice with "exit on 1 or 6" cannot be made in the app, and the
        // code carries it faithfully: the engine names the field.
        let bad = Rules {
            dice: Dice::Two,
            exit_rolls: ExitRolls::OneOrSix,
            ..Rules::standard()
        };
        match decode(&encode(&bad)) {
            Err(RulesCodeError::Rules(e)) => assert_eq!(e.field, "exit_rolls"),
            other => panic!("{other:?}"),
        }
        let zero_cap = Rules {
            roll_cap: 0,
            ..Rules::standard()
        };
        assert!(matches!(
            decode(&encode(&zero_cap)),
            Err(RulesCodeError::Rules(_))
        ));
    }
}
