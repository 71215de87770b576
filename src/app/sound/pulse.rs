//! Playing sounds on a PulseAudio server (or PipeWire's PulseAudio
//! service) by speaking its native protocol over its Unix socket, with the
//! pure-Rust `pulseaudio` crate: nothing to link, no headers to build.
//!
//! Each sound is a playback stream of its own: created, written as the
//! server asks for data, drained, deleted. The server mixes streams that
//! overlap. A second thread reads the server's messages and hands them to
//! the sound thread, which alone writes. Any failure drops the connection;
//! the next sound after a pause tries again.

use super::{Msg, Output, synth};
use pulseaudio::protocol::stream::BufferAttr;
use pulseaudio::protocol::{
    self, AuthParams, AuthReply, ChannelMap, Command, CommandTag, CreatePlaybackStreamReply,
    PlaybackStreamParams, Prop, Props, SampleFormat, SampleSpec, SetClientNameReply, TagStructRead,
    TagStructReader,
};
use std::collections::HashMap;
use std::ffi::CString;
use std::io::{BufReader, Cursor, Read};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// A message from the server, read by the reader thread.
#[derive(Debug)]
pub enum Event {
    /// A reply to the request numbered `seq` (its payload, tag included).
    Reply(u32, Vec<u8>),
    /// The request numbered `seq` failed.
    Error(u32),
    /// The server wants `length` more bytes on `channel`.
    Request(u32, u32),
    /// The server dropped a stream.
    Killed(u32),
    /// The connection is gone.
    Closed,
}

/// How long to stay silent after the server could not be reached.
const RETRY: Duration = Duration::from_secs(20);
/// How long the handshake may take.
const HANDSHAKE: Duration = Duration::from_secs(2);
/// The largest message the reader accepts (the protocol's own bound).
const MAX_MESSAGE: u32 = protocol::MAX_MEMBLOCKQ_LENGTH as u32;

/// A sound being written to its stream.
struct Playing {
    pcm: Vec<u8>,
    sent: usize,
    draining: bool,
}

/// A connection to the server.
struct Conn {
    writer: UnixStream,
    version: u16,
    seq: u32,
    /// Requests to create a stream, by number, with their sound.
    creating: HashMap<u32, Vec<u8>>,
    /// Streams playing, by channel.
    streams: HashMap<u32, Playing>,
    /// Drain requests, by number, with their channel.
    draining: HashMap<u32, u32>,
}

/// The PulseAudio output.
pub struct Pulse {
    socket: Option<PathBuf>,
    conn: Option<Conn>,
    quiet_until: Option<Instant>,
}

impl Pulse {
    /// Output to the server at `socket`, or the one the environment names.
    pub fn new(socket: Option<PathBuf>) -> Pulse {
        Pulse {
            socket,
            conn: None,
            quiet_until: None,
        }
    }

    fn connect(&mut self, tx: &Sender<Msg>) -> Option<&mut Conn> {
        if self.conn.is_none() {
            if self.quiet_until.is_some_and(|t| Instant::now() < t) {
                return None;
            }
            match self.handshake(tx) {
                Ok(conn) => self.conn = Some(conn),
                Err(_) => {
                    self.quiet_until = Some(Instant::now() + RETRY);
                    return None;
                }
            }
        }
        self.conn.as_mut()
    }

