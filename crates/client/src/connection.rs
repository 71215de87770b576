//! The connection to a room, whatever its game: the worker's thread, the
//! commands sent to it, and what it reports, kept until a typed client
//! takes them.

use super::messages::{Report, ToWorker};
use super::worker::{Timing, Worker};
use super::{ClientError, ClientOptions, ClientUpdate, ConnectionState, Request};
use crate::platform;
use ca_ngua_games::GameKind;
use ca_ngua_games::with_any;
use ca_ngua_protocol::ClientMessage;
use ca_ngua_protocol::ServerAddress;
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use tokio::sync::mpsc;

/// A connection to a room, its worker on a thread of its own (on the
/// desktop) or on the page's loop (in a browser), for a room of any game:
/// polled until the server's welcome tells the game, then turned into the
/// typed client of that game ([`Connection::into_client`]).
pub struct Connection {
    server: ServerAddress,
    to_worker: mpsc::UnboundedSender<ToWorker>,
    reports: std::sync::mpsc::Receiver<Report>,
    /// Reports read, not yet taken by a typed client.
    backlog: VecDeque<Report>,
    state: ConnectionState,
    game: Option<GameKind>,
    /// Where the worker runs ([`platform::start`]).
    home: platform::Home,
}

impl fmt::Debug for Connection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Connection")
            .field("server", &self.server)
            .field("state", &self.state)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl Connection {
    /// Connects to `server` and asks for a seat in a room of any game;
    /// `wake` is called (on the connection's thread) whenever there is
    /// something new to poll.
    pub fn connect(
        server: ServerAddress,
        request: Request,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<Connection, ClientError> {
        Connection::connect_with(server, request, ClientOptions::default(), wake)
    }

    /// As [`Connection::connect`], asking what `options` say (version 3,
    /// the dice's seeds).
    pub fn connect_with(
        server: ServerAddress,
        request: Request,
        options: ClientOptions,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Result<Connection, ClientError> {
        Connection::start(server, request, None, options, wake, Timing::default())
    }

    /// Connects, expecting a room of game `expect` when given (a welcome
    /// of another game closes the connection).
    pub(super) fn start(
        server: ServerAddress,
        request: Request,
        expect: Option<GameKind>,
        options: ClientOptions,
        wake: impl Fn() + Send + Sync + 'static,
        timing: Timing,
    ) -> Result<Connection, ClientError> {
        let (to_worker, commands) = mpsc::unbounded_channel();
        let (reports_tx, reports) = std::sync::mpsc::channel();
        let worker = Worker::new(
            server.url(),
            (request, options),
            expect,
            reports_tx,
            Arc::new(wake),
            commands,
            timing,
        );
        let home = platform::start("ca-ngua-client", move || worker.run()).map_err(ClientError)?;
        Ok(Connection {
            server,
            to_worker,
            reports,
            backlog: VecDeque::new(),
            state: ConnectionState::Connecting,
            game: expect,
            home,
        })
    }

    /// Reads what arrived (kept for the typed client, which reports it
    /// all); answers the room's game once the server has welcomed us.
    pub fn poll(&mut self) -> Option<GameKind> {
        for report in self.reports.try_iter() {
            match &report {
                Report::State(state) => self.state = state.clone(),
                Report::Game(update) => {
                    if with_any!(update, _G, u => matches!(u, ClientUpdate::Welcome { .. })) {
                        self.game = Some(update.kind());
                    }
                }
                Report::Refused(_) => {}
            }
            self.backlog.push_back(report);
        }
        self.game()
    }

    /// The room's game, once known (from the welcome, or as expected).
    pub fn game(&self) -> Option<GameKind> {
        self.game
    }

    /// The connection's state, as of the last poll.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    /// The server.
    pub fn server(&self) -> &ServerAddress {
        &self.server
    }

    /// Closes the connection (the seat stays ours: its token resumes it).
    pub fn close(mut self) {
        self.stop();
    }

    /// Every report since the last take, oldest first.
    pub(super) fn take(&mut self) -> Vec<Report> {
        self.poll();
        self.backlog.drain(..).collect()
    }

    /// Sends a message (queued by the worker while disconnected).
    pub(super) fn send(&self, msg: ClientMessage) {
        let _ = self.to_worker.send(ToWorker::Send(msg));
    }

    fn stop(&mut self) {
        let _ = self.to_worker.send(ToWorker::Close);
        self.home.join();
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.stop();
    }
}
