//! Helpers for the app's tests through its accessibility tree
//! (egui_kittest): what a screen reader reads, what is shown, stepping
//! until something holds.

use ca_ngua::app::play::replay::{AnyReplay, Replay};
use ca_ngua::app::{App, setup_context};
use ca_ngua_data::prefs::Look;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, NodeT, Queryable};
use game_ca_ngua::CaNgua;

/// The app's window in a test: what differs between the tests' harnesses.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    /// The window's size, in points.
    pub size: egui::Vec2,
    /// The time a step advances, in seconds.
    pub step_dt: f32,
    /// The most steps `run` takes before it gives up.
    pub max_steps: u64,
    /// Check the first frame's accessibility (AccessKit's rules).
    pub check_accessibility: bool,
}

impl Window {
    /// 1200×800, a tenth of a second a step, kittest's 4 steps for `run`,
    /// no accessibility check.
    pub const DEFAULT: Window = Window {
        size: egui::Vec2::new(1200.0, 800.0),
        step_dt: 0.1,
        max_steps: 4,
        check_accessibility: false,
    };
}

impl Window {
    /// A panel's window of `size`, with kittest's own steps (a quarter of a
    /// second each, 4 for `run`).
    pub const fn panel(size: egui::Vec2) -> Window {
        Window {
            size,
            step_dt: 0.25,
            max_steps: 4,
            check_accessibility: false,
        }
    }
}

/// `state` in a harness of `window`, in the light look, drawn by `draw`
/// each frame: the one harness of the app's tests, for the whole app
/// ([`harness`]) or one of its panels.
pub fn harness_of<S>(
    state: S,
    window: Window,
    draw: impl FnMut(&mut egui::Ui, &mut S) + 'static,
) -> Harness<'static, S> {
    Harness::builder()
        .with_size(window.size)
        .with_step_dt(window.step_dt)
        .with_max_steps(window.max_steps)
        .with_context_setup(|ctx| setup_context(ctx, Look::Light))
        .build_ui_state(draw, state)
}

/// The app in a harness of `window` ([`harness_of`]), after its first
/// frame.
pub fn harness(app: App, window: Window) -> Harness<'static, App> {
    let mut h = harness_of(app, window, |ui, app: &mut App| app.frame_ui(ui));
    h.step();
    if window.check_accessibility {
        h.check_accessibility();
    }
    h
}

/// The frame's clock now (egui's `input.time`), in seconds.
pub fn clock<S>(h: &Harness<'_, S>) -> f64 {
    h.ctx.input(|i| i.time)
}

/// Sets the frame's clock to `t` and draws a frame: the app's counts and
/// shows read that clock, not the wall's.
pub fn at_time<S>(h: &mut Harness<'_, S>, t: f64) {
    h.input_mut().time = Some(t);
    h.step();
}

/// Every node below `n`, `n` first.
pub fn all_nodes<'t>(n: AccessKitNode<'t>, out: &mut Vec<AccessKitNode<'t>>) {
    out.push(n);
    for c in n.children() {
        all_nodes(c, out);
    }
}

/// The name a screen reader reads: the label, or a text's value.
pub fn name(n: &AccessKitNode<'_>) -> String {
    match n.role() {
        Role::Label | Role::TextRun => n.value().unwrap_or_default(),
        _ => n.label().unwrap_or_default(),
    }
}

/// Nodes with a role (not a plain container) that have no name.
pub fn unnamed<S>(h: &Harness<'_, S>) -> Vec<String> {
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    nodes
        .iter()
        .filter(|n| !matches!(n.role(), Role::GenericContainer | Role::TextRun))
        .filter(|n| name(n).trim().is_empty())
        .map(|n| format!("{:?} at {:?}", n.role(), n.raw_bounds()))
        .collect()
}

/// The name of the node with the keyboard focus.
pub fn focused_name<S>(h: &Harness<'_, S>) -> Option<String> {
    let mut nodes = Vec::new();
    all_nodes(h.root().accesskit_node(), &mut nodes);
    nodes.iter().find(|n| n.is_focused()).map(name)
}

/// True when some node shows `text` (as its name or its value).
pub fn shows<S>(h: &Harness<'_, S>, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

/// Steps until `done` holds of the state (or panics after `max` steps).
/// Computer players decide inline: nothing to wait for.
pub fn step_until<S>(h: &mut Harness<'_, S>, max: usize, done: impl Fn(&S) -> bool) {
    for _ in 0..max {
        if done(h.state()) {
            return;
        }
        h.step();
    }
    assert!(done(h.state()), "not reached in {max} steps");
}

/// Opens a record's text in the replay window the way a player does:
/// Statistics, "Paste a record…", the text, "Open the record".
pub fn open_pasted_record(h: &mut Harness<'_, App>, text: &str) {
    h.get_by_label("Statistics").click_accesskit();
    h.run_steps(3);
    h.get_by_label("Paste a record…").click_accesskit();
    h.run_steps(3);
    h.get_by_role_and_label(Role::MultilineTextInput, "Game record")
        .set_text_value_accesskit(text);
    h.run_steps(2);
    h.get_by_label("Open the record").click_accesskit();
    h.run_steps(3);
}

/// The replay window's game of Cờ Cá Ngựa.
pub fn replay<'a>(h: &'a Harness<'_, App>) -> &'a Replay<CaNgua> {
    match h.state().replay().expect("a replay window") {
        AnyReplay::CaNgua(r) => r,
        AnyReplay::CoNhay(_) => panic!("a game of Cờ Cá Ngựa"),
    }
}
