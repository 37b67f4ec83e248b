//! Running a program on an input under limits, the way a judge does, in
//! parts that compose: [`keeper`] starts a program under limits, `supervise`
//! watches the streams of one or more started programs with caps and kills
//! them at their deadlines, `finish` turns each into an [`Execution`].
//! [`execute`] is one program fed from memory; [`interact`] is a program and
//! an interactor wired to each other.
//!
//! - **Containment.** Each program has a keeper: a process of the harness for
//!   that run alone, which is its child subreaper. The program runs in a
//!   process group of its own; whatever it starts is re-parented to the
//!   keeper when its parent dies, even after `setsid` with an empty
//!   environment. When the program ends, the keeper kills its group, then its
//!   own children round after round until none is left.
//! - **Output cap.** Stdout is read while the program runs; past [`OUTPUT_CAP`]
//!   the program is killed at once. Only the last [`STDERR_KEPT`] bytes of stderr
//!   are kept.
//! - **Timing.** The keeper waits on a pidfd of the program: the exit time is
//!   taken when the kernel reports it, not by polling. The time limit is a
//!   `ppoll` deadline. CPU time and peak memory come from `wait4`.
//! - **Memory and stack.** [`Limits`] caps the program's data segment
//!   (`RLIMIT_DATA`, [`MEMORY_CAP_FACTOR`] times the memory limit, so a runaway
//!   allocation fails fast and harms nothing) and sets its main thread's stack
//!   (`RLIMIT_STACK`, read by the kernel at `exec`) whatever the caller's
//!   `ulimit -s`. The peak resident memory is `wait4`'s `ru_maxrss`.
//! - **Prompt return.** Once the program has ended, its streams are drained for
//!   at most [`DRAIN_GRACE`]: something outside the run holding a pipe open
//!   cannot keep the caller waiting.

mod keeper;

use std::ffi::OsStr;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use keeper::Process;

/// Stdout kept and allowed; one byte more is Output Limit Exceeded.
pub const OUTPUT_CAP: usize = 256 << 20;
/// Stderr kept: its last bytes (a panic's message is at the end).
pub const STDERR_KEPT: usize = 64 << 10;
/// How long the streams may stay open once the program has ended.
pub const DRAIN_GRACE: Duration = Duration::from_millis(100);
/// Pipe buffer asked for each stream, and the size of one read.
const PIPE_BYTES: libc::c_int = 1 << 20;

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
}

impl Limits {
    /// A time limit alone.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time,
            memory_mb: None,
            stack_mb: None,
        }
    }
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
    /// Stdout, at most [`OUTPUT_CAP`] bytes.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_KEPT`] bytes (or fewer) of stderr.
    pub stderr: Vec<u8>,
    /// Bytes of stderr dropped before `stderr`.
    pub stderr_dropped: u64,
    /// `true` when stdout went past [`OUTPUT_CAP`] (the program was then killed).
    pub stdout_truncated: bool,
    /// `true` when a stream was still open [`DRAIN_GRACE`] after the program ended.
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

    /// How it ended, for a message: `exit status 3`, `signal 11 (SIGSEGV)`,
    /// `killed at the time limit`, `killed after more than 256 MiB of output`.
    pub fn describe_end(&self) -> String {
        match (self.killed, self.status) {
            (Some(Kill::TimeLimit), _) => "killed at the time limit".to_string(),
            (Some(Kill::OutputLimit), _) => {
                format!("killed after more than {} MiB of output", OUTPUT_CAP >> 20)
            }
            (None, Some(status)) if self.stdout_truncated => format!(
                "{} after more than {} MiB of output",
                describe_status(status),
                OUTPUT_CAP >> 20
            ),
            (None, Some(status)) => describe_status(status),
            (None, None) => "no exit status".to_string(),
        }
    }
}

/// Describes how a finished program ended: `exit status 3`, `signal 11 (SIGSEGV)`.
pub fn describe_status(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    match status.signal() {
        Some(signal) => format!("signal {signal} ({})", signal_name(signal)),
        None => format!("{status}"),
    }
}

