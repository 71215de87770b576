//! The closed set of games: [`GameKind`] names a game where one of either
//! is stored, sent or chosen (a preference, a save, a room),
//! [`with_game!`](crate::with_game) turns a kind into code written once
//! over the [`Game`](ca_ngua_core::game::Game) trait, and [`AnyGame`] holds a
//! value of one game's type (a replica, an event, an online client) where
//! the game is known only when the program runs. Like shakmaty's
//! `VariantPosition`, this is the one place that lists the games: adding
//! a third is a variant in each enum, an arm in each macro and a field in
//! [`GamePrefs`], and a line in [`per_game_struct!`](crate::per_game_struct)
//! and [`per_game_enum!`](crate::per_game_enum)'s users; docs/ARCHITECTURE.md
//! lists every file. Each game's type implements [`Listed`] here, so that
//! a value goes in and out of an [`AnyGame`] by its type, checked when
//! compiled: no `Any`, no `TypeId`.

use ca_ngua_core::game::Game;
use ca_ngua_core::game::rules_file::RulesFileError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games the app plays.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Cờ Cá Ngựa (Vietnamese Ludo): the first game, the default one (a
    /// protocol version 1 or 2 client that names no game plays it).
    #[default]
    CaNgua,
    /// Cờ nhảy (Chinese checkers).
    CoNhay,
}

/// Runs `$body` with `$g` standing for the game type of `$kind`:
/// `with_game!(kind, G => Table::<G>::lobby(...))`. The second form also
/// names `$wrap`, the [`AnyGame`] variant of that game, to put a value of
/// it in an `AnyGame`: `with_game!(kind, G, Wrap => Wrap(Replica::<G>::new(..)))`.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::CaNgua => {
                type $g = $crate::CaNgua;
                $body
            }
            $crate::GameKind::CoNhay => {
                type $g = $crate::CoNhay;
                $body
            }
        }
    };
    ($kind:expr, $g:ident, $wrap:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::CaNgua => {
                type $g = $crate::CaNgua;
                use $crate::AnyGame::CaNgua as $wrap;
                $body
            }
            $crate::GameKind::CoNhay => {
                type $g = $crate::CoNhay;
                use $crate::AnyGame::CoNhay as $wrap;
                $body
            }
        }
    };
}

/// Runs `$body` on the value inside an [`AnyGame`], bound to `$x`, with
/// `$g` standing for its game type:
/// `with_any!(&replica, G, r => r.seq())`.
#[macro_export]
macro_rules! with_any {
    ($value:expr, $g:ident, $x:pat => $body:expr) => {
        match $value {
            $crate::AnyGame::CaNgua($x) => {
                #[allow(dead_code)]
                type $g = $crate::CaNgua;
                $body
            }
            $crate::AnyGame::CoNhay($x) => {
                #[allow(dead_code)]
                type $g = $crate::CoNhay;
                $body
            }
        }
    };
}

/// A family of types with one member per game (`Replica<G>`, `Event<G>`, an
/// online client of a game): [`AnyGame<F>`] holds the member of one game.
/// A family is a marker type: `struct Replicas; impl PerGame for Replicas
/// { type Of<G: Game> = Replica<G>; }`.
pub trait PerGame {
    /// The family's member for game `G`.
    type Of<G: Game>: 'static;
}

/// A value of one game's member of family `F`: the closed enum used where a
/// value of either game is kept or passed on before code generic over the
/// game takes it (`with_any!`, [`AnyGame::get`]).
pub enum AnyGame<F: PerGame> {
    /// Cờ Cá Ngựa's.
    CaNgua(F::Of<CaNgua>),
    /// Cờ nhảy's.
    CoNhay(F::Of<CoNhay>),
}

/// A game of the closed set: its [`GameKind`], and how a value of its
/// member of a family goes into an [`AnyGame`] and comes out, checked when
/// compiled. Implemented here for each game's type (and only here: the
/// `Game` trait, in the crate below, cannot name the enum); code that
/// stores or sends a game's values asks `G: Listed` rather than `G: Game`.
pub trait Listed: Game {
    /// The game's kind.
    const KIND: GameKind;

    /// `value` in this game's variant.
    fn wrap<F: PerGame>(value: F::Of<Self>) -> AnyGame<F>;

