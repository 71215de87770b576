//! A person's seat of Cờ Cá Ngựa played by a finger on a phone's screen:
//! the main button at the bottom rolls, a tap on a horse that can move
//! moves it, and where a horse has two moves, a tap on it and then on its
//! target. Where to tap comes from the page's console (`ca-ngua: board at
//! X Y cell C`: the board's corner and one cell's side in CSS pixels, said
//! whenever it changes) and the board's own geometry; what to do comes
//! from the game the page keeps (`ca-ngua/game.ron`), replayed here.

use crate::devtools::DevTools;
use crate::page::{self, Browser};
use crate::phone::PHONE;
use std::time::Duration;
use tokio::time::Instant;

/// The phone's pixels per CSS pixel in the games on a phone (a recent
/// phone's).
pub const PHONE_SCALE: f64 = 3.0;
use ca_ngua::app::ca_ngua::geometry::{GRID, Place, place, place_centre};
use ca_ngua_core::game::Next;
use ca_ngua_core::table::{Event, Replica};
use ca_ngua_data::store::GameFile;
use game_ca_ngua::CaNgua;
use game_ca_ngua::engine::{Move, Seat, YARD};

/// The page's line saying where the board is.
pub const BOARD_AT: &str = "ca-ngua: board at ";

/// Where the board is on the screen, in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardAt {
    /// The grid's top left corner.
    pub x: f64,
    pub y: f64,
    /// One cell's side (the board is [`GRID`] cells a side).
    pub cell: f64,
    /// Counter-clockwise play: the board mirrored left to right.
    pub mirrored: bool,
}

impl BoardAt {
    /// What follows [`BOARD_AT`]: `X Y cell C`, then `mirrored` or not.
    pub fn parse(rest: &str) -> Option<BoardAt> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [x, y, "cell", cell, more @ ..] if more.len() <= 1 => Some(BoardAt {
                x: x.parse().ok()?,
                y: y.parse().ok()?,
                cell: cell.parse().ok()?,
                mirrored: match more {
                    [] => false,
                    ["mirrored"] => true,
                    _ => return None,
                },
            }),
            _ => None,
        }
    }

    /// The middle of a place on the screen.
    pub fn point(&self, p: Place) -> (f64, f64) {
        let (gx, gy) = place_centre(p);
        let gx = if self.mirrored { GRID - gx } else { gx };
        (
            self.x + f64::from(gx) * self.cell,
            self.y + f64::from(gy) * self.cell,
        )
    }
}

/// Where the board is now: the page's last word on it since `mark`.
pub fn board_at(dt: &DevTools, mark: usize) -> Option<BoardAt> {
    let said = dt.marked_since(mark, BOARD_AT);
    let last = said.last()?;
    Some(BoardAt::parse(last).unwrap_or_else(|| panic!("not a board's place: `{last}`")))
}

/// A game the page keeps, read and replayed: its events and where the
/// game is now.
pub struct Kept {
    pub events: Vec<Event<CaNgua>>,
    pub now: Replica<CaNgua>,
}

/// Reads the page's `game.ron` and replays it.
pub fn kept(text: &str) -> Kept {
    let file: GameFile<CaNgua> = ron::from_str(text)
        .unwrap_or_else(|e| panic!("the page's game.ron does not read: {e}\n{text}"));
    assert!(
        file.table.origin.is_none(),
        "a game from a set position, not a new one"
    );
    let mut now = Replica::new(file.table.rules);
    for ev in &file.table.events {
        now.apply(ev)
            .unwrap_or_else(|e| panic!("the page's game does not replay: {e}"));
    }
    Kept {
        events: file.table.events,
        now,
    }
}

/// What a finger does next for `seat`.
#[derive(Clone, Debug, PartialEq)]
pub enum Tap {
    /// The main button at the bottom of the screen: roll.
    Roll,
    /// A horse with one move: a tap on it (a horse in the yard is at one
    /// of the yard's four spots: each is tried).
    Horse(Move, Vec<Place>),
    /// A horse with several moves: a tap on it, then on the target.
    HorseThenTarget(Move, Vec<Place>, Place),
}

