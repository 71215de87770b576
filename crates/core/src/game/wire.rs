//! How a game's values are written in events, messages and files: seats
//! by their code, positions, moves and rolls in the game's notation,
//! rankings as lists of seat codes. Used through `#[serde(with = …)]`.

/// A seat as its code (`"r"`, `"0"`).
pub mod seat {
    use crate::game::SeatId;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the code.
    pub fn serialize<T: SeatId, S: Serializer>(seat: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&seat.code())
    }

    /// Reads a code.
    pub fn deserialize<'de, T: SeatId, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        let text = String::deserialize(d)?;
        T::from_code(&text).ok_or_else(|| serde::de::Error::custom(format!("bad seat '{text}'")))
    }
}

/// A value in its notation (`Display` out, `FromStr` in).
pub mod text {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    /// Writes the notation.
    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    /// Reads the notation.
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|e| serde::de::Error::custom(format!("'{text}': {e}")))
    }
}

/// A list of values in their notation.
pub mod texts {
    use serde::ser::SerializeSeq;
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    /// Writes the notations.
    pub fn serialize<T: Display, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(values.len()))?;
        for v in values {
            seq.serialize_element(&v.to_string())?;
        }
        seq.end()
    }

    /// Reads the notations.
    pub fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        Vec::<String>::deserialize(d)?
            .into_iter()
            .map(|text| {
                text.parse()
                    .map_err(|e| serde::de::Error::custom(format!("'{text}': {e}")))
            })
            .collect()
    }
}

/// Places as lists of seat codes (`[["r"],["g","y"]]`).
pub mod places {
    use crate::game::{Ranking, SeatId};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes the codes.
    pub fn serialize<T: SeatId, S: Serializer>(
        places: &Ranking<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let codes: Vec<Vec<String>> = places
            .iter()
            .map(|p| p.iter().map(|x| x.code()).collect())
            .collect();
        codes.serialize(s)
    }

    /// Reads the codes.
    pub fn deserialize<'de, T: SeatId, D: Deserializer<'de>>(d: D) -> Result<Ranking<T>, D::Error> {
        let codes: Vec<Vec<String>> = Vec::deserialize(d)?;
        codes
            .into_iter()
            .map(|p| {
                p.into_iter()
                    .map(|text| {
                        T::from_code(&text)
                            .ok_or_else(|| serde::de::Error::custom(format!("bad seat '{text}'")))
                    })
                    .collect()
            })
            .collect()
    }
}

/// Optional places as lists of seat codes, `null` when absent.
pub mod opt_places {
    use crate::game::{Ranking, SeatId};
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the codes, or nothing.
    pub fn serialize<T: SeatId, S: Serializer>(
        places: &Option<Ranking<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match places {
            Some(p) => super::places::serialize(p, s),
            None => s.serialize_none(),
        }
    }

    /// Reads the codes, or nothing.
    pub fn deserialize<'de, T: SeatId, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Ranking<T>>, D::Error> {
        let codes: Option<Vec<Vec<String>>> = Option::deserialize(d)?;
        codes
            .map(|places| {
                places
                    .into_iter()
                    .map(|p| {
                        p.into_iter()
                            .map(|text| {
                                T::from_code(&text).ok_or_else(|| {
                                    serde::de::Error::custom(format!("bad seat '{text}'"))
                                })
                            })
                            .collect()
                    })
                    .collect()
            })
            .transpose()
    }
}

/// One value per seat, written as a tuple (as an array is), read from a
/// tuple or a list of any length (each game checks the length it needs).
pub mod per_seat {
    use serde::de::{SeqAccess, Visitor};
    use serde::ser::SerializeTuple;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::fmt;
    use std::marker::PhantomData;

    /// Writes the values as a tuple.
    pub fn serialize<T: Serialize, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(values.len())?;
        for v in values {
            t.serialize_element(v)?;
        }
        t.end()
    }

    struct Values<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for Values<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("one value per seat")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element()? {
                out.push(v);
            }
            Ok(out)
        }
    }

    /// Reads the values.
    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<T>, D::Error> {
        d.deserialize_tuple(usize::MAX, Values(PhantomData))
    }
}

/// An optional seat by its code, `null` when absent (a watcher's).
pub mod opt_seat {
    use crate::game::SeatId;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: SeatId, S: Serializer>(seat: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(seat) => s.serialize_str(&seat.code()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: SeatId, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|code| {
                T::from_code(&code)
                    .ok_or_else(|| serde::de::Error::custom(format!("unknown seat '{code}'")))
            })
            .transpose()
    }
}

/// A field that may be left out (`None`) or be present and `null`
/// (`Some(None)`): with `#[serde(default, skip_serializing_if =
/// "Option::is_none", with = "wire::nullable")]`.
pub mod nullable {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        value: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(inner) => inner.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(d).map(Some)
    }
}
