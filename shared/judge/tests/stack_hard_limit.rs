//! Stack limits under a finite hard limit (`ulimit -Hs`). A test binary of its
//! own: lowering this process's hard limit cannot be undone.

// It lowers the hard limit with setrlimit and runs /bin/sh.
#![cfg(unix)]

use std::path::Path;
use std::time::Duration;

use judge::runner::{execute_with, Limits};

#[test]
fn a_stack_up_to_the_hard_limit_is_set_and_one_above_it_is_refused() {
    let hard: u64 = 64 << 20;
    // SAFETY: setrlimit reads a local struct.
    unsafe {
        let limit = libc::rlimit {
            rlim_cur: 8 << 20,
            rlim_max: hard,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_STACK, &limit), 0);
    }
    let with_stack = |stack_mb| Limits {
        time: Duration::from_secs(5),
        memory_mb: None,
        stack_mb: Some(stack_mb),
        output_mb: None,
    };
    let run = execute_with(
        Path::new("/bin/sh"),
        &["-c", "ulimit -s"],
        b"",
        &with_stack(32),
    );
    assert_eq!(run.unwrap().stdout, b"32768\n");
    let run = execute_with(
        Path::new("/bin/sh"),
        &["-c", "ulimit -s"],
        b"",
        &with_stack(64),
    );
    assert_eq!(run.unwrap().stdout, b"65536\n");
    let error =
        execute_with(Path::new("/bin/sh"), &["-c", "true"], b"", &with_stack(128)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "a stack of 128 MiB is above this shell's hard limit of 64 MiB (ulimit -Hs)"
    );
}
