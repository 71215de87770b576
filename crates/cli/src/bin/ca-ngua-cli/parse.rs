//! Around clap: the words it must not take for options, its errors as the
//! one `error:` line of the output contract (RULES.md §5, CO-NHAY.md §6;
//! what an option's error says is `common/clap_line.rs`, shared with
//! `ca-ngua-server`), its help and version on standard output, and
//! completion scripts.

use super::args::Cli;
use super::clap_line::{self, context, list};
use ca_ngua_cli::{Bad, out, unshield};
use clap::error::{ContextKind, ErrorKind};
use clap::{Command, CommandFactory};
use clap_complete::Shell;

/// The command line with the words that begin with `-` shielded from clap.
///
/// A seat not in play is written `-`, so a position's first field may
/// begin `-/` (`-/Y,Y,Y,Y/-/Y,Y,Y,Y g 0`), and clap reads an argument that
/// begins with `-` as an option. An argument that begins with `-` followed
/// by neither a letter nor `-` cannot be an option: it goes to clap behind
/// a space, which the splitting of query words drops (`ca_ngua_cli::unshield`
/// for a single word). The value of an option that takes one is left as it is
/// (those options accept values that begin with `-`).
pub fn shield_words(args: &[String]) -> Vec<String> {
    let valued = valued_options(&Cli::command());
    let mut shielded = Vec::with_capacity(args.len());
    let mut value_next = false;
    for a in args {
        let is_word = a.len() > 1
            && a.starts_with('-')
            && !a[1..].starts_with(|c: char| c == '-' || c.is_ascii_alphabetic());
        if is_word && !value_next {
            shielded.push(format!(" {a}"));
        } else {
            shielded.push(a.clone());
        }
        value_next = a
            .strip_prefix("--")
            .is_some_and(|name| valued.iter().any(|v| v == name));
    }
    shielded
}

/// The long names of the options that take a value, in every command.
fn valued_options(cmd: &Command) -> Vec<String> {
    let mut names: Vec<String> = cmd
        .get_arguments()
        .filter(|a| a.get_action().takes_values())
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect();
    for sub in cmd.get_subcommands() {
        names.extend(valued_options(sub));
    }
    names
}

/// The commands named on the command line, as far as they go (`nhay
/// moves`), for the error line's pointer to their help.
fn command_path(args: &[String]) -> Vec<String> {
    let mut cmd = Cli::command();
    let mut path = Vec::new();
    for a in args {
        if !cmd.has_subcommands() {
            break;
        }
        // A command with subcommands takes nothing else before them.
        let Some(sub) = cmd.find_subcommand(a).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    path
}

/// The subcommands a command offers, without `help`.
fn subcommands(path: &[String]) -> Vec<String> {
    let mut cmd = Cli::command();
    for name in path {
        match cmd.find_subcommand(name).cloned() {
            Some(sub) => cmd = sub,
            None => break,
        }
    }
    cmd.get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect()
}

/// Help and version on standard output; any other clap error as one line
/// (what is wrong, and where to read the command's help).
pub fn clap_error(e: &clap::Error, args: &[String]) -> Result<(), Bad> {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return out(format_args!("{}", e.render()));
    }
    let path = command_path(args);
    let named = path.join(" ");
    let prefix = if named.is_empty() {
        String::new()
    } else {
        format!("{named}: ")
    };
    let help = if named.is_empty() {
        "ca-ngua-cli --help".to_string()
    } else {
        format!("ca-ngua-cli {named} --help")
    };
    let what = match e.kind() {
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let help = if named.is_empty() {
                "ca-ngua-cli help".to_string()
            } else {
                format!("ca-ngua-cli {named} help")
            };
            return Err(Bad(format!(
                "{prefix}no command given ({}); see '{help}'",
                list(&subcommands(&path))
            )));
        }
        ErrorKind::InvalidSubcommand => {
            return Err(Bad(format!(
                "{prefix}unknown command '{}' (expected {})",
                context(e, ContextKind::InvalidSubcommand, unshield),
                list(&subcommands(&path))
            )));
        }
        _ => clap_line::what(e, &prefix, unshield),
    };
    Err(Bad(format!("{what} (see '{help}')")))
}

/// `completions SHELL`: the completion script on standard output.
pub fn completions(shell: Shell) -> Result<(), Bad> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ca-ngua-cli", &mut script);
    out(format_args!("{}", String::from_utf8_lossy(&script)))
}
