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

/// The phone's pixels per CSS pixel in the games on a phone (a recent
/// phone's).
pub const PHONE_SCALE: f64 = 3.0;
use ca_ngua::app::ca_ngua::geometry::{GRID, Place, place, place_centre};
use ca_ngua::ca_ngua::CaNgua;
use ca_ngua::ca_ngua::engine::{Move, Seat, YARD};
use ca_ngua::game::Next;
use ca_ngua::store::GameFile;
use ca_ngua::table::{Event, Replica};

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

/// What `seat` has to do in `now`, if it is its turn: the roll, or the
/// first move it may make.
pub fn next_tap(now: &Replica<CaNgua>, seat: Seat) -> Option<Tap> {
    match now.next()? {
        Next::Roll(s) if s == seat => Some(Tap::Roll),
        Next::Choose(s, moves) if s == seat => {
            let mv = moves[0];
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
    pub missed: usize,
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
