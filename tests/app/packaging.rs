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
const INSTALLER: &str = include_str!("../../assets/windows/installer.nsi");
const INFO_PLIST: &str = include_str!("../../assets/macos/Info.plist");
const RELEASE: &str = include_str!("../../.github/workflows/release.yml");

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
        "info-plist-path = \"",
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
    // The Windows installer, for the user alone, opens ca-ngua.exe with
    // the clicked link.
    assert!(INSTALLER.contains("\nRequestExecutionLevel user\n"));
    assert!(INSTALLER.contains(&format!("!define GAME \"{APP_ID}.exe\"")));
    assert!(INSTALLER.contains("!define SCHEMEKEY \"Software\\Classes\\ca-ngua\""));
    assert!(
        INSTALLER.contains(
            r#"WriteRegStr HKCU "${SCHEMEKEY}\shell\open\command" "" '"$INSTDIR\${GAME}" "%1"'"#
        ),
        "the link's command"
    );
    assert!(INSTALLER.contains(r#"WriteRegStr HKCU "${SCHEMEKEY}" "URL Protocol" """#));
    // And the app takes what it is given as a room's link.
    assert!(ca_ngua::instance::is_room_link(
        "ca-ngua://127.0.0.1:7878/K7M2QX"
    ));
    assert!(ca_ngua_protocol::INVITE_SCHEME.starts_with("ca-ngua:"));
}

/// The `$(key)` language strings an NSIS script uses.
fn nsis_strings(script: &str) -> std::collections::BTreeSet<&str> {
    script
        .split("$(")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .collect()
}

#[test]
fn the_windows_installer_says_every_sentence_in_both_languages() {
    use ca_ngua_i18n::{FILES, Lang};
    let used = nsis_strings(INSTALLER);
    assert!(used.contains("uninstaller-data-delete"), "{used:?}");
    for lang in Lang::ALL {
        let (_, _, ftl) = FILES
            .iter()
            .find(|(l, f, _)| *l == lang && *f == "installer.ftl")
            .expect("installer.ftl in each language");
        let mut defined = std::collections::BTreeSet::new();
        for line in ftl.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            // scripts/installer.sh reads one `key = text` line a message,
            // with no placeables.
            let (key, text) = line.split_once(" = ").expect("key = text, one line");
            assert!(
                !text.contains('{') && !text.trim().is_empty(),
                "{lang}: {line}"
            );
            defined.insert(key);
        }
        assert_eq!(
            defined, used,
            "{lang}: the installer's strings and installer.ftl"
        );
    }
    // Both languages' own pages, Vietnamese first: the one shown when
    // Windows speaks neither.
    let vi = INSTALLER
        .find("MUI_LANGUAGE \"Vietnamese\"")
        .expect("Vietnamese");
    let en = INSTALLER.find("MUI_LANGUAGE \"English\"").expect("English");
    assert!(vi < en);
}

#[test]
fn the_release_builds_the_installer_tried_under_wine() {
    // One installer script: the release runs on its MSVC build the script
    // that scripts/cross.sh runs on the one tried under Wine.
    let job = |name: &str| -> &str {
        RELEASE
            .split(&format!("\n  {name}:\n"))
            .nth(1)
            .and_then(|rest| rest.split("\n\n  ").next())
            .unwrap_or_else(|| panic!("a {name} job"))
    };
    assert!(job("windows").contains("--target x86_64-pc-windows-msvc"));
    let installer = job("windows-installer");
    assert!(installer.contains("scripts/installer.sh"), "{installer}");
    assert!(installer.contains("name: windows-binaries"), "{installer}");
    assert!(INSTALLER.contains("\nTarget amd64-unicode\n"));
    let cross = include_str!("../../scripts/cross.sh");
    assert!(cross.contains("scripts/installer.sh"));
    assert!(!MANIFEST.contains("[package.metadata.packager.nsis]"));
}

/// A property list's values, as far as an app's Info.plist needs them.
#[derive(Debug, PartialEq)]
enum Plist {
    Text(String),
    Flag(bool),
    List(Vec<Plist>),
    Dict(Vec<(String, Plist)>),
}