    /// The value of `any` if it is of this game, `any` back if not.
    fn unwrap<F: PerGame>(any: AnyGame<F>) -> Result<F::Of<Self>, AnyGame<F>>;

    /// The value of `any` if it is of this game.
    fn peek<F: PerGame>(any: &AnyGame<F>) -> Option<&F::Of<Self>>;

    /// The value of `any` if it is of this game, to change it.
    fn peek_mut<F: PerGame>(any: &mut AnyGame<F>) -> Option<&mut F::Of<Self>>;
}

/// `impl Listed` for a game's type, its variant of [`GameKind`] and of
/// [`AnyGame`] being of the same name.
macro_rules! listed {
    ($game:ident) => {
        impl Listed for $game {
            const KIND: GameKind = GameKind::$game;

            fn wrap<F: PerGame>(value: F::Of<Self>) -> AnyGame<F> {
                AnyGame::$game(value)
            }

            fn unwrap<F: PerGame>(any: AnyGame<F>) -> Result<F::Of<Self>, AnyGame<F>> {
                match any {
                    AnyGame::$game(value) => Ok(value),
                    #[allow(unreachable_patterns)]
                    other => Err(other),
                }
            }

            fn peek<F: PerGame>(any: &AnyGame<F>) -> Option<&F::Of<Self>> {
                match any {
                    AnyGame::$game(value) => Some(value),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            fn peek_mut<F: PerGame>(any: &mut AnyGame<F>) -> Option<&mut F::Of<Self>> {
                match any {
                    AnyGame::$game(value) => Some(value),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    };
}

listed!(CaNgua);
listed!(CoNhay);

impl<F: PerGame> AnyGame<F> {
    /// Which game the value is of.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::CaNgua(_) => GameKind::CaNgua,
            AnyGame::CoNhay(_) => GameKind::CoNhay,
        }
    }

    /// A value of game `G`.
    pub fn of<G: Listed>(value: F::Of<G>) -> AnyGame<F> {
        G::wrap(value)
    }

    /// The value, if it is of game `G`.
    pub fn get<G: Listed>(&self) -> Option<&F::Of<G>> {
        G::peek(self)
    }

    /// The value, if it is of game `G`, to change it.
    pub fn get_mut<G: Listed>(&mut self) -> Option<&mut F::Of<G>> {
        G::peek_mut(self)
    }

    /// The value, if it is of game `G` (`None` drops it).
    pub fn into_game<G: Listed>(self) -> Option<F::Of<G>> {
        G::unwrap(self).ok()
    }
}

/// Declares a struct holding one `$ty<G>` for every game, a field named
/// after each (`ca_ngua`, `co_nhay`), for a type whose game must be more
/// than a [`Game`] (the app's screens, over its `View`), and a trait
/// `$pick` by which a game finds its own field:
/// `per_game_struct! { pub struct Screens of Play<V: View>, by OwnScreen; }`.
/// [`with_field!`](crate::with_field) and
/// [`each_field!`](crate::each_field) drive its fields.
#[macro_export]
macro_rules! per_game_struct {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident of $ty:ident<$v:ident: $bound:path>, by $pick:ident;
    ) => {
        $(#[$meta])*
        #[derive(Debug)]
        $vis struct $name {
            /// Cờ Cá Ngựa's.
            pub ca_ngua: $ty<$crate::CaNgua>,
            /// Cờ nhảy's.
            pub co_nhay: $ty<$crate::CoNhay>,
        }

        /// How a game finds its own field of
        #[doc = concat!("[`", stringify!($name), "`].")]
        $vis trait $pick {
            /// The game's own.
            fn pick(all: &$name) -> &$ty<Self>
            where
                Self: $bound;
            /// The game's own, to change.
            fn pick_mut(all: &mut $name) -> &mut $ty<Self>
            where
                Self: $bound;
        }

        impl $pick for $crate::CaNgua {
            fn pick(all: &$name) -> &$ty<Self> {
                &all.ca_ngua
            }
            fn pick_mut(all: &mut $name) -> &mut $ty<Self> {
                &mut all.ca_ngua
            }
        }

        impl $pick for $crate::CoNhay {
            fn pick(all: &$name) -> &$ty<Self> {
                &all.co_nhay
            }
            fn pick_mut(all: &mut $name) -> &mut $ty<Self> {
                &mut all.co_nhay
            }
        }
    };
}

/// Runs `$body` on the field of game `$kind` of a
/// [`per_game_struct!`](crate::per_game_struct), bound to `$x`, with `$g`
/// standing for the game type: `with_field!(&mut screens, kind, V, play =>
/// play.sync(saver))` (`&` or `&mut` says how the field is borrowed).
#[macro_export]
macro_rules! with_field {
    (&mut $all:expr, $kind:expr, $g:ident, $x:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::CaNgua => {
                #[allow(dead_code)]
                type $g = $crate::CaNgua;
                let $x = &mut $all.ca_ngua;
                $body
            }
            $crate::GameKind::CoNhay => {
                #[allow(dead_code)]
                type $g = $crate::CoNhay;
                let $x = &mut $all.co_nhay;
                $body
            }
        }
    };
    (& $all:expr, $kind:expr, $g:ident, $x:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::CaNgua => {
                #[allow(dead_code)]
                type $g = $crate::CaNgua;
                let $x = &$all.ca_ngua;
                $body
            }
            $crate::GameKind::CoNhay => {
                #[allow(dead_code)]
                type $g = $crate::CoNhay;
                let $x = &$all.co_nhay;
                $body
            }
        }
    };
}

/// Runs `$body` on every field of a
/// [`per_game_struct!`](crate::per_game_struct) in turn, in
/// [`GameKind::ALL`]'s order, bound to `$x`: `each_field!(&mut screens, V,
/// play => play.skip_animations())`.
#[macro_export]
macro_rules! each_field {
    (&mut $all:expr, $g:ident, $x:ident => $body:expr) => {{
        {
            #[allow(dead_code)]
            type $g = $crate::CaNgua;
            let $x = &mut $all.ca_ngua;
            $body;
        }
        {
            #[allow(dead_code)]
            type $g = $crate::CoNhay;
            let $x = &mut $all.co_nhay;
            $body;
        }
    }};
    (& $all:expr, $g:ident, $x:ident => $body:expr) => {{
        {
            #[allow(dead_code)]
            type $g = $crate::CaNgua;
            let $x = &$all.ca_ngua;
            $body;
        }
        {
            #[allow(dead_code)]
            type $g = $crate::CoNhay;
            let $x = &$all.co_nhay;
            $body;
        }
    }};
}

/// A [`per_game_struct!`](crate::per_game_struct) `$name` whose field of
/// each game is `$body`, with `$g` standing for the game type, made in
/// [`GameKind::ALL`]'s order: `new_fields!(Screens, V => new_screen::<V>())`.
#[macro_export]
macro_rules! new_fields {
    ($name:ident, $g:ident => $body:expr) => {
        $name {
            ca_ngua: {
                type $g = $crate::CaNgua;
                $body
            },
            co_nhay: {
                type $g = $crate::CoNhay;
                $body
            },
        }
    };
}

/// Runs `$body` on the value inside an [`AnyGame`], bound to `$x`, with
/// `$g` standing for its game type, and puts what it gives in the variant
/// of that game of the [`per_game_enum!`](crate::per_game_enum) `$name`
/// (boxed):
/// `map_any!(record, AnyReplay, G, r => Replay::<G>::new(r)?)`.
#[macro_export]
macro_rules! map_any {
    ($value:expr, $name:ident, $g:ident, $x:pat => $body:expr) => {
        match $value {
            $crate::AnyGame::CaNgua($x) => {
                #[allow(dead_code)]
                type $g = $crate::CaNgua;
                $name::CaNgua(Box::new($body))
            }
            $crate::AnyGame::CoNhay($x) => {
                #[allow(dead_code)]
                type $g = $crate::CoNhay;
                $name::CoNhay(Box::new($body))
            }
        }
    };
}

/// Declares an enum holding one `$ty<G>` of one game (boxed: the games'
/// types differ in size), a variant named after each (`CaNgua`, `CoNhay`),
/// for a type whose game must be more
/// than a [`Game`] (a replay, over the app's `View`):
/// `per_game_enum! { pub enum AnyReplay of Replay; }`. Its value is
/// driven with [`with_variant!`](crate::with_variant).
#[macro_export]
macro_rules! per_game_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident of $ty:ident;) => {
        $(#[$meta])*
        #[derive(Debug)]
        $vis enum $name {
            /// Cờ Cá Ngựa's.
            CaNgua(Box<$ty<$crate::CaNgua>>),
            /// Cờ nhảy's.
            CoNhay(Box<$ty<$crate::CoNhay>>),
        }
    };
}

