//! The submission against the naive brute force (plain minimax) on the exhaustive
//! walk, one input holding every board with each mover, then on random inputs.

#[test]
fn agrees_with_naive_on_every_board_and_random_inputs() {
    judge::crosscheck::assert_agree_on_generated(
        env!("CARGO_BIN_EXE_hrbust-2320-gen"),
        env!("CARGO_BIN_EXE_hrbust-2320"),
        env!("CARGO_BIN_EXE_hrbust-2320-naive"),
        30,
        200,
    );
}
