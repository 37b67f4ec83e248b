//! The runner: starts a program, or a program and its interactor, under
//! limits, and tells what happened: how it ended, its wall and CPU time, its
//! peak memory, its output (capped), and whether the runner killed it and why.
//! It knows nothing of expected outputs or verdicts; the judging package builds
//! those from an [`Execution`].
//!
//! One interface, a backend per system:
//!
//! - **Linux** (`linux`): a keeper process per run, the run's child
//!   subreaper, so that nothing the program starts outlives the run, even after
//!   `setsid`; exit times from a pidfd; `RLIMIT_DATA` as the memory cap and
//!   `RLIMIT_STACK` set before `exec`.
//! - **Unix** (`unix`, for macOS and the BSDs, and on Linux when
//!   `JUDGE_RUNNER=unix` is set): POSIX only. The program leads a process
//!   group of its own, which is killed at the end; limits by `setrlimit` where
//!   the system honours them; times and peak memory from `wait4`.
//! - **Windows** (`windows`): a Job Object per run (memory limit, peak memory
//!   and CPU time from the job, everything in it killed when the run ends).
//!
//! An interactive program and its interactor are wired to each other by two
//! pipes, with nothing in between, as judges connect them.
//!
//! A program starts in the caller's working folder, or in one it is given
//! ([`execute_in`]): the runner only changes folder, what the program reads
//! or writes there is the caller's business.
//!
//! What each backend guarantees, measured, is in the README's platform table.
//!
//! [`measure`] is the other way to run a program: as a whole process with its
//! streams on files, for timing it (`judge bench`, the growth tool).

use std::ffi::OsStr;
use std::io;
use std::path::Path;
use std::process::ExitStatus;
use std::time::Duration;

use judge_text::show;

#[cfg(target_os = "linux")]
mod linux;
pub mod measure;
pub mod scratch;
#[cfg(unix)]
mod signals;
#[cfg(any(unix, windows))]
mod threads;
#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(unix)]
pub use signals::signal_name;

/// Stdout kept and allowed when no output limit is set; one byte more is
/// Output Limit Exceeded.
pub const OUTPUT_CAP: usize = 256 << 20;
/// Stderr kept: its last bytes (a panic's message is at the end).
pub const STDERR_KEPT: usize = 64 << 10;
/// How long the streams may stay open once the program has ended.
pub const DRAIN_GRACE: Duration = Duration::from_millis(100);
/// How long after the program's end a stream that still has bytes or its end
/// waiting is read, past [`DRAIN_GRACE`]: a loaded machine may give its
/// reader no time until then.
pub const DRAIN_PATIENCE: Duration = Duration::from_secs(2);

/// The hard cap on a program's data segment, in multiples of its memory
/// limit: high enough that a program a little over the limit runs to its end
/// and its peak is shown, low enough that a runaway allocation fails at once.
pub const MEMORY_CAP_FACTOR: u64 = 2;

/// What a program may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall time: killed when it runs out.
    pub time: Duration,
    /// Peak resident memory in MiB (`None`: measured, not limited).
    pub memory_mb: Option<u64>,
    /// The main thread's stack in MiB (`None`: the caller's `ulimit -s`).
    pub stack_mb: Option<u64>,
    /// Stdout in MiB, past which the program is killed (`None`:
    /// [`OUTPUT_CAP`]).
    pub output_mb: Option<u64>,
}

impl Limits {
    /// A time limit alone.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time,
            memory_mb: None,
            stack_mb: None,
            output_mb: None,
        }
    }

    /// The bytes of stdout kept and allowed: one more is Output Limit
    /// Exceeded.
    pub fn output_cap(&self) -> usize {
        self.output_mb.map_or(OUTPUT_CAP, |mb| {
            usize::try_from(mib(mb)).unwrap_or(usize::MAX)
        })
    }
}

/// The stack of a tool (a checker, a validator, an interactor, a package's
/// generator) that should have `wanted` MiB, as judges give every program a
/// problem runs: at most the system's hard limit (`ulimit -Hs`; macOS has
/// 64 MB by default), where a submission asking for more is refused (the
/// verdict would not be the judges'), a tool runs with what the system
/// gives.
pub fn tool_stack_mb(wanted: Option<u64>) -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: getrlimit writes into a local struct.
        let hard = unsafe {
            let mut current: libc::rlimit = std::mem::zeroed();
            (libc::getrlimit(libc::RLIMIT_STACK, &mut current) == 0).then_some(current.rlim_max)
        };
        if let Some(hard) = hard.filter(|&hard| hard != libc::RLIM_INFINITY) {
            // rlim_t is u64 on these systems, but not on every one.
            #[allow(clippy::unnecessary_cast)]
            let hard_mb = hard as u64 >> 20;
            return wanted.map(|mb| mb.min(hard_mb));
        }
    }
    wanted
}

