//! clap's errors as the one line a bad argument gets, for both command
//! lines (`ca-ngua-cli`'s `cli/parse.rs` and `ca-ngua-server`): what is
//! wrong, in words, without clap's usage block and tips. Each program adds
//! `error: ` before it and a pointer to its help after, and exits with 2.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// How a word of the command line is shown again (`ca-ngua-cli` hands some
/// words to clap behind a space, `parse::shield_words`; the server shows
/// them as they are).
pub type Word = fn(&str) -> &str;

/// `a, b or c`.
pub fn list(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// What the error says of `kind` (the argument, the value, …), as typed.
pub fn context(e: &clap::Error, kind: ContextKind, word: Word) -> String {
    match e.get(kind) {
        Some(ContextValue::String(s)) => word(s).to_string(),
        Some(ContextValue::Strings(v)) => list(v),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

/// What is wrong with an option or an argument. `prefix` names the
/// command ("nhay moves: ", or nothing) before a complaint about the
/// command's own arguments.
pub fn what(e: &clap::Error, prefix: &str, word: Word) -> String {
    let arg = context(e, ContextKind::InvalidArg, word);
    // The option's name without its value's (`--games <N>`).
    let option = arg.split_whitespace().next().unwrap_or_default();
    match e.kind() {
        ErrorKind::UnknownArgument if arg.starts_with('-') => format!("unknown option '{arg}'"),
        ErrorKind::UnknownArgument => format!("{prefix}unexpected argument '{arg}'"),
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map_or_else(
                || {
                    format!(
                        "invalid value '{}'",
                        context(e, ContextKind::InvalidValue, word)
                    )
                },
                ToString::to_string,
            );
            format!("{option}: {why}")
        }
        ErrorKind::InvalidValue if context(e, ContextKind::InvalidValue, word).is_empty() => {
            format!("{option} needs a value")
        }
        ErrorKind::InvalidValue => format!(
            "invalid value '{}' for {arg} (expected {})",
            context(e, ContextKind::InvalidValue, word),
            context(e, ContextKind::ValidValue, word)
        ),
        ErrorKind::TooManyValues => format!(
            "unexpected value '{}' for '{option}'",
            context(e, ContextKind::InvalidValue, word)
        ),
        ErrorKind::MissingRequiredArgument => format!("{prefix}missing {arg}"),
        // Anything else: clap's own first line.
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}
