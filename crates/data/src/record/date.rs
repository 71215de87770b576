//! A moment in UTC, to the second, written ISO 8601
//! (`2026-03-14T09:26:53Z`). The standard library has the clock but no
//! calendar, and a record needs no more than this: the days are turned
//! into a civil date with Howard Hinnant's `civil_from_days`, which is
//! exact for the proleptic Gregorian calendar.

use std::fmt;
use std::str::FromStr;
// The browser's clock in a page (`std`'s has none there); `std`'s elsewhere.
use web_time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970-01-01T00:00:00Z.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcDate(pub u64);

const DAY: u64 = 86_400;

impl UtcDate {
    /// Now, by the system's clock (the epoch if the clock is before it).
    pub fn now() -> UtcDate {
        UtcDate(
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0),
        )
    }

    /// The date's year, month, day, hour, minute and second.
    pub fn parts(self) -> (i64, u32, u32, u32, u32, u32) {
        let days = (self.0 / DAY) as i64;
        let secs = self.0 % DAY;
        let (y, m, d) = civil_from_days(days);
        (
            y,
            m,
            d,
            (secs / 3600) as u32,
            (secs / 60 % 60) as u32,
            (secs % 60) as u32,
        )
    }

    /// The date as a file name may hold it: `20260314-092653`.
    pub fn compact(self) -> String {
        let (y, mo, d, h, mi, s) = self.parts();
        format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
    }
}

/// Year, month (1–12) and day (1–31) of a day count from 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The day count from 1970-01-01 of a civil date (the inverse of
/// [`civil_from_days`]).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

impl fmt::Display for UtcDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, mo, d, h, mi, s) = self.parts();
        write!(f, "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
    }
}

/// A text that is not a date as records write it: the text read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a date like 2026-03-14T09:26:53Z (UTC)",
            self.0
        )
    }
}

impl std::error::Error for DateError {}

impl FromStr for UtcDate {
    type Err = DateError;

    /// Reads exactly what `Display` writes: `YYYY-MM-DDTHH:MM:SSZ`.
    fn from_str(s: &str) -> Result<UtcDate, DateError> {
        let bad = || DateError(s.to_string());
        let b = s.as_bytes();
        let shape_ok = b.len() == 20
            && b.iter().enumerate().all(|(i, &c)| match i {
                4 | 7 => c == b'-',
                10 => c == b'T',
                13 | 16 => c == b':',
                19 => c == b'Z',
                _ => c.is_ascii_digit(),
            });
        if !shape_ok {
            return Err(bad());
        }
        let num = |from: usize, to: usize| s[from..to].parse::<u32>().map_err(|_| bad());
        let (y, mo, d) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
        let (h, mi, sec) = (num(11, 13)?, num(14, 16)?, num(17, 19)?);
        let days = days_from_civil(i64::from(y), mo, d);
        // A date that does not exist (February 30th) does not come back
        // as itself.
        if y < 1970
            || h > 23
            || mi > 59
            || sec > 59
            || civil_from_days(days) != (i64::from(y), mo, d)
        {
            return Err(bad());
        }
        let secs = days as u64 * DAY + u64::from(h) * 3600 + u64::from(mi) * 60 + u64::from(sec);
        Ok(UtcDate(secs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_in_iso_8601_and_read_back() {
        assert_eq!(UtcDate(0).to_string(), "1970-01-01T00:00:00Z");
        // 2000-02-29 (a leap day of a century leap year), 12:34:56.
        let leap = UtcDate(951_827_696);
        assert_eq!(leap.to_string(), "2000-02-29T12:34:56Z");
        assert_eq!(leap.compact(), "20000229-123456");
        for secs in [0, 951_827_696, 1_773_480_413, 4_102_444_799] {
            let d = UtcDate(secs);
            assert_eq!(d.to_string().parse::<UtcDate>(), Ok(d));
        }
        assert_eq!(
            "2100-12-31T23:59:59Z".parse::<UtcDate>(),
            Ok(UtcDate(4_133_980_799))
        );
    }

    #[test]
    fn malformed_or_impossible_dates_are_refused() {
        for bad in [
            "",
            "2026-03-14",
            "2026-03-14 09:26:53Z",
            "2026-02-30T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-03-14T24:00:00Z",
            "1969-12-31T23:59:59Z",
            "2026-03-14T09:26:53+07:00",
        ] {
            assert!(bad.parse::<UtcDate>().is_err(), "{bad}");
        }
    }
}
