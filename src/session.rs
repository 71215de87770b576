//! A game being played: the engine's [`Game`] plus who plays each colour,
//! the dice (an OS-seeded secure generator), the roll waiting for a move,
//! the move log, and bots thinking on a thread of their own.
//!
//! The session has no clock and draws nothing: the app decides when to ask
//! it for a roll or a move, and paces bots so a person can follow them.

use crate::bots::{Bot, Decision, Level};
use crate::dice;
use crate::engine::{
    Effects, Game, GameError, GameRecord, Move, MoveList, PlayError, Roll, Rules, Seat,
};
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::mpsc;

/// The level a new computer player starts at.
pub const DEFAULT_BOT: Level = Level::Medium;

/// Who plays a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// A person at this device.
    Human,
    /// The computer, at a level.
    Bot(Level),
}

impl PlayerKind {
    /// True for a person.
    pub fn is_human(self) -> bool {
        self == PlayerKind::Human
    }
}

/// Everything that fixes a game before it starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// The colours that play, in seat order.
    pub seats: Vec<Seat>,
    /// Who plays each colour (by seat index; ignored for colours that do
    /// not play).
    pub players: [PlayerKind; 4],
    /// The rules.
    pub rules: Rules,
}

impl GameConfig {
    /// The seats for a player count: 2 players sit at opposite corners (red
    /// and yellow), 3 leave blue's corner empty.
    pub fn seats_for(count: usize) -> Vec<Seat> {
        match count {
            0..=2 => vec![Seat::Red, Seat::Yellow],
            3 => vec![Seat::Red, Seat::Green, Seat::Yellow],
            _ => Seat::ALL.to_vec(),
        }
    }
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            seats: Seat::ALL.to_vec(),
            players: [
                PlayerKind::Human,
                PlayerKind::Bot(DEFAULT_BOT),
                PlayerKind::Bot(DEFAULT_BOT),
                PlayerKind::Bot(DEFAULT_BOT),
            ],
            rules: Rules::standard(),
        }
    }
}

/// One line of the move log, kept as data so it shows in the current
/// language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The colour that rolled.
    pub seat: Seat,
    /// The roll, as written in the notation (`6`, `3+4`).
    pub roll: String,
    /// What happened.
    pub event: LogEvent,
}

/// What a roll did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogEvent {
    /// No move was possible.
    Pass,
    /// The third bonus roll in a row was lost.
    Forfeit,
    /// A horse left the yard.
    Exit,
    /// A horse moved from one progress to another.
    Advance {
        /// Progress before.
        from: u8,
        /// Progress after.
        to: u8,
    },
    /// A horse kicked others on an absolute track square.
    Kick {
        /// The colours kicked, with how many horses each.
        victims: Vec<(Seat, u8)>,
        /// The absolute square (0..=51).
        square: u8,
    },
    /// Thầu mạ: the first horse of the game straight from the door to
    /// cell 6.
    ThauMa,
    /// Sập hầm: a horse entered its column on cell 1.
    SapHam,
    /// A horse reached the finish.
    Finish,
    /// The colour brought every horse home, in this place.
    SeatFinished {
        /// The place (1 = first).
        place: u8,
    },
}

/// Why the session refused something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The game is over.
    GameOver,
    /// A roll is already waiting for its move.
    AlreadyRolled,
    /// There is no roll to move with yet.
    NotRolled,
    /// The engine refused the move.
    Play(PlayError),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::GameOver => f.write_str("the game is over"),
            SessionError::AlreadyRolled => f.write_str("the roll is waiting for a move"),
            SessionError::NotRolled => f.write_str("roll first"),
            SessionError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// A game in play, as saved: everything needed to continue exactly, the
/// roll waiting for its move included (so restarting never re-rolls).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// Who plays and by which rules.
    pub config: GameConfig,
    /// The engine's game.
    pub game: GameRecord,
    /// The roll waiting for a move, in notation.
    pub pending_roll: Option<String>,
    /// The move log.
    pub log: Vec<LogEntry>,
}

