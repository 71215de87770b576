//! Perft for Cờ nhảy: move counts from positions in `nhay_perft.txt` (beside this file).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use game_co_nhay::engine::{Position, Rules, perft};

#[test]
fn perft_table() {
    let text = include_str!("nhay_perft.txt");
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cols.len(), 3, "line {}", i + 1);
        let rules = Rules::preset(cols[0]).expect("preset");
        let pos =
            Position::parse(cols[1], &rules).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        for (d, want) in cols[2].split_whitespace().enumerate() {
            let want: u64 = want.parse().unwrap();
            assert_eq!(
                perft(&pos, &rules, d as u32 + 1),
                want,
                "line {} depth {}",
                i + 1,
                d + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 12);
}