/// MiB to bytes, saturating (a limit that large is no limit).
fn mib(megabytes: u64) -> u64 {
    megabytes.saturating_mul(1 << 20)
}

/// Why the harness killed a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kill {
    TimeLimit,
    OutputLimit,
}

/// What happened when a program ran.
#[derive(Debug)]
pub struct Execution {
    /// How it ended; `None` when the harness killed it (see `killed`).
    pub status: Option<ExitStatus>,
    /// Why the harness killed it, if it did.
    pub killed: Option<Kill>,
    /// Stdout, at most [`Limits::output_cap`] bytes.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_KEPT`] bytes (or fewer) of stderr.
    pub stderr: Vec<u8>,
    /// Bytes of stderr dropped before `stderr`.
    pub stderr_dropped: u64,
    /// `true` when stdout went past [`Limits::output_cap`] (the program was
    /// then killed).
    pub stdout_truncated: bool,
    /// `true` when a stream was still open [`DRAIN_GRACE`] after the program
    /// ended with nothing waiting in it (or still busy [`DRAIN_PATIENCE`] after).
    pub streams_abandoned: bool,
    /// Wall time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// User + system CPU time of the program and of the children it waited for.
    pub cpu: Duration,
    /// Peak resident memory in KiB (`ru_maxrss`) of the program and of the
    /// children it waited for.
    pub peak_memory_kb: u64,
    /// The limits it ran under.
    pub limits: Limits,
}

impl Execution {
    /// Killed at the time limit, or finished after it.
    pub fn timed_out(&self, time_limit: Duration) -> bool {
        match self.killed {
            Some(Kill::TimeLimit) => true,
            Some(Kill::OutputLimit) => false,
            None => self.elapsed > time_limit,
        }
    }

    /// Its peak resident memory passed the memory limit.
    pub fn over_memory_limit(&self) -> bool {
        self.limits
            .memory_mb
            .is_some_and(|mb| self.peak_memory_kb.saturating_mul(1024) > mib(mb))
    }

    /// Exited normally with status 0.
    pub fn succeeded(&self) -> bool {
        self.status.is_some_and(|status| status.success())
    }

    /// Exited with status 0 and every byte of its stdout kept: what a tool's
    /// run (a generator's, a naive's) must be for its output to be used. A
    /// program can exit by itself just as the harness kills it for output past
    /// the cap, so [`succeeded`](Self::succeeded) alone does not say it.
    pub fn completed(&self) -> bool {
        self.succeeded() && !self.stdout_truncated
    }

    /// Its output limit, for a message: `8 MiB`.
    pub fn output_limit(&self) -> String {
        format!("{} MiB", self.limits.output_cap() >> 20)
    }

    /// How it ended, for a message: `exit status 3`, `signal 11 (SIGSEGV)`,
    /// `killed at the time limit`, `killed after more than 256 MiB of output`.
    pub fn describe_end(&self) -> String {
        match (self.killed, self.status) {
            (Some(Kill::TimeLimit), _) => "killed at the time limit".to_string(),
            (Some(Kill::OutputLimit), _) => {
                format!("killed after more than {} of output", self.output_limit())
            }
            (None, Some(status)) if self.stdout_truncated => format!(
                "{} after more than {} of output",
                describe_status(status),
                self.output_limit()
            ),
            (None, Some(status)) => describe_status(status),
            (None, None) => "no exit status".to_string(),
        }
    }
}

/// Describes how a finished program ended: `exit status 3`, `signal 11 (SIGSEGV)`.
pub fn describe_status(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return describe_code(code, cfg!(windows));
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("signal {signal} ({})", signal_name(signal));
        }
    }
    format!("{status}")
}

/// An exit code, for a message: `exit status 3`; on Windows (`windows`), a
/// crash is an exit with an NTSTATUS error code, named.
fn describe_code(code: i32, windows: bool) -> String {
    if windows && code as u32 >= 0xC000_0000 {
        return format!(
            "exit status {:#010X} ({})",
            code as u32,
            ntstatus_name(code as u32)
        );
    }
    format!("exit status {code}")
}

