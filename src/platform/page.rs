//! The browser page around the app: the page's canvas
//! (`<canvas id="ca-ngua">`, as `scripts/web.sh` writes `index.html`), the
//! browser's language, and a room's link in the address's fragment
//! (`#join=CODE&name=NAME`, `#watch=CODE`) read as a join link on the
//! server that served the page. The fragment is then taken off the
//! address, so a reload comes back to the seat (kept in the browser's
//! storage) rather than join again. What runs on the canvas is what the
//! program's start hands [`start`] (`crate::start`): this module never
//! names the app.
//!
//! The page shows its own loading screen (`#loading`, assets/web/) while
//! the program downloads and compiles; the game takes it away when its
//! first frame is drawn, or has it say that the game could not start.
//!
//! The log goes to the browser's console, each line `ca-ngua: …`: the
//! first frame's time since the page's start (`performance.now()`), each
//! computer decision's time, a room joined, a game over (the browser
//! tests of `scripts/web.sh test` read these).

use ca_ngua_protocol::PlayLink;
use wasm_bindgen::JsCast;

/// The id of the canvas the page gives the game.
pub const CANVAS_ID: &str = "ca-ngua";

/// The id of the page's loading screen (assets/web/index.html).
const LOADING_ID: &str = "loading";

/// Sends the log to the browser's console, a line a message.
pub fn log_to_console() {
    let _ = tracing_subscriber::fmt()
        .without_time()
        .with_target(false)
        .with_level(false)
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .with_writer(Console)
        .try_init();
}

/// The browser's language (`navigator.language`), empty when it says none.
pub fn language() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default()
}

/// Runs what `app` makes on the page's canvas: the canvas's WebGL context
/// made first, a finger's taps on text fields bringing the keyboard, the
/// canvas kept in the screen's pixels, and the loading screen taken away
/// at the first frame (or saying the game could not start).
pub fn start(app: eframe::AppCreator<'static>) {
    wasm_bindgen_futures::spawn_local(async move {
        let Some(canvas) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(CANVAS_ID))
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            tracing::error!("the page has no canvas #{CANVAS_ID}");
            return;
        };
        without_multisampling(&canvas);
        keyboard_on_touch(&canvas);
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(move |cc| {
                    let app = app(cc)?;
                    Ok(Box::new(Page {
                        app,
                        drawn: false,
                        frames: 0,
                    }))
                }),
            )
            .await;
        if let Err(e) = started {
            tracing::error!("the game could not start: {e:?}");
            loading_screen(Some("failed"));
        }
    });
}

/// The room the page's address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomLink {
    /// The app's join link: the invite page's address on this server.
    pub join: String,
    /// To watch the room rather than take a seat.
    pub watch: bool,
    /// The name to join with, if the link gives one.
    pub name: Option<String>,
}

/// The room the page's address asks for; the fragment is taken off the
/// address.
pub fn room_link() -> Option<RoomLink> {
    let window = web_sys::window()?;
    let location = window.location();
    let hash = location.hash().ok()?;
    let parsed = PlayLink::from_fragment(&hash)?;
    if let (Ok(history), Ok(path)) = (window.history(), location.pathname()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    let link = match parsed {
        Ok(link) => link,
        Err(e) => {
            tracing::warn!("the page's address names no room: {e:?}");
            return None;
        }
    };
    let origin = location.origin().ok()?;
    let watch = if link.watch { "?watch" } else { "" };
    Some(RoomLink {
        join: format!("{origin}/join/{}{watch}", link.room),
        watch: link.watch,
        name: link.name,
    })
}

/// The page's loading screen: to say `state` (one of its sentences,
/// assets/web/index.html), or taken away (`None`).
fn loading_screen(state: Option<&str>) {
    let Some(screen) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(LOADING_ID))
    else {
        return;
    };
    match state {
        Some(state) => {
            let _ = screen.set_attribute("data-state", state);
        }
        None => screen.remove(),
    }
}

/// Puts the keyboard on the game's canvas.
pub fn focus_canvas() {
    let canvas = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(CANVAS_ID))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(canvas) = canvas {
        let _ = canvas.focus();
    }
}

/// Makes the canvas's WebGL context before eframe asks for one, without
/// the browser's multisampling (WebGL's default, four samples a pixel) and
/// without a depth buffer: egui smooths its own edges and draws no depth,
/// so these only cost, on a phone's screen of three million pixels most
/// of all (and in the browser tests, drawn in software, most of their
/// time). eframe's own request then gets this context: a canvas keeps the
/// first context made on it. WebGL 2 where the browser has it, else 1, in
/// eframe's order.
fn without_multisampling(canvas: &web_sys::HtmlCanvasElement) {
    let options = js_sys::Object::new();
    for (key, value) in [("antialias", false), ("depth", false), ("stencil", false)] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &value.into());
    }
    for kind in ["webgl2", "webgl"] {
        if let Ok(Some(_)) = canvas.get_context_with_context_options(kind, &options) {
            return;
        }
    }
}

