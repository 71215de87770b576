//! Where a [`Store`](super::Store) keeps its files: a folder on disk (the
//! desktop), a [`Shelf`] of named texts (a browser's storage, given by the
//! app's platform seam), or nowhere. The store speaks of files by their
//! names relative to its place (`prefs.ron`, `records/….txt`,
//! `co-nhay/rules/x.ron`); only this module knows what holds them.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Texts kept under names, as a browser's `localStorage` keeps them. The
/// store writes whole files, so a shelf needs no more than this.
pub trait Shelf: Send + Sync + fmt::Debug {
    /// The text kept under `key`; `Ok(None)` when there is none.
    fn get(&self, key: &str) -> Result<Option<String>, ShelfError>;
    /// Keeps `text` under `key`, replacing what was there.
    fn set(&self, key: &str, text: &str) -> Result<(), ShelfError>;
    /// Forgets `key` (a missing one is fine).
    fn remove(&self, key: &str) -> Result<(), ShelfError>;
    /// Every key kept.
    fn keys(&self) -> Vec<String>;
}

/// Why a shelf could not give, keep or forget a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShelfError {
    /// There is no shelf to use (a page without a window, a browser that
    /// gives no storage): why, in a few words.
    Missing(&'static str),
    /// The shelf said no (storage refused, or full), in the words of what
    /// holds it (the browser's).
    Refused(String),
    /// A thread failed while it held a shelf in memory.
    Poisoned,
}

impl fmt::Display for ShelfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShelfError::Missing(why) => f.write_str(why),
            ShelfError::Refused(words) => f.write_str(words),
            // std's own words for a poisoned lock.
            ShelfError::Poisoned => f.write_str("poisoned lock: another task failed inside"),
        }
    }
}

impl std::error::Error for ShelfError {}

impl<T> From<std::sync::PoisonError<T>> for ShelfError {
    fn from(_: std::sync::PoisonError<T>) -> ShelfError {
        ShelfError::Poisoned
    }
}

/// Why a store's place could not read, keep, forget or move aside a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlaceError {
    /// The folder's file system said no, in the system's words.
    Io(String),
    /// The shelf said no.
    Shelf(ShelfError),
    /// Nothing is kept: there is no file to move aside.
    Nowhere,
    /// The file to move aside is gone.
    Gone,
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::Io(words) => f.write_str(words),
            PlaceError::Shelf(e) => fmt::Display::fmt(e, f),
            PlaceError::Nowhere => f.write_str("nothing is kept"),
            PlaceError::Gone => f.write_str("it is gone"),
        }
    }
}

impl std::error::Error for PlaceError {}

impl From<std::io::Error> for PlaceError {
    fn from(e: std::io::Error) -> PlaceError {
        PlaceError::Io(e.to_string())
    }
}

impl From<ShelfError> for PlaceError {
    fn from(e: ShelfError) -> PlaceError {
        PlaceError::Shelf(e)
    }
}

/// A shelf in memory: tests, and a page whose storage the browser refuses
/// (nothing outlives the page then).
#[derive(Debug, Default)]
pub struct MemoryShelf {
    texts: Mutex<BTreeMap<String, String>>,
}

impl Shelf for MemoryShelf {
    fn get(&self, key: &str) -> Result<Option<String>, ShelfError> {
        let texts = self.texts.lock()?;
        Ok(texts.get(key).cloned())
    }

    fn set(&self, key: &str, text: &str) -> Result<(), ShelfError> {
        let mut texts = self.texts.lock()?;
        texts.insert(key.to_string(), text.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), ShelfError> {
        let mut texts = self.texts.lock()?;
        texts.remove(key);
        Ok(())
    }

    fn keys(&self) -> Vec<String> {
        self.texts
            .lock()
            .map(|t| t.keys().cloned().collect())
            .unwrap_or_default()
    }
}

/// A store's place.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    /// Nothing is kept.
    Nowhere,
    /// Files in a folder.
    Folder(PathBuf),
    /// Texts on a shelf, each under `prefix` and its file's name.
    Shelf {
        shelf: Arc<dyn Shelf>,
        prefix: String,
    },
}

/// The same name on every system: `/` between folders.
fn key_of(prefix: &str, name: &str) -> String {
    format!("{prefix}{}", name.replace('\\', "/"))
}

