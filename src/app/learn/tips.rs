//! The tips on screen ("Mẹo chơi"): one game's tips, one page at a time.
//! The board is the game's own (`View::board_ui`) over a read-only
//! `Play<V>` built from the tip's setup, its roll made, the tip's move
//! marked and every square or hole numbered; the side panel has the tip's
//! words, "n of N", Previous and Next, and every title to jump to. Left
//! and Right turn the pages; a screen reader hears each page as it opens.
//! Nothing is played here: the board takes no move.

use crate::app::play::phase::Phase;
use crate::app::play::{Play, View};
use ca_ngua_core::table::{Command, Controller, InlineRunner, Table};
use ca_ngua_data::learn::Teach;
use ca_ngua_data::learn::tips::{Tip, tips_of};
use ca_ngua_data::prefs::Prefs;
use ca_ngua_data::store::{Files, Saver, Store};
use ca_ngua_games::GameKind;
use ca_ngua_i18n::{Arg, I18n};
use egui::{Key, Modifiers, RichText, Ui};

/// One game's tips on screen, one page at a time.
#[derive(Debug)]
pub struct TipsScreen {
    pages: Box<dyn Pages>,
}

impl TipsScreen {
    /// The tips of `kind` at the first page; why not, when its tip file
    /// cannot be used (a broken file is reported, never a panic).
    pub fn open(kind: GameKind) -> Result<TipsScreen, String> {
        let pages: Box<dyn Pages> = ca_ngua_games::with_game!(kind, G => Box::new(TipsView::<G>::open()?) as Box<dyn Pages>);
        Ok(TipsScreen { pages })
    }

    /// The game whose tips these are.
    pub fn kind(&self) -> GameKind {
        self.pages.kind()
    }

    /// The page shown, from 0.
    pub fn page(&self) -> usize {
        self.pages.page()
    }

    /// How many tips there are.
    pub fn count(&self) -> usize {
        self.pages.count()
    }

    /// The next page (nothing after the last).
    pub fn next(&mut self) {
        let page = self.page().saturating_add(1);
        self.pages.go(page);
    }

    /// The page before (nothing before the first).
    pub fn previous(&mut self) {
        if let Some(page) = self.page().checked_sub(1) {
            self.pages.go(page);
        }
    }

    /// Opens the page `page` (from 0; nothing when there is none).
    pub fn go(&mut self, page: usize) {
        self.pages.go(page);
    }

    /// The side panel: the tip's words, the page, the buttons, the list
    /// of tips. Left and Right turn the pages unless a text field has the
    /// keyboard.
    pub fn panel_ui(&mut self, ui: &mut Ui, i18n: &I18n, now: f64) {
        if !ui.ctx().text_edit_focused() {
            let (left, right) = ui.input_mut(|i| {
                (
                    i.consume_key(Modifiers::NONE, Key::ArrowLeft),
                    i.consume_key(Modifiers::NONE, Key::ArrowRight),
                )
            });
            if left {
                self.previous();
            }
            if right {
                self.next();
            }
        }
        let name = i18n.t("tips-region");
        crate::app::a11y::name_region(ui, &name);
        crate::app::a11y::scroll(ui, "tips-scroll", &name, |ui| {
            self.pages.panel_ui(ui, i18n, now);
        });
    }

    /// The board of the tip shown.
    pub fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &Prefs, now: f64, dark: bool) {
        self.pages.board_ui(ui, i18n, prefs, now, dark);
    }

    /// Shows the board's state and asks for the frames it needs.
    pub fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        self.pages.animate(ctx, now, prefs, i18n);
    }
}

/// The tips of one game, whatever the game.
trait Pages: std::fmt::Debug {
    fn kind(&self) -> GameKind;
    fn page(&self) -> usize;
    fn count(&self) -> usize;
    fn go(&mut self, page: usize);
    fn panel_ui(&mut self, ui: &mut Ui, i18n: &I18n, now: f64);
    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, prefs: &Prefs, now: f64, dark: bool);
    fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n);
}

/// The tips of game `V` on screen.
struct TipsView<V: View> {
    tips: Vec<Tip<V>>,
    page: usize,
    /// The board: a local table at the tip's position, read-only.
    play: Play<V>,
    /// Where the board's game would be saved: nowhere.
    saver: Saver,
    /// The page last said to a screen reader.
    announced: Option<usize>,
    /// Why the page asked for could not be shown (never for a checked
    /// tip).
    broken: Option<String>,
}

impl<V: View> std::fmt::Debug for TipsView<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TipsView")
            .field("game", &V::ID)
            .field("page", &self.page)
            .field("count", &self.tips.len())
            .finish_non_exhaustive()
    }
}

/// A local table at the tip's position: every seat here, the tip's roll
/// (if any) made.
fn table_of<V: View>(tip: &Tip<V>) -> Result<Table<V>, String> {
    let setup = V::setup(&tip.state);
    let mut table = Table::starting_at(
        tip.rules,
        &setup,
        &vec![Controller::Here; V::SEATS],
        ca_ngua_core::game::secure_rng(),
        Box::new(InlineRunner::default()),
    )
    .map_err(|e: V::Error| e.to_string())?;
    if let Some(roll) = tip.roll {
        table = table.with_scripted_rolls(&[roll]);
        let seat = V::turn(&tip.state).ok_or("the game is over")?;
        let seq = table.seq();
        table
            .command(seat, seq, Command::Roll)
            .map_err(|e| format!("{e:?}"))?;
    }
    Ok(table)
}

