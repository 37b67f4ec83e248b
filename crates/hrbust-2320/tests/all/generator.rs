//! The generator's random inputs are what its documentation promises: a seed gives
//! one known input, and over many cases the stone counts, the cells, the colours,
//! the empty symbols and the movers are spread as stated, with no board where both
//! players own a line.

use crate::common;

use common::owns_line;
use judge_check::judging::crosscheck::generated_input;

const GEN: &str = env!("CARGO_BIN_EXE_hrbust-2320-gen");

/// A random case: its nine cell tokens and its mover.
struct Case {
    cells: Vec<String>,
    to_move: String,
}

fn random_cases(seed: &str, size: usize) -> Vec<Case> {
    let input = generated_input(GEN, &[seed, &size.to_string()]);
    let text = String::from_utf8(input).expect("ASCII input");
    let mut tokens = text.split_ascii_whitespace().map(String::from);
    assert_eq!(tokens.next(), Some(size.to_string()), "the case count");
    let cases: Vec<Case> = (0..size)
        .map(|_| Case {
            cells: tokens.by_ref().take(9).collect(),
            to_move: tokens.next().expect("a mover"),
        })
        .collect();
    assert_eq!(tokens.next(), None, "nothing after the last case");
    cases
}

/// Whether `count` of `total` is within 15% of the expected share `numerator / denominator`.
fn near_share(count: usize, total: usize, numerator: usize, denominator: usize) -> bool {
    let expected = (total * numerator) as f64 / denominator as f64;
    (count as f64 - expected).abs() <= 0.15 * expected
}

#[test]
fn a_seed_gives_a_known_input() {
    let input = generated_input(GEN, &["3", "4"]);
    let expected = "4\n\
                    . . x\no . .\no o .\no\n\
                    . . .\n. . .\no . .\nx\n\
                    . . .\n. . .\n. o x\nx\n\
                    o . o\no . .\nx . o\nx\n";
    assert_eq!(String::from_utf8(input).unwrap(), expected);
}

#[test]
fn random_cases_are_spread_as_documented() {
    let total = 20_000;
    let cases = random_cases("1", total);
    let mut by_stones = [0; 10];
    let mut lone_stone_cells = [0; 9];
    let (mut x_stones, mut o_stones, mut x_movers) = (0, 0, 0);
    let mut dot_cases = 0;
    let mut other_symbol_cases = [0; 5];
    for case in &cases {
        let cells: Vec<u8> = case.cells.iter().map(|token| token.as_bytes()[0]).collect();
        assert!(
            !(owns_line(&cells, b'x') && owns_line(&cells, b'o')),
            "both own a line: {:?}",
            case.cells
        );
        let stones: Vec<usize> = (0..9)
            .filter(|&cell| b"xo".contains(&cells[cell]))
            .collect();
        by_stones[stones.len()] += 1;
        if let [cell] = stones[..] {
            lone_stone_cells[cell] += 1;
        }
        x_stones += cells.iter().filter(|&&cell| cell == b'x').count();
        o_stones += cells.iter().filter(|&&cell| cell == b'o').count();
        x_movers += usize::from(case.to_move == "x");
        assert!(
            case.to_move == "x" || case.to_move == "o",
            "{}",
            case.to_move
        );
        let empties: Vec<&String> = case
            .cells
            .iter()
            .filter(|token| !["x", "o"].contains(&token.as_str()))
            .collect();
        if let Some(&symbol) = empties.first() {
            assert!(
                empties.iter().all(|&empty| empty == symbol),
                "one symbol per case: {:?}",
                case.cells
            );
            match ["_", "-", "#", "*", "0"]
                .iter()
                .position(|other| other == symbol)
            {
                Some(other) => other_symbol_cases[other] += 1,
                None => {
                    assert_eq!(symbol, ".");
                    dot_cases += 1;
                }
            }
        }
    }
    // Each stone count 0..=9 in a tenth of the cases (a little fewer for the
    // fullest boards, redrawn when both own a line).
    assert!(
        by_stones
            .iter()
            .all(|&count| near_share(count, total, 1, 10)),
        "{by_stones:?}"
    );
    // A lone stone is on any cell alike.
    let lone = by_stones[1];
    assert!(
        lone_stone_cells
            .iter()
            .all(|&count| near_share(count, lone, 1, 9)),
        "{lone_stone_cells:?}"
    );
    assert!(
        near_share(x_stones, x_stones + o_stones, 1, 2),
        "{x_stones} x, {o_stones} o"
    );
    assert!(
        near_share(x_movers, total, 1, 2),
        "{x_movers} of {total} with x to move"
    );
    // A case with an empty cell: `.` in 3/4 + 1/24 of them, each other symbol in 1/24.
    let with_empty = dot_cases + other_symbol_cases.iter().sum::<usize>();
    assert!(
        near_share(dot_cases, with_empty, 19, 24),
        "{dot_cases} of {with_empty}"
    );
    assert!(
        other_symbol_cases
            .iter()
            .all(|&count| near_share(count, with_empty, 1, 24)),
        "{other_symbol_cases:?} of {with_empty}"
    );
}
