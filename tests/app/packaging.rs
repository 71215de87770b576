//! The files the installers ship agree with each other and with the code:
//! the desktop entry, the AppStream metainfo, the icons and the package
//! lists in `Cargo.toml`. (`desktop-file-validate` and `appstreamcli
//! validate` check the formats themselves: docs/PACKAGING.md.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ca_ngua::platform::APP_ID;
use std::path::Path;

const DESKTOP: &str = include_str!("../../assets/linux/ca-ngua.desktop");
const METAINFO: &str = include_str!("../../assets/linux/io.github.ca_ngua.CaNgua.metainfo.xml");
const MANIFEST: &str = include_str!("../../Cargo.toml");

fn desktop_value(key: &str) -> Option<&'static str> {
    DESKTOP
        .lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
}

#[test]
fn the_desktop_entry_is_named_and_matched_by_the_application_id() {
    // The Wayland app id is the desktop entry's name, and X11 matches the
    // window's WM_CLASS to StartupWMClass: both are APP_ID.
    let file = format!("assets/linux/{APP_ID}.desktop");
    assert!(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(&file).is_file(),
        "{file}"
    );
    // The program, given the clicked link when the desktop opens a
    // ca-ngua: link with it (the scheme handler below).
    assert_eq!(desktop_value("Exec"), Some(format!("{APP_ID} %u").as_str()));
    assert_eq!(desktop_value("MimeType"), Some("x-scheme-handler/ca-ngua;"));
    assert_eq!(desktop_value("Icon"), Some(APP_ID));
    assert_eq!(desktop_value("StartupWMClass"), Some(APP_ID));
    assert_eq!(desktop_value("Terminal"), Some("false"));
    // Both languages.
    assert!(desktop_value("Comment").is_some());
    assert!(desktop_value("Comment[vi]").is_some());
}

#[test]
fn the_metainfo_launches_the_desktop_entry_and_knows_this_version() {
    assert!(
        METAINFO.contains(&format!(
            "<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>"
        )),
        "launchable"
    );
    assert!(METAINFO.contains(&format!("<binary>{APP_ID}</binary>")));
    assert!(METAINFO.contains("<summary xml:lang=\"vi\">"));
    assert!(METAINFO.contains("<screenshot type=\"default\">"));
    // Releases are listed newest first: a version bump needs its entry.
    let newest = METAINFO
        .split("<release version=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next());
    assert_eq!(newest, Some(env!("CARGO_PKG_VERSION")));
}

/// The width and height in a PNG's header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn every_icon_file_has_the_size_its_name_says() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icon/png");
    let mut sizes = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let (w, h) = name.split_once('x').expect("NxN.png");
        let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());
        assert_eq!(png_size(&std::fs::read(&path).unwrap()), (w, h), "{name}");
        sizes.push(w);
    }
    sizes.sort_unstable();
    // Linux menus (16-48), docks and HiDPI (up to 512), macOS Retina (1024).
    for size in [16, 32, 48, 128, 256, 512, 1024] {
        assert!(sizes.contains(&size), "no {size}x{size} icon: {sizes:?}");
    }
    for file in ["ca-ngua.ico", "ca-ngua.icns", "ca-ngua.svg"] {
        let path = dir.parent().unwrap().join(file);
        assert!(path.is_file(), "{}", path.display());
    }
}

#[test]
fn every_file_the_packages_list_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for line in MANIFEST.lines() {
        // Debian assets: ["source", "destination", "mode"]; the binaries
        // under target/ are built by `cargo deb` itself.
        let Some(rest) = line.trim().strip_prefix("[\"") else {
            continue;
        };
        let source = rest.split('"').next().unwrap();
        if source.starts_with("target/") {
            continue;
        }
        assert!(root.join(source).is_file(), "{source} is missing");
        checked += 1;
    }
    for needle in [
        "desktop-template = \"",
        "installer-icon = \"",
        "Vietnamese = \"",
        "files = { \"",
    ] {
        let source = MANIFEST
            .split(needle)
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("{needle} not in Cargo.toml"));
        assert!(root.join(source).is_file(), "{source} is missing");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} files found in Cargo.toml");
}

#[test]
fn the_installers_register_the_link_scheme() {
    // cargo-packager turns this into CFBundleURLTypes (macOS) and a
    // per-user `Software\\Classes\\ca-ngua` key (the Windows installer,
    // installed for the current user).
    let packager = MANIFEST
        .split("[package.metadata.packager]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .expect("a packager table");
    assert!(
        packager
            .lines()
            .any(|l| l.starts_with("deep-link-protocols") && l.contains("schemes = [\"ca-ngua\"]")),
        "{packager}"
    );
    let nsis = MANIFEST
        .split("[package.metadata.packager.nsis]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .expect("an NSIS table");
    assert!(
        nsis.lines().any(|l| l == "install-mode = \"currentUser\""),
        "{nsis}"
    );
}