/// The name of a Linux signal: `SIGXCPU`, `SIGRTMIN+3`.
pub fn signal_name(signal: i32) -> String {
    let names = [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGSTKFLT, "SIGSTKFLT"),
        (libc::SIGCHLD, "SIGCHLD"),
        (libc::SIGCONT, "SIGCONT"),
        (libc::SIGSTOP, "SIGSTOP"),
        (libc::SIGTSTP, "SIGTSTP"),
        (libc::SIGTTIN, "SIGTTIN"),
        (libc::SIGTTOU, "SIGTTOU"),
        (libc::SIGURG, "SIGURG"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGWINCH, "SIGWINCH"),
        (libc::SIGIO, "SIGIO"),
        (libc::SIGPWR, "SIGPWR"),
        (libc::SIGSYS, "SIGSYS"),
    ];
    if let Some((_, name)) = names.iter().find(|(number, _)| *number == signal) {
        return name.to_string();
    }
    let (min, max) = (libc::SIGRTMIN(), libc::SIGRTMAX());
    match signal {
        // glibc keeps the kernel's first real-time signals for its threads.
        32.. if signal < min => format!("real-time signal {signal}, reserved by the C library"),
        _ if signal == min => "SIGRTMIN".to_string(),
        _ if signal == max => "SIGRTMAX".to_string(),
        _ if (min..max).contains(&signal) => format!("SIGRTMIN+{}", signal - min),
        _ => "not a Linux signal".to_string(),
    }
}

fn os_error(context: &str) -> io::Error {
    let error = io::Error::last_os_error();
    io::Error::new(error.kind(), format!("{context}: {error}"))
}

/// Runs `program` with `args`, feeding `input` on stdin, and kills it (with
/// everything it started) once `time_limit` has passed or its stdout passes
/// [`OUTPUT_CAP`].
///
/// # Errors
/// When the program cannot be started (missing, not executable), or a system
/// call the harness needs fails.
///
/// # Example
/// ```
/// use std::time::Duration;
/// let run = judge::run::execute("/bin/cat".as_ref(), &[], b"hi\n", Duration::from_secs(5)).unwrap();
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
/// use judge::run::{execute_with, Limits};
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
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let (stdin_read, stdin_write) = keeper::wire()?;
    let (stdout_read, stdout_write) = keeper::wire()?;
    let (stderr_read, stderr_write) = keeper::wire()?;
    let process = keeper::start(
        program,
        &args,
        [&stdin_read, &stdout_write, &stderr_write],
        limits,
    )?;
    drop((stdin_read, stdout_write, stderr_write));
    let mut processes = [process];
    let mut feeds = [Feed::new(stdin_write, input, 0)?];
    let mut captures = [
        Capture::new(stdout_read, Keep::Head(OUTPUT_CAP), 0)?,
        Capture::new(stderr_read, Keep::Tail(STDERR_KEPT), 0)?,
    ];
    supervise(&mut processes, &mut feeds, &mut captures)?;
    let [process] = processes;
    let [stdout, stderr] = captures;
    finish(process, Some(stdout), stderr)
}

/// A program run against an interactor, and the interactor's run.
#[derive(Debug)]
pub struct Interaction {
    /// The program's run; `stdout` is what it sent the interactor.
    pub program: Execution,
    /// The interactor's run; `stdout` is what it sent the program.
    pub interactor: Execution,
    /// The program's output ended (it exited, or was killed) before the
    /// interactor's did.
    pub program_ended_first: bool,
}