struct BotJob {
    /// For which position and roll (to ignore stale answers).
    ticket: u64,
    answer: mpsc::Receiver<Move>,
}

/// A game in play.
pub struct Session {
    config: GameConfig,
    game: Game,
    rng: StdRng,
    pending: Option<Roll>,
    log: Vec<LogEntry>,
    bot: Option<BotJob>,
    /// Counts every roll and move, so a bot's answer can be matched to the
    /// decision it was asked.
    ticket: u64,
    /// The last move was the game's Thầu mạ.
    last_thau_ma: bool,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("position", &self.game.position().to_string())
            .field("pending", &self.pending)
            .finish()
    }
}

impl Session {
    /// A new game with OS-seeded secure dice; the first player is drawn at
    /// random (RULES.md 2.6).
    pub fn new(config: GameConfig) -> Result<Session, GameError> {
        Session::with_rng(config, dice::secure_rng())
    }

    /// A new game with a given generator (tests pass a seeded one).
    pub fn with_rng(config: GameConfig, mut rng: StdRng) -> Result<Session, GameError> {
        let seats = if config.seats.len() >= 2 {
            config.seats.clone()
        } else {
            GameConfig::seats_for(2)
        };
        let first = seats[rng.random_range(0..seats.len())];
        let game = Game::new(config.rules, &seats, first)?;
        Ok(Session {
            config: GameConfig { seats, ..config },
            game,
            rng,
            pending: None,
            log: Vec::new(),
            bot: None,
            ticket: 0,
            last_thau_ma: false,
        })
    }

    /// The standard four-player game (three computer players), for when a
    /// configuration cannot be played.
    pub fn fallback() -> Session {
        let config = GameConfig::default();
        Session {
            game: Game::default(),
            config,
            rng: dice::secure_rng(),
            pending: None,
            log: Vec::new(),
            bot: None,
            ticket: 0,
            last_thau_ma: false,
        }
    }

    /// Changes who plays a colour (allowed during a game).
    pub fn set_player(&mut self, seat: Seat, kind: PlayerKind) {
        self.config.players[seat.index()] = kind;
    }

    /// A session with seeded dice, for tests and reproducible demos.
    pub fn seeded(config: GameConfig, seed: u64) -> Result<Session, GameError> {
        Session::with_rng(config, StdRng::seed_from_u64(seed))
    }

    /// Restores a saved game (fresh secure dice for the rolls to come).
    pub fn restore(record: SessionRecord) -> Result<Session, String> {
        let game = Game::try_from(record.game).map_err(|e| e.to_string())?;
        let pending = match record.pending_roll {
            None => None,
            Some(text) => {
                let roll: Roll = text
                    .parse()
                    .map_err(|e: crate::engine::RollError| e.to_string())?;
                game.position()
                    .check_roll(game.rules(), roll)
                    .map_err(|e| e.to_string())?;
                Some(roll)
            }
        };
        let seats: Vec<Seat> = game.position().playing_seats().collect();
        Ok(Session {
            config: GameConfig {
                seats,
                players: record.config.players,
                rules: *game.rules(),
            },
            game,
            rng: dice::secure_rng(),
            pending,
            log: record.log,
            bot: None,
            ticket: 0,
            last_thau_ma: false,
        })
    }

    /// The game as saved.
    pub fn record(&self) -> SessionRecord {
        SessionRecord {
            config: self.config.clone(),
            game: GameRecord::from(&self.game),
            pending_roll: self.pending.map(|r| r.to_string()),
            log: self.log.clone(),
        }
    }

    /// Who plays and the rules.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    /// The move log, oldest first.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The colour to roll or move.
    pub fn turn(&self) -> Option<Seat> {
        self.game.turn()
    }

    /// The level a new computer player starts at.
    pub const DEFAULT_BOT: Level = Level::Medium;

