//! The analysis of a recorded game, beside its replay (docs/ANALYSIS.md):
//! started by the player, run on a thread of its own with a progress bar
//! and a cancel button, then one line per seat in words (named by the
//! person who played it: how it ended, what the dice gave, what the
//! choices cost, in points of the chance to win, and how well they chose
//! with how sure the game is of it), a graph of the chance to
//! win over the whole game (click a point to go to that step), and the
//! people's costliest mistakes with the better move, each in the board's
//! own square or hole names (click to see both drawn on the board); the
//! computer's mistakes behind a toggle.

use super::analysis_words::{
    VerdictFigures, percent, points, quality_figures, result_words, signed_points, verdict_line,
};
use super::record_words::{part_words, seat_players_words};
use ca_ngua_core::game::Game;
use ca_ngua_core::game::selfplay::SelfPlay;
use ca_ngua_data::record::analysis::{
    Analysis, AnalysisConfig, AnalysisError, DEEP_ROLLOUTS, PlayerTotals, analyse,
};
use ca_ngua_data::record::{Player, Record, SeatPlayer};
use ca_ngua_i18n::{Arg, I18n};
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
    /// The computer's mistakes are listed too (`None`: only when no
    /// person played).
    show_computers: Option<bool>,
}

impl<G: Game> Default for AnalysisPanel<G> {
    fn default() -> Self {
        AnalysisPanel {
            state: State::Idle,
            config: None,
            graph_height: GRAPH_HEIGHT,
            show_computers: None,
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
            show_computers: None,
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

    /// The clear mistake made from the position after `step` steps (the
    /// step of that index): its seat, the move played and the better
    /// one, to draw on the board. `None` before the analysis, or where
    /// the move played was as good as the best.
    pub fn mistake_at(&self, step: usize) -> Option<Compare<G>> {
        let s = self.analysis()?.steps.get(step)?;
        if !s.is_clear_mistake() {
            return None;
        }
        Some(Compare {
            seat: s.seat,
            setup: s.setup.clone(),
            played: s.played_move()?,
            best: s.best_move()?,
            cost: s.cost,
        })
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

    /// The panel: the button, the progress, or the analysis. `look`
    /// gives a seat's colour in words and its colour (the record says who
    /// played it at each step) and a move in the board's words, `step` is
    /// the replay's step (drawn on the graph).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        i18n: &I18n,
        record: &Record<G>,
        look: &Look<'_, G>,
        step: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Option<AnalysisAsk> {
        self.settle();
        let note = match &self.state {
            State::Done(analysis) => {
                let names = |s| (look.seat)(s).0;
                let colour = |s| (look.seat)(s).1;
                let graph = self.graph_height;
                let players = record.seat_players();
                let words = Words {
                    names: &names,
                    colour: &colour,
                    players: &players,
                    record,
                    mv: look.mv,
                };
                let people = players.iter().any(|p| p.player == Player::Person);
                let mut computers = self.show_computers.unwrap_or(!people);
                let ask = done_ui(ui, i18n, analysis, &words, step, graph, &mut computers);
                if computers != self.show_computers.unwrap_or(!people) {
                    self.show_computers = Some(computers);
                }
                return ask;
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

/// What the panel needs of the game on screen: a seat's colour in words
/// and its colour, and a move in the board's words ("square 31 to square
/// 33", "from hole 3 to hole 14") in the position it was played from.
pub struct Look<'a, G: Game> {
    /// A seat's colour in words, and its colour for text.
    pub seat: &'a dyn Fn(G::Seat) -> (String, Color32),
    /// A legal move in words, in the position before it.
    pub mv: &'a dyn Fn(&G::State, G::Move) -> String,
}

impl<G: Game> std::fmt::Debug for Look<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Look")
    }
}

/// A clear mistake to draw on the board: the move played and the better
/// one, from the position before them.
#[derive(Clone, Debug, PartialEq)]
pub struct Compare<G: Game> {
    /// Who played it.
    pub seat: G::Seat,
    /// The position it was played from.
    pub setup: G::Setup,
    /// The move played.
    pub played: G::Move,
    /// The better move.
    pub best: G::Move,
    /// What it cost, a chance.
    pub cost: f64,
}

impl<G: Game> Compare<G> {
    /// "Played (dashed red): square 31 to square 33. Better (green
    /// arrow): square 5 to square 9, 7 points more chance to win."
    pub fn words(
        &self,
        i18n: &I18n,
        rules: &G::Rules,
        mv: &dyn Fn(&G::State, G::Move) -> String,
    ) -> String {
        let said = |m: G::Move| match G::from_setup(rules, &self.setup) {
            Ok(state) => mv(&state, m),
            Err(_) => m.to_string(),
        };
        i18n.t_args(
            "analysis-compare",
            &[
                ("played", Arg::from(said(self.played))),
                ("best", Arg::from(said(self.best))),
                ("cost", Arg::from(points(self.cost))),
            ],
        )
    }
}

/// How the panel words the players: each seat's colour in words and its
/// colour, who played which steps, and the moves.
struct Words<'a, G: Game> {
    names: &'a dyn Fn(G::Seat) -> String,
    colour: &'a dyn Fn(G::Seat) -> Color32,
    players: &'a [SeatPlayer<G::Seat>],
    record: &'a Record<G>,
    mv: &'a dyn Fn(&G::State, G::Move) -> String,
}

impl<G: Game> Words<'_, G> {
    /// A seat's players.
    fn parts(&self, seat: G::Seat) -> Vec<&SeatPlayer<G::Seat>> {
        self.players.iter().filter(|p| p.seat == seat).collect()
    }

    /// A seat by who played it: "Red: Minh" (a person's seat is theirs,
    /// whatever turns a computer played for them); with `steps`, the
    /// steps a computer played for them.
    fn seat(&self, i18n: &I18n, seat: G::Seat, steps: bool) -> String {
        seat_players_words(i18n, &(self.names)(seat), &self.parts(seat), steps)
    }

    /// One of a seat's players: "Red: Computer – Medium".
    fn part(&self, i18n: &I18n, part: &SeatPlayer<G::Seat>) -> String {
        part_words(i18n, Some(&(self.names)(part.seat)), part, false)
    }

    /// A move played from `setup`, in the board's words.
    fn move_words(&self, i18n: &I18n, setup: &G::Setup, m: Option<G::Move>) -> String {
        let Some(m) = m else {
            return i18n.t("analysis-pass");
        };
        match G::from_setup(&self.record.rules, setup) {
            Ok(state) => (self.mv)(&state, m),
            Err(_) => m.to_string(),
        }
    }
}

/// A finished analysis: a line per seat, the graph, the mistakes.
fn done_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    analysis: &Analysis<G>,
    words: &Words<'_, G>,
    step: usize,
    graph_height: f32,
    computers: &mut bool,
) -> Option<AnalysisAsk> {
    for totals in &analysis.players {
        verdict_ui(ui, i18n, analysis, words, totals);
    }
    let graph = graph_ui(ui, i18n, analysis, words, step, graph_height);
    // Each player's mistakes over the steps they played.
    let parts: Vec<_> = words
        .players
        .iter()
        .filter(|p| analysis.seats.contains(&p.seat))
        .map(|p| (p, analysis.totals_over(p.seat, &p.steps)))
        .collect();
    mistakes_ui(ui, i18n, words, &parts, computers).or(graph)
}

/// One seat's line, named by who played it: how it ended, what the dice
/// gave, what its people's choices cost (every choice, for a seat of
/// computers only); the figures that add up when hovered.
fn verdict_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    analysis: &Analysis<G>,
    words: &Words<'_, G>,
    totals: &PlayerTotals<G>,
) {
    let seat = totals.seat;
    let parts = words.parts(seat);
    let people = parts.iter().any(|p| p.player == Player::Person);
    // The choices: the clear mistakes (a cost whose interval lies above
    // zero; the sum of every cost adds up the rollouts' noise too) of the
    // seat's people, or of its computers when no person played it.
    let chosen: Vec<usize> = parts
        .iter()
        .filter(|p| !people || p.player == Player::Person)
        .flat_map(|p| p.steps.iter().copied())
        .collect();
    let choices: f64 = chosen
        .iter()
        .filter_map(|&k| analysis.steps.get(k))
        .filter(|s| s.is_clear_mistake())
        .map(|s| s.cost)
        .sum();
    // How well the same people chose, and how sure the game is of it.
    let quality = analysis.totals_over(seat, &chosen).choices;
    let figures = VerdictFigures {
        result: result_words(
            i18n,
            words.record.result.as_deref(),
            &seat,
            totals.series.last().copied().unwrap_or(totals.result),
        ),
        luck: G::HAS_DICE.then_some(totals.luck),
        choices,
        quality,
    };
    let line = verdict_line(i18n, &words.seat(i18n, seat, true), &figures);
    let label = ui.add(egui::Label::new(RichText::new(line).color((words.colour)(seat))).wrap());
    // The figures behind the line (docs/ANALYSIS.md), for whoever asks:
    // with dice, those that add up; how well they chose.
    let mut hover = String::new();
    if G::HAS_DICE {
        hover = i18n.t_args(
            "analysis-verdict-sum",
            &[
                ("start", Arg::from(percent(totals.start))),
                ("result", Arg::from(percent(totals.result))),
                ("luck", Arg::from(signed_points(totals.luck))),
                ("skill", Arg::from(signed_points(-choices))),
                ("others", Arg::from(signed_points(totals.others))),
                ("looks", Arg::from(signed_points(totals.second_look))),
            ],
        );
        hover.push('\n');
    }
    hover.push_str(&quality_figures(i18n, &quality));
    label.on_hover_text(hover);
}

