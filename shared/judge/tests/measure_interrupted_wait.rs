//! `judge::runner::measure::run`'s wait for its program, interrupted by signals. A test of its
//! own: its signals reach every thread of this process, which in another test
//! binary would be other tests' threads.

// It signals threads with gettid and tgkill, which are Linux's.
#![cfg(target_os = "linux")]

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use judge::runner::measure::{run, Outcome, Streams};

extern "C" fn on_signal(_: libc::c_int) {}

#[test]
fn a_wait_interrupted_by_a_signal_is_resumed() {
    // A handler installed without SA_RESTART makes a blocked wait4 return EINTR.
    // SAFETY: the sigaction is zeroed and then filled in; the handler does nothing.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        assert_eq!(
            libc::sigaction(libc::SIGUSR1, &action, std::ptr::null_mut()),
            0
        );
    }
    let done = Arc::new(AtomicBool::new(false));
    let signaller = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            // SAFETY: getpid and gettid have no preconditions.
            let (pid, me) = unsafe { (libc::getpid(), libc::gettid()) };
            while !done.load(Ordering::Relaxed) {
                for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
                    let tid: libc::pid_t = task.file_name().to_str().unwrap().parse().unwrap();
                    if tid != me {
                        // SAFETY: tgkill sends a signal; no memory is involved.
                        unsafe {
                            libc::syscall(libc::SYS_tgkill, pid, tid, libc::SIGUSR1);
                        }
                    }
                }
                thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let dir = judge::scratch::tempdir().unwrap();
    let stderr = dir.path().join("stderr");
    let streams = Streams {
        stdin: Path::new("/dev/null"),
        stdout: None,
        stderr: &stderr,
    };
    let outcome = run(
        Path::new("/bin/sleep"),
        &["0.3"],
        streams,
        Duration::from_secs(60),
    );
    done.store(true, Ordering::Relaxed);
    signaller.join().unwrap();
    assert!(matches!(outcome, Ok(Outcome::Finished(_))), "{outcome:?}");
}
