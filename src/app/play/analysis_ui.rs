//! The analysis of a recorded game, beside its replay (docs/ANALYSIS.md):
//! started by the player, run on a thread of its own with a progress bar
//! and a cancel button, then a win-chance graph of the whole game (click a
//! point to go to that step), each player's skill lost and luck in words,
//! and their costliest mistakes with the better move (click to go there).
//! A seat that changed hands during the game has a verdict and mistakes
//! for each of its players, of the steps that player played.

use super::record_words::{part_words, seat_players_words};
use crate::game::Game;
use crate::game::selfplay::SelfPlay;
use crate::i18n::{Arg, I18n};
use crate::record::analysis::{
    Analysis, AnalysisConfig, AnalysisError, DEEP_ROLLOUTS, PlayerTotals, analyse,
};
use crate::record::{Record, SeatPlayer};
use egui::{Color32, RichText, Ui};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The graph's height when nothing else is asked, in points.
const GRAPH_HEIGHT: f32 = 150.0;

/// What the panel is doing.
#[derive(Debug, Default)]
enum State<G: Game> {
    /// Not asked yet.
    #[default]
    Idle,
    /// Running on its thread.
    Running(Arc<Job<G>>),
    /// Done.
    Done(Box<Analysis<G>>),
    /// Stopped by the player.
    Cancelled,
    /// It could not be made.
    Failed(String),
}

/// A running analysis, shared with its thread.
#[derive(Debug)]
struct Job<G: Game> {
    done: AtomicU64,
    total: AtomicU64,
    cancel: AtomicBool,
    result: Mutex<Option<Result<Analysis<G>, AnalysisError>>>,
}

/// The analysis panel of one recorded game.
#[derive(Debug)]
pub struct AnalysisPanel<G: Game> {
    state: State<G>,
    /// How to analyse (the game's defaults when `None`).
    config: Option<AnalysisConfig>,
    /// The graph's height, in points.
    graph_height: f32,
}

impl<G: Game> Default for AnalysisPanel<G> {
    fn default() -> Self {
        AnalysisPanel {
            state: State::Idle,
            config: None,
            graph_height: GRAPH_HEIGHT,
        }
    }
}

/// What the player asked of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisAsk {
    /// Go to this step of the replay (after that many steps).
    GoTo(usize),
}

impl<G: SelfPlay> AnalysisPanel<G> {
    /// A panel that analyses with `config` rather than the game's
    /// defaults (fewer rollouts: quicker and rougher).
    pub fn with_config(config: AnalysisConfig) -> AnalysisPanel<G> {
        AnalysisPanel {
            state: State::Idle,
            config: Some(config),
            graph_height: GRAPH_HEIGHT,
        }
    }

    /// Draws the graph `height` points high (the replay window gives it
    /// what its space allows).
    pub fn set_graph_height(&mut self, height: f32) {
        self.graph_height = height;
    }

    /// True while the analysis runs.
    pub fn is_running(&self) -> bool {
        matches!(self.state, State::Running(_))
    }

    /// The finished analysis.
    pub fn analysis(&self) -> Option<&Analysis<G>> {
        match &self.state {
            State::Done(a) => Some(a),
            _ => None,
        }
    }

    /// Starts analysing `record` with `config` on a thread of its own;
    /// `wake` repaints the window as it goes.
    pub fn start(
        &mut self,
        record: &Record<G>,
        config: AnalysisConfig,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        let start = match G::from_setup(&record.rules, &record.setup) {
            Ok(s) => s,
            Err(e) => {
                self.state = State::Failed(e.to_string());
                return;
            }
        };
        let rules = record.rules;
        let plays = record.plays();
        let job = Arc::new(Job {
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            cancel: AtomicBool::new(false),
            result: Mutex::new(None),
        });
        let shared = Arc::clone(&job);
        let spawned = std::thread::Builder::new()
            .name("ca-ngua-analysis".into())
            .spawn(move || {
                let progress = |done: u64, total: u64| {
                    shared.done.store(done, Ordering::Relaxed);
                    shared.total.store(total, Ordering::Relaxed);
                    wake();
                };
                let result =
                    analyse::<G>(&rules, &start, &plays, &config, &progress, &shared.cancel);
                if let Ok(mut slot) = shared.result.lock() {
                    *slot = Some(result);
                }
                wake();
            });
        self.state = match spawned {
            Ok(_) => State::Running(job),
            Err(e) => State::Failed(e.to_string()),
        };
    }

