//! Cờ nhảy for the play machinery: the `View` concerns, one impl each,
//! which hand each question to the module of this folder that answers it.

use super::animation::{self, Hop, LogLine, Marks};
use super::look::{arm_colour, arm_text_colour, arm_tint, draw_piece};
use super::tbl::{NhayApplied, NhayEvent, NhayReplica, Played};
use super::{CoNhayGame, Focus, Local, text};
use crate::app::play::cards::Card;
use crate::app::play::cues::Cue;
use crate::app::play::phase::Phase;
use crate::app::play::rule_sets::RuleSetAction;
use crate::app::play::stats_view::StatsTable;
use crate::app::play::{
    BoardView, Pace, Pacing, PanelView, PrefsView, SettingsOut, SettingsView, StatsView, ViewTypes,
    Words,
};
use crate::app::theme::Palette;
use ca_ngua_core::table::Controller;
use ca_ngua_data::co_nhay::stats::Stats;
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::Store;
use ca_ngua_i18n::{Arg, I18n};
use egui::{Color32, Painter, Pos2, Ui};
use game_co_nhay::CoNhay;
use game_co_nhay::engine::{Arm, Game as Engine, Holes, Move, Outcome, Position, Rules};

impl ViewTypes for CoNhay {
    type Marks = Marks;
    type Anim = Hop;
    type Log = LogLine;
    /// The player passing.
    type Notice = Arm;
    /// A piece, by its hole.
    type Pick = u8;
    /// A target: the move to it.
    type Hover = Move;
    type Focus = Focus;
    type Local = Local;

    fn finished(state: &Engine, seat: Arm) -> bool {
        state.finished().contains(seat)
    }

    fn has_begun(state: &Engine) -> bool {
        state.moves_played() > 0
    }
}

impl Pacing for CoNhay {
    /// People, and computer players by default: a chain is slow enough to
    /// follow hop by hop.
    const NORMAL: Pace = Pace {
        think: 0.45,
        pass: 1.6,
        dice: 0.0,
        step: 0.22,
        hop: 0.3,
        kick: 0.0,
    };
    const FAST: Pace = Pace {
        think: 0.08,
        pass: 0.6,
        dice: 0.0,
        step: 0.06,
        hop: 0.08,
        kick: 0.0,
    };

    fn marks_of(_shown: &NhayReplica) -> Marks {
        Marks::default()
    }

    fn follow(marks: &mut Marks, _ev: &NhayEvent, applied: &NhayApplied, _shown: &NhayReplica) {
        marks.follow(applied);
    }

    fn animation(
        _ev: &NhayEvent,
        applied: &NhayApplied,
        _before: &Position,
        _marks_before: &Marks,
        _marks: &Marks,
        now: f64,
        pace: &Pace,
    ) -> Option<(Hop, f64)> {
        animation::animation(applied, now, pace)
    }

    /// The sounds of an event shown: a tap per hop, a chime when someone
    /// finishes, the fanfare at the end.
    fn shown(play: &mut CoNhayGame, _ctx: &egui::Context, applied: &[NhayApplied], now: f64) {
        for a in applied {
            match a {
                NhayApplied::Played {
                    played: Played { effects, path },
                    ..
                } if !effects.mv.is_pass() => {
                    if let Some(hop) = play.presenter.anim()
                        && hop.path == *path
                    {
                        let hops = hop.path.len().saturating_sub(1);
                        let (start, segment, end) =
                            (hop.start, hop.segment, hop.start + hop.duration());
                        for k in 1..=hops {
                            play.cues.at(start + segment * k as f64, Cue::Step);
                        }
                        if !effects.finished.is_empty() && !effects.game_over {
                            play.cues.at(end, Cue::Home);
                        }
                    }
                }
                NhayApplied::Over(outcome) if outcome.winner().is_some() => {
                    play.cues.at(now, Cue::Win);
                }
                _ => {}
            }
        }
    }

    /// Nothing of Cờ nhảy's own lingers after a move is shown.
    fn forget_shown(_local: &mut Local) {}
}

impl BoardView for CoNhay {
    const BOARD_REGION: &'static str = "nhay-region-board";

    /// Choosing the chosen piece again puts it back; choosing a piece that
    /// can move shows the holes it reaches, and the keyboard goes on to
    /// them.
    fn select(play: &mut CoNhayGame, hole: u8, phase: Phase) {
        let moves = play.choosable_list(phase);
        if play.selected == Some(hole) {
            play.selected = None;
            play.focus = Some(Focus::Piece(hole));
        } else if moves.destinations(hole) != 0 {
            play.selected = Some(hole);
            play.focus = Holes(moves.destinations(hole)).next().map(Focus::Target);
        }
    }

    fn deselect(play: &mut CoNhayGame) {
        if let Some(hole) = play.selected.take() {
            play.focus = Some(Focus::Piece(hole));
        }
    }