impl<V: View + Teach> TipsView<V> {
    /// The game's tips at the first page.
    fn open() -> Result<TipsView<V>, String> {
        let tips = tips_of::<V>().map_err(|e| e.to_string())?;
        let first = tips
            .first()
            .ok_or_else(|| format!("no tips for {}", V::ID))?;
        let table = table_of(first).map_err(|e| format!("tip '{}': {e}", first.def.id))?;
        let mut play = Play::new(table, <V as Files>::Stats::default(), true);
        play.skip_animations();
        play.hint = first.show;
        play.all_numbers = true;
        // The yards: you (the colour the tip speaks to) and the opponents.
        play.teaching = V::turn(&first.state);
        Ok(TipsView {
            tips,
            page: 0,
            play,
            saver: Saver::new(Store::none()),
            announced: None,
            broken: None,
        })
    }
}

impl<V: View> TipsView<V> {
    fn tip(&self) -> Option<&Tip<V>> {
        self.tips.get(self.page)
    }

    /// What a screen reader hears as the page opens: the page, the title,
    /// the tip.
    fn spoken(&self, i18n: &I18n) -> String {
        let Some(tip) = self.tip() else {
            return String::new();
        };
        format!(
            "{}. {}. {}",
            self.count_text(i18n),
            i18n.t(&tip.def.title),
            i18n.t(&tip.def.text)
        )
    }

    fn count_text(&self, i18n: &I18n) -> String {
        i18n.t_args(
            "tips-count",
            &[
                ("n", Arg::from(self.page + 1)),
                ("total", Arg::from(self.tips.len())),
            ],
        )
    }
}

impl<V: View> Pages for TipsView<V> {
    fn kind(&self) -> GameKind {
        GameKind::of::<V>()
    }

    fn page(&self) -> usize {
        self.page
    }

    fn count(&self) -> usize {
        self.tips.len()
    }

    fn go(&mut self, page: usize) {
        if page == self.page {
            return;
        }
        let Some(tip) = self.tips.get(page) else {
            return;
        };
        match table_of(tip) {
            Ok(table) => {
                let show = tip.show;
                let teaching = V::turn(&tip.state);
                self.play.replace(table);
                self.play.teaching = teaching;
                self.play.skip_animations();
                self.play.hint = show;
                self.play.all_numbers = true;
                self.broken = None;
            }
            Err(e) => self.broken = Some(format!("tip '{}': {e}", tip.def.id)),
        }
        self.page = page;
        self.announced = None;
    }

    fn panel_ui(&mut self, ui: &mut Ui, i18n: &I18n, _now: f64) {
        if self.announced != Some(self.page) {
            // A screen reader hears the page as it opens.
            self.announced = Some(self.page);
            let text = self.spoken(i18n);
            self.play.announcer.say(text, false);
        }
        self.play.announcer.ui(ui);
        let game = i18n.t(&format!("game-{}", V::ID));
        ui.add(
            egui::Label::new(
                RichText::new(i18n.t_args("tips-heading", &[("game", Arg::from(game))])).heading(),
            )
            .wrap(),
        );
        ui.add_space(4.0);
        ui.label(self.count_text(i18n));
        let Some(tip) = self.tip() else {
            return;
        };
        let (title, text, roll) = (
            i18n.t(&tip.def.title),
            i18n.t(&tip.def.text),
            tip.roll.map(|r| r.to_string()),
        );
        let marked = tip.show.is_some();
        ui.add(egui::Label::new(RichText::new(title).strong().size(18.0)).wrap());
        ui.add(egui::Label::new(text).wrap());
        if let Some(roll) = roll {
            ui.label(i18n.t_args("tips-roll", &[("roll", Arg::from(roll))]));
        }
        if marked {
            ui.add(egui::Label::new(RichText::new(i18n.t("tips-marked")).italics()).wrap());
        }
        if let Some(broken) = &self.broken {
            ui.add(egui::Label::new(RichText::new(broken.clone()).strong()).wrap());
        }
        ui.add_space(6.0);
        let (page, count) = (self.page, self.tips.len());
        let mut go = None;
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(page > 0, egui::Button::new(i18n.t("tips-previous")))
                .clicked()
            {
                go = page.checked_sub(1);
            }
            if ui
                .add_enabled(
                    page + 1 < count,
                    egui::Button::new(RichText::new(i18n.t("tips-next")).strong()),
                )
                .clicked()
            {
                go = Some(page + 1);
            }
        });
        ui.add(egui::Label::new(RichText::new(i18n.t("tips-keys")).small()).wrap());
        ui.add_space(8.0);
        ui.label(RichText::new(i18n.t("tips-all")).strong());
        for (k, t) in self.tips.iter().enumerate() {
            let label = i18n.t_args(
                "tips-open",
                &[
                    ("n", Arg::from(k + 1)),
                    ("title", Arg::from(i18n.t(&t.def.title))),
                ],
            );
            if ui
                .add(egui::Button::new(label).selected(k == page).wrap())
                .clicked()
            {
                go = Some(k);
            }
        }
        if let Some(k) = go {
            self.go(k);
        }
    }

    fn board_ui(&mut self, ui: &mut Ui, i18n: &I18n, _prefs: &Prefs, now: f64, dark: bool) {
        crate::app::a11y::name_region(ui, &i18n.t(V::BOARD_REGION));
        // Every square or hole numbered: the tips speak of the board.
        self.play.all_numbers = true;
        V::board_ui(&mut self.play, ui, i18n, Phase::Over, now, dark);
        // The board takes no move: whatever it asked for is dropped.
        drop(self.play.take_intents());
    }

    fn animate(&mut self, ctx: &egui::Context, now: f64, prefs: &Prefs, i18n: &I18n) {
        self.play.sync(&self.saver);
        self.play.animate(ctx, now, prefs, i18n);
        self.play.all_numbers = true;
    }
}
