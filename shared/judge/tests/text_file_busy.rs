//! A program file still open for writing cannot be executed ("text file
//! busy"), as just after a build wrote it, or while another thread's fork holds
//! it: the harness tries again for a moment, then reports it. A file of its own,
//! so that no other test's fork holds the program open.

// Its program is a shell script; ETXTBSY is a Unix error.
#![cfg(unix)]

use std::fs::{self, File};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use judge::runner::execute;

const LIMIT: Duration = Duration::from_secs(5);

#[test]
fn a_program_busy_for_a_moment_runs_and_one_busy_for_good_is_an_error() {
    let dir = judge::scratch::tempdir().unwrap();
    let program = dir.path().join("program");
    let mut file = File::create(&program).unwrap();
    file.write_all(b"#!/bin/sh\necho ran\n").unwrap();
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        drop(file);
    });
    let run = execute(&program, &[], b"", LIMIT).unwrap();
    writer.join().unwrap();
    assert_eq!(run.stdout, b"ran\n", "{run:?}");

    let _busy = File::options().append(true).open(&program).unwrap();
    let error = execute(&program, &[], b"", LIMIT).unwrap_err();
    let message = error.to_string();
    assert!(
        message.ends_with("program: Text file busy (os error 26)"),
        "{message}"
    );
}
