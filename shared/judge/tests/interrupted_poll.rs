//! Runs whose harness threads are interrupted by signals again and again: in
//! the wait for the program's start, for its end and for its keeper (the Linux
//! backend waits on the caller's thread), or for the program's exit and its
//! reaping (the POSIX backend, `JUDGE_RUNNER=unix`, on threads of its own).
//! Every thread of the process but the signaller is signalled. A test binary
//! of its own: the signal handler it installs is the whole process's.

// It signals the threads with gettid and tgkill, listed in /proc/self/task,
// which are Linux's.
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
    // SAFETY: getpid has no preconditions.
    let pid = unsafe { libc::getpid() };
    let done = Arc::new(AtomicBool::new(false));
    let signaller = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            // SAFETY: gettid has no preconditions.
            let own = unsafe { libc::gettid() };
            while !done.load(Ordering::Relaxed) {
                let tasks = std::fs::read_dir("/proc/self/task").unwrap();
                let tids = tasks.filter_map(|task| task.ok()?.file_name().to_str()?.parse().ok());
                for tid in tids.filter(|&tid: &libc::pid_t| tid != own) {
                    // SAFETY: tgkill sends a signal; no memory is involved.
                    unsafe {
                        libc::syscall(libc::SYS_tgkill, pid, tid, libc::SIGUSR1);
                    }
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
