//! Cờ Cá Ngựa for the play machinery: the `View` concerns, one impl each,
//! which hand each question to the module of this folder that answers it.

use super::animation::{self, Anim, PassNotice};
use super::commands::Hover;
use super::log::{self, LogEntry};
use super::marks::Marks;
use super::tbl::{Applied, Event, Played, Replica};
use super::{CaNguaGame, Local, board_view, text};
use crate::app::ca_ngua::colours::{seat_colour, seat_text_colour, seat_tint};
use crate::app::play::cards::Card;
use crate::app::play::phase::Phase;
use crate::app::play::rule_sets::RuleSetAction;
use crate::app::play::stats_view::StatsTable;
use crate::app::play::{
    BoardView, Pace, Pacing, PanelView, PlayIntent, PrefsView, SettingsOut, SettingsView,
    StatsView, ViewTypes, Words,
};
use crate::app::theme::Palette;
use ca_ngua_core::table::Controller;
use ca_ngua_data::ca_ngua::stats::Stats;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::I18n;
use egui::{Color32, Painter, Pos2, Ui};
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Outcome, Position, Rules, Seat};
use game_ca_ngua::game::Match;
use std::time::Duration;

impl CaNguaGame {
    /// The number of the horse of the first move a person may choose.
    fn first_horse_to_move(&self, phase: Phase) -> Option<u8> {
        let m = *self.choosable_moves(phase).first()?;
        let seat = self.mover()?;
        self.presenter
            .marks()
            .herd
            .numbers_at(seat, m.from)
            .first()
            .copied()
    }
}

impl ViewTypes for CaNgua {
    type Marks = Marks;
    type Anim = Anim;
    type Log = LogEntry;
    type Notice = PassNotice;
    /// A horse, by where it stands and its number.
    type Pick = (u8, u8);
    type Hover = Hover;
    /// A horse, by its number.
    type Focus = u8;
    type Local = Local;

    fn finished(state: &Match, seat: Seat) -> bool {
        let (pos, rules) = (state.position(), state.rules());
        // With teams a player who is home plays on for its partner.
        pos.is_finished(seat, rules) && (!rules.teams || pos.is_finished(seat.partner(), rules))
    }

    fn has_begun(state: &Match) -> bool {
        state.rolls() > 0
    }
}

impl Pacing for CaNgua {
    const NORMAL: Pace = Pace {
        think: 0.4,
        pass: 1.6,
        dice: 0.6,
        step: 0.12,
        hop: 0.12,
        kick: 0.35,
    };
    const FAST: Pace = Pace {
        think: 0.08,
        pass: 0.7,
        dice: 0.12,
        step: 0.03,
        hop: 0.03,
        kick: 0.12,
    };

    fn marks_of(shown: &Replica) -> Marks {
        Marks::of(shown)
    }

    fn follow(marks: &mut Marks, ev: &Event, applied: &Applied, shown: &Replica) {
        marks.follow(ev, applied, shown);
    }

    fn animation(
        ev: &Event,
        applied: &Applied,
        before: &Position,
        marks_before: &Marks,
        marks: &Marks,
        now: f64,
        pace: &Pace,
    ) -> Option<(Anim, f64)> {
        animation::animation(ev, applied, before, marks_before, marks, now, pace)
    }

    fn shown(play: &mut CaNguaGame, ctx: &egui::Context, applied: &[Applied], now: f64) {
        for (k, a) in applied.iter().enumerate() {
            // Only the last event shown can be the one walking now.
            let walk = match play.presenter.anim() {
                Some(Anim::Move(m)) if k + 1 == applied.len() => Some(m.clone()),
                _ => None,
            };
            play.local
                .feedback
                .shown(&mut play.cues, a, walk.as_ref(), now);
        }
        match play.local.feedback.tick(now) {
            Some(at) if at <= now => ctx.request_repaint(),
            Some(at) => ctx.request_repaint_after(Duration::from_secs_f64(at - now)),
            None => {}
        }
    }

    fn forget_shown(local: &mut Local) {
        local.feedback = Default::default();
    }
}

impl BoardView for CaNgua {
    const BOARD_REGION: &'static str = "region-board";

    fn select(play: &mut CaNguaGame, (from, number): (u8, u8), phase: Phase) {
        if let Some(seat) = play.mover() {
            play.presenter.marks_mut().prefer = Some((seat, from, number));
        }
        let moves: Vec<_> = play
            .choosable_moves(phase)
            .into_iter()
            .filter(|m| m.from == from)
            .collect();
        match moves.as_slice() {
            [only] => play.send(ca_ngua_core::table::Command::Move(*only)),
            [] => {}
            _ => play.selected = Some(from),
        }
    }

