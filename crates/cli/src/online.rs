//! `online host|join|watch`: a room opened, or a seat in a friend's room,
//! played by a computer player, or a room watched, from the command line
//! (docs/ONLINE.md).

use super::{Bad, outln};
use clap::{Args, Subcommand};

/// `online …`.
#[derive(Debug, Subcommand)]
pub enum OnlineCommand {
    /// Opens a room (either game) on a server, prints its invite link
    /// ('# invite: LINK'), starts it once --wait-for others have joined
    /// (computers take the empty seats) and plays the host's seat with a
    /// computer player to the end, printing as join does
    Host(OnlineHost),
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

/// `online host`.
#[derive(Debug, Args)]
pub struct OnlineHost {
    /// The server: HOST:PORT, or ws://HOST:PORT (wss:// for TLS)
    #[arg(value_name = "SERVER")]
    pub server: String,
    /// The name the others see
    #[arg(long)]
    pub name: String,
    /// The game: ca-ngua or co-nhay
    #[arg(long, default_value = "ca-ngua")]
    pub game: String,
    /// How many play (Cờ Cá Ngựa 2 to 4, Cờ nhảy 2, 3, 4 or 6)
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// A rules preset of the game
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// Start once this many others have taken a seat
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub wait_for: usize,
    /// Seconds per turn: 0 (no clock) or 10 to 120
    #[arg(long, value_name = "SECS", default_value_t = 0)]
    pub turn_secs: u32,
    /// How the computers play, the host's seat and the empty ones: easy,
    /// medium or hard
    #[arg(long, default_value = "medium")]
    pub level: String,
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

/// `online host SERVER --name NAME …`, `online join LINK --name NAME
/// [--level L]` and `online watch LINK [--name NAME]`.
pub fn run(command: OnlineCommand) -> Result<(), Bad> {
    use ca_ngua_client::{HeadlessEnd, HostPlan, host_room, play_seat, watch_room};
    let name = match &command {
        OnlineCommand::Host(a) => &a.name,
        OnlineCommand::Join(a) => &a.name,
        OnlineCommand::Watch(a) => &a.name,
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(Bad("--name: the others need a name to see".into()));
    }
    let invite = |link: &str| -> Result<ca_ngua_protocol::Invite, Bad> {
        link.parse().map_err(|e| Bad(format!("{e}")))
    };
    let level = |text: &str| -> Result<ca_ngua_core::game::Level, Bad> {
        text.parse().map_err(|e| Bad(format!("--level: {e}")))
    };
    let quiet = std::time::Duration::from_secs(600);
    let print = |line: String| {
        let _ = outln!("{line}");
    };
    let end = match &command {
        OnlineCommand::Host(a) => {
            let server: ca_ngua_protocol::ServerAddress =
                a.server.parse().map_err(|e| Bad(format!("{e}")))?;
            let plan = HostPlan {
                game: a.game.parse().map_err(|e| Bad(format!("--game: {e}")))?,
                players: a.players,
                rules: a.rules.clone(),
                turn_secs: a.turn_secs,
                wait_for: a.wait_for,
            };
            host_room(&server, name, &plan, level(&a.level)?, quiet, print)
        }
        OnlineCommand::Join(a) => {
            play_seat(&invite(&a.link)?, name, level(&a.level)?, quiet, print)
        }
        OnlineCommand::Watch(a) => watch_room(&invite(&a.link)?, name, quiet, print),
    }
    .map_err(|e| Bad(e.to_string()))?;
    match end {
        HeadlessEnd::Over(places) => {
            let places: Vec<String> = places.iter().map(|p| p.join(" ")).collect();
            outln!("ranking: {}", places.join(" | "))
        }
        HeadlessEnd::Closed(reason) => match command {
            OnlineCommand::Host(_) | OnlineCommand::Join(_) => {
                Err(Bad(format!("the room ended the seat: {reason}")))
            }
            OnlineCommand::Watch(_) => Err(Bad(format!("the room ended the watch: {reason}"))),
        },
    }
}