/// Runs `program` under `limits` against `interactor` (testlib's convention):
/// the interactor, started with `interactor_args`, writes to the program's
/// stdin and reads the program's stdout, through the harness. Both are
/// contained, timed and capped like any run; the interactor gets
/// `interactor_limit`.
///
/// # Errors
/// When either cannot be started, or a system call the harness needs fails.
pub fn interact(
    program: &Path,
    limits: &Limits,
    interactor: &Path,
    interactor_args: &[&OsStr],
    interactor_limit: Duration,
) -> io::Result<Interaction> {
    // Both ways pass through the harness, so it sees each side's end before
    // the other side can: which one ended first is known, not raced.
    let (program_in, to_program) = keeper::wire()?;
    let (from_program, program_out) = keeper::wire()?;
    let (program_err, program_err_write) = keeper::wire()?;
    let (interactor_in, to_interactor) = keeper::wire()?;
    let (from_interactor, interactor_out) = keeper::wire()?;
    let (interactor_err, interactor_err_write) = keeper::wire()?;
    let interactor_process = keeper::start(
        interactor,
        interactor_args,
        [&interactor_in, &interactor_out, &interactor_err_write],
        &Limits::time(interactor_limit),
    )?;
    let program_process = keeper::start(
        program,
        &[],
        [&program_in, &program_out, &program_err_write],
        limits,
    )?;
    drop((program_in, program_out, program_err_write));
    drop((interactor_in, interactor_out, interactor_err_write));
    let mut processes = [program_process, interactor_process];
    let mut captures = [
        Capture::new(from_program, Keep::Head(OUTPUT_CAP), 0)?.relayed_to(to_interactor)?,
        Capture::new(from_interactor, Keep::Head(OUTPUT_CAP), 1)?.relayed_to(to_program)?,
        Capture::new(program_err, Keep::Tail(STDERR_KEPT), 0)?,
        Capture::new(interactor_err, Keep::Tail(STDERR_KEPT), 1)?,
    ];
    supervise(&mut processes, &mut [], &mut captures)?;
    let [program_process, interactor_process] = processes;
    let [program_out, interactor_out, program_err, interactor_err] = captures;
    let program_ended_first = match (program_out.ended, interactor_out.ended) {
        (Some(program), Some(interactor)) => program < interactor,
        (program, _) => program.is_some(),
    };
    Ok(Interaction {
        program: finish(program_process, Some(program_out), program_err)?,
        interactor: finish(interactor_process, Some(interactor_out), interactor_err)?,
        program_ended_first,
    })
}

/// What the harness writes to a program's stdin.
struct Feed<'a> {
    fd: Option<OwnedFd>,
    input: &'a [u8],
    written: usize,
    /// The index of the process it feeds.
    owner: usize,
}

impl<'a> Feed<'a> {
    fn new(fd: OwnedFd, input: &'a [u8], owner: usize) -> io::Result<Feed<'a>> {
        prepare(&fd)?;
        // Nothing to write: the program sees the end of its input at once.
        let fd = (!input.is_empty()).then_some(fd);
        Ok(Feed {
            fd,
            input,
            written: 0,
            owner,
        })
    }

    fn write_some(&mut self) {
        let Some(fd) = &self.fd else { return };
        match write_some(fd, &self.input[self.written..]) {
            Some(n) => self.written += n,
            // A program may exit without reading its input: a broken pipe is no error here.
            None => self.fd = None,
        }
        if self.written == self.input.len() {
            self.fd = None;
        }
    }
}

/// Writes what a nonblocking pipe takes of `bytes`: how many, or `None` when
/// it is closed for good (its reader is gone).
fn write_some(fd: &OwnedFd, bytes: &[u8]) -> Option<usize> {
    // SAFETY: writes from the live `bytes` slice.
    let n = unsafe { libc::write(fd.as_raw_fd(), bytes.as_ptr().cast(), bytes.len()) };
    if n >= 0 {
        return Some(n as usize);
    }
    match io::Error::last_os_error().kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted => Some(0),
        _ => None,
    }
}

/// Where a relayed stream goes on: the other program's stdin.
struct Forward {
    fd: Option<OwnedFd>,
    pending: Vec<u8>,
    sent: usize,
}

impl Forward {
    fn idle(&self) -> bool {
        self.sent == self.pending.len()
    }

    fn write_some(&mut self) {
        let Some(fd) = &self.fd else { return };
        match write_some(fd, &self.pending[self.sent..]) {
            Some(n) => self.sent += n,
            // The reader is gone: what it did not take is dropped.
            None => {
                self.fd = None;
                self.sent = self.pending.len();
            }
        }
    }
}

/// How much of a stream is kept.
#[derive(Clone, Copy)]
enum Keep {
    /// The first bytes; one more and its program is killed (Output Limit Exceeded).
    Head(usize),
    /// The last bytes (a panic's message is at the end).
    Tail(usize),
}

/// A stream of a program that the harness reads.
struct Capture {
    fd: Option<OwnedFd>,
    keep: Keep,
    kept: Vec<u8>,
    dropped: u64,
    truncated: bool,
    owner: usize,
    /// Relayed to another program, which sees the end of it only after the
    /// harness does: the order of two relays' ends is causal, not a race.
    forward: Option<Forward>,
    /// When its end was read, in the order of all the ends of one supervision.
    ended: Option<usize>,
}