    /// Asks a running analysis to stop.
    pub fn cancel(&mut self) {
        if let State::Running(job) = &self.state {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes a finished run's result.
    fn settle(&mut self) {
        let State::Running(job) = &self.state else {
            return;
        };
        let finished = job.result.lock().ok().and_then(|mut r| r.take());
        if let Some(result) = finished {
            self.state = match result {
                Ok(a) => State::Done(Box::new(a)),
                Err(AnalysisError::Cancelled) => State::Cancelled,
                Err(e) => State::Failed(e.to_string()),
            };
        }
    }

    /// The panel: the button, the progress, or the analysis. `seat` gives
    /// a seat's colour in words and its colour (the record says who played
    /// it at each step), `step` is the replay's step (drawn on the graph).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        record: &Record<G>,
        seat: &dyn Fn(G::Seat) -> (String, Color32),
        step: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Option<AnalysisAsk> {
        self.settle();
        let note = match &self.state {
            State::Done(analysis) => {
                let names = |s| seat(s).0;
                let colour = |s| seat(s).1;
                let graph = self.graph_height;
                let players = record.seat_players();
                let words = Words {
                    names: &names,
                    colour: &colour,
                    players: &players,
                };
                return done_ui(ui, i18n, analysis, &words, step, graph);
            }
            State::Running(job) => {
                let done = job.done.load(Ordering::Relaxed);
                let total = job.total.load(Ordering::Relaxed).max(1);
                let fraction = done as f32 / total as f32;
                let text = i18n.t_args(
                    "analysis-progress",
                    &[("percent", Arg::from(format!("{:.0}", 100.0 * fraction)))],
                );
                ui.add(egui::ProgressBar::new(fraction).text(text.clone()))
                    .widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &text)
                    });
                if ui.button(i18n.t("analysis-cancel")).clicked() {
                    self.cancel();
                }
                return None;
            }
            State::Idle => i18n.t("analysis-help"),
            State::Cancelled => i18n.t("analysis-cancelled"),
            State::Failed(e) => i18n.t_args("analysis-failed", &[("reason", Arg::from(e.clone()))]),
        };
        ui.label(note);
        let mut asked = None;
        ui.horizontal_wrapped(|ui| {
            if ui.button(i18n.t("analysis-start")).clicked() {
                asked = Some(self.config.unwrap_or_else(AnalysisConfig::for_game::<G>));
            }
            // The deeper look: rollouts played by Hard, minutes rather than
            // a moment (games with dice; Cờ nhảy's search is its own).
            if G::HAS_DICE
                && self.config.is_none()
                && ui
                    .button(i18n.t("analysis-deep"))
                    .on_hover_text(i18n.t("analysis-deep-help"))
                    .clicked()
            {
                asked = Some(AnalysisConfig::deep(DEEP_ROLLOUTS));
            }
        });
        if let Some(config) = asked {
            self.start(record, config, wake);
        }
        None
    }
}

/// How the panel words the players: each seat's colour in words and its
/// colour, and who played which steps.
struct Words<'a, G: Game> {
    names: &'a dyn Fn(G::Seat) -> String,
    colour: &'a dyn Fn(G::Seat) -> Color32,
    players: &'a [SeatPlayer<G::Seat>],
}

impl<G: Game> Words<'_, G> {
    /// A seat's players.
    fn parts(&self, seat: G::Seat) -> Vec<&SeatPlayer<G::Seat>> {
        self.players.iter().filter(|p| p.seat == seat).collect()
    }

    /// Everyone who played a seat: "Red: Person, then Computer – Medium".
    fn seat(&self, i18n: &I18n, seat: G::Seat) -> String {
        seat_players_words(i18n, &(self.names)(seat), &self.parts(seat), false)
    }

    /// One of a seat's players, with the steps they played when the seat
    /// changed hands: "Red: Computer – Medium (steps 4–549)".
    fn part(&self, i18n: &I18n, part: &SeatPlayer<G::Seat>, steps: bool) -> String {
        let shared = self.parts(part.seat).len() > 1;
        part_words(i18n, Some(&(self.names)(part.seat)), part, steps && shared)
    }
}

/// A finished analysis: the verdict per player, the graph, the mistakes.
fn done_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    analysis: &Analysis<G>,
    words: &Words<'_, G>,
    step: usize,
    graph_height: f32,
) -> Option<AnalysisAsk> {
    // Each player's verdict of the steps they played (a seat that changed
    // hands has one for each of its players).
    let parts: Vec<_> = words
        .players
        .iter()
        .filter(|p| analysis.seats.contains(&p.seat))
        .map(|p| (p, analysis.totals_over(p.seat, &p.steps)))
        .collect();
    for (part, totals) in &parts {
        verdict_ui(ui, i18n, analysis, words, part, totals);
    }
    let graph = graph_ui(ui, i18n, analysis, words, step, graph_height);
    mistakes_ui(ui, i18n, words, &parts).or(graph)
}

