//! The stored cases in io-tests/csp-201803-4 through the judge harness, as scripts/check.sh runs
//! them, each case a test (`cargo test -p csp-201803-4 -- sample`, `cargo nextest run`). A test
//! without libtest (`harness = false`), whose report imitates it.

fn main() -> std::process::ExitCode {
    judge_check::io_tests::io_tests_main(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_csp-201803-4"),
    )
}