    /// Who plays a colour.
    pub fn player(&self, seat: Seat) -> PlayerKind {
        self.config.players[seat.index()]
    }

    /// True when the last move was the game's Thầu mạ.
    pub fn last_move_was_thau_ma(&self) -> bool {
        self.last_thau_ma
    }

    /// True when a person at this device is to play.
    pub fn is_human_turn(&self) -> bool {
        self.turn().is_some_and(|s| self.player(s).is_human())
    }

    /// The roll waiting for its move.
    pub fn pending_roll(&self) -> Option<Roll> {
        self.pending
    }

    /// The legal moves for the waiting roll (empty without one).
    pub fn legal_moves(&self) -> MoveList {
        match self.pending {
            Some(roll) => self.game.legal_moves(roll),
            None => MoveList::new(),
        }
    }

    /// Rolls the dice for the colour to play.
    pub fn roll(&mut self) -> Result<Roll, SessionError> {
        if self.game.is_over() {
            return Err(SessionError::GameOver);
        }
        if self.pending.is_some() {
            return Err(SessionError::AlreadyRolled);
        }
        let roll = dice::roll(self.game.rules(), &mut self.rng);
        self.pending = Some(roll);
        self.ticket += 1;
        Ok(roll)
    }

    /// Plays the waiting roll with `mv` (`None` to pass when nothing is
    /// legal). Returns what happened.
    pub fn play(&mut self, mv: Option<Move>) -> Result<Effects, SessionError> {
        let roll = self.pending.ok_or(SessionError::NotRolled)?;
        let fx = self.game.play(roll, mv).map_err(SessionError::Play)?;
        self.pending = None;
        self.bot = None;
        self.ticket += 1;
        self.record_log(&fx);
        Ok(fx)
    }

    fn record_log(&mut self, fx: &Effects) {
        let mut events = vec![match fx.mv {
            _ if fx.forfeited => LogEvent::Forfeit,
            None => LogEvent::Pass,
            Some(m) if m.is_exit() => LogEvent::Exit,
            Some(m) => LogEvent::Advance {
                from: m.from,
                to: m.to,
            },
        }];
        if fx.kick_count() > 0 {
            let victims = Seat::ALL
                .into_iter()
                .filter(|s| fx.kicked[s.index()] > 0)
                .map(|s| (s, fx.kicked[s.index()]))
                .collect();
            events.push(LogEvent::Kick {
                victims,
                square: fx.square.unwrap_or(0),
            });
        }
        // Thầu mạ is the first straight climb to cell 6 of the whole game.
        self.last_thau_ma = fx.door_to_top && !self.log.iter().any(|e| e.event == LogEvent::ThauMa);
        if self.last_thau_ma {
            events.push(LogEvent::ThauMa);
        }
        if fx.door_to_bottom {
            events.push(LogEvent::SapHam);
        }
        if fx.horse_finished && !fx.seat_finished {
            events.push(LogEvent::Finish);
        }
        if fx.seat_finished {
            let place = self.game.finish_order().count() as u8;
            events.push(LogEvent::SeatFinished { place });
        }
        let roll = fx.roll.to_string();
        self.log.extend(events.into_iter().map(|event| LogEntry {
            seat: fx.seat,
            roll: roll.clone(),
            event,
        }));
    }

    /// Ends the game now, settling the places still open (the app does
    /// this when every person at this device has finished).
    pub fn conclude(&mut self) {
        self.pending = None;
        self.bot = None;
        self.game.conclude();
    }

    /// True when every colour a person plays has finished (and at least one
    /// person plays).
    pub fn all_humans_finished(&self) -> bool {
        let pos = self.game.position();
        let humans: Vec<Seat> = self
            .config
            .seats
            .iter()
            .copied()
            .filter(|s| self.player(*s).is_human())
            .collect();
        !humans.is_empty()
            && humans
                .iter()
                .all(|s| pos.is_finished(*s, self.game.rules()))
    }

