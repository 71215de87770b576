//! Teams (RULES.md) from the command line: a rules file that asks for
//! teams with fewer players is refused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::cli_support::{cli, stderr, stdout};
use crate::common;
use game_ca_ngua::engine::Rules;
use game_ca_ngua::rules_file::RuleSet;

#[test]
fn a_rules_file_with_teams_and_fewer_players_is_refused_with_a_message() {
    let dir = common::temp_dir("teams-file");
    let path = dir.path().join("doi.ron");
    std::fs::write(&path, RuleSet::new("đội", Rules::teams()).to_ron()).unwrap();
    let file = path.to_str().unwrap();
    // Four players: answers.
    let o = cli(&[
        "moves",
        "--rules",
        file,
        "57,57,57,57/Y,Y,Y,Y/Y,Y,10,20/Y,Y,Y,Y r 0",
        "6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Y-0 10-16 20-26\n");
    // Two or three: refused, one line that says why.
    for position in ["Y,Y,Y,Y/-/Y,Y,Y,Y/- r 0", "Y,Y,Y,Y/Y,Y,Y,Y/-/Y,Y,Y,Y r 0"] {
        let o = cli(&["moves", "--rules", file, position, "6"]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("teams need all four colours"), "{err}");
    }
    // Self-play with teams and two players is refused the same way.
    let o = cli(&[
        "selfplay",
        "--rules",
        "teams",
        "--players",
        "ry",
        "--games",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("teams"), "{}", stderr(&o));
}