/// The name of a Windows NTSTATUS error a crashed program exits with.
fn ntstatus_name(code: u32) -> &'static str {
    match code {
        0xC000_0005 => "STATUS_ACCESS_VIOLATION",
        0xC000_001D => "STATUS_ILLEGAL_INSTRUCTION",
        0xC000_0094 => "STATUS_INTEGER_DIVIDE_BY_ZERO",
        0xC000_00FD => "STATUS_STACK_OVERFLOW",
        0xC000_0409 => "STATUS_STACK_BUFFER_OVERRUN, as abort() ends",
        0xC000_013A => "STATUS_CONTROL_C_EXIT",
        _ => "an NTSTATUS error",
    }
}

/// The runners there are: each system's own, and POSIX's on every Unix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Linux,
    Unix,
    Windows,
}

impl Backend {
    /// The backend runs use: this system's own, or on Linux the POSIX one
    /// when `JUDGE_RUNNER=unix` is set (`JUDGE_RUNNER=linux` names the default).
    ///
    /// # Errors
    /// When `JUDGE_RUNNER` names no backend of this system.
    pub fn chosen() -> io::Result<Backend> {
        let asked = std::env::var_os("JUDGE_RUNNER");
        Backend::chosen_from(asked.as_deref(), Backend::native(), cfg!(unix))
    }

    /// [`chosen`](Backend::chosen) where `asked` is `JUDGE_RUNNER`, `native`
    /// the system's own backend, and `unix` whether the system is a Unix.
    fn chosen_from(asked: Option<&OsStr>, native: Backend, unix: bool) -> io::Result<Backend> {
        match asked.and_then(|name| name.to_str()) {
            None => Ok(native),
            Some(name) if name == native.name() => Ok(native),
            Some("unix") if unix => Ok(Backend::Unix),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "JUDGE_RUNNER={}: this system's runners are {}",
                    asked.unwrap_or_default().to_string_lossy(),
                    if native == Backend::Linux {
                        "linux (the default) and unix"
                    } else {
                        native.name()
                    }
                ),
            )),
        }
    }

    /// This system's own backend.
    pub fn native() -> Backend {
        if cfg!(target_os = "linux") {
            Backend::Linux
        } else if cfg!(windows) {
            Backend::Windows
        } else {
            Backend::Unix
        }
    }

    /// Its name, as `JUDGE_RUNNER` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Linux => "linux",
            Backend::Unix => "unix",
            Backend::Windows => "windows",
        }
    }
}

/// Gives the allocator's free memory back to the system before a program is
/// forked. On Linux a program's peak (`ru_maxrss`) starts at the resident
/// memory of the process it was forked from, and glibc keeps freed memory
/// resident in its per-thread arenas: in the harness's test binary, which had
/// freed some 75 MB of buffers, every run was measured at over 100 MB.
#[cfg(unix)]
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages; any thread may call it.
    unsafe {
        libc::malloc_trim(0);
    }
}

fn os_error(context: &str) -> io::Error {
    let error = io::Error::last_os_error();
    io::Error::new(error.kind(), format!("{context}: {error}"))
}

/// Runs `program` with `args`, feeding `input` on stdin, and kills it (with
/// everything it started) once `time_limit` has passed or its stdout passes
/// [`OUTPUT_CAP`] (with [`execute_with`], its limits' output cap).
///
/// # Errors
/// When the program cannot be started (missing, not executable), or a system
/// call the harness needs fails.
///
/// # Example
/// ```
/// use std::time::Duration;
/// let run = judge_runner::execute("/bin/cat".as_ref(), &[], b"hi\n", Duration::from_secs(5)).unwrap();
/// assert!(run.succeeded());
/// assert_eq!(run.stdout, b"hi\n");
/// ```
pub fn execute(
    program: &Path,
    args: &[&str],
    input: &[u8],
    time_limit: Duration,
) -> io::Result<Execution> {
    execute_with(program, args, input, &Limits::time(time_limit))
}

