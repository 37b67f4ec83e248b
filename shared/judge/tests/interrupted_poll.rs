//! Runs whose harness thread is interrupted by signals again and again: in the
//! wait for the program's start, for its end and for its keeper. A test binary
//! of its own: the signal handler it installs is the whole process's.

// It signals the harness's thread with gettid and tgkill, which are Linux's.
#![cfg(target_os = "linux")]

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use judge::runner::execute;

extern "C" fn on_signal(_: libc::c_int) {}

#[test]
fn runs_interrupted_by_signals_go_on_to_their_ends() {
    // A handler installed without SA_RESTART makes a blocked ppoll return EINTR.
    // SAFETY: the sigaction is zeroed and then filled in; the handler does nothing.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        assert_eq!(
            libc::sigaction(libc::SIGUSR1, &action, std::ptr::null_mut()),
            0
        );
    }
    // SAFETY: getpid and gettid have no preconditions.
    let (pid, harness) = unsafe { (libc::getpid(), libc::gettid()) };
    let done = Arc::new(AtomicBool::new(false));
    let signaller = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                // SAFETY: tgkill sends a signal; no memory is involved.
                unsafe {
                    libc::syscall(libc::SYS_tgkill, pid, harness, libc::SIGUSR1);
                }
                thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let long = execute(
        Path::new("/bin/sh"),
        &["-c", "sleep 0.3; echo 516"],
        b"",
        Duration::from_secs(10),
    );
    // Each start and each reaping of a keeper is a wait of a millisecond or
    // so: among a hundred short runs, many are interrupted there.
    let short: Vec<_> = (0..100)
        .map(|_| execute(Path::new("true"), &[], b"", Duration::from_secs(10)))
        .collect();
    done.store(true, Ordering::Relaxed);
    signaller.join().unwrap();
    let long = long.unwrap();
    assert!(long.succeeded(), "{long:?}");
    assert_eq!(long.stdout, b"516\n");
    for run in short {
        let run = run.unwrap();
        assert!(run.succeeded(), "{run:?}");
    }
}