    fn handshake(&self, tx: &Sender<Msg>) -> Result<Conn, String> {
        let path = self
            .socket
            .clone()
            .or_else(pulseaudio::socket_path_from_env)
            .ok_or("no PulseAudio server")?;
        let stream = UnixStream::connect(&path).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(HANDSHAKE))
            .map_err(|e| e.to_string())?;
        stream
            .set_write_timeout(Some(HANDSHAKE))
            .map_err(|e| e.to_string())?;
        let mut writer = stream.try_clone().map_err(|e| e.to_string())?;
        let mut reader = BufReader::new(stream);
        let cookie = pulseaudio::cookie_path_from_env()
            .and_then(|p| std::fs::read(p).ok())
            .unwrap_or_default();
        let auth = AuthParams {
            version: protocol::MAX_VERSION,
            supports_shm: false,
            supports_memfd: false,
            cookie,
        };
        protocol::write_command_message(
            &mut writer,
            0,
            &Command::Auth(auth),
            protocol::MAX_VERSION,
        )
        .map_err(|e| e.to_string())?;
        let (_, reply) =
            protocol::read_reply_message::<AuthReply>(&mut reader, protocol::MAX_VERSION)
                .map_err(|e| e.to_string())?;
        let version = protocol::MAX_VERSION.min(reply.version);
        let mut props = Props::new();
        if let Ok(name) = CString::new("Cờ Cá Ngựa") {
            props.set(Prop::ApplicationName, name);
        }
        protocol::write_command_message(&mut writer, 1, &Command::SetClientName(props), version)
            .map_err(|e| e.to_string())?;
        protocol::read_reply_message::<SetClientNameReply>(&mut reader, version)
            .map_err(|e| e.to_string())?;
        // From now on the reader thread waits as long as it must.
        reader
            .get_ref()
            .set_read_timeout(None)
            .map_err(|e| e.to_string())?;
        let back = tx.clone();
        std::thread::Builder::new()
            .name("sound-server".into())
            .spawn(move || read_loop(reader, version, back))
            .map_err(|e| e.to_string())?;
        Ok(Conn {
            writer,
            version,
            seq: 10,
            creating: HashMap::new(),
            streams: HashMap::new(),
            draining: HashMap::new(),
        })
    }

    /// Runs `f` on the connection; a failure drops it.
    fn with_conn(&mut self, f: impl FnOnce(&mut Conn) -> Result<(), String>) {
        if let Some(conn) = &mut self.conn
            && f(conn).is_err()
        {
            self.drop_conn();
        }
    }

    fn drop_conn(&mut self) {
        if let Some(conn) = self.conn.take() {
            let _ = conn.writer.shutdown(std::net::Shutdown::Both);
        }
    }
}

impl Drop for Pulse {
    fn drop(&mut self) {
        self.drop_conn();
    }
}

impl Conn {
    fn next_seq(&mut self) -> u32 {
        self.seq = self.seq.wrapping_add(1).max(10);
        self.seq
    }

    fn send(&mut self, seq: u32, cmd: &Command) -> Result<(), String> {
        protocol::write_command_message(&mut self.writer, seq, cmd, self.version)
            .map_err(|e| e.to_string())
    }

    fn create(&mut self, pcm: Vec<u8>) -> Result<(), String> {
        let seq = self.next_seq();
        let bytes_per_second = synth::RATE * 2;
        let mut props = Props::new();
        if let Ok(name) = CString::new("ca-ngua") {
            props.set(Prop::MediaName, name);
        }
        if let Ok(role) = CString::new("game") {
            props.set(Prop::MediaRole, role);
        }
        let params = PlaybackStreamParams {
            sample_spec: SampleSpec {
                format: SampleFormat::S16Le,
                channels: 1,
                sample_rate: synth::RATE,
            },
            channel_map: ChannelMap::mono(),
            sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
            // A fifth of a second of buffer: a short wait before a sound.
            buffer_attr: BufferAttr {
                target_length: bytes_per_second / 5,
                ..BufferAttr::default()
            },
            props,
            // Streams of one sync group play in step; each sound is its own
            // (as libpulse does: a new id a stream).
            sync_id: seq,
            ..Default::default()
        };
        self.send(seq, &Command::CreatePlaybackStream(params))?;
        self.creating.insert(seq, pcm);
        Ok(())
    }