/// [`execute`] under memory and stack limits besides the time limit.
///
/// # Errors
/// As [`execute`]; also when the stack asked for is above the caller's hard
/// limit (`ulimit -Hs`), which only a privileged process may raise.
///
/// # Example
/// ```
/// use judge_runner::{execute_with, Limits};
/// use std::time::Duration;
/// let limits = Limits { memory_mb: Some(64), stack_mb: Some(64), ..Limits::time(Duration::from_secs(5)) };
/// let run = execute_with("/bin/sh".as_ref(), &["-c", "ulimit -s"], b"", &limits).unwrap();
/// assert_eq!(run.stdout, b"65536\n");
/// assert!(!run.over_memory_limit());
/// ```
pub fn execute_with(
    program: &Path,
    args: &[&str],
    input: &[u8],
    limits: &Limits,
) -> io::Result<Execution> {
    execute_on_backend(program, args, input, limits, None)
}

/// [`execute_with`], the program started in `working_dir` instead of the
/// caller's working folder. A relative `program` path is the caller's, as in
/// [`execute_with`]: it is made absolute before the change of folder; a bare
/// name is still looked up on `PATH`.
///
/// # Errors
/// As [`execute_with`]; also when `working_dir` is not a folder.
///
/// # Example
/// ```
/// # #[cfg(unix)] {
/// use judge_runner::{execute_in, Limits};
/// use std::time::Duration;
/// let dir = judge_runner::scratch::tempdir().unwrap();
/// let limits = Limits::time(Duration::from_secs(5));
/// let run = execute_in("/bin/sh".as_ref(), &["-c", "echo hi > here.txt"], b"", &limits, dir.path()).unwrap();
/// assert!(run.succeeded());
/// assert_eq!(std::fs::read(dir.path().join("here.txt")).unwrap(), b"hi\n");
/// # }
/// ```
pub fn execute_in(
    program: &Path,
    args: &[&str],
    input: &[u8],
    limits: &Limits,
    working_dir: &Path,
) -> io::Result<Execution> {
    if !working_dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "working folder {}: not a folder",
                crate::show::show_path(working_dir)
            ),
        ));
    }
    // Each system resolves a relative program path against one folder or the
    // other once the child's folder differs (std leaves it unspecified).
    let program = if program.is_relative() && program.components().count() > 1 {
        std::path::absolute(program)?
    } else {
        program.to_path_buf()
    };
    execute_on_backend(&program, args, input, limits, Some(working_dir))
}

/// Starts a run on the chosen backend, in `working_dir` when given.
fn execute_on_backend(
    program: &Path,
    args: &[&str],
    input: &[u8],
    limits: &Limits,
    working_dir: Option<&Path>,
) -> io::Result<Execution> {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    match Backend::chosen()? {
        #[cfg(target_os = "linux")]
        Backend::Linux => linux::execute(program, &args, input, limits, working_dir),
        #[cfg(unix)]
        Backend::Unix => unix::execute(program, &args, input, limits, working_dir),
        #[cfg(windows)]
        Backend::Windows => windows::execute(program, &args, input, limits, working_dir),
        #[allow(unreachable_patterns)]
        other => unreachable!("{other:?} is not a backend of this system"),
    }
}

/// A program run against an interactor, and the interactor's run.
#[derive(Debug)]
pub struct Interaction {
    /// The program's run. Its stdout went to the interactor, so `stdout` is
    /// empty.
    pub program: Execution,
    /// The interactor's run. Its stdout went to the program, so `stdout` is
    /// empty.
    pub interactor: Execution,
    /// The program ended (exited, or was killed) before the interactor did.
    pub program_ended_first: bool,
}

/// Runs `program` under `limits` against `interactor` (testlib's convention):
/// the interactor, started with `interactor_args`, reads the program's stdout
/// and writes to its stdin, over two pipes between them. Both are contained
/// and timed like any run; the interactor gets `interactor_limit`.
///
/// # Errors
/// When either cannot be started, or a system call the runner needs fails.
pub fn interact(
    program: &Path,
    limits: &Limits,
    interactor: &Path,
    interactor_args: &[&OsStr],
    interactor_limit: Duration,
) -> io::Result<Interaction> {
    interact_with(
        program,
        limits,
        interactor,
        interactor_args,
        &Limits::time(interactor_limit),
    )
}

