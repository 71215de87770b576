//! The figures a run measured (never asserted: a page drawn in software on
//! a busy machine says little about a player's), printed and kept in
//! `target/web-test/figures.txt`, one `test.name: value` a line; each
//! test replaces its own lines and keeps the others'.

use crate::page::out_dir;

/// The count, median and largest of some times in milliseconds.
pub fn summary(times: &[f64]) -> Vec<(&'static str, String)> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = match sorted.len() {
        0 => None,
        n if n % 2 == 1 => Some(sorted[n / 2]),
        n => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    };
    let shown = |v: Option<f64>| v.map_or_else(|| "none".to_string(), |v| format!("{v:.1} ms"));
    vec![
        ("count", sorted.len().to_string()),
        ("median", shown(median)),
        ("max", shown(sorted.last().copied())),
    ]
}

/// Prints `figures` and writes them as `test`'s in the figures' file.
pub fn record(test: &str, figures: &[(String, String)]) {
    let path = out_dir().join("figures.txt");
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    let mine = format!("{test}.");
    let mut lines: Vec<String> = old
        .lines()
        .filter(|l| !l.starts_with(&mine) && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    for (name, value) in figures {
        let line = format!("{test}.{name}: {value}");
        println!("{line}");
        lines.push(line);
    }
    lines.sort();
    std::fs::write(&path, lines.join("\n") + "\n")
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("figures written to {}", path.display());
}

#[test]
fn the_summary_counts_and_takes_the_middle() {
    let s = summary(&[5.0, 1.0, 3.0, 10.0]);
    assert_eq!(s[0].1, "4");
    assert_eq!(s[1].1, "4.0 ms");
    assert_eq!(s[2].1, "10.0 ms");
    assert_eq!(summary(&[2.0, 9.0, 4.0])[1].1, "4.0 ms");
    assert_eq!(summary(&[])[1].1, "none");
}
