//! The stored cases in io-tests/line-sg through the judge harness, as scripts/check.sh runs
//! them, each case a test (`cargo test -p line-sg -- sample`, `cargo nextest run`). A test
//! without libtest (`harness = false`), whose report imitates it.

fn main() -> std::process::ExitCode {
    judge_check::io_tests::io_tests_main(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_line-sg"))
}