/// Runs `$body` on the value inside a
/// [`per_game_enum!`](crate::per_game_enum) `$name`, bound to `$x`, with
/// `$g` standing for its game type: `with_variant!(AnyReplay, &replay, V,
/// r => r.steps())`.
#[macro_export]
macro_rules! with_variant {
    ($name:ident, $value:expr, $g:ident, $x:pat => $body:expr) => {
        match $value {
            $name::CaNgua($x) => {
                #[allow(dead_code)]
                type $g = $crate::CaNgua;
                $body
            }
            $name::CoNhay($x) => {
                #[allow(dead_code)]
                type $g = $crate::CoNhay;
                $body
            }
        }
    };
}

impl<F: PerGame> fmt::Debug for AnyGame<F>
where
    F::Of<CaNgua>: fmt::Debug,
    F::Of<CoNhay>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGame::CaNgua(v) => f.debug_tuple("CaNgua").field(v).finish(),
            AnyGame::CoNhay(v) => f.debug_tuple("CoNhay").field(v).finish(),
        }
    }
}

impl<F: PerGame> Clone for AnyGame<F>
where
    F::Of<CaNgua>: Clone,
    F::Of<CoNhay>: Clone,
{
    fn clone(&self) -> Self {
        match self {
            AnyGame::CaNgua(v) => AnyGame::CaNgua(v.clone()),
            AnyGame::CoNhay(v) => AnyGame::CoNhay(v.clone()),
        }
    }
}