    fn deselect(play: &mut CaNguaGame) {
        play.selected = None;
    }

    fn focus_play(play: &mut CaNguaGame, phase: Phase) {
        play.focus_main = true;
        if phase == Phase::Choose && play.choosable_moves(phase).len() > 1 {
            play.focus_main = false;
            play.focus = play.first_horse_to_move(phase);
        }
    }

    fn focus_on_turn(play: &CaNguaGame, phase: Phase) -> Option<u8> {
        if phase == Phase::Choose && play.choosable_moves(phase).len() > 1 {
            play.first_horse_to_move(phase)
        } else {
            None
        }
    }

    fn seat_colours(seat: Seat, dark: bool) -> (Color32, Color32, Color32) {
        (
            seat_colour(seat),
            seat_text_colour(seat, dark),
            seat_tint(seat, dark),
        )
    }

    fn draw_piece(painter: &Painter, seat: Seat, at: Pos2, size: f32, pal: &Palette) {
        super::paint::draw_horse(painter, seat, at, size, pal);
    }

    fn board_ui(
        play: &mut CaNguaGame,
        ui: &mut Ui,
        i18n: &I18n,
        phase: Phase,
        now: f64,
        dark: bool,
    ) {
        let mut input = play.board_input(i18n, phase, now, dark);
        if ui.ctx().text_edit_focused() {
            input.focus_horse = None; // never take the focus from typing
        }
        play.focus_given();
        let (action, hovered) = board_view::board_ui_with_hover(ui, &input);
        play.hover_board(hovered);
        match action {
            Some(board_view::BoardAction::Select { from, number }) => {
                play.ask(PlayIntent::Select((from, number)));
            }
            Some(board_view::BoardAction::Move(m)) => play.ask(PlayIntent::Move(m)),
            Some(board_view::BoardAction::Roll) => play.ask(PlayIntent::RollOrMove),
            None => {}
        }
    }

    fn keys_ui(play: &mut CaNguaGame, ui: &mut Ui, phase: Phase) {
        play.digit_keys_ui(ui, phase);
    }
}

impl PanelView for CaNgua {
    const PLAY_REGION: &'static str = "region-play";
    const LOG_ID: &'static str = "log";

    fn panel_ui(play: &mut CaNguaGame, ui: &mut Ui, i18n: &I18n, phase: Phase, now: f64) {
        play.dice_moves_ui(ui, i18n, phase, now);
    }

    fn choose_button(play: &CaNguaGame, phase: Phase) -> (&'static str, bool) {
        if play.choosable_moves(phase).len() == 1 {
            ("button-move", true)
        } else {
            ("button-choose", false)
        }
    }

    fn main_button_name(play: &CaNguaGame, i18n: &I18n, phase: Phase) -> Option<String> {
        play.only_move_name(i18n, phase)
    }

    fn card(play: &CaNguaGame, i18n: &I18n, seat: Seat, now: f64) -> Card {
        super::cards::card(play, i18n, seat, now)
    }

    fn card_groups(
        play: &CaNguaGame,
        i18n: &I18n,
        seats: Vec<Seat>,
    ) -> Vec<(Option<String>, Vec<Seat>)> {
        super::cards::card_groups(play, i18n, seats)
    }

    fn results_ui(play: &CaNguaGame, ui: &mut Ui, i18n: &I18n, outcome: &Outcome, dark: bool) {
        play.results_ui(ui, i18n, outcome, dark);
    }
}

impl Words for CaNgua {
    fn log_entries(applied: &Applied, shown: &Replica) -> Vec<LogEntry> {
        log::entries(applied, shown)
    }

    fn notice(shown: &Replica, seat: Seat) -> PassNotice {
        animation::notice(shown, seat)
    }

    fn turn_key(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Roll).then_some("announce-turn")
    }

    fn about(play: &CaNguaGame, i18n: &I18n, applied: &Applied) -> Option<(String, bool)> {
        let controllers = play.source.controllers();
        super::announce::about(i18n, applied, play.presenter.shown(), &controllers)
    }

    fn colour(i18n: &I18n, seat: Seat) -> String {
        text::colour(i18n, seat)
    }

    fn move_words(i18n: &I18n, state: &Match, mv: game_ca_ngua::engine::Move) -> String {
        let seat = <CaNgua as ca_ngua_core::game::Game>::turn(state).unwrap_or(Seat::Red);
        text::move_text(i18n, seat, mv)
    }

    fn log_text(i18n: &I18n, line: &LogEntry, _numbers: bool) -> String {
        text::log_text(i18n, line)
    }

    fn standings(i18n: &I18n, outcome: &Outcome) -> Vec<String> {
        text::standings(i18n, outcome)
    }
}

