//! Rooms that outlive the server (`--state-dir`, PROTOCOL.md "Across
//! restarts"), with the real server binary on 127.0.0.1: a game goes on
//! across a SIGTERM restart and across a SIGKILL restart, the clients
//! reconnecting by themselves, and every client's events are identical,
//! numbered without a gap and never twice; the folder keeps tokens only as
//! hashes; a file that cannot be read is moved aside and the server starts.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::client::{Player, all_over, assert_whole, guest_joins, lan_creates, play, welcomed};
use crate::common::wait::wait_until;
use ca_ngua_client::ClientCommand;
use ca_ngua_core::game::Level;
use ca_ngua_protocol::ServerAddress;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub(crate) use ca_ngua_testkit::net::{Folder, free_port};

/// The server binary on `port`, keeping rooms in `dir`.
struct Server(Child);

impl Server {
    fn start(port: u16, dir: &Path) -> Server {
        let child = Command::new(env!("CARGO_BIN_EXE_ca-ngua-server"))
            .args(["--bind", &format!("127.0.0.1:{port}"), "--state-dir"])
            .arg(dir)
            .args(["--bot-delay-ms", "0", "--away-secs", "30"])
            // The test's people play as fast as their machine can.
            .args(["--messages-per-sec", "10000", "--message-burst", "10000"])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Killed and waited for when dropped, whatever happens next.
        let server = Server(child);
        // Ready once it answers its health check.
        let address = ServerAddress::new("127.0.0.1", port);
        wait_until("the server did not start", Duration::from_secs(60), || {
            ca_ngua_client::check_health(&address, Duration::from_secs(1)).ok()
        });
        server
    }

    /// Stops it as a service manager would (SIGTERM), and waits.
    fn terminate(mut self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let _ = self.0.wait();
    }

    /// Kills it outright (SIGKILL), and waits.
    fn kill(mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Two people and a computer play until `seq`, the server goes down by
/// `stop` and comes back on the same folder, and the game ends.
async fn a_game_goes_on_across_a_restart(name: &str, stop: fn(Server)) {
    let folder = Folder::new(name);
    let port = free_port();
    let server = Server::start(port, &folder.0);
    let address = ServerAddress::new("127.0.0.1", port);
    let mut host = Player::connect(address.clone(), lan_creates(3, "standard"));
    host.wait_for("the welcome", welcomed).await;
    let room = host.client.invite().expect("an invite").room;
    let mut guest = guest_joins(&mut host, address.clone(), room.clone()).await;
    host.client.send(ClientCommand::Start(Level::Easy));
    play(&mut [&mut host, &mut guest], |p| {
        p.iter()
            .all(|p| p.client.replica().is_some_and(|r| r.seq() >= 40))
    })
    .await;

    // The folder holds the room, and no token but as its hash.
    let file = folder.0.join("rooms").join(format!("{room}.room"));
    let kept = std::fs::read_to_string(&file).expect("the room's file");
    for p in [&host, &guest] {
        let token = &p.client.welcome().expect("welcomed").token;
        assert_eq!(token.len(), 32);
        assert!(!kept.contains(token.as_str()), "a token in the clear");
    }

    stop(server);
    let server = Server::start(port, &folder.0);
    // Both clients find the room again by themselves and play on.
    play(&mut [&mut host, &mut guest], all_over).await;
    let (a, b) = (host.events(), guest.events());
    assert_whole(&a);
    assert_whole(&b);
    assert_eq!(a, b);
    assert!(a.len() > 40);
    host.client.close();
    guest.client.close();
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_across_a_sigterm_restart() {
    a_game_goes_on_across_a_restart("term", Server::terminate).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_across_a_sigkill_restart() {
    a_game_goes_on_across_a_restart("kill", Server::kill).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupt_room_file_is_moved_aside_and_the_server_starts() {
    let folder = Folder::new("corrupt");
    let rooms = folder.0.join("rooms");
    std::fs::create_dir_all(&rooms).unwrap();
    std::fs::write(rooms.join("K7M2QX.room"), "{\"room\": 12}\nnonsense\n").unwrap();
    // A room whose events do not follow from each other.
    std::fs::write(
        rooms.join("ABCDEF.room"),
        concat!(
            r#"{"room":{"version":1,"game":"ca-ngua","room":"ABCDEF","players":2,"rules":"standard"}}"#,
            "\n",
            r#"{"event":{"seq":5,"type":"passed","seat":"r","position":"x"}}"#,
            "\n"
        ),
    )
    .unwrap();
    let port = free_port();
    let server = Server::start(port, &folder.0);
    assert!(rooms.join("K7M2QX.room.bad").exists());
    assert!(rooms.join("ABCDEF.room.bad").exists());
    assert!(!rooms.join("K7M2QX.room").exists());
    // The server works: a new room opens and is kept.
    let mut host = Player::connect(
        ServerAddress::new("127.0.0.1", port),
        lan_creates(2, "standard"),
    );
    host.wait_for("the welcome", welcomed).await;
    let room = host.client.invite().expect("an invite").room;
    assert!(rooms.join(format!("{room}.room")).exists());
    host.client.close();
    drop(server);
}
