//! TLS for the tests: a throwaway certificate authority and a server
//! certificate it signed, and an HTTP GET over TLS.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::config;
use ca_ngua_protocol::ServerAddress;
use ca_ngua_server::ServerConfig;
use ca_ngua_server::tls::ServerTls;
use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use std::path::PathBuf;
use std::time::Duration;

/// A certificate authority made for one test, and a certificate it signed
/// for `localhost` and 127.0.0.1, as PEM files in a folder of their own.
pub struct TestCa {
    pub dir: PathBuf,
    pub ca_pem: String,
}

impl TestCa {
    pub fn new(name: &str) -> TestCa {
        let mut params = CertificateParams::new(Vec::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, format!("ca-ngua test CA {name}"));
        let ca_key = KeyPair::generate().unwrap();
        let ca_cert = params.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(params, ca_key);
        let leaf = CertificateParams::new(vec!["localhost".into(), "127.0.0.1".into()]).unwrap();
        let leaf_key = KeyPair::generate().unwrap();
        let leaf_cert = leaf.signed_by(&leaf_key, &issuer).unwrap();
        let dir = std::env::temp_dir().join(format!("ca-ngua-tls-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("cert.pem"), leaf_cert.pem()).unwrap();
        std::fs::write(dir.join("key.pem"), leaf_key.serialize_pem()).unwrap();
        std::fs::write(dir.join("ca.pem"), ca_cert.pem()).unwrap();
        TestCa {
            dir,
            ca_pem: ca_cert.pem(),
        }
    }

    pub fn server_config(&self) -> ServerConfig {
        let tls = ServerTls::from_pem_files(&self.dir.join("cert.pem"), &self.dir.join("key.pem"))
            .expect("the PEM files read");
        ServerConfig {
            tls: Some(tls),
            ..config()
        }
    }
}

impl Drop for TestCa {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// An HTTP GET over TLS with the client's trust, answering the status
/// line and the body.
pub fn https_get(address: &ServerAddress, path: &str, lang: &str) -> (String, String) {
    use std::io::{Read, Write};
    let config = ca_ngua_client::tls::client_config().unwrap();
    let name = rustls::pki_types::ServerName::try_from(address.host.clone()).unwrap();
    let conn = rustls::ClientConnection::new(config, name).unwrap();
    let tcp = std::net::TcpStream::connect(("127.0.0.1", address.port)).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut tls = rustls::StreamOwned::new(conn, tcp);
    write!(
        tls,
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept-Language: {lang}\r\nConnection: close\r\n\r\n",
        address.authority()
    )
    .unwrap();
    let mut answer = Vec::new();
    let _ = tls.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (
        head.lines().next().unwrap_or("").to_string(),
        body.to_string(),
    )
}
