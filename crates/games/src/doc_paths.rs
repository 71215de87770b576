//! docs/ARCHITECTURE.md names only paths that exist: every path from the
//! workspace's root in its text (`crates/…`, `src/…`, `tests/…`, …), and
//! every entry of its file list (a folder's entries indented under it).
//! A name with a placeholder (`crates/<game>/`, `tests/app/phone*.rs`) is
//! a pattern, not a path, and is left alone; `{vi,en}` stands for both.

use std::path::{Path, PathBuf};

/// The folders a path from the workspace's root begins with.
const ROOTS: [&str; 10] = [
    "crates/",
    "src/",
    "tests/",
    "scripts/",
    "docs/",
    "assets/",
    "i18n/",
    "benches/",
    "examples/",
    ".ci/",
];

/// Where the descriptions of the file list begin: a name is left of it.
const NAME_COLUMN: usize = 22;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `a/{b,c}/d` as `a/b/d` and `a/c/d` (one pair of braces at most).
fn expand(path: &str) -> Vec<String> {
    match (path.find('{'), path.find('}')) {
        (Some(open), Some(close)) if open < close => path[open + 1..close]
            .split(',')
            .map(|alt| format!("{}{alt}{}", &path[..open], &path[close + 1..]))
            .collect(),
        _ => vec![path.to_string()],
    }
}

fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_./-".contains(c)
}

/// The paths from the root named in `text` (outside code blocks).
fn paths_in_text(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let at_start = i == 0 || !path_char(chars[i - 1]);
            let rest: String = chars[i..].iter().collect();
            if !at_start || !ROOTS.iter().any(|r| rest.starts_with(r)) {
                i += 1;
                continue;
            }
            let mut end = i;
            while end < chars.len() {
                if path_char(chars[end]) {
                    end += 1;
                } else if chars[end] == '{' {
                    match chars[end..].iter().position(|&c| c == '}') {
                        Some(close) => end += close + 1,
                        None => break,
                    }
                } else {
                    break;
                }
            }
            let placeholder = matches!(chars.get(end), Some('<' | '*'));
            let path: String = chars[i..end].iter().collect();
            let path = path.trim_end_matches(['.', '-']).to_string();
            if !placeholder {
                found.extend(expand(&path));
            }
            i = end.max(i + 1);
        }
    }
    found
}

/// The paths of the file list: the code block after `## The files`,
/// each name left of the descriptions, under the folder above it that is
/// indented less.
fn paths_in_file_list(text: &str) -> Vec<String> {
    let Some(start) = text.find("## The files") else {
        return Vec::new();
    };
    let mut lines = text[start..].lines().skip_while(|l| !l.starts_with("```"));
    lines.next();
    let mut found = Vec::new();
    let mut parents: Vec<(usize, String)> = Vec::new();
    for line in lines.take_while(|l| !l.starts_with("```")) {
        let indent = line.len() - line.trim_start().len();
        if indent >= NAME_COLUMN || line.trim().is_empty() {
            continue;
        }
        let left = line.trim_start();
        let left = left.find("  ").map_or(left, |end| &left[..end]);
        parents.retain(|(at, _)| *at < indent);
        let parent = parents.last().map_or(String::new(), |(_, p)| p.clone());
        let names: Vec<&str> = left
            .split(", ")
            .map(|n| n.trim_end_matches(','))
            .filter(|n| n.contains('/') || n.contains('.'))
            .collect();
        for name in &names {
            found.extend(expand(&format!("{parent}{name}")));
        }
        if let [dir] = names.as_slice()
            && dir.ends_with('/')
        {
            parents.push((indent, format!("{parent}{dir}")));
        }
    }
    found
}

#[test]
fn every_path_the_architecture_names_exists() {
    let text = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md"))
        .expect("docs/ARCHITECTURE.md reads");
    let named = paths_in_text(&text);
    let listed = paths_in_file_list(&text);
    assert!(named.len() > 30, "{named:?}");
    assert!(listed.len() > 100, "{listed:?}");
    let missing: Vec<&String> = named
        .iter()
        .chain(&listed)
        .filter(|p| !root().join(p).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md names what does not exist: {missing:?}"
    );
}

#[test]
fn paths_are_found_as_a_reader_takes_them() {
    let text = "See `crates/core/src/lib.rs`, i18n/{vi,en}/common.ftl and \
                crates/<game>/ or tests/app/phone*.rs.\n```\ncrates/x/\n```\n";
    assert_eq!(
        paths_in_text(text),
        [
            "crates/core/src/lib.rs",
            "i18n/vi/common.ftl",
            "i18n/en/common.ftl"
        ]
    );
    let list = "## The files\n\n```\ncrates/\n  core/src/           what\n    \
                game/             more\n      a.rs, b.rs      text\n                      \
                continued, c.rs\n  d.rs\n```\n";
    assert_eq!(
        paths_in_file_list(list),
        [
            "crates/",
            "crates/core/src/",
            "crates/core/src/game/",
            "crates/core/src/game/a.rs",
            "crates/core/src/game/b.rs",
            "crates/d.rs"
        ]
    );
}
