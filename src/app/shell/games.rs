//! The shell's screens: one per game of [`GameKind::ALL`](ca_ngua_games::GameKind::ALL),
//! each built by code written once over the `View` trait
//! (`new_fields!` writes the field of each game).

use crate::app::play::screen::{Screens, Thinking};
use crate::app::play::{Play, View, thread_runner};
use ca_ngua_core::table::{BotJob, InlineRunner, Runner};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::{Store, StoreNotice};

fn runner<V: View>(thinking: &Thinking) -> Box<dyn Runner<BotJob<V>>> {
    match thinking {
        Thinking::Inline => Box::new(InlineRunner::default()),
        Thinking::Threads(ctx) => thread_runner::<V>(ctx.as_ref()),
    }
}

fn new_screen<V: View>(prefs: &Prefs, thinking: &Thinking) -> Play<V> {
    let table = V::new_table(prefs, runner::<V>(thinking));
    let mut play = Play::<V>::new(table, Default::default(), false);
    play.set_thinking(thinking);
    play
}

/// A new game of every game, from the settings.
pub(super) fn new_screens(prefs: &Prefs, thinking: &Thinking) -> Screens {
    ca_ngua_games::new_fields!(Screens, G => new_screen::<G>(prefs, thinking))
}

fn screen_from_store<V: View>(
    store: &Store,
    prefs: &Prefs,
    thinking: &Thinking,
    found: &mut Vec<StoreNotice>,
) -> Play<V> {
    let (saved, n) = store.load_game::<V>(runner::<V>(thinking));
    found.extend(n);
    let (stats, n) = store.load_stats::<V>();
    found.extend(n);
    let mut play = match saved {
        Some(g) => Play::<V>::new(g.table, stats, g.result_recorded),
        None => Play::<V>::new(V::new_table(prefs, runner::<V>(thinking)), stats, false),
    };
    play.set_thinking(thinking);
    found.extend(V::restore(&mut play, store));
    play
}

/// Every game as the player left it, with what was wrong with its files.
pub(super) fn screens_from_store(
    store: &Store,
    prefs: &Prefs,
    thinking: &Thinking,
) -> (Screens, Vec<StoreNotice>) {
    let mut found = Vec::new();
    let screens = ca_ngua_games::new_fields!(Screens, G => screen_from_store::<G>(store, prefs, thinking, &mut found));
    (screens, found)
}
