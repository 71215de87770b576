//! TLS for online play (PROTOCOL.md "Over the internet"), with rustls and
//! its ring provider: the client's `wss://` (the OS's roots, or the file
//! `SSL_CERT_FILE` names). The server's side is `ca_ngua_server::tls`.

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use std::sync::{Arc, Mutex, OnceLock};
use tracing::debug;

pub use crate::tls_error::TlsError;

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The roots of the system's store, or of `SSL_CERT_FILE` /
/// `SSL_CERT_DIR` when set: read once (it can be a large file).
fn native_roots() -> &'static [CertificateDer<'static>] {
    static ROOTS: OnceLock<Vec<CertificateDer<'static>>> = OnceLock::new();
    ROOTS.get_or_init(|| {
        let found = rustls_native_certs::load_native_certs();
        for e in &found.errors {
            debug!("certificate store: {e}");
        }
        found.certs
    })
}

/// Authorities trusted besides the system's ([`trust_pem`]).
fn extra_roots() -> &'static Mutex<Vec<CertificateDer<'static>>> {
    static EXTRA: OnceLock<Mutex<Vec<CertificateDer<'static>>>> = OnceLock::new();
    EXTRA.get_or_init(|| Mutex::new(Vec::new()))
}

/// Trusts the certificate authorities in `pem` too, for every connection
/// this process makes from now on (a private server's own authority; the
/// tests' throwaway one). Answers how many were added.
pub fn trust_pem(pem: &[u8]) -> Result<usize, TlsError> {
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<_, _>>()
        .map_err(|e| TlsError::File(format!("not a PEM certificate: {e}")))?;
    if certs.is_empty() {
        return Err(TlsError::File("no certificate in the PEM text".into()));
    }
    let n = certs.len();
    extra_roots()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .extend(certs);
    Ok(n)
}

/// How clients check servers: every root from the system (or
/// `SSL_CERT_FILE`) and [`trust_pem`].
pub fn client_config() -> Result<Arc<rustls::ClientConfig>, TlsError> {
    let mut roots = rustls::RootCertStore::empty();
    let extra = extra_roots()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    // A bad certificate in the system's store is skipped, not fatal.
    let (_added, _skipped) = roots.add_parsable_certificates(native_roots().iter().cloned());
    let (_added, _skipped) = roots.add_parsable_certificates(extra);
    if roots.is_empty() {
        return Err(TlsError::NoRoots);
    }
    let config = rustls::ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Config(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}
