//! The layers below the app under one name, at the paths the app's code,
//! the benches, the examples and the tests use (`ca_ngua::game`,
//! `ca_ngua::record`, `ca_ngua::net::server`, …): each is one crate's
//! re-export, and nothing is defined here. The app's own library
//! (`src/lib.rs`) re-exports this, and the tests of `ca-ngua-cli` and
//! `ca-ngua-server` take it as `ca_ngua`.
#![forbid(unsafe_code)]

pub use ca_ngua_core::{game, table};
pub use ca_ngua_data::{ca_ngua, co_nhay, learn, prefs, record, stats, store};
pub use ca_ngua_games::{
    each_field, map_any, new_fields, per_game_enum, per_game_struct, with_any, with_field,
    with_game, with_variant,
};
pub use ca_ngua_i18n as i18n;

/// The closed set of games (`ca-ngua-games`), with each game's section of
/// the settings and the rule-file option that read it.
pub mod any_game {
    pub use ca_ngua_data::prefs::GamePrefs;
    pub use ca_ngua_data::store::load_rules;
    pub use ca_ngua_games::*;
}

/// Online play: the wire protocol, the client and the server. In a
/// browser (docs/ARCHITECTURE.md, "The browser") there is no server, no
/// TLS of our own and no plain-HTTP check: the page's own do that work.
pub mod net {
    pub use ca_ngua_client as client;
    pub use ca_ngua_client::{HealthError, RoomInfo, check_health_then, room_info_then};
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub use ca_ngua_client::{check_health, http_get, room_info};
    pub use ca_ngua_protocol as protocol;
    pub use ca_ngua_protocol::{
        INVITE_SCHEME, Invite, InviteError, SeatPresence, ServerAddress, after_http, dice,
        error_key,
    };
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub use ca_ngua_server as server;
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub use ca_ngua_server::lan_addresses;

    /// TLS both ways: the client's roots, the server's certificate.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub mod tls {
        pub use ca_ngua_client::tls::{TlsError, client_config, trust_pem};
        pub use ca_ngua_server::tls::ServerTls;
    }
}