thread_local! {
    /// egui's word, last frame, that the pointer (a finger, on a touch
    /// screen) is over text that can be edited.
    static TEXT_UNDER_FINGER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A phone's keyboard for a tap on a text field. eframe gives the keyboard
/// (its hidden text input's focus) only while the canvas has the page's
/// focus, and a finger never gives the canvas focus (eframe cancels the
/// touch's default actions, focus among them): a tap on the join dialog's
/// name field brought no keyboard. So a touch gives the canvas the focus,
/// as a mouse's press does; and a finger lifted over a text field (egui
/// said so the frame the finger landed) gives the text input the focus at
/// once, within the tap: a phone shows its keyboard only for a focus a
/// person's gesture made.
fn keyboard_on_touch(canvas: &web_sys::HtmlCanvasElement) {
    use wasm_bindgen::closure::Closure;
    let landed = {
        let canvas = canvas.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            let focused = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element());
            let input = canvas.next_element_sibling();
            let ours =
                focused.is_some_and(|f| f == **canvas || input.as_ref().is_some_and(|i| f == *i));
            if !ours {
                focus_in_place(&canvas);
            }
        })
    };
    let lifted = {
        let canvas = canvas.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            if !TEXT_UNDER_FINGER.with(std::cell::Cell::get) {
                return;
            }
            if let Some(input) = canvas
                .next_element_sibling()
                .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                focus_in_place(&input);
            }
        })
    };
    for (event, listener) in [("touchstart", landed), ("touchend", lifted)] {
        let _ = canvas.add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
        // The page's listeners live as long as the page.
        listener.forget();
    }
}

/// Gives `element` the page's focus without scrolling the page to it.
fn focus_in_place(element: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = element.focus_with_options(&options);
}

/// Keeps the canvas as many pixels wide and high as the screen's pixels
/// under it. eframe sizes it from the browser's `devicePixelContentBoxSize`
/// and lays egui out for that size divided by `devicePixelRatio`; where a
/// browser reports that box in CSS pixels (Chromium's phone emulation at
/// scale 3 says 390 × 844 for a screen of 390 × 844 CSS pixels), the game
/// was laid out for a screen a third as wide, everything three times as
/// large and most of it off the screen. The canvas then gets its CSS size
/// times the pixel ratio, and the next frame is laid out for it. Where the
/// two agree (within a pixel ratio's rounding), nothing is changed.
fn canvas_in_device_pixels(ctx: &egui::Context) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let ratio = window.device_pixel_ratio();
    let Some(canvas) = window
        .document()
        .and_then(|d| d.get_element_by_id(CANVAS_ID))
        .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
    else {
        return;
    };
    let want = |css: i32| (f64::from(css) * ratio).round();
    let (width, height) = (want(canvas.client_width()), want(canvas.client_height()));
    let off = |have: u32, want: f64| (f64::from(have) - want).abs() > ratio.ceil() + 1.0;
    if width > 0.0 && (off(canvas.width(), width) || off(canvas.height(), height)) {
        canvas.set_width(width as u32);
        canvas.set_height(height as u32);
        ctx.request_repaint();
    }
}

/// The app on the page: it says when its first frame is drawn, and
/// counts its frames where the page's script can read them
/// (`window.caNguaFrames`: the browser tests check that an idle page
/// draws none).
struct Page {
    app: Box<dyn eframe::App>,
    drawn: bool,
    frames: u32,
}

impl eframe::App for Page {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        canvas_in_device_pixels(ui.ctx());
        self.app.ui(ui, frame);
        let editable = ui.ctx().output(|o| o.mutable_text_under_cursor);
        TEXT_UNDER_FINGER.with(|t| t.set(editable));
        self.frames = self.frames.wrapping_add(1);
        if let Some(window) = web_sys::window() {
            let _ = js_sys::Reflect::set(&window, &"caNguaFrames".into(), &self.frames.into());
        }
        if !self.drawn {
            self.drawn = true;
            let now = web_sys::window()
                .and_then(|w| w.performance())
                .map_or(0.0, |p| p.now());
            tracing::info!("first frame at {now:.0} ms");
            loading_screen(None);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// The browser's console, a line per message: `ca-ngua: …`.
#[derive(Clone, Copy, Debug)]
struct Console;

/// One message, said to the console when written whole.
struct ConsoleLine(Vec<u8>);

impl std::io::Write for ConsoleLine {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for ConsoleLine {
    fn drop(&mut self) {
        let text = String::from_utf8_lossy(&self.0);
        let line = format!("ca-ngua: {}", text.trim_end());
        web_sys::console::log_1(&line.into());
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Console {
    type Writer = ConsoleLine;

    fn make_writer(&'a self) -> ConsoleLine {
        ConsoleLine(Vec::new())
    }
}
