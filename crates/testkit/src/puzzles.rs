//! Puzzles, for either game: every shipped puzzle solved by its answer at
//! the first try, every other legal move refused with its explanation and
//! nothing changed; broken puzzles refused by their id.

use ca_ngua_core::game::Game;
use ca_ngua_data::learn::{
    Difficulty, PuzzleDef, PuzzleFile, Run, Teach, Verdict, puzzle_files, puzzles_in, puzzles_of,
    read_puzzles,
};

/// Every shipped puzzle of `G`: the answer solves it with three stars;
/// every other legal move is refused with the puzzle's explanation and
/// leaves the position as it was; the answer is the move with the
/// highest win chance listed, ahead of every other. Returns the count
/// per difficulty.
pub fn every_shipped_puzzle_is_solved_and_refuses_the_rest<G: Teach>() -> [usize; 3] {
    let puzzles = puzzles_of::<G>().expect("the shipped puzzles read");
    let mut counts = [0; 3];
    for p in &puzzles {
        let facts = p.puzzle.as_ref().expect("a puzzle's facts");
        counts[Difficulty::ALL
            .iter()
            .position(|d| *d == facts.difficulty)
            .unwrap()] += 1;
        let (best, chance) = facts.best().unwrap();
        assert_eq!(p.solution, vec![best], "{}", p.def.id);
        assert!(
            facts.chances.iter().skip(1).all(|(_, c)| *c < chance),
            "{}: the answer is not ahead of every other move",
            p.def.id
        );
        let mut run = Run::new(p.clone());
        run.roll_until_moves().unwrap();
        let moves = run.moves();
        assert!(moves.len() >= 2, "{}: a puzzle needs a choice", p.def.id);
        for mv in moves.iter().filter(|m| **m != best) {
            let before = run.state().clone();
            assert_eq!(
                run.play(*mv),
                Verdict::Wrong {
                    why: "puzzle-wrong".into()
                },
                "{} {mv}",
                p.def.id
            );
            assert_eq!(
                run.state(),
                &before,
                "{}: a refused move changed the game",
                p.def.id
            );
            assert!(
                facts.chance(*mv).is_some(),
                "{}: {mv} has no chance",
                p.def.id
            );
        }
        // A fresh run: right at the first try is three stars.
        let mut first = Run::new(p.clone());
        first.roll_until_moves().unwrap();
        assert_eq!(
            first.play(best),
            Verdict::Solved { stars: 3 },
            "{}",
            p.def.id
        );
        // After the wrong ones, fewer.
        assert!(matches!(run.play(best), Verdict::Solved { stars } if stars < 3));
    }
    counts
}

/// The first shipped puzzle of `G` as written.
pub fn first_def<G: Game>() -> PuzzleDef {
    puzzle_files()
        .iter()
        .flat_map(|(n, t)| read_puzzles(n, t).unwrap().puzzles)
        .find(|p| p.game == G::ID)
        .expect("a shipped puzzle")
}

/// `def` in a file of its own, read back as `G`'s puzzles: the error's
/// words, if refused.
pub fn refusal<G: Teach>(def: PuzzleDef) -> Option<String> {
    let mut file = PuzzleFile::new();
    file.puzzles.push(def);
    puzzles_in::<G>(&file).err().map(|e| e.to_string())
}

/// Broken puzzles are refused by id: a move that is not legal, a legal
/// move left out, the answer not ahead, a chance out of range.
pub fn broken_puzzles_are_refused_by_id<G: Teach>() {
    let good = first_def::<G>();
    assert_eq!(refusal::<G>(good.clone()), None);
    let id = good.id.clone();
    let named = |e: Option<String>, part: &str| {
        let e = e.expect("refused");
        assert!(e.contains(&id), "{e}");
        assert!(e.contains(part), "{e}");
    };
    // A legal move left out.
    let mut d = good.clone();
    d.moves.pop();
    if d.moves.len() >= 2 {
        named(refusal::<G>(d.clone()), "is not listed");
    } else {
        named(refusal::<G>(d.clone()), "two moves or more");
    }
    // No move at all.
    d.moves.clear();
    named(refusal::<G>(d), "none listed");
    // The answer behind the second.
    let mut d = good.clone();
    d.moves.swap(0, 1);
    named(refusal::<G>(d), "best first");
    // A chance out of range.
    let mut d = good.clone();
    d.moves[0].1 = 1.5;
    named(refusal::<G>(d), "0 to 1");
    // A move listed twice.
    let mut d = good.clone();
    let last = d.moves.last().cloned().unwrap();
    d.moves.push((last.0, 0.0));
    named(refusal::<G>(d), "");
}
