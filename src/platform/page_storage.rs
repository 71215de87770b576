//! The page's storage: the browser's `localStorage` for this site, as the
//! store's [`Shelf`] (each file a text under `ca-ngua/` and its name), so
//! a reload continues the game and keeps the settings, statistics and
//! records. A browser that refuses storage (some private windows) gets a
//! shelf in memory and a notice saying nothing outlives the page.

use ca_ngua_data::store::{MemoryShelf, Shelf, ShelfError, Store, StoreNotice};
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};

/// The browser's `localStorage`, asked at each use (nothing of the page is
/// held, so the shelf can be shared like the desktop's folder).
#[derive(Clone, Copy, Debug)]
pub struct LocalStorage;

/// What the browser said, in words: its refusal.
fn refused(e: JsValue) -> ShelfError {
    if let Some(e) = e.dyn_ref::<js_sys::Error>() {
        return ShelfError::Refused(String::from(e.message()));
    }
    ShelfError::Refused(e.as_string().unwrap_or_else(|| format!("{e:?}")))
}

fn storage() -> Result<web_sys::Storage, ShelfError> {
    let window = web_sys::window().ok_or(ShelfError::Missing("no window"))?;
    window
        .local_storage()
        .map_err(refused)?
        .ok_or(ShelfError::Missing("the browser gives no storage"))
}

impl Shelf for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, ShelfError> {
        storage()?.get_item(key).map_err(refused)
    }

    fn set(&self, key: &str, text: &str) -> Result<(), ShelfError> {
        storage()?.set_item(key, text).map_err(refused)
    }

    fn remove(&self, key: &str) -> Result<(), ShelfError> {
        storage()?.remove_item(key).map_err(refused)
    }

    fn keys(&self) -> Vec<String> {
        let Ok(s) = storage() else {
            return Vec::new();
        };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }
}

/// The store of the page: on `localStorage` when the browser gives it
/// (a key written and read back), in memory with a notice otherwise.
pub fn open() -> (Store, Option<StoreNotice>) {
    let probe = "ca-ngua/.probe";
    let usable = LocalStorage
        .set(probe, "1")
        .and_then(|()| LocalStorage.remove(probe));
    match usable {
        Ok(()) => (Store::on_shelf(Arc::new(LocalStorage)), None),
        Err(reason) => (
            Store::on_shelf(Arc::new(MemoryShelf::default())),
            Some(StoreNotice::NoStorage { reason }),
        ),
    }
}
