//! `online join|watch`: a seat in a friend's room played by a computer
//! player, or a room watched, from the command line (docs/ONLINE.md).

use super::{Bad, outln};
use clap::{Args, Subcommand};

/// `online …`.
#[derive(Debug, Subcommand)]
pub enum OnlineCommand {
    /// Joins a room (either game) and plays the seat with a computer player
    /// to the end: every event as a line of JSON, the places last
    Join(OnlineJoin),
    /// Watches a room (either game) to the end of its game, without a seat:
    /// every event as a line of JSON, news (who is connected, what is said,
    /// the clock, the dice) as '# …' lines, the places last
    Watch(OnlineWatch),
}

/// `online watch`.
#[derive(Debug, Args)]
pub struct OnlineWatch {
    /// The room: its invite page (http://HOST:PORT/join/CODE) or its
    /// ca-ngua:// link
    #[arg(value_name = "LINK")]
    pub link: String,
    /// The name the others see
    #[arg(long, default_value = "watcher")]
    pub name: String,
}

/// `online join`.
#[derive(Debug, Args)]
pub struct OnlineJoin {
    /// The room: its invite page (http://HOST:PORT/join/CODE) or its
    /// ca-ngua:// link
    #[arg(value_name = "LINK")]
    pub link: String,
    /// The name the others see
    #[arg(long)]
    pub name: String,
    /// How the computer plays the seat: easy, medium or hard
    #[arg(long, default_value = "medium")]
    pub level: String,
}

/// `online join LINK --name NAME [--level L]` and `online watch LINK
/// [--name NAME]`.
pub fn run(command: OnlineCommand) -> Result<(), Bad> {
    use crate::net::client::{HeadlessEnd, play_seat, watch_room};
    let (link, name) = match &command {
        OnlineCommand::Join(a) => (&a.link, &a.name),
        OnlineCommand::Watch(a) => (&a.link, &a.name),
    };
    let invite: crate::net::Invite = link.parse().map_err(|e| Bad(format!("{e}")))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(Bad("--name: the others need a name to see".into()));
    }
    let quiet = std::time::Duration::from_secs(600);
    let print = |line: String| {
        let _ = outln!("{line}");
    };
    let end = match &command {
        OnlineCommand::Join(a) => {
            let level: crate::game::Level =
                a.level.parse().map_err(|e| Bad(format!("--level: {e}")))?;
            play_seat(&invite, name, level, quiet, print)
        }
        OnlineCommand::Watch(_) => watch_room(&invite, name, quiet, print),
    }
    .map_err(|e| Bad(e.to_string()))?;
    match end {
        HeadlessEnd::Over(places) => {
            let places: Vec<String> = places.iter().map(|p| p.join(" ")).collect();
            outln!("ranking: {}", places.join(" | "))
        }
        HeadlessEnd::Closed(reason) => match command {
            OnlineCommand::Join(_) => Err(Bad(format!("the room ended the seat: {reason}"))),
            OnlineCommand::Watch(_) => Err(Bad(format!("the room ended the watch: {reason}"))),
        },
    }
}
