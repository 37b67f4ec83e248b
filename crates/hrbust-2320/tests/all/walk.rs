//! The generator's exhaustive walk really is the whole input space: every board of
//! 3^9 where not both players own a line, once with each mover.

use crate::common;

use common::owns_line;
use std::collections::BTreeSet;

#[test]
fn the_walk_is_one_input_with_every_board_and_mover_once() {
    let gen = env!("CARGO_BIN_EXE_hrbust-2320-gen");
    let count = judge_check::judging::crosscheck::generated_input(gen, &["--count-all"]);
    assert_eq!(String::from_utf8(count).unwrap().trim(), "1");
    let input = judge_check::judging::crosscheck::generated_input(gen, &["--all", "0"]);
    let text = String::from_utf8(input).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let cases: usize = tokens.next().unwrap().parse().unwrap();
    let mut walked = BTreeSet::new();
    for _ in 0..cases {
        let cells: Vec<u8> = (0..9)
            .map(|_| match tokens.next().unwrap() {
                "x" => b'x',
                "o" => b'o',
                "." => b'.',
                other => panic!("unexpected cell {other:?} in the walk"),
            })
            .collect();
        let to_move = tokens.next().unwrap().to_string();
        assert!(walked.insert((cells, to_move)), "a case appears twice");
    }
    assert_eq!(tokens.next(), None);

    let mut expected = BTreeSet::new();
    for number in 0..3_usize.pow(9) {
        let cells: Vec<u8> = (0..9)
            .map(|cell| b".xo"[number / 3_usize.pow(cell) % 3])
            .collect();
        if !(owns_line(&cells, b'x') && owns_line(&cells, b'o')) {
            for to_move in ["x", "o"] {
                expected.insert((cells.clone(), to_move.to_string()));
            }
        }
    }
    assert_eq!(walked.len(), expected.len());
    assert!(walked == expected, "the walk is not the set of valid cases");
}
