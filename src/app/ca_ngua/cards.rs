//! What a player's card says in Cờ Cá Ngựa: who plays (you, a person, the
//! computer's level), how many horses are home, on the board and in the
//! yard, the points when the scoring ledger is on, the place of a colour
//! that has finished, and "kicked!" for a moment. The play machinery draws
//! the card.

use super::CaNguaGame;
use ca_ngua_i18n::{Arg, I18n};
use game_ca_ngua::engine::{Seat, YARD};

/// What one card shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The colour.
    pub seat: Seat,
    /// Who plays it ("Bạn", "Máy – Vừa").
    pub who: String,
    /// Horses home.
    pub home: usize,
    /// Horses on the track or in the home column.
    pub board: usize,
    /// Horses in the yard.
    pub yard: usize,
    /// Ledger points, when the scoring ledger is on.
    pub points: Option<i32>,
    /// Its place once it has every horse home.
    pub place: Option<u8>,
    /// It is this colour's turn.
    pub to_move: bool,
    /// One of its horses was kicked a moment ago.
    pub kicked: bool,
}

impl CaNguaGame {
    /// The players' cards as the board shows them now.
    pub fn status_cards(&self, i18n: &I18n, now: f64) -> Vec<Card> {
        let shown = self.presenter.shown();
        let Some(game) = shown.game() else {
            return Vec::new();
        };
        let pos = game.position();
        let rules = game.rules();
        let order: Vec<Seat> = game.finish_order().collect();
        let flashing: Vec<Seat> = self
            .local
            .feedback
            .flashes_at(now)
            .into_iter()
            .map(|(_, s, _)| s)
            .collect();
        pos.playing_seats()
            .map(|seat| {
                let horses = pos.horses(seat);
                let home = pos.horses_home(seat, rules);
                let yard = horses.iter().filter(|&&p| p == YARD).count();
                Card {
                    seat,
                    who: self.card_name(i18n, seat),
                    home,
                    board: horses.len() - home - yard,
                    yard,
                    points: game.ledger().map(|l| l.points[seat.index()]),
                    // With teams places are the team's, said at the end.
                    place: if rules.teams {
                        None
                    } else {
                        order.iter().position(|s| *s == seat).map(|i| (i + 1) as u8)
                    },
                    to_move: shown.turn() == Some(seat),
                    kicked: flashing.contains(&seat),
                }
            })
            .collect()
    }
}

/// A seat's card, in words.
pub fn card(play: &CaNguaGame, i18n: &I18n, seat: Seat, now: f64) -> crate::app::play::cards::Card {
    let Some(c) = play
        .status_cards(i18n, now)
        .into_iter()
        .find(|c| c.seat == seat)
    else {
        return crate::app::play::cards::Card {
            who: play.card_name(i18n, seat),
            status: String::new(),
            tag: None,
            band: None,
            reserve: None,
            brief: String::new(),
        };
    };
    let mut who = c.who.clone();
    // A place comes at the end of the line once the colour is home: the
    // card is as tall as that from the start (issue 45).
    let reserve = (!play.rules().teams).then(|| {
        let last = play.presenter.shown().seats().len().max(1);
        format!(
            "{} · {}",
            c.who,
            i18n.t_args("card-place", &[("place", Arg::from(last))])
        )
    });
    if let Some(place) = c.place {
        who.push_str(" · ");
        who.push_str(&i18n.t_args("card-place", &[("place", Arg::from(place))]));
    }
    let mut status = i18n.t_args(
        "card-counts",
        &[
            ("home", Arg::from(c.home)),
            ("board", Arg::from(c.board)),
            ("yard", Arg::from(c.yard)),
        ],
    );
    if let Some(points) = c.points {
        status.push_str(" · ");
        status.push_str(&i18n.t_args("card-points", &[("points", Arg::from(points))]));
    }
    // The place, once home, is on the name's line already.
    let brief = i18n.t_args(
        "strip-home",
        &[
            ("home", Arg::from(c.home)),
            ("total", Arg::from(c.home + c.board + c.yard)),
        ],
    );
    crate::app::play::cards::Card {
        who,
        status,
        brief,
        // "bị đá!" on the card's corner while the square flashes (the
        // counts already say where the horse went).
        tag: c.kicked.then(|| i18n.t("card-kicked")),
        // With teams, the partner's colour along the edge.
        band: play
            .rules()
            .teams
            .then(|| crate::app::ca_ngua::colours::seat_colour(seat.partner())),
        reserve,
    }
}

/// With teams, partners' cards together under the team's name.
pub fn card_groups(
    play: &CaNguaGame,
    i18n: &I18n,
    seats: Vec<Seat>,
) -> Vec<(Option<String>, Vec<Seat>)> {
    if !play.rules().teams {
        return vec![(None, seats)];
    }
    Seat::TEAMS
        .into_iter()
        .map(|first| {
            let team: Vec<Seat> = seats
                .iter()
                .copied()
                .filter(|s| s.team() == first)
                .collect();
            (Some(team_name(i18n, first)), team)
        })
        .collect()
}

/// A team by its colours: "Đội Đỏ – Vàng".
pub fn team_name(i18n: &I18n, first: Seat) -> String {
    i18n.t_args(
        "team-name",
        &[
            ("a", Arg::from(super::text::colour(i18n, first))),
            ("b", Arg::from(super::text::colour(i18n, first.partner()))),
        ],
    )
}
