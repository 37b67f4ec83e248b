//! Many runs at once beside busy threads on few cores: a stream's reader may
//! get no time until well after the program's end, and what the program wrote
//! is still read to its end. Before the POSIX runner (a thread per stream)
//! looked at a pipe past the grace, it lost 1 to 9 of these 192 runs' streams
//! here (2 cores). A test binary of its own: the load it makes would slow
//! every test beside it, and it picks the runner with `JUDGE_RUNNER`. (The
//! Linux runner reads every stream from one `ppoll` loop; no run of this test
//! lost a stream on it here, before or after its own look past the grace.)

// It runs /bin/sh.
#![cfg(unix)]

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use judge::runner::execute;

/// Runs at once, and runs each.
const RUNNERS: usize = 64;
const RUNS: usize = 3;
/// Threads that spin meanwhile.
const HOGS: usize = 4;

/// How many of the runs lost a stream, on the runner `JUDGE_RUNNER` names.
fn runs_that_lost_a_stream() -> usize {
    let busy = Arc::new(AtomicBool::new(true));
    let hogs: Vec<_> = (0..HOGS)
        .map(|_| {
            let busy = Arc::clone(&busy);
            thread::spawn(move || while busy.load(Ordering::Relaxed) {})
        })
        .collect();
    let runners: Vec<_> = (0..RUNNERS)
        .map(|_| {
            thread::spawn(|| {
                (0..RUNS)
                    .map(|_| {
                        let script = ["-c", "echo out; echo err >&2"];
                        execute(Path::new("/bin/sh"), &script, b"", Duration::from_secs(20))
                            .unwrap()
                    })
                    .filter(|run| {
                        run.stdout != b"out\n" || run.stderr != b"err\n" || run.streams_abandoned
                    })
                    .count()
            })
        })
        .collect();
    let lost = runners
        .into_iter()
        .map(|runner| runner.join().unwrap())
        .sum();
    busy.store(false, Ordering::Relaxed);
    hogs.into_iter().for_each(|hog| hog.join().unwrap());
    lost
}

#[test]
fn runs_under_load_lose_no_stream_on_the_posix_runner() {
    // The only test of this binary: nothing else reads the environment meanwhile.
    std::env::set_var("JUDGE_RUNNER", "unix");
    let lost = runs_that_lost_a_stream();
    assert_eq!(lost, 0, "runs of {} that lost a stream", RUNNERS * RUNS);
}
