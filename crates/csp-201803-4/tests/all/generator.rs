//! The generator's random inputs are what its documentation promises: a seed gives
//! one known input, and over many cases each stone count 0, 2, 4, 6 and 8 comes in a
//! fifth of them, always as many of Alice's stones as of Bob's.

use judge_check::judging::crosscheck::generated_input;

const GEN: &str = env!("CARGO_BIN_EXE_csp-201803-4-gen");

#[test]
fn a_seed_gives_a_known_input() {
    let input = generated_input(GEN, &["3", "4"]);
    let expected = "4\n\
                    0 0 0\n0 0 0\n0 0 0\n\
                    0 0 2\n2 1 0\n1 2 1\n\
                    0 1 0\n0 0 2\n0 0 0\n\
                    0 0 0\n0 0 0\n0 0 0\n";
    assert_eq!(String::from_utf8(input).unwrap(), expected);
}

#[test]
fn stone_counts_are_spread_evenly() {
    let total = 10_000;
    let input = generated_input(GEN, &["1", &total.to_string()]);
    let text = String::from_utf8(input).expect("ASCII input");
    let mut tokens = text.split_ascii_whitespace();
    assert_eq!(tokens.next(), Some("10000"), "the case count");
    let mut by_pairs = [0usize; 5];
    for _ in 0..total {
        let cells: Vec<&str> = tokens.by_ref().take(9).collect();
        let alice = cells.iter().filter(|&&cell| cell == "1").count();
        let bob = cells.iter().filter(|&&cell| cell == "2").count();
        assert_eq!(alice, bob, "Alice to move: {cells:?}");
        by_pairs[alice] += 1;
    }
    assert_eq!(tokens.next(), None, "nothing after the last case");
    let expected = total / 5;
    for (pairs, &count) in by_pairs.iter().enumerate() {
        assert!(
            count.abs_diff(expected) <= expected / 10,
            "{} stones in {count} cases",
            2 * pairs
        );
    }
}
