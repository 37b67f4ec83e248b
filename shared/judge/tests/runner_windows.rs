//! The Windows backend (runner/src/windows.rs), on the probe
//! (tests/fixtures/runner-probe.rs). Run on Linux under wine with
//! `.ci/cross.sh cargo x86_64-pc-windows-gnu test -p judge --test runner_windows`.
#![cfg(windows)]

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use judge::runner::{describe_status, execute_with, interact, Execution, Kill, Limits, OUTPUT_CAP};
use windows_sys::Win32::Foundation::WAIT_TIMEOUT;
use windows_sys::Win32::System::LibraryLoader::{GetModuleHandleA, GetProcAddress};
use windows_sys::Win32::System::Threading::{
    OpenProcess, TerminateProcess, WaitForSingleObject, PROCESS_SYNCHRONIZE, PROCESS_TERMINATE,
};

const PROBE: &str = env!("CARGO_BIN_EXE_runner-probe");

fn probe(args: &[&str], input: &[u8], limits: &Limits) -> Execution {
    execute_with(Path::new(PROBE), args, input, limits).expect("the probe starts")
}

fn seconds(seconds: u64) -> Limits {
    Limits::time(Duration::from_secs(seconds))
}

fn exit_code(run: &Execution) -> Option<i32> {
    run.status.and_then(|status| status.code())
}

/// Wine's ntdll exports `wine_get_version`; Windows's does not.
fn under_wine() -> bool {
    // SAFETY: a NUL-terminated name; ntdll is loaded in every process.
    let ntdll = unsafe { GetModuleHandleA(c"ntdll.dll".as_ptr().cast()) };
    // SAFETY: a module handle and a NUL-terminated name.
    !ntdll.is_null()
        && unsafe { GetProcAddress(ntdll, c"wine_get_version".as_ptr().cast()) }.is_some()
}

/// Whether process `pid` is still running.
fn running(pid: u32) -> bool {
    // SAFETY: takes no pointers; a null handle means no such process.
    let handle = unsafe { OpenProcess(PROCESS_SYNCHRONIZE, 0, pid) };
    if handle.is_null() {
        return false;
    }
    // SAFETY: a handle just opened, owned by nothing else.
    let handle = unsafe { OwnedHandle::from_raw_handle(handle) };
    // SAFETY: an open process handle with SYNCHRONIZE.
    unsafe { WaitForSingleObject(handle.as_raw_handle(), 0) == WAIT_TIMEOUT }
}

#[test]
fn a_run_gives_its_stdout_its_stderr_and_its_exit_code() {
    let run = probe(&["echo", "7"], b"to stdout\n", &seconds(10));
    assert_eq!(run.stdout, b"to stdout\n");
    assert_eq!(run.stderr, b"copied");
    assert_eq!((exit_code(&run), run.killed), (Some(7), None));
    assert!(!run.streams_abandoned);
}

#[test]
fn input_larger_than_a_pipe_is_fed_while_the_output_is_read() {
    let input: Vec<u8> = (0..4 << 20).map(|i| (i % 251) as u8).collect();
    let run = probe(&["echo", "0"], &input, &seconds(20));
    assert!(run.succeeded(), "{}", run.describe_end());
    assert!(run.stdout == input, "the input comes back whole");
}

#[test]
fn an_endless_loop_is_killed_at_the_time_limit() {
    let limits = Limits::time(Duration::from_millis(500));
    let started = Instant::now();
    let run = probe(&["spin"], b"", &limits);
    assert_eq!((run.killed, run.status), (Some(Kill::TimeLimit), None));
    assert!(run.elapsed >= limits.time, "{:?}", run.elapsed);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(run.timed_out(limits.time));
    // Wine 8 keeps no job accounting (the job's CPU time is 0 there).
    if !under_wine() {
        assert!(run.cpu >= limits.time / 2, "{:?}", run.cpu);
    }
}

#[test]
fn a_panic_exits_with_101_and_its_message() {
    let run = probe(&["panic"], b"", &seconds(10));
    assert_eq!(exit_code(&run), Some(101));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("the probe panics"), "{stderr}");
}

#[test]
fn a_crash_exits_with_its_ntstatus() {
    let run = probe(&["access-violation"], b"", &seconds(20));
    assert_eq!(exit_code(&run), Some(0xC000_0005_u32 as i32));
    assert_eq!(run.killed, None);
    assert_eq!(
        describe_status(run.status.unwrap()),
        "exit status 0xC0000005 (STATUS_ACCESS_VIOLATION)"
    );
    let run = probe(&["abort"], b"", &seconds(20));
    // `abort` is `__fastfail`: STATUS_STACK_BUFFER_OVERRUN.
    assert_eq!(exit_code(&run), Some(0xC000_0409_u32 as i32));
}

#[test]
fn output_past_the_cap_is_killed() {
    let run = probe(&["flood"], b"", &seconds(60));
    assert_eq!((run.killed, run.status), (Some(Kill::OutputLimit), None));
    assert_eq!(run.stdout.len(), OUTPUT_CAP);
    assert!(run.stdout_truncated);
}

