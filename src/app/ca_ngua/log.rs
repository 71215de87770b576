//! The move log, as data (so it shows in the current language), derived
//! from the table's events as they are shown.

use super::tbl::{Applied, Replica};
use ca_ngua_core::table::SeatNews;
use game_ca_ngua::engine::Seat;

/// One line of the move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The colour that rolled.
    pub seat: Seat,
    /// Whose horse moved: `seat`, or with teams its partner once its own
    /// horses are all home.
    pub owner: Seat,
    /// The roll, as written in the notation (`6`, `3+4`).
    pub roll: String,
    /// What happened.
    pub event: LogEvent,
}

/// What a roll did.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Teams: the roller moves its partner's horses.
    PlaysFor {
        /// The partner.
        partner: Seat,
    },
    /// The colour brought every horse home, in this place.
    SeatFinished {
        /// The place (1 = first).
        place: u8,
    },
    /// Online: the seat's person is away; a computer plays for them.
    Away,
    /// Online: the seat's person is back.
    Back,
    /// Online: the seat's person left; a computer plays the seat.
    Left,
    /// Online: the seat's turn clock ran out; a computer plays this turn.
    TimedOut,
    /// Online: the room's next game begins (issue 45: the last game's
    /// lines below it are not news of this one).
    RoundStart {
        /// The game's number in the room (2 for the first "One more game").
        round: u32,
    },
}

/// The log lines of one applied event; `after` is the replica once it has
/// been applied.
pub fn entries(applied: &Applied, after: &Replica) -> Vec<LogEntry> {
    if let Applied::Again { round } = applied {
        // No colour acts: the line names none (the first seat fills in).
        return vec![LogEntry {
            seat: Seat::ALL[0],
            owner: Seat::ALL[0],
            roll: String::new(),
            event: LogEvent::RoundStart { round: *round },
        }];
    }
    if let Applied::SeatNews(news) = applied {
        return seat_news_entries(*news, after);
    }
    let Applied::Played {
        played: super::tbl::Played {
            effects: fx,
            thau_ma,
        },
        ..
    } = applied
    else {
        return Vec::new();
    };
    let roll = fx.roll.to_string();
    played_events(fx, *thau_ma, after)
        .into_iter()
        .map(|event| LogEntry {
            seat: fx.seat,
            owner: fx.owner,
            roll: roll.clone(),
            event,
        })
        .collect()
}

/// The log line of a seat's news (away, back, gone, out of time); none for
/// the seats given back at a new round's start.
fn seat_news_entries(news: SeatNews<Seat>, after: &Replica) -> Vec<LogEntry> {
    // A new round gives the seats of the people still there back before
    // anyone rolls (issue 45): the last round's away is not news of this
    // one.
    let round_start = after.round() > 1 && after.game().is_some_and(|g| g.rolls() == 0);
    if round_start && matches!(news, SeatNews::Back(_)) {
        return Vec::new();
    }
    let (seat, event) = match news {
        SeatNews::Away(s) => (s, LogEvent::Away),
        SeatNews::Back(s) => (s, LogEvent::Back),
        SeatNews::Left(s) => (s, LogEvent::Left),
        SeatNews::TimedOut(s) => (s, LogEvent::TimedOut),
    };
    vec![LogEntry {
        seat,
        owner: seat,
        roll: String::new(),
        event,
    }]
}

/// What a move (or a pass) did, as the log tells it, the move first.
fn played_events(
    fx: &game_ca_ngua::engine::Effects,
    thau_ma: bool,
    after: &Replica,
) -> Vec<LogEvent> {
    let mut events = vec![match fx.mv {
        _ if fx.forfeited => LogEvent::Forfeit,
        None => LogEvent::Pass,
        Some(m) if m.is_exit() => LogEvent::Exit,
        Some(m) => LogEvent::Advance {
            from: m.from,
            to: m.to,
        },
    }];
    // Teams: the move was the partner's horse (the log shows the newest
    // line first, so this reads above the move).
    if fx.owner != fx.seat && fx.mv.is_some() {
        events.push(LogEvent::PlaysFor { partner: fx.owner });
    }
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
    if thau_ma {
        events.push(LogEvent::ThauMa);
    }
    if fx.door_to_bottom {
        events.push(LogEvent::SapHam);
    }
    if fx.horse_finished && !fx.seat_finished {
        events.push(LogEvent::Finish);
    }
    if fx.seat_finished {
        // With teams a colour home has no place of its own (0).
        let place = after.game().map_or(1, |g| {
            if g.rules().teams {
                0
            } else {
                g.finish_order().count().max(1) as u8
            }
        });
        events.push(LogEvent::SeatFinished { place });
    }
    events
}
