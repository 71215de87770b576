//! What the verbs of `ca-ngua-cli` share, whichever game they are of: the
//! error a bad argument makes ([`Bad`]), the output ([`out`], one answer a
//! line), a query from the arguments or a `--stdin` batch ([`query`]),
//! self-play that keeps its records ([`selfplay_recording`]), the options
//! both games' verbs take ([`args`]), and the shape of a game's verbs
//! ([`Verbs`]). Each game's own verbs live in its folder
//! (`crate::ca_ngua`, `crate::co_nhay`) and are listed once in
//! `ca_ngua_games`; the verbs of either game (records, puzzles, online
//! play) are here.
//!
//! The output contract (RULES.md section 5, CO-NHAY.md §6): answers on
//! standard output, exactly; a bad argument is one line on standard error
//! that starts `error:`, with nothing on standard output, and exit status 2;
//! a closed standard output ends the program quietly.

pub mod args;
pub mod ca_ngua;
pub mod co_nhay;
pub mod online;
pub mod puzzles;
pub mod record;
pub mod verbs;

use ca_ngua_core::game::selfplay::{self, Config, KeptGame, Report, SelfPlay};
use ca_ngua_data::record::{RECORD_EXTENSION, Record, UtcDate};
use std::io::{BufRead, Write};

/// A bad argument: printed as one line on standard error, exit status 2.
/// An empty message means standard output was closed (`| head`): stop
/// quietly, as Unix tools do.
#[derive(Debug)]
pub struct Bad(pub String);

impl<E: std::fmt::Display> From<E> for Bad {
    fn from(e: E) -> Bad {
        Bad(e.to_string())
    }
}

/// A game's command-line verbs: a clap subcommand enum that `ca-ngua-cli`
/// takes into its own commands (through `ca_ngua_games`), and runs.
pub trait Verbs: clap::Subcommand {
    /// Runs the verb: its answer on standard output, or what is wrong.
    fn run(self) -> Result<(), Bad>;
    /// Whether the verb's computer players use the game's learned
    /// evaluator, so that [`Verbs::unready`] is said before it runs.
    fn uses_evaluator(&self) -> bool {
        false
    }
    /// Why the game's computer players cannot use their learned evaluator
    /// (its weights fail their checks; they go on without it), or nothing
    /// when they can.
    fn unready() -> Option<String> {
        None
    }
    /// Says [`Verbs::unready`] on standard error when the verb uses the
    /// evaluator, then runs the verb.
    fn warn_and_run(self) -> Result<(), Bad> {
        if self.uses_evaluator()
            && let Some(w) = Self::unready()
        {
            warn(&w);
        }
        self.run()
    }
}

/// A warning on standard error: `warning: …`.
pub fn warn(warning: &str) {
    eprintln!("warning: {warning}");
}

/// Writes to standard output; a closed pipe ends the program quietly.
pub fn out(text: std::fmt::Arguments<'_>) -> Result<(), Bad> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_fmt(text)
        .and_then(|()| stdout.flush())
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                Bad(String::new())
            } else {
                Bad(format!("cannot write the output: {e}"))
            }
        })
}

/// A line on standard output, through [`out`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use outln;

/// `rules show NAME`: a preset or a rules file, written as a rules file
/// labelled with the name typed (a preset), the preset it matches, or
/// `custom`.
pub(crate) fn show_rules<G: ca_ngua_data::store::Files>(
    name: &str,
    preset_name: fn(&G::Rules) -> Option<&'static str>,
) -> Result<(), Bad> {
    use ca_ngua_data::store::RuleSetFile;
    let name = unshield(name);
    let rules = ca_ngua_data::store::load_rules::<G>(name)?;
    let label = G::preset(name).map_or_else(
        || preset_name(&rules).unwrap_or("custom").to_string(),
        |_| name.to_string(),
    );
    out(format_args!("{}", G::RuleSet::new(&label, rules).to_ron()))
}