#[test]
fn a_child_left_running_is_gone_when_the_run_ends() {
    // Without the job, the sleeper outlives the probe that started it.
    let mut unconfined = Command::new(PROBE)
        .arg("spawn-sleeper")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(unconfined.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(unconfined.wait().unwrap().success());
    let sleeper: u32 = line.trim().parse().unwrap();
    assert!(running(sleeper), "the unconfined sleeper runs on");
    // SAFETY: takes no pointers; the handle is checked, then closed.
    unsafe {
        let handle = OpenProcess(PROCESS_TERMINATE, 0, sleeper);
        assert!(!handle.is_null());
        TerminateProcess(handle, 1);
        drop(OwnedHandle::from_raw_handle(handle));
    }

    let run = probe(&["spawn-sleeper"], b"", &seconds(10));
    assert!(run.succeeded(), "{}", run.describe_end());
    // The sleeper shared the probe's stdout: closed with it.
    assert!(!run.streams_abandoned);
    let sleeper: u32 = String::from_utf8(run.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Termination completes asynchronously: a moment at most.
    let deadline = Instant::now() + Duration::from_secs(2);
    while running(sleeper) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    assert!(!running(sleeper), "the sleeper {sleeper} outlived the run");
}

fn exchange(ending: &str) -> judge::runner::Interaction {
    let args = [
        OsStr::new("interactor"),
        OsStr::new("1000"),
        OsStr::new(ending),
    ];
    let interaction = interact(
        Path::new(PROBE),
        &seconds(30),
        Path::new(PROBE),
        &args,
        Duration::from_secs(30),
    )
    .unwrap();
    for run in [&interaction.program, &interaction.interactor] {
        assert!(
            run.succeeded(),
            "{} {}",
            run.describe_end(),
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(run.stdout.is_empty());
    }
    interaction
}

#[test]
fn an_interactive_exchange_runs_over_direct_pipes_and_says_who_ended_first() {
    // The interactor reads the program's output to its end: the program ends first.
    assert!(exchange("linger").program_ended_first);
    // The program reads the interactor's output to its end: the interactor ends first.
    assert!(!exchange("drain").program_ended_first);
}

/// What the interactor writes after the program has gone is read and
/// dropped by the runner: its writes do not fail (nor block), as under
/// DOMjudge's runpipe.
#[test]
fn an_interactor_writing_after_the_program_has_gone_is_drained() {
    let interaction = interact(
        Path::new(PROBE),
        &seconds(30),
        Path::new(PROBE),
        &[OsStr::new("outlast")],
        Duration::from_secs(30),
    )
    .unwrap();
    for run in [&interaction.program, &interaction.interactor] {
        assert!(
            run.succeeded(),
            "{} {}",
            run.describe_end(),
            String::from_utf8_lossy(&run.stderr)
        );
    }
    assert!(interaction.program_ended_first);
}

#[test]
fn a_missing_program_is_named_and_its_interactor_ended() {
    let missing = Path::new("no-such-program.exe");
    let error = execute_with(missing, &[], b"", &seconds(10)).unwrap_err();
    assert!(
        error.to_string().starts_with("no-such-program.exe: "),
        "{error}"
    );
    let started = Instant::now();
    let error = interact(
        missing,
        &seconds(10),
        Path::new(PROBE),
        &[OsStr::new("sleep")],
        Duration::from_secs(10),
    )
    .unwrap_err();
    assert!(
        error.to_string().starts_with("no-such-program.exe: "),
        "{error}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the sleeping interactor was waited for"
    );
}

#[test]
fn an_allocation_past_the_memory_cap_fails() {
    let limits = Limits {
        memory_mb: Some(64),
        ..seconds(20)
    };
    // Three times the limit, past the cap (twice the limit).
    let over_cap = probe(&["allocate", "192"], b"", &limits);
    // Within the cap, over the limit: it runs to its end, and its peak says MLE.
    let within_cap = probe(&["allocate", "96"], b"", &limits);
    assert_eq!(within_cap.stdout, b"allocated 96\n");
    assert_eq!((over_cap.killed, within_cap.killed), (None, None));
    // Wine 8 enforces no job memory limit and keeps no peak (0): there the
    // 192 MiB are allocated, and neither run is over the limit by its peak.
    if under_wine() {
        return;
    }
    assert_eq!(over_cap.stdout, b"refused\n");
    assert_eq!(exit_code(&over_cap), Some(3));
    assert!(
        within_cap.over_memory_limit(),
        "{} KiB",
        within_cap.peak_memory_kb
    );
}

#[test]
fn the_main_thread_has_the_linked_stack_whatever_the_limit_says() {
    let limits = Limits {
        stack_mb: Some(8),
        ..seconds(20)
    };
    let run = probe(&["recurse", "100"], b"", &limits);
    assert!(run.succeeded(), "{}", run.describe_end());
    assert_eq!(run.stdout, b"0\n");
    // 256 MiB it is, not more: the recursion does not get to its end.
    let run = probe(&["recurse", "300"], b"", &limits);
    assert_eq!(run.stdout, b"");
    // Wine 8 ends a stack overflow silently, with exit code 0.
    if !under_wine() {
        assert_eq!(exit_code(&run), Some(0xC000_00FD_u32 as i32));
    }
}