impl Place {
    /// The file `name`'s bytes; `Ok(None)` when there is none, `Err` when
    /// it cannot be read.
    pub(crate) fn read(&self, name: &str) -> Result<Option<Vec<u8>>, PlaceError> {
        match self {
            Place::Nowhere => Ok(None),
            Place::Folder(dir) => match std::fs::read(dir.join(name)) {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e.into()),
            },
            Place::Shelf { shelf, prefix } => {
                Ok(shelf.get(&key_of(prefix, name))?.map(String::into_bytes))
            }
        }
    }

    /// Writes the file `name` whole: in a folder atomically (a temporary
    /// file beside it, then a rename), so a crash never leaves half a file.
    pub(crate) fn write(&self, name: &str, text: &str) -> Result<(), PlaceError> {
        match self {
            Place::Nowhere => Ok(()),
            Place::Folder(dir) => {
                let path = dir.join(name);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                let base = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| name.to_string());
                let tmp = path.with_file_name(format!(".{base}.tmp-{}", std::process::id()));
                std::fs::write(&tmp, text)?;
                std::fs::rename(&tmp, &path).map_err(|e| {
                    let _ = std::fs::remove_file(&tmp);
                    e.into()
                })
            }
            Place::Shelf { shelf, prefix } => Ok(shelf.set(&key_of(prefix, name), text)?),
        }
    }

    /// Forgets the file `name` (a missing one is fine).
    pub(crate) fn remove(&self, name: &str) -> Result<(), PlaceError> {
        match self {
            Place::Nowhere => Ok(()),
            Place::Folder(dir) => match std::fs::remove_file(dir.join(name)) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                Err(e) => Err(e.into()),
            },
            Place::Shelf { shelf, prefix } => Ok(shelf.remove(&key_of(prefix, name))?),
        }
    }

    /// Keeps the file `name` aside as `name` + `suffix`, beside it; where
    /// it now is, as the player would find it.
    pub(crate) fn move_aside(&self, name: &str, suffix: &str) -> Result<PathBuf, PlaceError> {
        let kept = format!("{name}{suffix}");
        match self {
            Place::Nowhere => Err(PlaceError::Nowhere),
            Place::Folder(dir) => {
                let kept_as = dir.join(&kept);
                std::fs::rename(dir.join(name), &kept_as)?;
                Ok(kept_as)
            }
            Place::Shelf { shelf, prefix } => {
                let text = shelf.get(&key_of(prefix, name))?.ok_or(PlaceError::Gone)?;
                let key = key_of(prefix, &kept);
                shelf.set(&key, &text)?;
                shelf.remove(&key_of(prefix, name))?;
                Ok(PathBuf::from(key))
            }
        }
    }

    /// The names of the files directly in the folder `dir` (`records`),
    /// unsorted; none when it does not exist.
    pub(crate) fn list(&self, dir: &str) -> Vec<String> {
        match self {
            Place::Nowhere => Vec::new(),
            Place::Folder(root) => {
                let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                    return Vec::new();
                };
                entries
                    .filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .filter_map(|e| e.file_name().into_string().ok())
                    .collect()
            }
            Place::Shelf { shelf, prefix } => {
                let folder = key_of(prefix, &format!("{}/", dir.trim_end_matches('/')));
                shelf
                    .keys()
                    .into_iter()
                    .filter_map(|k| k.strip_prefix(&folder).map(str::to_string))
                    .filter(|rest| !rest.is_empty() && !rest.contains('/'))
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> Vec<Place> {
        let dir = std::env::temp_dir().join(format!(
            "ca-ngua-place-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        vec![
            Place::Folder(dir),
            Place::Shelf {
                shelf: Arc::new(MemoryShelf::default()),
                prefix: "ca-ngua/".into(),
            },
        ]
    }

    #[test]
    fn a_folder_and_a_shelf_keep_files_alike() {
        for place in places() {
            assert_eq!(place.read("prefs.ron"), Ok(None), "{place:?}");
            place
                .write("prefs.ron", "one")
                .unwrap_or_else(|e| panic!("{e}"));
            place
                .write("records/a.txt", "A")
                .unwrap_or_else(|e| panic!("{e}"));
            place
                .write("records/b.txt", "B")
                .unwrap_or_else(|e| panic!("{e}"));
            place
                .write("records/old/c.txt", "C")
                .unwrap_or_else(|e| panic!("{e}"));
            place
                .write("prefs.ron", "two")
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(place.read("prefs.ron"), Ok(Some(b"two".to_vec())));
            let mut names = place.list("records");
            names.sort();
            assert_eq!(names, ["a.txt", "b.txt"], "{place:?}");
            assert!(place.list("nothing").is_empty());

            let kept = place
                .move_aside("records/a.txt", ".bad-1")
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(
                kept.to_string_lossy().ends_with("records/a.txt.bad-1"),
                "{kept:?}"
            );
            assert_eq!(place.read("records/a.txt"), Ok(None));
            assert_eq!(place.read("records/a.txt.bad-1"), Ok(Some(b"A".to_vec())));
            assert!(place.move_aside("records/a.txt", ".bad-2").is_err());

            place
                .remove("records/b.txt")
                .unwrap_or_else(|e| panic!("{e}"));
            place
                .remove("records/b.txt")
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(place.list("records"), ["a.txt.bad-1"], "{place:?}");
        }
    }

    #[test]
    fn a_shelf_keeps_its_files_under_the_prefix_only() {
        let shelf = Arc::new(MemoryShelf::default());
        shelf
            .set("other-site/prefs.ron", "theirs")
            .unwrap_or_else(|e| panic!("{e}"));
        let place = Place::Shelf {
            shelf: shelf.clone(),
            prefix: "ca-ngua/".into(),
        };
        assert_eq!(place.read("prefs.ron"), Ok(None));
        place
            .write("co-nhay/game.ron", "g")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            shelf.keys(),
            ["ca-ngua/co-nhay/game.ron", "other-site/prefs.ron"]
        );
        assert_eq!(place.list("co-nhay"), ["game.ron"]);
    }
}