    /// Writes up to `length` bytes of the stream's sound, in blocks of at
    /// most 64 KiB; once all is written, asks the server to play it out.
    fn feed(&mut self, channel: u32, length: u32) -> Result<(), String> {
        let Some(p) = self.streams.get_mut(&channel) else {
            return Ok(());
        };
        let end = p.sent.saturating_add(length as usize).min(p.pcm.len());
        while p.sent < end {
            let block = (end - p.sent).min(64 * 1024);
            let chunk = &p.pcm[p.sent..p.sent + block];
            protocol::write_memblock(&mut self.writer, channel, chunk, 0)
                .map_err(|e| e.to_string())?;
            p.sent += block;
        }
        if p.sent >= p.pcm.len() && !p.draining {
            p.draining = true;
            let seq = self.next_seq();
            self.send(seq, &Command::DrainPlaybackStream(channel))?;
            self.draining.insert(seq, channel);
        }
        Ok(())
    }

    fn reply(&mut self, seq: u32, payload: &[u8]) -> Result<(), String> {
        if let Some(pcm) = self.creating.remove(&seq) {
            let mut cursor = Cursor::new(payload);
            let mut ts = TagStructReader::new(&mut cursor, self.version);
            let _: CommandTag = ts.read_enum().map_err(|e| e.to_string())?;
            let _seq = ts.read_u32().map_err(|e| e.to_string())?;
            let r = CreatePlaybackStreamReply::read(&mut ts, self.version)
                .map_err(|e| e.to_string())?;
            self.streams.insert(
                r.channel,
                Playing {
                    pcm,
                    sent: 0,
                    draining: false,
                },
            );
            // Sounds are short: all of it goes at once (the server keeps up
            // to its maximum length, megabytes), then it is played out. A
            // server slow to ask for data cannot delay a sound this way.
            let _ = r.requested_bytes;
            return self.feed(r.channel, u32::MAX);
        }
        if let Some(channel) = self.draining.remove(&seq) {
            // Played out: the stream can go.
            self.streams.remove(&channel);
            let seq = self.next_seq();
            return self.send(seq, &Command::DeletePlaybackStream(channel));
        }
        Ok(())
    }
}

impl Output for Pulse {
    fn play(&mut self, pcm: Vec<u8>, _samples: &[f32], tx: &Sender<Msg>) {
        if self.connect(tx).is_none() {
            return;
        }
        self.with_conn(|c| c.create(pcm));
    }

    fn server(&mut self, event: Event, _tx: &Sender<Msg>) {
        match event {
            Event::Reply(seq, payload) => self.with_conn(|c| c.reply(seq, &payload)),
            Event::Request(channel, length) => self.with_conn(|c| c.feed(channel, length)),
            Event::Error(seq) => self.with_conn(|c| {
                c.creating.remove(&seq);
                if let Some(channel) = c.draining.remove(&seq) {
                    c.streams.remove(&channel);
                }
                Ok(())
            }),
            Event::Killed(channel) => self.with_conn(|c| {
                c.streams.remove(&channel);
                Ok(())
            }),
            Event::Closed => {
                self.drop_conn();
                self.quiet_until = Some(Instant::now() + RETRY);
            }
        }
    }
}

