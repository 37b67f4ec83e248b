//! The submission against the naive brute force (plain minimax) on the exhaustive
//! walk, one input holding every position reachable with Alice to move, then on
//! random inputs.

#[test]
fn agrees_with_naive_on_every_position_and_random_inputs() {
    judge::crosscheck::assert_agree_on_generated(
        env!("CARGO_BIN_EXE_csp-201803-4-gen"),
        env!("CARGO_BIN_EXE_csp-201803-4"),
        env!("CARGO_BIN_EXE_csp-201803-4-naive"),
        30,
        200,
    );
}