impl Capture {
    fn new(fd: OwnedFd, keep: Keep, owner: usize) -> io::Result<Capture> {
        prepare(&fd)?;
        Ok(Capture {
            fd: Some(fd),
            keep,
            kept: Vec::new(),
            dropped: 0,
            truncated: false,
            owner,
            forward: None,
            ended: None,
        })
    }

    /// Also writes what it reads to `fd`, closing it after the end.
    fn relayed_to(mut self, fd: OwnedFd) -> io::Result<Capture> {
        prepare(&fd)?;
        self.forward = Some(Forward {
            fd: Some(fd),
            pending: Vec::new(),
            sent: 0,
        });
        Ok(self)
    }

    /// Whether to wait for its next bytes: not while a relay is still passing on the last.
    fn wants_input(&self) -> bool {
        self.fd.is_some() && self.forward.as_ref().is_none_or(Forward::idle)
    }

    /// Reads what is there: `true` when the owner went past its cap.
    fn read_some(&mut self, buffer: &mut [u8]) -> bool {
        let Some(fd) = &self.fd else { return false };
        let chunk = read_some(fd, buffer);
        if let (Some(forward), Chunk::Data(n)) = (&mut self.forward, &chunk) {
            forward.pending.clear();
            forward.pending.extend_from_slice(&buffer[..*n]);
            forward.sent = 0;
        }
        match chunk {
            Chunk::Nothing => false,
            Chunk::End => {
                self.fd = None;
                false
            }
            Chunk::Data(n) => match self.keep {
                Keep::Head(cap) => {
                    let room = cap - self.kept.len();
                    self.kept.extend_from_slice(&buffer[..n.min(room)]);
                    // Read on (and dropped) until the kill lands: closing the
                    // pipe now would let it die of SIGPIPE first.
                    let passed = n > room && !self.truncated;
                    self.truncated |= n > room;
                    passed
                }
                Keep::Tail(kept) => {
                    self.kept.extend_from_slice(&buffer[..n]);
                    if self.kept.len() > 2 * kept {
                        self.cut_to(kept);
                    }
                    false
                }
            },
        }
    }

    fn cut_to(&mut self, kept: usize) {
        if self.kept.len() > kept {
            let cut = self.kept.len() - kept;
            self.kept.drain(..cut);
            self.dropped += cut as u64;
        }
    }
}

/// Nonblocking, with a larger pipe: fewer wake-ups for big inputs and outputs.
fn prepare(fd: &OwnedFd) -> io::Result<()> {
    set_nonblocking(fd)?;
    // SAFETY: fcntl on a descriptor owned by the caller (best effort).
    unsafe {
        libc::fcntl(fd.as_raw_fd(), libc::F_SETPIPE_SZ, PIPE_BYTES);
    }
    Ok(())
}