impl Plist {
    fn get(&self, key: &str) -> Option<&Plist> {
        match self {
            Plist::Dict(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Plist::Text(t) => Some(t),
            _ => None,
        }
    }

    fn list(&self) -> &[Plist] {
        match self {
            Plist::List(items) => items,
            _ => &[],
        }
    }
}

/// Reads an XML property list's values (dict, array, string, true, false),
/// skipping the prologue, comments and the `plist` element.
fn read_plist(xml: &str) -> Plist {
    let mut tags = Vec::new();
    let mut rest = xml;
    while let Some(open) = rest.find('<') {
        let text = rest[..open].trim();
        let close = rest[open..].find('>').expect("a tag ends") + open;
        let tag = &rest[open + 1..close];
        if !text.is_empty() {
            tags.push(format!("={text}"));
        }
        if !tag.starts_with('?') && !tag.starts_with('!') && !tag.contains("plist") {
            tags.push(tag.split_whitespace().next().unwrap_or(tag).to_string());
        }
        rest = &rest[close + 1..];
    }
    let mut at = 0;
    let value = plist_value(&tags, &mut at);
    assert_eq!(at, tags.len(), "one value: {tags:?}");
    value
}

fn plist_value(tags: &[String], at: &mut usize) -> Plist {
    let tag = tags[*at].as_str();
    *at += 1;
    let text = |at: &mut usize, end: &str| {
        let t = tags[*at]
            .strip_prefix('=')
            .map(str::to_string)
            .unwrap_or_default();
        if !t.is_empty() || tags[*at] == "=" {
            *at += 1;
        }
        assert_eq!(tags[*at], end);
        *at += 1;
        t
    };
    match tag {
        "true/" => Plist::Flag(true),
        "false/" => Plist::Flag(false),
        "string" => Plist::Text(text(at, "/string")),
        "array" => {
            let mut items = Vec::new();
            while tags[*at] != "/array" {
                items.push(plist_value(tags, at));
            }
            *at += 1;
            Plist::List(items)
        }
        "dict" => {
            let mut entries = Vec::new();
            while tags[*at] != "/dict" {
                assert_eq!(tags[*at], "key", "{tags:?}");
                *at += 1;
                let key = text(at, "/key");
                entries.push((key, plist_value(tags, at)));
            }
            *at += 1;
            Plist::Dict(entries)
        }
        other => panic!("unexpected <{other}> in the plist"),
    }
}

#[test]
fn the_macos_bundle_declares_its_id_the_link_scheme_and_its_oldest_macos() {
    let plist = read_plist(INFO_PLIST);
    let value_in = |table: &str, key: &str| -> String {
        MANIFEST
            .split(&format!("[{table}]"))
            .nth(1)
            .and_then(|t| t.split("\n[").next())
            .and_then(|t| {
                t.lines()
                    .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
            })
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{table}.{key} in Cargo.toml"))
            .to_string()
    };
    // The bundle id and the oldest macOS, as cargo-packager is told them.
    let id = value_in("package.metadata.packager", "identifier");
    assert_eq!(
        plist.get("CFBundleIdentifier").and_then(Plist::text),
        Some(id.as_str())
    );
    let oldest = value_in("package.metadata.packager.macos", "minimum-system-version");
    assert_eq!(
        plist.get("LSMinimumSystemVersion").and_then(Plist::text),
        Some(oldest.as_str())
    );
    assert_eq!(
        value_in("package.metadata.packager.macos", "info-plist-path"),
        "assets/macos/Info.plist"
    );
    // The scheme of the invite links opens the app.
    let schemes: Vec<&str> = plist
        .get("CFBundleURLTypes")
        .map(Plist::list)
        .unwrap_or_default()
        .iter()
        .flat_map(|t| {
            t.get("CFBundleURLSchemes")
                .map(Plist::list)
                .unwrap_or_default()
        })
        .filter_map(Plist::text)
        .collect();
    assert_eq!(schemes, ["ca-ngua"]);
    let scheme = ca_ngua_protocol::INVITE_SCHEME.trim_end_matches("//");
    assert_eq!(format!("{}:", schemes[0]), scheme);
    // Both languages, Retina.
    let langs: Vec<&str> = plist
        .get("CFBundleLocalizations")
        .map(Plist::list)
        .unwrap_or_default()
        .iter()
        .filter_map(Plist::text)
        .collect();
    assert_eq!(langs, ["vi", "en"]);
    assert_eq!(
        plist.get("NSHighResolutionCapable"),
        Some(&Plist::Flag(true))
    );
}