/// The reader thread: every message from the server, to the sound thread,
/// until the connection closes.
fn read_loop(mut reader: BufReader<UnixStream>, version: u16, tx: Sender<Msg>) {
    loop {
        let Ok(desc) = protocol::read_descriptor(&mut reader) else {
            let _ = tx.send(Msg::Server(Event::Closed));
            return;
        };
        if desc.length > MAX_MESSAGE {
            let _ = tx.send(Msg::Server(Event::Closed));
            return;
        }
        let mut payload = vec![0; desc.length as usize];
        if reader.read_exact(&mut payload).is_err() {
            let _ = tx.send(Msg::Server(Event::Closed));
            return;
        }
        if desc.channel != u32::MAX {
            // Audio from the server: a playback client gets none.
            continue;
        }
        let event = match Command::read_tag_prefixed(&mut Cursor::new(&payload[..]), version) {
            Ok((seq, Command::Reply)) => Event::Reply(seq, payload),
            Ok((seq, Command::Error(_))) => Event::Error(seq),
            Ok((_, Command::Request(r))) => Event::Request(r.channel, r.length),
            Ok((_, Command::PlaybackStreamKilled(channel))) => Event::Killed(channel),
            // Other news (started, underflow, …) changes nothing here, and
            // a message this client does not know is skipped.
            Ok(_) | Err(_) => continue,
        };
        if tx.send(Msg::Server(event)).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::cues::Cue;
    use std::os::unix::net::UnixListener;

    /// A PulseAudio server of our own on a socket in a temporary folder:
    /// it answers the handshake, creates streams, collects what is written
    /// to each, and acknowledges the drain and the delete.
    fn fake_server(
        path: &std::path::Path,
        streams: usize,
    ) -> std::thread::JoinHandle<Vec<Vec<u8>>> {
        let listener = UnixListener::bind(path).expect("bind");
        std::thread::spawn(move || {
            let (sock, _) = listener.accept().expect("accept");
            let mut w = sock.try_clone().expect("clone");
            let mut r = BufReader::new(sock);
            let v = protocol::MAX_VERSION;
            let mut got: Vec<Vec<u8>> = Vec::new();
            let mut deleted = 0;
            while deleted < streams {
                let desc = protocol::read_descriptor(&mut r).expect("descriptor");
                let mut payload = vec![0; desc.length as usize];
                r.read_exact(&mut payload).expect("payload");
                if desc.channel != u32::MAX {
                    got[desc.channel as usize].extend_from_slice(&payload);
                    continue;
                }
                let (seq, cmd) =
                    Command::read_tag_prefixed(&mut Cursor::new(&payload[..]), v).expect("command");
                match cmd {
                    Command::Auth(_) => protocol::write_reply_message(
                        &mut w,
                        seq,
                        &AuthReply {
                            version: v,
                            ..Default::default()
                        },
                        v,
                    )
                    .expect("auth"),
                    Command::SetClientName(_) => protocol::write_reply_message(
                        &mut w,
                        seq,
                        &SetClientNameReply { client_id: 1 },
                        v,
                    )
                    .expect("name"),
                    Command::CreatePlaybackStream(p) => {
                        assert_eq!(p.sample_spec.format, SampleFormat::S16Le);
                        assert_eq!(p.sample_spec.sample_rate, synth::RATE);
                        got.push(Vec::new());
                        let reply = CreatePlaybackStreamReply {
                            channel: (got.len() - 1) as u32,
                            requested_bytes: 1000,
                            sample_spec: p.sample_spec,
                            channel_map: p.channel_map,
                            ..Default::default()
                        };
                        protocol::write_reply_message(&mut w, seq, &reply, v).expect("create");
                    }
                    Command::DrainPlaybackStream(_) => {
                        protocol::write_ack_message(&mut w, seq).expect("drain");
                    }
                    Command::DeletePlaybackStream(_) => {
                        deleted += 1;
                        protocol::write_ack_message(&mut w, seq).expect("delete");
                    }
                    other => panic!("unexpected {other:?}"),
                }
            }
            got
        })
    }

    #[test]
    fn each_sound_is_a_stream_written_whole_then_played_out_and_deleted() {
        let dir = std::env::temp_dir().join(format!("ca-ngua-pulse-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let socket = dir.join("native");
        let server = fake_server(&socket, 2);
        let sound = super::super::Sound::with_pulse_server(socket);
        sound.play(Cue::Kick, 0.5);
        sound.play(Cue::Step, 1.0);
        let got = server.join().expect("server");
        assert!(sound.shut_down(), "the sound thread panicked");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], synth::pcm16(&synth::samples(Cue::Kick), 0.5));
        assert_eq!(got[1], synth::pcm16(&synth::samples(Cue::Step), 1.0));
    }
}
