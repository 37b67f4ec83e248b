//! The submission against the naive brute force on generated inputs.

#[test]
fn agrees_with_naive_on_generated_inputs() {
    judge::crosscheck::assert_agree_on_generated(
        env!("CARGO_BIN_EXE_line-sg-gen"),
        env!("CARGO_BIN_EXE_line-sg"),
        env!("CARGO_BIN_EXE_line-sg-naive"),
        100,
        1,
    );
}
