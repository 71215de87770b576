//! What `GET /api/room/CODE` answers (docs/SERVER.md).

/// A room as its server describes it before anyone joins
/// (`GET /api/room/CODE`, docs/SERVER.md): what a join dialog shows.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoomInfo {
    /// The room's code.
    pub room: String,
    /// The game's wire name (`ca-ngua`, `co-nhay`).
    pub game: String,
    /// How many play.
    pub players: usize,
    /// The names of those seated, in seat order (the host first).
    pub seated: Vec<String>,
    /// The game has begun: nobody can join, anyone can watch.
    pub started: bool,
    /// How many watch.
    #[serde(default)]
    pub watchers: usize,
    /// More can watch (fewer than the server's cap).
    #[serde(default)]
    pub watch_open: bool,
}

/// The seats taken in a line, in seat order: each person by their name, a
/// seat a computer holds (it has no name) by `computer` (issue 55: the
/// list ended on a comma).
pub fn seat_list<S: AsRef<str>>(seated: &[S], computer: &str) -> String {
    seated
        .iter()
        .map(|n| match n.as_ref().trim() {
            "" => computer,
            name => name,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl RoomInfo {
    /// The host's name (the first seated).
    pub fn host(&self) -> Option<&str> {
        self.seated.first().map(String::as_str)
    }

    /// Every seat is taken.
    pub fn full(&self) -> bool {
        self.seated.len() >= self.players
    }
}