/// [`interact`], the interactor under `interactor_limits` (its stack too).
///
/// # Errors
/// As [`interact`].
pub fn interact_with(
    program: &Path,
    limits: &Limits,
    interactor: &Path,
    interactor_args: &[&OsStr],
    interactor_limits: &Limits,
) -> io::Result<Interaction> {
    let (program, interactor) = (
        (program, &[][..], limits),
        (interactor, interactor_args, interactor_limits),
    );
    match Backend::chosen()? {
        #[cfg(target_os = "linux")]
        Backend::Linux => linux::interact(program, interactor),
        #[cfg(unix)]
        Backend::Unix => unix::interact(program, interactor),
        #[cfg(windows)]
        Backend::Windows => windows::interact(program, interactor),
        #[allow(unreachable_patterns)]
        other => unreachable!("{other:?} is not a backend of this system"),
    }
}

/// A program to start: its path, its arguments and its limits.
type Start<'a> = (&'a Path, &'a [&'a OsStr], &'a Limits);

#[cfg(test)]
mod tests {
    use super::*;

    // Windows' codes, which a Linux run of the tests meets only here (the
    // runner's Windows tests see them under wine).
    #[test]
    fn an_exit_code_is_described_and_a_windows_crash_named() {
        assert_eq!(describe_code(3, false), "exit status 3");
        assert_eq!(describe_code(3, true), "exit status 3");
        let crash = 0xC000_0005_u32 as i32;
        assert_eq!(describe_code(crash, false), "exit status -1073741819");
        assert_eq!(
            describe_code(crash, true),
            "exit status 0xC0000005 (STATUS_ACCESS_VIOLATION)"
        );
        for (code, name) in [
            (0xC000_0005, "STATUS_ACCESS_VIOLATION"),
            (0xC000_001D, "STATUS_ILLEGAL_INSTRUCTION"),
            (0xC000_0094, "STATUS_INTEGER_DIVIDE_BY_ZERO"),
            (0xC000_00FD, "STATUS_STACK_OVERFLOW"),
            (0xC000_0409, "STATUS_STACK_BUFFER_OVERRUN, as abort() ends"),
            (0xC000_013A, "STATUS_CONTROL_C_EXIT"),
            (0xC000_0001, "an NTSTATUS error"),
        ] {
            assert_eq!(ntstatus_name(code), name, "{code:#X}");
        }
    }

    #[test]
    fn a_tools_stack_is_what_it_wants_at_most_the_hard_limit() {
        assert_eq!(tool_stack_mb(None), None);
        let hard_mb = {
            #[cfg(unix)]
            {
                // SAFETY: getrlimit writes into a local struct.
                let hard = unsafe {
                    let mut current: libc::rlimit = std::mem::zeroed();
                    libc::getrlimit(libc::RLIMIT_STACK, &mut current);
                    current.rlim_max
                };
                #[allow(clippy::unnecessary_cast)]
                let hard_mb = hard as u64 >> 20;
                (hard != libc::RLIM_INFINITY).then_some(hard_mb)
            }
            #[cfg(not(unix))]
            {
                None::<u64>
            }
        };
        let wanted = 1 << 20;
        assert_eq!(
            tool_stack_mb(Some(wanted)),
            Some(hard_mb.unwrap_or(wanted).min(wanted))
        );
        assert_eq!(tool_stack_mb(Some(1)), Some(1));
    }

    #[test]
    fn the_backend_is_the_systems_own_or_the_one_asked_for() {
        use Backend::{Linux, Unix, Windows};
        let chosen = |asked: Option<&str>, native, unix| {
            Backend::chosen_from(asked.map(OsStr::new), native, unix)
                .map_err(|error| error.to_string())
        };
        assert_eq!(chosen(None, Linux, true), Ok(Linux));
        assert_eq!(chosen(Some("linux"), Linux, true), Ok(Linux));
        assert_eq!(chosen(Some("unix"), Linux, true), Ok(Unix));
        assert_eq!(chosen(Some("unix"), Unix, true), Ok(Unix));
        assert_eq!(chosen(Some("windows"), Windows, false), Ok(Windows));
        assert_eq!(
            chosen(Some("unix"), Windows, false),
            Err("JUDGE_RUNNER=unix: this system's runners are windows".to_string())
        );
        assert_eq!(
            chosen(Some("windows"), Linux, true),
            Err(
                "JUDGE_RUNNER=windows: this system's runners are linux (the default) and unix"
                    .to_string()
            )
        );
        assert_eq!(
            chosen(Some("linux"), Unix, true),
            Err("JUDGE_RUNNER=linux: this system's runners are unix".to_string())
        );
    }
}
