//! Helpers for the app's tests through its accessibility tree
//! (egui_kittest): what a screen reader reads, what is shown, stepping
//! until something holds.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, NodeT, Queryable};

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
