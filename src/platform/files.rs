//! Files the player chooses: where to save a record or a rule set, and
//! which to open. On the desktop the system's own dialog (through `rfd`:
//! the desktop portal on Linux, the native panels on Windows and macOS)
//! answers a path; in a browser, saving becomes a download and opening an
//! upload (the page's own file chooser), with no path at all. Either way
//! the shell gets a [`Chosen`] file to [`write`](Chosen::write) or
//! [`read`](Chosen::read), and never opens the dialog on the frame: the
//! answer comes back on a channel and wakes the window.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver};

/// A file the player chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen(Place);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Place {
    /// A file on this computer.
    Path(PathBuf),
    /// A download the browser offers under this name.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    Download(String),
    /// A file the player uploaded: its name and bytes.
    #[cfg_attr(
        not(all(target_arch = "wasm32", target_os = "unknown")),
        allow(dead_code)
    )]
    Upload(String, Vec<u8>),
}

impl Chosen {
    /// A file on this computer.
    pub fn path(path: impl Into<PathBuf>) -> Chosen {
        Chosen(Place::Path(path.into()))
    }

    /// The file as a message names it (a path with the home folder
    /// hidden, or a file name).
    pub fn shown(&self) -> String {
        match &self.0 {
            Place::Path(p) => crate::privacy::scrub_home(&p.display().to_string()),
            Place::Download(name) | Place::Upload(name, _) => name.clone(),
        }
    }

    /// Writes `bytes` there; the error in the system's words.
    pub fn write(&self, bytes: &[u8]) -> Result<(), String> {
        match &self.0 {
            Place::Path(p) => std::fs::write(p, bytes).map_err(|e| e.to_string()),
            Place::Download(name) => download(name, bytes),
            Place::Upload(..) => Err("an uploaded file cannot be written".into()),
        }
    }

    /// Reads it whole; the error in the system's words.
    pub fn read(&self) -> Result<Vec<u8>, String> {
        match &self.0 {
            Place::Path(p) => std::fs::read(p).map_err(|e| e.to_string()),
            Place::Upload(_, bytes) => Ok(bytes.clone()),
            Place::Download(_) => Err("a download cannot be read".into()),
        }
    }

    /// Reads it as text.
    pub fn read_text(&self) -> Result<String, String> {
        String::from_utf8(self.read()?).map_err(|_| "not UTF-8 text".to_string())
    }
}

/// Sends the text of a file dropped on the window to `tx`: at once on the
/// desktop, once the browser has read it in a page; `ctx` is woken then.
pub fn read_dropped(
    ctx: &egui::Context,
    file: egui::DroppedFileHandle,
    tx: mpsc::Sender<Result<String, String>>,
) {
    let text = |bytes: Result<Vec<u8>, String>| {
        bytes.and_then(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_string()))
    };
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        let _ = ctx;
        let _ = tx.send(text(file.bytes()));
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        let ctx = ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let _ = tx.send(text(file.bytes_async().await));
            ctx.request_repaint();
        });
    }
}

/// Something that can ask the player for a file.
pub trait FilePicker {
    /// Where to save a file named `file_name`, offering files of `filter`
    /// (its name and extension); `None`: cancelled, or no dialog could be
    /// shown.
    fn save_as(
        &self,
        ctx: &egui::Context,
        title: &str,
        file_name: &str,
        filter: (&str, &str),
    ) -> Receiver<Option<Chosen>>;
    /// Which file to open, offering files of `filter`.
    fn open_as(
        &self,
        ctx: &egui::Context,
        title: &str,
        filter: (&str, &str),
    ) -> Receiver<Option<Chosen>>;
    /// Where to save a rule set's file (`.ron`).
    fn save(&self, ctx: &egui::Context, title: &str, file_name: &str) -> Receiver<Option<Chosen>> {
        self.save_as(ctx, title, file_name, RULES_FILTER)
    }
    /// Which rule set's file to open.
    fn open(&self, ctx: &egui::Context, title: &str) -> Receiver<Option<Chosen>> {
        self.open_as(ctx, title, RULES_FILTER)
    }
}

/// The rule sets' files.
const RULES_FILTER: (&str, &str) = ("Cờ Cá Ngựa (.ron)", "ron");

/// A picker that answers at once with a path chosen in advance (tests).
#[derive(Debug, Default, Clone)]
pub struct FixedPicker {
    /// The answer to every question.
    pub path: Option<PathBuf>,
}

impl FilePicker for FixedPicker {
    fn save_as(
        &self,
        _: &egui::Context,
        _: &str,
        _: &str,
        _: (&str, &str),
    ) -> Receiver<Option<Chosen>> {
        answered(self.path.clone().map(Chosen::path))
    }

    fn open_as(&self, _: &egui::Context, _: &str, _: (&str, &str)) -> Receiver<Option<Chosen>> {
        answered(self.path.clone().map(Chosen::path))
    }
}

