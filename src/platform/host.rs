//! Hosting a room on this device: on the desktop a server in the app's own
//! process ([`ca_ngua_server`]); in a browser, none, as a page cannot
//! listen for connections. There [`spawn`] says so in words the online
//! screen shows, and a [`Host`] never exists, so everything about hosted
//! rooms is simply absent.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use ca_ngua_server::{ServerConfig as HostConfig, ServerHandle as Host, lan_addresses, spawn};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use browser::{Host, HostConfig, NoHosting, lan_addresses, spawn};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser {
    use ca_ngua_protocol::SeatPresence;
    use std::fmt;
    use std::net::SocketAddr;
    use std::path::PathBuf;
    use std::time::Duration;

    /// A server in this page: there is none (no value of this type).
    #[derive(Debug)]
    pub enum Host {}

    impl Host {
        /// Where it listens.
        pub fn addr(&self) -> SocketAddr {
            match *self {}
        }

        /// Its away time.
        pub fn away(&self) -> Duration {
            match *self {}
        }

        /// A room's seats as it sees them.
        pub fn presence(&self, _code: &str) -> Option<Vec<SeatPresence>> {
            match *self {}
        }

        /// Wakes the page when presence changes.
        pub fn wake_on_presence(&self, _wake: impl Fn() + Send + Sync + 'static) {
            match *self {}
        }

        /// Stops it.
        pub fn shutdown(self) {
            match self {}
        }
    }

    /// The settings a hosted server would take (kept so that the shell
    /// reads the same on every platform).
    #[derive(Clone, Debug)]
    pub struct HostConfig {
        /// Where the hosted rooms would be kept.
        pub state_dir: Option<PathBuf>,
        /// The pause before each computer move.
        pub bot_delay: Duration,
        /// The away time.
        pub away: Duration,
    }

    impl Default for HostConfig {
        fn default() -> Self {
            HostConfig {
                state_dir: None,
                bot_delay: Duration::from_millis(800),
                away: ca_ngua_protocol::DEFAULT_AWAY,
            }
        }
    }

    /// Why a page cannot host.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct NoHosting;

    impl fmt::Display for NoHosting {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a browser cannot host a room; open one from the app, or join a friend's")
        }
    }

    impl std::error::Error for NoHosting {}

    /// This device's addresses on its local network, for friends to reach
    /// a room it hosts: none, as it hosts none.
    pub fn lan_addresses() -> Vec<std::net::IpAddr> {
        Vec::new()
    }

    /// Always [`NoHosting`].
    pub fn spawn(_bind: SocketAddr, _config: HostConfig) -> Result<Host, NoHosting> {
        Err(NoHosting)
    }
}