    /// Asks the bot of the colour to play for its move, on a thread of its
    /// own; `poll_bot` collects the answer. Does nothing unless a bot is to
    /// move with a rolled die and two or more legal moves.
    pub fn start_bot(&mut self, wake: impl Fn() + Send + 'static) {
        let (Some(seat), Some(roll)) = (self.turn(), self.pending) else {
            return;
        };
        let PlayerKind::Bot(level) = self.player(seat) else {
            return;
        };
        if self.bot.as_ref().is_some_and(|b| b.ticket == self.ticket) {
            return; // already thinking about this decision
        }
        let (tx, rx) = mpsc::channel();
        let rules = *self.game.rules();
        let position = *self.game.position();
        let seed = self.rng.next_u64();
        std::thread::spawn(move || {
            let moves = position.legal_moves(&rules, roll);
            let decision = Decision {
                rules: &rules,
                position: &position,
                roll,
                moves: &moves,
            };
            let mv = Bot::new(level, seed).choose(&decision);
            // The session may have moved on; a closed channel is fine.
            let _ = tx.send(mv);
            wake();
        });
        self.bot = Some(BotJob {
            ticket: self.ticket,
            answer: rx,
        });
    }

    /// The bot's move, once it has decided (for the current decision only).
    pub fn poll_bot(&mut self) -> Option<Move> {
        let job = self.bot.as_ref()?;
        if job.ticket != self.ticket {
            self.bot = None;
            return None;
        }
        match job.answer.try_recv() {
            Ok(mv) => {
                self.bot = None;
                Some(mv)
            }
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                // The thread died: fall back to the first legal move rather
                // than stall the game.
                self.bot = None;
                self.legal_moves().first()
            }
        }
    }

    /// True while a bot is thinking.
    pub fn bot_thinking(&self) -> bool {
        self.bot.as_ref().is_some_and(|b| b.ticket == self.ticket)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_bots() -> GameConfig {
        GameConfig {
            players: [PlayerKind::Bot(Level::Random); 4],
            ..GameConfig::default()
        }
    }

    #[test]
    fn a_seeded_session_plays_to_the_end() {
        let mut s = Session::seeded(all_bots(), 3).expect("session");
        let mut rolls = 0;
        while s.turn().is_some() {
            s.roll().expect("roll");
            let moves = s.legal_moves();
            s.play(moves.first()).expect("play");
            rolls += 1;
        }
        assert!(s.game().outcome().is_some());
        assert!(s.log().len() >= rolls);
        assert_eq!(s.roll(), Err(SessionError::GameOver));
    }

    #[test]
    fn a_roll_waits_for_its_move_and_survives_a_restore() {
        let mut s = Session::seeded(GameConfig::default(), 1).expect("session");
        let roll = s.roll().expect("roll");
        assert_eq!(s.roll(), Err(SessionError::AlreadyRolled));
        let record = s.record();
        let restored = Session::restore(record.clone()).expect("restore");
        assert_eq!(restored.pending_roll(), Some(roll));
        assert_eq!(restored.game().position(), s.game().position());
        assert_eq!(restored.record(), record);
    }

    #[test]
    fn bots_answer_from_their_thread() {
        let mut s = Session::seeded(all_bots(), 9).expect("session");
        let mut answered = 0;
        for _ in 0..200 {
            if s.turn().is_none() {
                break;
            }
            s.roll().expect("roll");
            let moves = s.legal_moves();
            let mv = if moves.len() > 1 {
                s.start_bot(|| {});
                let mut mv = None;
                while mv.is_none() {
                    mv = s.poll_bot();
                    std::thread::yield_now();
                }
                answered += 1;
                mv
            } else {
                moves.first()
            };
            assert!(mv.is_none_or(|m| moves.contains(m)));
            s.play(mv).expect("legal");
        }
        assert!(answered > 0);
    }
}