fn answered(answer: Option<Chosen>) -> Receiver<Option<Chosen>> {
    let (tx, rx) = mpsc::channel();
    let _ = tx.send(answer);
    rx
}

/// The platform's own way: the system's dialogs on the desktop, a
/// download or an upload in a browser.
#[derive(Debug, Default)]
pub struct SystemPicker;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod desktop {
    use super::{Chosen, FilePicker, SystemPicker};
    use std::sync::mpsc::{self, Receiver};

    /// Waits for a dialog on a thread of its own and sends its answer.
    fn answer(
        ctx: &egui::Context,
        dialog: impl Future<Output = Option<rfd::FileHandle>> + Send + 'static,
    ) -> Receiver<Option<Chosen>> {
        let (tx, rx) = mpsc::channel();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn({
                let tx = tx.clone();
                move || {
                    let path = pollster::block_on(dialog).map(|h| Chosen::path(h.path()));
                    let _ = tx.send(path);
                    ctx.request_repaint();
                }
            });
        if spawned.is_err() {
            let _ = tx.send(None);
        }
        rx
    }

    fn dialog_of(title: &str, (name, ext): (&str, &str)) -> rfd::AsyncFileDialog {
        let d = rfd::AsyncFileDialog::new()
            .set_title(title)
            .add_filter(name, &[ext]);
        match directories::UserDirs::new() {
            Some(dirs) => d.set_directory(dirs.home_dir()),
            None => d,
        }
    }

    impl FilePicker for SystemPicker {
        fn save_as(
            &self,
            ctx: &egui::Context,
            title: &str,
            file_name: &str,
            filter: (&str, &str),
        ) -> Receiver<Option<Chosen>> {
            // The dialog is created here, on the window's thread (macOS
            // wants that), and awaited on another.
            answer(
                ctx,
                dialog_of(title, filter)
                    .set_file_name(file_name)
                    .save_file(),
            )
        }

        fn open_as(
            &self,
            ctx: &egui::Context,
            title: &str,
            filter: (&str, &str),
        ) -> Receiver<Option<Chosen>> {
            answer(ctx, dialog_of(title, filter).pick_file())
        }
    }

    /// Never: the desktop saves to paths.
    pub(super) fn download(_name: &str, _bytes: &[u8]) -> Result<(), String> {
        Err("no browser to download it".into())
    }
}
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use desktop::download;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser {
    use super::{Chosen, FilePicker, Place, SystemPicker};
    use std::sync::mpsc::{self, Receiver};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    impl FilePicker for SystemPicker {
        /// Saving is a download: the browser asks where, or puts it in
        /// the downloads folder, as the player has set it.
        fn save_as(
            &self,
            _ctx: &egui::Context,
            _title: &str,
            file_name: &str,
            _filter: (&str, &str),
        ) -> Receiver<Option<Chosen>> {
            super::answered(Some(Chosen(Place::Download(file_name.to_string()))))
        }

        /// Opening is an upload: the page's file chooser, then the file
        /// read.
        fn open_as(
            &self,
            ctx: &egui::Context,
            _title: &str,
            (_, ext): (&str, &str),
        ) -> Receiver<Option<Chosen>> {
            let (tx, rx) = mpsc::channel();
            if let Err(e) = choose(ctx.clone(), ext, tx.clone()) {
                tracing::warn!("no file chooser: {e}");
                let _ = tx.send(None);
            }
            rx
        }
    }

    fn choose(
        ctx: egui::Context,
        ext: &str,
        tx: mpsc::Sender<Option<Chosen>>,
    ) -> Result<(), String> {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let input: web_sys::HtmlInputElement = document
            .create_element("input")
            .map_err(|e| format!("{e:?}"))?
            .dyn_into()
            .map_err(|_| "not an input")?;
        input.set_type("file");
        input.set_accept(&format!(".{ext},.txt,text/plain"));
        let picked = input.clone();
        let on_change = Closure::once_into_js(move || {
            let file = picked.files().and_then(|list| list.get(0));
            let Some(file) = file else {
                let _ = tx.send(None);
                ctx.request_repaint();
                return;
            };
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                let bytes = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
                    .await
                    .ok()
                    .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec());
                let _ = tx.send(bytes.map(|b| Chosen(Place::Upload(name, b))));
                ctx.request_repaint();
            });
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        input.click();
        Ok(())
    }

    /// Offers `bytes` as a download named `name` (a link to a blob,
    /// clicked).
    pub(super) fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
        let failed = |e: wasm_bindgen::JsValue| format!("{e:?}");
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let parts = js_sys::Array::new();
        parts.push(&js_sys::Uint8Array::from(bytes));
        let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(failed)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
        let link: web_sys::HtmlAnchorElement = document
            .create_element("a")
            .map_err(failed)?
            .dyn_into()
            .map_err(|_| "not a link")?;
        link.set_href(&url);
        link.set_download(name);
        link.click();
        // The URL is kept: revoking it at once may cancel the download.
        Ok(())
    }
}
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use browser::download;
