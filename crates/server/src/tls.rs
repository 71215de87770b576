//! A server that answers TLS itself from PEM files (`--tls-cert`,
//! `--tls-key`; PROTOCOL.md "Over the internet"), with rustls and its ring
//! provider. The client's side is `ca_ngua_client::tls`.

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::fmt;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tracing::debug;

/// Why a server's TLS could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TlsError {
    /// A file could not be read, or holds no PEM item of the kind wanted.
    File(String),
    /// rustls refused the certificate or the key.
    Config(String),
}

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TlsError::File(e) | TlsError::Config(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for TlsError {}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// A server's certificate chain and key, read from PEM files, ready to
/// answer TLS.
#[derive(Clone)]
pub struct ServerTls(Arc<rustls::ServerConfig>);

impl fmt::Debug for ServerTls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ServerTls(..)")
    }
}

impl PartialEq for ServerTls {
    fn eq(&self, other: &ServerTls) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl ServerTls {
    /// Reads the certificate chain (`cert`: the server's certificate first,
    /// then any intermediates) and its private key (`key`: PKCS#8, PKCS#1
    /// or SEC1), both PEM.
    pub fn from_pem_files(cert: &Path, key: &Path) -> Result<ServerTls, TlsError> {
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
            .map_err(|e| TlsError::File(format!("{}: {e}", cert.display())))?
            .collect::<Result<_, _>>()
            .map_err(|e| TlsError::File(format!("{}: {e}", cert.display())))?;
        if chain.is_empty() {
            return Err(TlsError::File(format!(
                "{}: no certificate in it",
                cert.display()
            )));
        }
        let key = PrivateKeyDer::from_pem_file(key)
            .map_err(|e| TlsError::File(format!("{}: no private key: {e}", key.display())))?;
        ServerTls::new(chain, key)
    }

    /// A server's TLS from a certificate chain and its key.
    pub fn new(
        chain: Vec<CertificateDer<'static>>,
        key: PrivateKeyDer<'static>,
    ) -> Result<ServerTls, TlsError> {
        let mut config = rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(|e| TlsError::Config(format!("the certificate and key: {e}")))?;
        // WebSockets upgrade from HTTP/1.1.
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(ServerTls(Arc::new(config)))
    }
}

/// How long a client may take over its TLS handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A listener that answers TLS: connections are accepted and their
/// handshakes made on tasks of their own (a slow or silent client holds up
/// no one), and only finished ones are handed to the HTTP server.
#[derive(Debug)]
pub(crate) struct TlsListener {
    ready: mpsc::Receiver<(
        tokio_rustls::server::TlsStream<tokio::net::TcpStream>,
        SocketAddr,
    )>,
    local: SocketAddr,
}

impl TlsListener {
    pub(crate) fn new(listener: tokio::net::TcpListener, tls: &ServerTls) -> std::io::Result<Self> {
        let local = listener.local_addr()?;
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::clone(&tls.0));
        let (tx, ready) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let accepted = tokio::select! {
                    accepted = listener.accept() => accepted,
                    // The server is gone: stop listening.
                    () = tx.closed() => break,
                };
                let (tcp, peer) = match accepted {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of file descriptors and the like: wait a moment.
                        debug!("accept: {e}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = tcp.set_nodelay(true);
                let acceptor = acceptor.clone();
                let tx = tx.clone();
                tokio::spawn(async move {
                    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(tcp)).await {
                        Ok(Ok(stream)) => {
                            let _ = tx.send((stream, peer)).await;
                        }
                        Ok(Err(e)) => debug!(%peer, "TLS handshake: {e}"),
                        Err(_) => debug!(%peer, "TLS handshake: no answer"),
                    }
                });
            }
        });
        Ok(TlsListener { ready, local })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = tokio_rustls::server::TlsStream<tokio::net::TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(accepted) => accepted,
            // The accepting task is gone (the runtime is stopping): no more
            // connections come.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.local)
    }
}