/// One player's verdict: with dice, the figures that add up; without,
/// the win chance lost to their choices.
fn verdict_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    analysis: &Analysis<G>,
    words: &Words<'_, G>,
    part: &SeatPlayer<G::Seat>,
    totals: &PlayerTotals<G>,
) {
    let pct = |x: f64| format!("{:.0}", (100.0 * x).abs());
    // Choices: the clear mistakes only (a cost whose interval lies above
    // zero); the sum of every cost adds up the rollouts' noise too.
    let skill: f64 = part
        .steps
        .iter()
        .filter_map(|&k| analysis.steps.get(k))
        .filter(|s| s.is_clear_mistake())
        .map(|s| s.cost)
        .sum();
    // With dice, the figures that add up: "Red: 25% at the start, 0% at
    // the end: +90 from the dice, −1 to their choices, −114 from the
    // others' turns" (docs/ANALYSIS.md, "The figures add up").
    let signed = |x: f64| format!("{:+.0}", 100.0 * x).replace('-', "−");
    let text = if G::HAS_DICE {
        i18n.t_args(
            "analysis-verdict-sum",
            &[
                ("name", Arg::from(words.part(i18n, part, true))),
                ("start", Arg::from(pct(totals.start))),
                ("result", Arg::from(pct(totals.result))),
                ("luck", Arg::from(signed(totals.luck))),
                ("skill", Arg::from(signed(-skill))),
                ("others", Arg::from(signed(totals.others))),
            ],
        )
    } else {
        i18n.t_args(
            "analysis-verdict-no-dice",
            &[
                ("name", Arg::from(words.part(i18n, part, true))),
                ("skill", Arg::from(pct(skill))),
            ],
        )
    };
    ui.label(RichText::new(text).color((words.colour)(part.seat)));
}

/// The graph: each player's win chance after every step, the legend
/// under it; a click on it asks to go to that step.
fn graph_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    analysis: &Analysis<G>,
    words: &Words<'_, G>,
    step: usize,
    graph_height: f32,
) -> Option<AnalysisAsk> {
    let colour = words.colour;
    let plot = egui_plot::Plot::new("analysis-graph")
        .height(graph_height)
        .include_y(0.0)
        .include_y(1.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .y_axis_formatter(|mark, _| format!("{:.0}%", 100.0 * mark.value));
    let response = plot.show(ui, |plot_ui| {
        for p in &analysis.players {
            let points: Vec<[f64; 2]> = p
                .series
                .iter()
                .enumerate()
                .map(|(i, w)| [(i + 1) as f64, *w])
                .collect();
            plot_ui.line(
                egui_plot::Line::new(words.seat(i18n, p.seat), points)
                    .color(colour(p.seat))
                    .width(2.0),
            );
        }
        plot_ui.vline(egui_plot::VLine::new("", step as f64).color(Color32::GRAY));
        plot_ui.pointer_coordinate()
    });
    let graph = response
        .response
        .on_hover_text(i18n.t("analysis-graph-help"));
    // The legend under the graph, off its lines.
    ui.horizontal_wrapped(|ui| {
        for p in &analysis.players {
            // Each entry one piece that never breaks, its mark a dash in
            // the line's colour: the row wraps between entries only.
            ui.add(
                egui::Label::new(
                    RichText::new(format!("— {}", words.seat(i18n, p.seat))).color(colour(p.seat)),
                )
                .extend(),
            );
        }
    });
    if graph.clicked()
        && let Some(point) = response.inner
    {
        let last = analysis.steps.len();
        return Some(AnalysisAsk::GoTo(
            (point.x.round().max(0.0) as usize).min(last),
        ));
    }
    None
}

/// The costliest mistakes of each player, each a button to its step.
fn mistakes_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    words: &Words<'_, G>,
    parts: &[(&SeatPlayer<G::Seat>, PlayerTotals<G>)],
) -> Option<AnalysisAsk> {
    let mut ask = None;
    let mistakes: Vec<_> = parts
        .iter()
        .flat_map(|(part, t)| t.mistakes.iter().map(move |m| (*part, m)))
        .collect();
    if mistakes.is_empty() {
        ui.label(i18n.t("analysis-no-mistakes"));
    } else {
        ui.label(RichText::new(i18n.t("analysis-mistakes")).strong());
    }
    let mv = |m: Option<G::Move>| m.map_or_else(|| i18n.t("analysis-pass"), |m| m.to_string());
    for (part, m) in mistakes {
        let text = i18n.t_args(
            "analysis-mistake",
            &[
                ("name", Arg::from(words.part(i18n, part, false))),
                ("step", Arg::from(m.step + 1)),
                ("played", Arg::from(mv(m.played))),
                ("best", Arg::from(mv(m.best))),
                ("cost", Arg::from(format!("{:.0}", 100.0 * m.cost))),
            ],
        );
        // The step before the mistake: the board where the better move
        // was there to make.
        if ui.button(text).clicked() {
            ask = Some(AnalysisAsk::GoTo(m.step));
        }
    }
    ask
}
