//! The checker (`@NAME@-check INPUT OUTPUT ANSWER`, testlib's interface; see
//! `judge_readers::checker` and shared/judge/tests/fixtures/shortest-path-check.rs): reads the
//! input, the program's output and the stored answer as tokens, and accepts with
//! `Ok(message)` or rejects with `Err(wrong_answer(..))`. The harness runs it on
//! every output (`checker = true` in Cargo.toml). A stub that fails, as the
//! checker's own failure (exit 3), until it is written.
use judge_readers::checker::{fail, Files, Outcome};
use std::process::ExitCode;

fn check(_files: &mut Files) -> Result<String, Outcome> {
    Err(fail("@NAME@-check: the checker is not written yet (src/bin/check.rs is a stub)"))
}

fn main() -> ExitCode {
    judge_readers::checker::main(check)
}