    fn focus_play(play: &mut CoNhayGame, phase: Phase) {
        play.focus_next(phase);
    }

    fn focus_on_turn(play: &CoNhayGame, phase: Phase) -> Option<Focus> {
        play.choosable_list(phase)
            .pieces()
            .next()
            .map(|(from, _)| Focus::Piece(from))
    }

    fn seat_colours(seat: Arm, dark: bool) -> (Color32, Color32, Color32) {
        (
            arm_colour(seat),
            arm_text_colour(seat, dark),
            arm_tint(seat, dark),
        )
    }

    fn draw_piece(painter: &Painter, seat: Arm, at: Pos2, size: f32, pal: &Palette) {
        draw_piece(painter, seat, at, size * 0.9, pal);
    }

    fn board_ui(
        play: &mut CoNhayGame,
        ui: &mut Ui,
        i18n: &I18n,
        phase: Phase,
        now: f64,
        dark: bool,
    ) {
        play.star_ui(ui, i18n, phase, now, dark);
    }

    /// Tab and the arrows move between pieces and holes, Enter or Space
    /// chooses: egui's own focus keys; nothing more.
    fn keys_ui(_play: &mut CoNhayGame, _ui: &mut Ui, _phase: Phase) {}
}

impl PanelView for CoNhay {
    const PLAY_REGION: &'static str = "nhay-region-play";
    const LOG_ID: &'static str = "nhay-log";

    fn panel_ui(play: &mut CoNhayGame, ui: &mut Ui, i18n: &I18n, phase: Phase, _now: f64) {
        play.help_hint_ui(ui, i18n, phase);
    }

    fn choose_button(_play: &CoNhayGame, _phase: Phase) -> (&'static str, bool) {
        ("nhay-button-choose", false)
    }

    fn main_button_name(_play: &CoNhayGame, _i18n: &I18n, _phase: Phase) -> Option<String> {
        None
    }

    /// Who plays, pieces home or the place.
    fn card(play: &CoNhayGame, i18n: &I18n, seat: Arm, _now: f64) -> Card {
        let who = play.card_name(i18n, seat);
        let (status, brief) = match play.presenter.shown().game() {
            Some(game) => match game.finished().iter().position(|a| a == seat) {
                Some(p) => {
                    let place = Arg::from(text::place_name(i18n, p + 1));
                    (
                        i18n.t_args("nhay-card-finished", &[("place", place.clone())]),
                        i18n.t_args("nhay-strip-finished", &[("place", place)]),
                    )
                }
                None => {
                    let home = (game.position().pieces(seat) & seat.target().holes()).count_ones();
                    let total = game.position().pieces(seat).count_ones();
                    (
                        i18n.t_args("nhay-card-home", &[("n", Arg::from(home))]),
                        i18n.t_args(
                            "strip-home",
                            &[("home", Arg::from(home)), ("total", Arg::from(total))],
                        ),
                    )
                }
            },
            None => (String::new(), String::new()),
        };
        Card {
            band: None,
            who,
            status,
            tag: None,
            reserve: None,
            brief,
        }
    }

    fn results_ui(play: &CoNhayGame, ui: &mut Ui, i18n: &I18n, outcome: &Outcome, dark: bool) {
        play.results_ui(ui, i18n, outcome, dark);
    }
}

impl Words for CoNhay {
    fn log_entries(applied: &NhayApplied, shown: &NhayReplica) -> Vec<LogLine> {
        animation::log_lines(applied, shown)
    }

    fn notice(_shown: &NhayReplica, seat: Arm) -> Arm {
        seat
    }

