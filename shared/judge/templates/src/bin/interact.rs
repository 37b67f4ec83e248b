//! The interactor (`@NAME@-interact INPUT OUTPUT [ANSWER]`, testlib's convention):
//! reads the case from INPUT, talks to the submission (its stdout is the
//! submission's stdin, the submission's stdout its stdin), and exits 0 (AC), 1 (WA)
//! or 2 (PE) with a message; see `judge_readers::interact`. A stub that fails (exit 3)
//! until it is written, so that no case passes.

use judge_readers::interact::{fail, Interactor};

fn main() {
    let _judge = Interactor::from_args();
    fail("@NAME@-interact: the interactor is not written yet (src/bin/interact.rs is a stub)");
}