/// What `seat` has to do in `now`, if it is its turn: the roll, or a
/// move a hurried player would make (a horse out of the yard whenever a
/// roll lets one out, so that later rolls have horses to move; otherwise
/// the move that ends furthest on), so that the person's horses get home
/// and the game ends sooner than with any move at all.
pub fn next_tap(now: &Replica<CaNgua>, seat: Seat) -> Option<Tap> {
    match now.next()? {
        Next::Roll(s) if s == seat => Some(Tap::Roll),
        Next::Choose(s, moves) if s == seat => {
            let mv = *moves.iter().max_by_key(|m| (m.from == YARD, m.to))?;
            let spots: Vec<Place> = if mv.from == YARD {
                (0..4).map(|i| place(seat, YARD, i)).collect()
            } else {
                vec![place(seat, mv.from, 0)]
            };
            let same_horse = moves.iter().filter(|m| m.from == mv.from).count();
            Some(if same_horse > 1 {
                HorseThenTarget(mv, spots, place(seat, mv.to, 0))
            } else {
                Tap::Horse(mv, spots)
            })
        }
        _ => None,
    }
}

use Tap::HorseThenTarget;

/// The middle of the main button: the bottom of the screen, across its
/// width, within a thumb's reach (src/app/shell/phone.rs).
pub fn main_button(viewport: (f64, f64)) -> (f64, f64) {
    (viewport.0 / 2.0, viewport.1 - 36.0)
}