/// The graph: each seat's chance to win after every step, its axes named,
/// the legend under it; a click on it asks to go to that step.
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
        .y_axis_label(i18n.t("analysis-graph-axis"))
        .x_axis_label(i18n.t("analysis-graph-steps"))
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
                egui_plot::Line::new(words.seat(i18n, p.seat, false), points)
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
                    RichText::new(format!("— {}", words.seat(i18n, p.seat, false)))
                        .color(colour(p.seat)),
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

/// The costliest mistakes of the people who played, each a button to its
/// step; the computer's too when `computers` (a toggle, shown when a
/// computer played any step).
fn mistakes_ui<G: Game>(
    ui: &mut Ui,
    i18n: &I18n,
    words: &Words<'_, G>,
    parts: &[(&SeatPlayer<G::Seat>, PlayerTotals<G>)],
    computers: &mut bool,
) -> Option<AnalysisAsk> {
    let mut ask = None;
    let any_computer = parts.iter().any(|(p, _)| p.player != Player::Person);
    let any_person = parts.iter().any(|(p, _)| p.player == Player::Person);
    if any_computer && any_person {
        ui.checkbox(computers, i18n.t("analysis-show-computers"));
    }
    let mut mistakes: Vec<_> = parts
        .iter()
        .filter(|(p, _)| *computers || p.player == Player::Person)
        .flat_map(|(part, t)| t.mistakes.iter().map(move |m| (*part, m)))
        .collect();
    mistakes.sort_by_key(|(_, m)| m.step);
    if mistakes.is_empty() {
        let key = if *computers {
            "analysis-no-mistakes"
        } else {
            "analysis-no-mistakes-people"
        };
        ui.label(i18n.t(key));
    } else {
        ui.label(RichText::new(i18n.t("analysis-mistakes")).strong());
    }
    for (part, m) in mistakes {
        let text = i18n.t_args(
            "analysis-mistake",
            &[
                ("name", Arg::from(words.part(i18n, part))),
                ("step", Arg::from(m.step + 1)),
                (
                    "played",
                    Arg::from(words.move_words(i18n, &m.setup, m.played)),
                ),
                ("best", Arg::from(words.move_words(i18n, &m.setup, m.best))),
                ("cost", Arg::from(points(m.cost))),
            ],
        );
        // The step before the mistake: the board where the better move
        // was there to make, both moves drawn on it.
        if ui.add(egui::Button::new(text).wrap()).clicked() {
            ask = Some(AnalysisAsk::GoTo(m.step));
        }
    }
    ask
}
