//! Every stored answer in io-tests/hrbust-2320 is the brute force's: the naive passes the
//! stored cases through the judge harness. A binary of its own, as the stored cases'
//! (`tests/io_tests.rs`): it judges under the memory limit, and the harness's own
//! resident memory counts in every run's measured peak.

#[test]
fn stored_answers_are_the_brute_force_answers() {
    judge_check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_hrbust-2320-naive"),
    );
}