    fn turn_key(phase: Phase) -> Option<&'static str> {
        (phase == Phase::Choose).then_some("nhay-announce-turn")
    }

    /// The moves of others (a person here heard their own choice),
    /// finishers, the end.
    fn about(play: &CoNhayGame, i18n: &I18n, applied: &NhayApplied) -> Option<(String, bool)> {
        let shown = play.presenter.shown();
        match applied {
            NhayApplied::Played {
                played: Played { effects, .. },
                ..
            } => {
                let lines = animation::log_lines(applied, shown);
                let skip = usize::from(play.is_here(effects.mover) && !effects.mv.is_pass());
                let said: Vec<String> = lines
                    .iter()
                    .skip(skip)
                    .map(|l| text::log_text(i18n, l))
                    .collect();
                (!said.is_empty()).then(|| (said.join(". "), false))
            }
            NhayApplied::Over(outcome) => {
                let mut lines = vec![i18n.t("nhay-announce-over")];
                lines.extend(text::standings(i18n, outcome));
                Some((lines.join(". "), false))
            }
            NhayApplied::SeatNews(_) => {
                let said: Vec<String> = animation::log_lines(applied, shown)
                    .iter()
                    .map(|l| text::log_text(i18n, l))
                    .collect();
                (!said.is_empty()).then(|| (said.join(". "), false))
            }
            NhayApplied::Started
            | NhayApplied::Seats
            | NhayApplied::Rolled(_)
            | NhayApplied::Again { .. }
            | NhayApplied::Noted => None,
        }
    }

    fn colour(i18n: &I18n, seat: Arm) -> String {
        text::colour(i18n, seat)
    }

    fn move_words(i18n: &I18n, state: &Engine, mv: Move) -> String {
        let jumps = mv
            .ends()
            .filter(|(a, b)| game_co_nhay::engine::board::hex_distance(*a, *b) > 1)
            .and_then(|(a, b)| {
                <CoNhay as ca_ngua_core::game::Game>::position(state).jump_path(a, b)
            })
            .map_or(0, |p| p.len().saturating_sub(1));
        text::move_text(i18n, mv, jumps)
    }

    fn log_text(i18n: &I18n, line: &LogLine, numbers: bool) -> String {
        if numbers {
            text::log_text(i18n, line)
        } else {
            text::log_text_plain(i18n, line)
        }
    }

    fn standings(i18n: &I18n, outcome: &Outcome) -> Vec<String> {
        text::standings(i18n, outcome)
    }
}

impl PrefsView for CoNhay {
    fn prefs_rules(prefs: &Prefs) -> Rules {
        prefs.games.co_nhay.rules
    }

    fn prefs_seats(prefs: &Prefs) -> Vec<Arm> {
        prefs.games.co_nhay.seating().arms().collect()
    }

    fn prefs_controllers(prefs: &Prefs) -> Vec<Controller> {
        prefs.games.co_nhay.controllers().to_vec()
    }

    fn keep_table_prefs(new: &mut Prefs, old: &Prefs) {
        new.games.co_nhay.player_count = old.games.co_nhay.player_count;
        new.games.co_nhay.rules = old.games.co_nhay.rules;
    }

    fn fast_bots(prefs: &Prefs) -> bool {
        prefs.games.co_nhay.fast_bots
    }

    /// No dice to roll.
    fn auto_roll(_prefs: &Prefs) -> bool {
        false
    }

    fn auto_move(_prefs: &Prefs) -> bool {
        false
    }
}

impl SettingsView for CoNhay {
    fn rules_ui(rules: &Rules, ui: &mut Ui, i18n: &I18n) {
        super::windows::rules_ui(rules, ui, i18n);
    }

    fn settings_ui(
        _play: &mut CoNhayGame,
        ui: &mut Ui,
        i18n: &I18n,
        prefs: &mut Prefs,
    ) -> SettingsOut {
        SettingsOut {
            changed: super::settings::settings_ui(ui, i18n, &mut prefs.games.co_nhay),
            actions: Vec::new(),
            opened_window: false,
        }
    }

    /// Cờ nhảy has no saved rule sets in the app yet.
    fn rule_set_action(
        _play: &mut CoNhayGame,
        _action: RuleSetAction,
        _prefs: &Prefs,
        _store: &Store,
        _i18n: &I18n,
    ) {
    }

    fn import_code(
        _play: &mut CoNhayGame,
        _text: &str,
        _store: &Store,
        i18n: &I18n,
    ) -> Result<String, String> {
        Err(i18n.t("code-error-not-a-code"))
    }

    fn windows_ui(_play: &mut CoNhayGame, _ctx: &egui::Context, _i18n: &I18n, _prefs: &Prefs) {}
}

impl StatsView for CoNhay {
    fn count(
        stats: &mut Stats,
        local: &mut Local,
        applied: &NhayApplied,
        _counted: &NhayReplica,
        controllers: &[Controller],
        result: bool,
    ) {
        match applied {
            NhayApplied::Started => local.moves_by_arm = Default::default(),
            NhayApplied::Played { played, .. } => {
                let effects = &played.effects;
                let arm = effects.mover;
                if let Some(n) = local.moves_by_arm.get_mut(arm.index()) {
                    *n += 1;
                }
                if !effects.mv.is_pass() {
                    let controller = controllers
                        .get(arm.index())
                        .copied()
                        .unwrap_or(Controller::Here);
                    stats.record_move(arm, controller, played.jumps());
                }
            }
            NhayApplied::Over(outcome) if result => {
                let winner_moves = outcome.winner().map(|w| local.moves_by_arm[w.index()]);
                stats.record_game(controllers, outcome, winner_moves);
            }
            _ => {}
        }
    }

    fn stats_table(stats: &Stats, i18n: &I18n, _rules: &Rules) -> StatsTable {
        super::windows::stats_table(stats, i18n)
    }

    fn stats_extra_ui(_stats: &Stats, _ui: &mut Ui, _i18n: &I18n, _dark: bool) {}
}
