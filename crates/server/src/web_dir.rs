//! What `--web-dir` names: the folder of the game built for the browser
//! (`scripts/web.sh` writes it), the files in it that may be served (plain
//! names only, never outside it), and each file's tag, hashed once per
//! version. Below the server's configuration, which holds one.

use ring::digest::{SHA256, digest};
use std::collections::HashMap;
use std::path::{Component, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// What `--web-dir` names: a folder with an `index.html`.
#[derive(Clone, Debug)]
pub struct WebDir {
    root: PathBuf,
    /// Each file's tag, by its path, length and time of change: a file is
    /// hashed once per version, not at every request.
    tags: Arc<Mutex<Tags>>,
}

type Tags = HashMap<PathBuf, (u64, Option<SystemTime>, String)>;

impl PartialEq for WebDir {
    fn eq(&self, other: &Self) -> bool {
        self.root == other.root
    }
}

/// Why a folder cannot be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebDirError {
    /// Not a folder, or not readable.
    NotAFolder(String),
    /// A folder, but without `index.html`: not what web.sh writes.
    NoIndex(String),
}

impl std::fmt::Display for WebDirError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WebDirError::NotAFolder(d) => write!(f, "'{d}' is not a folder"),
            WebDirError::NoIndex(d) => write!(
                f,
                "'{d}' has no index.html (scripts/web.sh writes the game's files to target/web)"
            ),
        }
    }
}

impl std::error::Error for WebDirError {}

impl WebDir {
    /// The folder, checked: it exists and holds `index.html`.
    pub fn open(dir: impl Into<PathBuf>) -> Result<WebDir, WebDirError> {
        let root: PathBuf = dir.into();
        let shown = root.display().to_string();
        if !root.is_dir() {
            return Err(WebDirError::NotAFolder(shown));
        }
        if !root.join("index.html").is_file() {
            return Err(WebDirError::NoIndex(shown));
        }
        Ok(WebDir::at(root))
    }

    pub(super) fn at(root: PathBuf) -> WebDir {
        WebDir {
            root,
            tags: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The folder.
    pub fn root(&self) -> &std::path::Path {
        &self.root
    }

    /// The file a request's path names, when it is one this serves.
    pub(super) fn file(&self, path: &str) -> Option<PathBuf> {
        let path = if path.is_empty() { "index.html" } else { path };
        let mut file = self.root.clone();
        for part in path.split('/') {
            if !plain_name(part) {
                return None;
            }
            file.push(part);
        }
        // Nothing but normal parts (`plain_name` already refuses `..`).
        file.strip_prefix(&self.root)
            .ok()?
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
            .then_some(file)
    }

    /// The tag of `file` with these `bytes`, hashed once per version.
    pub(super) fn tag(
        &self,
        file: &std::path::Path,
        bytes: &[u8],
        changed: Option<SystemTime>,
    ) -> String {
        let len = bytes.len() as u64;
        let mut tags = self.tags.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((l, c, tag)) = tags.get(file)
            && *l == len
            && *c == changed
            && changed.is_some()
        {
            return tag.clone();
        }
        let hash = digest(&SHA256, bytes);
        let tag: String = hash.as_ref()[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let tag = format!("\"{tag}\"");
        tags.insert(file.to_path_buf(), (len, changed, tag.clone()));
        tag
    }
}

/// A name this serves: ASCII letters, digits, `.`, `_`, `-`; not hidden.
fn plain_name(part: &str) -> bool {
    !part.is_empty()
        && !part.starts_with('.')
        && part.len() <= 128
        && part
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_inside_the_folder() {
        let web = WebDir::at(PathBuf::from("/srv/web"));
        assert_eq!(web.file(""), Some(PathBuf::from("/srv/web/index.html")));
        assert_eq!(
            web.file("ca-ngua-0123.wasm"),
            Some(PathBuf::from("/srv/web/ca-ngua-0123.wasm"))
        );
        assert_eq!(
            web.file("sounds/roll.ogg"),
            Some(PathBuf::from("/srv/web/sounds/roll.ogg"))
        );
        for bad in [
            "..",
            "../etc/passwd",
            "a/../../b",
            ".hidden",
            "a//b",
            "/etc/passwd",
            "a\\b",
            "sp ace.js",
            "x/",
            "%2e%2e",
        ] {
            assert_eq!(web.file(bad), None, "{bad}");
        }
    }
}