impl PrefsView for CaNgua {
    fn prefs_rules(prefs: &Prefs) -> Rules {
        prefs.games.ca_ngua.rules
    }

    fn prefs_seats(prefs: &Prefs) -> Vec<Seat> {
        prefs.games.ca_ngua.seats()
    }

    fn prefs_controllers(prefs: &Prefs) -> Vec<Controller> {
        prefs.games.ca_ngua.controllers().to_vec()
    }

    fn keep_table_prefs(new: &mut Prefs, old: &Prefs) {
        let (new, old) = (&mut new.games.ca_ngua, &old.games.ca_ngua);
        new.player_count = old.player_count;
        new.rules = old.rules;
    }

    fn fast_bots(prefs: &Prefs) -> bool {
        prefs.games.ca_ngua.fast_bots
    }

    fn auto_roll(prefs: &Prefs) -> bool {
        prefs.games.ca_ngua.auto_roll
    }

    fn auto_move(prefs: &Prefs) -> bool {
        prefs.games.ca_ngua.auto_move
    }
}

impl SettingsView for CaNgua {
    fn rules_ui(rules: &Rules, ui: &mut Ui, i18n: &I18n) {
        super::windows::rules_ui(rules, ui, i18n);
    }

    fn settings_ui(
        play: &mut CaNguaGame,
        ui: &mut Ui,
        i18n: &I18n,
        prefs: &mut Prefs,
    ) -> SettingsOut {
        let sets = play.local.rule_sets.clone();
        let out = super::settings::settings_ui(
            ui,
            i18n,
            &mut prefs.games.ca_ngua,
            &sets,
            &mut play.local.rules_edit,
        );
        let opened_window = out.try_rules.is_some();
        if let Some(source) = out.try_rules {
            play.local.try_rules = Some(super::try_rules::TryWindow {
                source,
                panel: super::try_rules::TryRulesPanel::default(),
            });
        }
        SettingsOut {
            changed: out.changed,
            actions: out.actions,
            opened_window,
        }
    }

    fn rule_set_action(
        play: &mut CaNguaGame,
        action: RuleSetAction,
        prefs: &Prefs,
        store: &Store,
        i18n: &I18n,
    ) {
        play.rule_set_action(action, prefs.games.ca_ngua.rules, store, i18n);
    }

    fn import_code(
        play: &mut CaNguaGame,
        text: &str,
        store: &Store,
        i18n: &I18n,
    ) -> Result<String, String> {
        play.import_code(text, store, i18n)
    }

    fn restore(play: &mut CaNguaGame, store: &Store) -> Vec<ca_ngua_data::store::StoreNotice> {
        let (rule_sets, notices) = store.rule_sets::<CaNgua>();
        play.set_rule_sets(rule_sets);
        play.set_export_path(super::rule_sets::default_export_path());
        notices
    }

    fn windows_ui(play: &mut CaNguaGame, ctx: &egui::Context, i18n: &I18n, prefs: &Prefs) {
        super::try_window::try_rules_window(play, ctx, i18n, &prefs.games.ca_ngua);
    }
}

impl StatsView for CaNgua {
    fn count(
        stats: &mut Stats,
        _local: &mut Local,
        applied: &Applied,
        counted: &Replica,
        controllers: &[Controller],
        result: bool,
    ) {
        match applied {
            Applied::Rolled(p) => stats.record_roll(p.roll),
            Applied::Played {
                played: Played { effects, thau_ma },
                ..
            } => stats.record_move(controllers, effects, *thau_ma),
            Applied::Over(outcome) if result => {
                let seats: Vec<Seat> = counted.seats().iter().map(|s| s.seat).collect();
                if counted.rules().teams {
                    stats.record_team_game(&seats, controllers, outcome);
                } else {
                    stats.record_game(&seats, controllers, outcome);
                }
            }
            _ => {}
        }
    }

    fn stats_table(stats: &Stats, i18n: &I18n, rules: &Rules) -> StatsTable {
        super::stats_view::stats_table(stats, i18n, rules)
    }

    fn stats_extra_ui(stats: &Stats, ui: &mut Ui, i18n: &I18n, dark: bool) {
        super::stats_view::dice_ui(ui, i18n, stats, dark);
    }
}
