//! For problem tests: how a submission must meet bad input — a clear message on
//! stderr, exit status 1, no panic, and no answer for the bad case.

use std::path::Path;
use std::time::Duration;

use crate::run::{execute, Execution};

/// Enough for any submission on a test-sized input; a hang fails the test.
const LIMIT: Duration = Duration::from_secs(10);

/// Runs `binary` on `input`.
///
/// # Panics
/// When the binary cannot be started.
pub fn run(binary: &str, input: &[u8]) -> Execution {
    execute(Path::new(binary), &[], input, LIMIT)
        .unwrap_or_else(|error| panic!("cannot run {binary}: {error}"))
}

/// Asserts that `binary` rejects `input`: exit status 1, a message on stderr that
/// mentions `hint` and is not a panic, and exactly `printed_before` on stdout (the
/// answers to the cases before the bad one; empty for a program that checks the
/// whole input before answering).
///
/// # Panics
/// When any of that does not hold.
///
/// # Example
/// ```
/// // `sh` runs the script it reads on stdin: here, one that rejects its input.
/// let script = b"echo 1; echo 'case 2: x must be 1 to 4' >&2; exit 1";
/// judge::bad_input::assert_rejected("/bin/sh", script, "x must be", b"1\n");
/// ```
pub fn assert_rejected(binary: &str, input: &[u8], hint: &str, printed_before: &[u8]) {
    let run = run(binary, input);
    let shown_input = String::from_utf8_lossy(input);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(
        run.status.and_then(|status| status.code()),
        Some(1),
        "input {shown_input:?}: expected exit status 1; stderr {stderr:?}"
    );
    assert!(
        stderr.contains(hint),
        "input {shown_input:?}: stderr {stderr:?} does not mention {hint:?}"
    );
    assert!(
        !stderr.contains("panicked"),
        "input {shown_input:?}: a message, not a panic: {stderr}"
    );
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(printed_before),
        "input {shown_input:?}: stdout"
    );
}