/// `rules explain NAME --lang L`: the rules in plain words.
pub(crate) fn explain_rules<G: ca_ngua_core::game::Game>(
    args: args::Explain,
    summary_text: fn(&ca_ngua_i18n::I18n, &G::Rules) -> String,
) -> Result<(), Bad> {
    let rules = ca_ngua_data::store::load_rules::<G>(unshield(&args.name))?;
    let lang: ca_ngua_i18n::Lang = args.lang.parse()?;
    out(format_args!(
        "{}",
        summary_text(&ca_ngua_i18n::I18n::new(lang), &rules)
    ))
}

/// A single positional word as it was typed: `ca-ngua-cli` hands a word
/// that begins with `-` (a seat not in play, `-/Y,Y,Y,Y/…`) to clap behind
/// a space, which this takes off again.
pub fn unshield(word: &str) -> &str {
    word.strip_prefix(' ').unwrap_or(word)
}

/// A `--stdin` batch: one query a line, one answer a line, each answer
/// written (and flushed) as soon as its line is read, so that a program can
/// send a query and wait for the answer. A bad line answers `error: …` and
/// the batch goes on.
fn batch(mut answer: impl FnMut(&[String]) -> Result<String, Bad>) -> Result<(), Bad> {
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line?;
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match answer(&words) {
            Ok(a) => outln!("{a}")?,
            Err(Bad(msg)) => outln!("error: {msg}")?,
        }
    }
    Ok(())
}

/// The words of a query given as arguments: a position's three fields may
/// come as one argument or three, so every argument is split at spaces.
pub fn words(args: &[String]) -> Vec<String> {
    args.iter()
        .flat_map(|a| a.split_whitespace())
        .map(str::to_string)
        .collect()
}

/// A query from the arguments, or with `--stdin` a batch of them (which
/// takes no query words besides).
pub fn query(
    args: &[String],
    stdin: bool,
    mut answer: impl FnMut(&[String]) -> Result<String, Bad>,
) -> Result<(), Bad> {
    let words = words(args);
    if stdin {
        if let Some(w) = words.first() {
            return Err(Bad(format!(
                "--stdin reads queries from standard input; unexpected argument '{w}'"
            )));
        }
        return batch(answer);
    }
    let a = answer(&words)?;
    outln!("{a}")
}

/// `--threads` of a run of games.
pub fn check_threads(threads: usize) -> Result<(), Bad> {
    if threads == 0 || threads > 256 {
        return Err(Bad("--threads: between 1 and 256".into()));
    }
    Ok(())
}

/// Runs self-play, writing each game's record to `dir/game-NNNN.txt` when
/// `dir` is given (the first file that cannot be written is the error).
pub fn selfplay_recording<G: SelfPlay>(
    cfg: &Config<G>,
    dir: Option<&std::path::Path>,
) -> Result<Report<G>, Bad> {
    let Some(dir) = dir else {
        return Ok(selfplay::run(cfg));
    };
    std::fs::create_dir_all(dir).map_err(|e| Bad(format!("--record: {}: {e}", dir.display())))?;
    let date = UtcDate::now();
    let failure = std::sync::Mutex::new(None::<String>);
    let keep = |game: KeptGame<G>| {
        let path = dir.join(format!("game-{:04}.{RECORD_EXTENSION}", game.index + 1));
        let written = Record::of_selfplay(cfg.rules, &game, date)
            .map_err(|e| format!("game {} does not replay: {e}", game.index + 1))
            .and_then(|r| {
                std::fs::write(&path, r.to_text())
                    .map_err(|e| format!("--record: {}: {e}", path.display()))
            });
        if let Err(e) = written
            && let Ok(mut f) = failure.lock()
        {
            f.get_or_insert(e);
        }
    };
    let report = selfplay::run_keeping(cfg, &keep);
    match failure.into_inner().ok().flatten() {
        Some(e) => Err(Bad(e)),
        None => Ok(report),
    }
}
