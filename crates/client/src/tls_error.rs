//! Why TLS could not be set up for `wss://`: an error of the desktop's
//! TLS ([`crate::tls`]) that a [`LinkError`](crate::LinkError) carries on
//! every system (a browser's own TLS never gives one).

use std::fmt;

/// Why TLS could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TlsError {
    /// A file could not be read, or holds no PEM item of the kind wanted.
    File(String),
    /// rustls refused the certificate, the key or the settings.
    Config(String),
    /// No certificate authority to check servers against.
    NoRoots,
}

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TlsError::File(e) | TlsError::Config(e) => f.write_str(e),
            TlsError::NoRoots => f.write_str(
                "no certificate authorities found (the system's store is empty and \
                 SSL_CERT_FILE names none)",
            ),
        }
    }
}

impl std::error::Error for TlsError {}