impl<F: PerGame> PartialEq for AnyGame<F>
where
    F::Of<CaNgua>: PartialEq,
    F::Of<CoNhay>: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (AnyGame::CaNgua(a), AnyGame::CaNgua(b)) => a == b,
            (AnyGame::CoNhay(a), AnyGame::CoNhay(b)) => a == b,
            _ => false,
        }
    }
}

impl<F: PerGame> Eq for AnyGame<F>
where
    F::Of<CaNgua>: Eq,
    F::Of<CoNhay>: Eq,
{
}

impl GameKind {
    /// The game of a message or a file that names none: the first game,
    /// the only one before there were two (PROTOCOL.md version 2).
    pub const FIRST: GameKind = GameKind::CaNgua;

    /// Every game, in the picker's order.
    pub const ALL: [GameKind; 2] = [GameKind::CaNgua, GameKind::CoNhay];

    /// The game's name on the wire and in files (`ca-ngua`, `co-nhay`).
    pub fn id(self) -> &'static str {
        with_game!(self, G => G::ID)
    }

    /// The game's name as players write it (`Cờ Cá Ngựa`, `Cờ nhảy`).
    pub fn name(self) -> &'static str {
        with_game!(self, G => G::NAME)
    }

    /// The kind of a game type.
    pub fn of<G: Listed>() -> GameKind {
        G::KIND
    }
}

/// The rules in the text of a `G` rule-set file. A rule set of another
/// game, a likely mix-up, is refused by that game's name rather than by
/// the first field it does not share.
pub fn read_rules<G: Game>(text: &str) -> Result<G::Rules, RulesFileError> {
    G::rules_from_file(text).map_err(|e| {
        let other = GameKind::ALL
            .into_iter()
            .filter(|k| k.id() != G::ID)
            .find(|k| with_game!(*k, H => H::rules_from_file(text).is_ok()));
        match other {
            Some(kind) => RulesFileError(format!(
                "this is a {} rule set, not a {} one",
                kind.name(),
                G::NAME
            )),
            None => e,
        }
    })
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for GameKind {
    type Err = String;

    /// Reads a game's name as the protocol writes it.
    fn from_str(s: &str) -> Result<GameKind, String> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.id() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
                format!("unknown game '{s}' (expected {})", names.join(" or "))
            })
    }
}

pub use game_ca_ngua::CaNgua;
pub use game_co_nhay::CoNhay;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod doc_paths;
