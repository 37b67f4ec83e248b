//! Every run's keeper is waited for, and only it: the harness leaves no child
//! behind and takes none of its caller's. A test binary of its own, so that
//! the only children of the process are this test's.

// It runs /bin/sh and waits with waitpid.
#![cfg(unix)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use judge::runner::{execute, interact, Limits};

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn runs_wait_for_their_keepers_and_for_nothing_else() {
    let mut callers_child = Command::new("sleep").arg("10").spawn().unwrap();

    let run = execute(Path::new("/bin/sh"), &["-c", "echo 516"], b"", 5 * SECOND).unwrap();
    assert_eq!(run.stdout, b"516\n");
    assert!(
        callers_child.try_wait().unwrap().is_none(),
        "the run waited for a child of its caller"
    );

    // The interactor starts; the program does not: the interactor's run is
    // dropped, killed and waited for.
    let sleep = [OsStr::new("10")];
    let error = interact(
        Path::new("/nonexistent/program"),
        &Limits::time(5 * SECOND),
        Path::new("sleep"),
        &sleep,
        5 * SECOND,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "/nonexistent/program: No such file or directory (os error 2)"
    );

    callers_child.kill().unwrap();
    callers_child.wait().unwrap();
    // SAFETY: waitpid with a null status pointer.
    let left = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
    let error = std::io::Error::last_os_error();
    assert_eq!(left, -1, "a child was left: {left}");
    assert_eq!(error.raw_os_error(), Some(libc::ECHILD));
}