/// Watches started processes and their streams until every process has ended
/// and its streams are closed (or [`DRAIN_GRACE`] has passed since the last
/// end): feeds stdin, keeps what [`Capture`]s keep, and kills a process at its
/// deadline or when its stdout passes its cap.
fn supervise(
    processes: &mut [Process],
    feeds: &mut [Feed],
    captures: &mut [Capture],
) -> io::Result<()> {
    let mut buffer = vec![0u8; PIPE_BYTES as usize];
    let mut ends = 0;
    loop {
        let now = Instant::now();
        for process in processes.iter_mut() {
            if !process.ended() && now >= process.deadline {
                process.kill(Kill::TimeLimit);
            }
        }
        for feed in feeds.iter_mut() {
            let owner = &processes[feed.owner];
            if owner.ended() || owner.killed.is_some() {
                feed.fd = None;
            }
        }
        let wait = if processes.iter().all(Process::ended) {
            let last_end = processes
                .iter()
                .filter_map(|process| process.end.map(|end| end.noticed))
                .max()
                .unwrap_or(now);
            let open = captures.iter().any(|capture| capture.fd.is_some());
            match (last_end + DRAIN_GRACE).checked_duration_since(now) {
                Some(left) if open => left,
                _ => return Ok(()),
            }
        } else {
            processes
                .iter()
                .filter(|process| !process.ended())
                .map(|process| match process.killed {
                    // Killed: it ends promptly; its keeper's report wakes us.
                    Some(_) => Duration::from_secs(1),
                    None => process.deadline.saturating_duration_since(now),
                })
                .min()
                .unwrap_or_default()
        };
        let mut fds: Vec<libc::pollfd> = Vec::new();
        let mut watch = |fd: RawFd, events| {
            fds.push(libc::pollfd {
                fd,
                events,
                revents: 0,
            })
        };
        for feed in feeds.iter() {
            if let Some(fd) = &feed.fd {
                watch(fd.as_raw_fd(), libc::POLLOUT);
            }
        }
        for capture in captures.iter() {
            if let (true, Some(fd)) = (capture.wants_input(), &capture.fd) {
                watch(fd.as_raw_fd(), libc::POLLIN);
            }
            if let Some(Forward { fd: Some(fd), .. }) = &capture.forward {
                if !capture.forward.as_ref().is_some_and(Forward::idle) {
                    watch(fd.as_raw_fd(), libc::POLLOUT);
                }
            }
        }
        for process in processes.iter() {
            if !process.ended() {
                watch(process.report_fd(), libc::POLLIN);
            }
        }
        let timeout = libc::timespec {
            tv_sec: wait.as_secs() as libc::time_t,
            tv_nsec: wait.subsec_nanos() as libc::c_long,
        };
        // SAFETY: `fds` is a live array of `fds.len()` pollfd entries.
        let ready = unsafe {
            libc::ppoll(
                fds.as_mut_ptr(),
                fds.len() as libc::nfds_t,
                &timeout,
                std::ptr::null(),
            )
        };
        if ready < 0 {
            let error = io::Error::last_os_error();
            if error.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        let is_ready = |fd: RawFd| fds.iter().any(|entry| entry.fd == fd && entry.revents != 0);
        for feed in feeds.iter_mut() {
            if feed.fd.as_ref().is_some_and(|fd| is_ready(fd.as_raw_fd())) {
                feed.write_some();
            }
        }
        for capture in captures.iter_mut() {
            if let Some(forward) = &mut capture.forward {
                if forward
                    .fd
                    .as_ref()
                    .is_some_and(|fd| is_ready(fd.as_raw_fd()))
                {
                    forward.write_some();
                }
            }
            if capture
                .fd
                .as_ref()
                .is_some_and(|fd| is_ready(fd.as_raw_fd()))
                && capture.read_some(&mut buffer)
            {
                processes[capture.owner].kill(Kill::OutputLimit);
            }
            if capture.fd.is_none() && capture.ended.is_none() {
                capture.ended = Some(ends);
                ends += 1;
            }
            if let (None, Some(forward)) = (&capture.fd, &mut capture.forward) {
                if forward.idle() {
                    // Passes the end on.
                    forward.fd = None;
                }
            }
        }
        for process in processes.iter_mut() {
            if !process.ended() && is_ready(process.report_fd()) {
                process.read_report();
            }
        }
    }
}

/// The [`Execution`] of a process that has ended, with what its streams gave.
fn finish(
    mut process: Process,
    stdout: Option<Capture>,
    mut stderr: Capture,
) -> io::Result<Execution> {
    process.reap_keeper();
    let Some(end) = process.end else {
        return Err(io::Error::other(
            "the run's keeper ended without reporting the program's end",
        ));
    };
    stderr.cut_to(STDERR_KEPT);
    let status = ExitStatus::from_raw(end.raw_status);
    // A program that exited by itself just as it was being killed was not killed.
    let killed = process
        .killed
        .filter(|_| status.signal() == Some(libc::SIGKILL));
    let stdout_open = stdout.as_ref().is_some_and(|capture| capture.fd.is_some());
    let (stdout, stdout_truncated) = match stdout {
        Some(capture) => (capture.kept, capture.truncated),
        None => (Vec::new(), false),
    };
    Ok(Execution {
        status: if killed.is_some() { None } else { Some(status) },
        killed,
        stdout,
        stderr: stderr.kept,
        stderr_dropped: stderr.dropped,
        stdout_truncated,
        streams_abandoned: stdout_open || stderr.fd.is_some(),
        elapsed: end.elapsed,
        cpu: end.cpu,
        peak_memory_kb: end.peak_memory_kb,
        limits: process.limits,
    })
}

fn set_nonblocking(fd: &OwnedFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor this function borrows.
    unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(os_error("fcntl"));
        }
    }
    Ok(())
}