/// A screenshot of the phone's screen, `NAME-390x844.png` among the
/// phone's screenshots.
pub async fn shoot(b: &mut Browser, name: &str) {
    let size = (
        (f64::from(PHONE.0) * PHONE_SCALE) as u32,
        (f64::from(PHONE.1) * PHONE_SCALE) as u32,
    );
    let png = b.dt.screenshot(Some(size)).await;
    let path = page::phone_shots_dir().join(format!("{name}-{}x{}.png", PHONE.0, PHONE.1));
    std::fs::write(&path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("screenshot {}", path.display());
}

/// Counts of what the finger did.
#[derive(Debug, Default)]
pub struct Taps {
    pub rolls: usize,
    pub horses: usize,
    pub targets: usize,
    /// Taps that changed nothing (a yard's empty spot tried).
    pub missed: usize,
    /// Taps made without the page's word that it waited for them.
    pub unsaid: usize,
}

/// The page's line saying a person here is to act on what its board
/// shows: `roll at N` or `move at N`, N the last event shown.
pub const YOUR_TURN: &str = "ca-ngua: your turn: ";

/// Taps in a row that change nothing before the test gives up.
pub const MISSES: usize = 30;

/// How long the finger waits for the page's word that it is the
/// person's turn before tapping anyway (the tap then counts as unsaid).
const UNSAID: Duration = Duration::from_secs(4);

/// How long a tap may take to show in the game (two of the page's frames
/// after it, nothing changed, and it is a miss sooner).
const TAKES: Duration = Duration::from_millis(1500);

/// The page's frames so far (`window.caNguaFrames`).
pub async fn frames_drawn(b: &mut Browser) -> u64 {
    b.dt.eval("window.caNguaFrames || 0")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// The page's last word on the person's turn since `mark`: rolling or
/// not, and the last event shown.
pub fn turn_said(dt: &DevTools, mark: usize) -> Option<(bool, u64)> {
    let said = dt.marked_since(mark, YOUR_TURN);
    let last = said.last()?;
    let parse = || {
        let (what, seq) = last.split_once(" at ")?;
        Some((what == "roll", seq.trim().parse().ok()?))
    };
    Some(parse().unwrap_or_else(|| panic!("not a turn's line: `{last}`")))
}

/// A finger playing one seat: taps when the page says it waits for the
/// person and the game says what to do, and counts what it did.
#[derive(Debug)]
pub struct Finger {
    pub seat: Seat,
    pub taps: Taps,
    misses: usize,
    /// The last tap and the event it was made at.
    last: Option<(u64, Tap)>,
    /// Since when the game has waited on the finger (for [`UNSAID`]).
    waiting: Option<(u64, Instant)>,
}

impl Finger {
    pub fn new(seat: Seat) -> Finger {
        Finger {
            seat,
            taps: Taps::default(),
            misses: 0,
            last: None,
            waiting: None,
        }
    }

    /// The tap for the seat in `now`, once the page's lines since `mark`
    /// say it waits for that very tap (or after [`UNSAID`]): answers the
    /// page's frames drawn before the tap, for [`Finger::took`]; none
    /// when it is not the seat's turn or the page is not there yet.
    pub async fn tap(
        &mut self,
        b: &mut Browser,
        now: &Replica<CaNgua>,
        mark: usize,
    ) -> Option<u64> {
        let tap = next_tap(now, self.seat)?;
        let seq = now.seq();
        let at = board_at(&b.dt, mark)?;
        let said = turn_said(&b.dt, mark) == Some((tap == Tap::Roll, seq));
        let since = match self.waiting {
            Some((s, t)) if s == seq => t,
            _ => {
                let t = Instant::now();
                self.waiting = Some((seq, t));
                t
            }
        };
        if !said && since.elapsed() < UNSAID {
            return None;
        }
        if !said {
            self.taps.unsaid += 1;
        }
        let tried = match &self.last {
            Some((s, t)) if *s == seq && *t == tap => self.misses,
            _ => 0,
        };
        act(b, at, &tap, tried, &mut self.taps).await;
        self.last = Some((seq, tap));
        Some(frames_drawn(b).await)
    }

    /// After a tap made by when the page had drawn `frames`: waits until the
    /// game `count` reads has more than `events` events (true), or the
    /// page has drawn two frames since with nothing changed (a miss, and
    /// after [`MISSES`] in a row the test fails).
    pub async fn took(
        &mut self,
        b: &mut Browser,
        frames: u64,
        events: usize,
        mut count: impl AsyncFnMut(&mut Browser) -> usize,
    ) -> bool {
        let until = Instant::now() + TAKES;
        let grew = loop {
            tokio::time::sleep(Duration::from_millis(120)).await;
            if count(b).await > events {
                break true;
            }
            if Instant::now() >= until || frames_drawn(b).await >= frames + 2 {
                break count(b).await > events;
            }
        };
        if grew {
            self.misses = 0;
            return true;
        }
        self.misses += 1;
        self.taps.missed += 1;
        if self.misses == MISSES {
            shoot(b, "stuck").await;
        }
        assert!(
            self.misses < MISSES,
            "{MISSES} taps in a row changed nothing ({:?}); {}",
            self.last,
            b.dt.recent_lines(30)
        );
        false
    }
}

/// The tap (or two) of `tap`; `tried` times already without effect (the
/// next of a yard's spots is tried).
pub async fn act(b: &mut Browser, at: BoardAt, tap: &Tap, tried: usize, taps: &mut Taps) {
    match tap {
        Tap::Roll => {
            let (x, y) = main_button(b.viewport().await);
            b.dt.tap(x, y).await;
            taps.rolls += 1;
        }
        Tap::Horse(_, spots) => {
            let (x, y) = at.point(spots[tried % spots.len()]);
            b.dt.tap(x, y).await;
            taps.horses += 1;
        }
        HorseThenTarget(_, spots, target) => {
            let (x, y) = at.point(spots[tried % spots.len()]);
            b.dt.tap(x, y).await;
            b.dt.frames().await;
            let (x, y) = at.point(*target);
            b.dt.tap(x, y).await;
            taps.horses += 1;
            taps.targets += 1;
        }
    }
}

#[test]
fn the_board_line_reads_and_places_a_horse() {
    let at = BoardAt::parse("8.0 58.0 cell 24.930").expect("reads");
    assert_eq!(
        at,
        BoardAt {
            x: 8.0,
            y: 58.0,
            cell: 24.93,
            mirrored: false
        }
    );
    assert!(BoardAt::parse("8 58 cell 24 mirrored").unwrap().mirrored);
    assert_eq!(BoardAt::parse("8 58 24"), None);
    assert_eq!(BoardAt::parse("8 58 cell 24 upside-down"), None);
    // Red's start square is the track's first, the second cell of row 6.
    let (x, y) = at.point(place(Seat::Red, 0, 0));
    assert!((x - (8.0 + 1.5 * 24.93)).abs() < 1e-6, "{x}");
    assert!((y - (58.0 + 6.5 * 24.93)).abs() < 1e-6, "{y}");
    // Mirrored, it is at the other end of the row.
    let m = BoardAt {
        mirrored: true,
        ..at
    };
    let (mx, _) = m.point(place(Seat::Red, 0, 0));
    assert!((mx - (8.0 + 13.5 * 24.93)).abs() < 1e-6, "{mx}");
}
