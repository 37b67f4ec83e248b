//! The submission against the naive game-tree search: every legal strip of 1 to 12
//! cells in one multi-case input (the generator's exhaustive walk), then seeded
//! random inputs of 16 cells in total (strips of up to 16 cells).

#[test]
fn agrees_with_naive_on_every_short_strip_and_random_inputs() {
    judge::crosscheck::assert_agree_on_generated(
        env!("CARGO_BIN_EXE_line-sg-gen"),
        env!("CARGO_BIN_EXE_line-sg"),
        env!("CARGO_BIN_EXE_line-sg-naive"),
        200,
        16,
    );
}