/// What one nonblocking read found.
enum Chunk {
    Data(usize),
    /// Nothing yet (a spurious wake-up).
    Nothing,
    /// End of the stream, or an error: stop reading it.
    End,
}

fn read_some(fd: &OwnedFd, buffer: &mut [u8]) -> Chunk {
    loop {
        // SAFETY: reads into the live `buffer`.
        let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
        if n > 0 {
            return Chunk::Data(n as usize);
        }
        if n == 0 {
            return Chunk::End;
        }
        match io::Error::last_os_error().kind() {
            io::ErrorKind::Interrupted => continue,
            io::ErrorKind::WouldBlock => return Chunk::Nothing,
            _ => return Chunk::End,
        }
    }
}

/// The `setrlimit` calls that enforce `limits` in the program: a cap on the
/// data segment (heap and anonymous mappings; not the stack, nor the program's
/// file), and the main thread's stack.
///
/// The program's `ru_maxrss` starts at its keeper's resident memory when it
/// forks (the kernel counts the forked copy's pages before `exec` replaces
/// them): the harness's own, about 2 MB for the `judge` command.
fn resource_limits(limits: &Limits) -> io::Result<Vec<(libc::__rlimit_resource_t, u64)>> {
    let mut rlimits = Vec::new();
    if let Some(mb) = limits.memory_mb {
        rlimits.push((libc::RLIMIT_DATA, mib(mb.saturating_mul(MEMORY_CAP_FACTOR))));
    }
    if let Some(mb) = limits.stack_mb {
        let bytes = mib(mb);
        // SAFETY: getrlimit writes into a local struct.
        let hard = unsafe {
            let mut current: libc::rlimit = std::mem::zeroed();
            if libc::getrlimit(libc::RLIMIT_STACK, &mut current) != 0 {
                return Err(os_error("getrlimit"));
            }
            current.rlim_max
        };
        if hard != libc::RLIM_INFINITY && bytes > hard {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "a stack of {mb} MiB is above this shell's hard limit of {} MiB (ulimit -Hs)",
                    hard >> 20
                ),
            ));
        }
        rlimits.push((libc::RLIMIT_STACK, bytes));
    }
    Ok(rlimits)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn a_capture_keeps_its_cap_and_reports_the_first_byte_past_it_once() {
        let (reader, mut writer) = io::pipe().unwrap();
        let mut capture = Capture::new(reader.into(), Keep::Head(4), 0).unwrap();
        let mut buffer = [0; 16];
        writer.write_all(b"abcd").unwrap();
        assert!(!capture.read_some(&mut buffer), "the cap itself is allowed");
        assert!(!capture.truncated);
        writer.write_all(b"e").unwrap();
        assert!(capture.read_some(&mut buffer), "one byte more passes it");
        writer.write_all(b"f").unwrap();
        assert!(!capture.read_some(&mut buffer), "reported once");
        assert!(capture.truncated);
        assert_eq!(capture.kept, b"abcd");
    }

    #[test]
    fn a_tail_capture_cuts_once_it_holds_twice_what_it_keeps() {
        let (reader, mut writer) = io::pipe().unwrap();
        let mut capture = Capture::new(reader.into(), Keep::Tail(4), 0).unwrap();
        let mut buffer = [0; 16];
        writer.write_all(b"abcdefgh").unwrap();
        assert!(!capture.read_some(&mut buffer));
        assert_eq!(capture.kept, b"abcdefgh");
        writer.write_all(b"i").unwrap();
        assert!(!capture.read_some(&mut buffer));
        assert_eq!(
            (capture.kept.as_slice(), capture.dropped),
            (&b"fghi"[..], 5)
        );
    }

    #[test]
    fn the_output_left_in_a_pipe_after_the_end_is_read_to_its_end() {
        // The program has ended, its last bytes still in the pipe: the
        // harness still reads them and the end of the stream.
        let (report, _keeper_side) = io::pipe().unwrap();
        let mut processes = [keeper::Process::ended_now(report.into())];
        let (reader, mut writer) = io::pipe().unwrap();
        let mut captures = [Capture::new(reader.into(), Keep::Head(16), 0).unwrap()];
        writer.write_all(b"last").unwrap();
        drop(writer);
        supervise(&mut processes, &mut [], &mut captures).unwrap();
        assert_eq!(captures[0].kept, b"last");
        assert!(captures[0].fd.is_none(), "the end of the stream was read");
    }
}
