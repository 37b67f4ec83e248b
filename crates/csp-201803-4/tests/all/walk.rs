//! The generator's exhaustive walk (found by playing games) is exactly the set of
//! boards the statement allows, described here the other way round: equal stone
//! counts, no line of Alice's, at most Bob's line. The submission's input check
//! uses that description, so this ties it to "reachable with Alice to move".

use crate::common;

use common::owns_line;
use std::collections::BTreeSet;

#[test]
fn the_walk_is_one_input_with_every_allowed_position_once() {
    let gen = env!("CARGO_BIN_EXE_csp-201803-4-gen");
    let count = judge_check::judging::crosscheck::generated_input(gen, &["--count-all"]);
    assert_eq!(String::from_utf8(count).unwrap().trim(), "1");
    let input = judge_check::judging::crosscheck::generated_input(gen, &["--all", "0"]);
    let text = String::from_utf8(input).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let cases: usize = tokens.next().unwrap().parse().unwrap();
    let mut walked = BTreeSet::new();
    for _ in 0..cases {
        let cells: Vec<u8> = (0..9)
            .map(|_| tokens.next().unwrap().parse().unwrap())
            .collect();
        assert!(walked.insert(cells), "a position appears twice");
    }
    assert_eq!(tokens.next(), None);

    let mut allowed = BTreeSet::new();
    for number in 0..3_usize.pow(9) {
        let cells: Vec<u8> = (0..9)
            .map(|cell| (number / 3_usize.pow(cell) % 3) as u8)
            .collect();
        let count = |stone| cells.iter().filter(|&&cell| cell == stone).count();
        if count(1) == count(2) && !owns_line(&cells, 1) {
            allowed.insert(cells);
        }
    }
    assert_eq!(walked.len(), allowed.len());
    assert!(
        walked == allowed,
        "the walk is not the set of allowed positions"
    );
}
