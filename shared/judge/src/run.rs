//! Running a program on an input under a time limit, the way a judge does.
//!
//! - **Containment.** The program runs in a process group of its own, tagged by
//!   an environment variable ([`RUN_TAG_VAR`]); the harness is a child
//!   subreaper (`PR_SET_CHILD_SUBREAPER`), so whatever the program starts is
//!   re-parented to the harness if its parent dies, even after `setsid`. When
//!   the program ends, its group is killed, then every adopted process carrying
//!   the run's tag, until none is left.
//! - **Output cap.** Stdout is read while the program runs; past [`OUTPUT_CAP`]
//!   the program is killed at once. Only the last [`STDERR_KEPT`] bytes of stderr
//!   are kept.
//! - **Timing.** A thread blocks in `waitid` on the program itself: the exit time
//!   is taken when the kernel reports it, not by polling. The time limit is a
//!   `ppoll` deadline. CPU time comes from `wait4`'s resource usage.
//! - **Memory and stack.** [`Limits`] caps the program's data segment
//!   (`RLIMIT_DATA`, [`MEMORY_CAP_FACTOR`] times the memory limit, so a runaway
//!   allocation fails fast and harms nothing) and sets its main thread's stack
//!   (`RLIMIT_STACK`, read by the kernel at `exec`) whatever the caller's
//!   `ulimit -s`. The peak resident memory is `wait4`'s `ru_maxrss`.
//! - **Prompt return.** Once the program has ended, its streams are drained for
//!   at most [`DRAIN_GRACE`]: something outside the run holding a pipe open
//!   cannot keep the caller waiting.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

/// Stdout kept and allowed; one byte more is Output Limit Exceeded.
pub const OUTPUT_CAP: usize = 256 << 20;
/// Stderr kept: its last bytes (a panic's message is at the end).
pub const STDERR_KEPT: usize = 64 << 10;
/// How long the streams may stay open once the program has ended.
pub const DRAIN_GRACE: Duration = Duration::from_millis(100);
/// Pipe buffer asked for each stream, and the size of one read.
const PIPE_BYTES: libc::c_int = 1 << 20;
/// The environment variable that tags every process of one run.
pub const RUN_TAG_VAR: &str = "JUDGE_RUN_TAG";

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

    /// How it ended, for a message: `exit status 3`, `signal 11 (SIGSEGV)`,
    /// `killed at the time limit`, `killed after more than 256 MiB of output`.
    pub fn describe_end(&self) -> String {
        match (self.killed, self.status) {
            (Some(Kill::TimeLimit), _) => "killed at the time limit".to_string(),
            (Some(Kill::OutputLimit), _) => {
                format!("killed after more than {} MiB of output", OUTPUT_CAP >> 20)
            }
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
        _ if signal > min && signal < max => format!("SIGRTMIN+{}", signal - min),
        _ => "not a Linux signal".to_string(),
    }
}

/// Tags of the runs in progress in this process (runs may overlap on threads).
static ACTIVE_TAGS: Mutex<Option<HashSet<String>>> = Mutex::new(None);
static NEXT_RUN: AtomicU64 = AtomicU64::new(0);
static SUBREAPER: Once = Once::new();
/// Set by [`claim_all_children`].
static ALL_CHILDREN_ARE_RUNS: AtomicBool = AtomicBool::new(false);

/// Declares that this process starts child processes only through [`execute`],
/// one at a time (the `judge` command line does). Then every process adopted
/// by the harness is a stray of the run that just ended, even one that dropped
/// the run's tag from its environment, and it is ended too.
pub fn claim_all_children() {
    ALL_CHILDREN_ARE_RUNS.store(true, Ordering::Relaxed);
}

/// Registers a run's tag for as long as it lives.
struct ActiveRun(String);

impl ActiveRun {
    fn start() -> ActiveRun {
        let tag = format!(
            "{}-{}",
            std::process::id(),
            NEXT_RUN.fetch_add(1, Ordering::Relaxed)
        );
        let mut active = ACTIVE_TAGS.lock().unwrap_or_else(|e| e.into_inner());
        active.get_or_insert_with(HashSet::new).insert(tag.clone());
        ActiveRun(tag)
    }
}

impl Drop for ActiveRun {
    fn drop(&mut self) {
        let mut active = ACTIVE_TAGS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tags) = active.as_mut() {
            tags.remove(&self.0);
        }
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
    let time_limit = limits.time;
    let rlimits = resource_limits(limits)?;
    SUBREAPER.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a process attribute.
        // If it fails (not Linux ≥ 3.4), group kills still contain well-behaved runs.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
    let run = ActiveRun::start();
    let mut command = Command::new(program);
    command
        .args(args)
        // Judges run without backtraces; a panic's own message is what the report shows.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .env(RUN_TAG_VAR, &run.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: the closure only calls setrlimit, which is async-signal-safe, on
    // values computed before the fork.
    unsafe {
        command.pre_exec(move || {
            for &(resource, bytes) in &rlimits {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let (notify_read, notify_write) = notify_pipe()?;
    let mut child = spawn(&mut command, program)?;
    let started = Instant::now();
    let pid = child.id() as libc::pid_t;

    let (exited_tx, exited_rx) = mpsc::channel();
    // Blocks in waitid without reaping, so the group id stays valid for the kill.
    let waiter = thread::spawn(move || {
        loop {
            // SAFETY: waitid writes into a zeroed siginfo_t owned by this frame.
            let result = unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                libc::waitid(
                    libc::P_PID,
                    pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if result == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                break;
            }
        }
        let _ = exited_tx.send(Instant::now());
        // SAFETY: writes one byte from a local buffer to a pipe this thread owns.
        unsafe {
            libc::write(notify_write.as_raw_fd(), b"x".as_ptr().cast(), 1);
        }
    });

    let mut stdin = child.stdin.take().map(OwnedFd::from);
    let mut stdout = child.stdout.take().map(OwnedFd::from);
    let mut stderr = child.stderr.take().map(OwnedFd::from);
    for fd in [&stdin, &stdout, &stderr].into_iter().flatten() {
        if let Err(error) = set_nonblocking(fd) {
            kill_run(pid);
            return Err(error);
        }
        // Larger pipes: fewer wake-ups for big inputs and outputs (best effort).
        // SAFETY: fcntl on a descriptor owned here.
        unsafe {
            libc::fcntl(fd.as_raw_fd(), libc::F_SETPIPE_SZ, PIPE_BYTES);
        }
    }
    let mut written = 0;
    if input.is_empty() {
        stdin = None;
    }
    let mut kept_stdout = Vec::new();
    let mut kept_stderr = Vec::new();
    let mut stderr_dropped = 0u64;
    let mut stdout_truncated = false;
    let mut killed = None;
    let mut exited_at: Option<Instant> = None;
    let deadline = started + time_limit;
    let mut buffer = vec![0u8; PIPE_BYTES as usize];

    loop {
        let now = Instant::now();
        if exited_at.is_none() && killed.is_none() && now >= deadline {
            killed = Some(Kill::TimeLimit);
            kill_run(pid);
            stdin = None;
        }
        let wait = match exited_at {
            Some(_) if stdout.is_none() && stderr.is_none() => break,
            Some(at) => match (at + DRAIN_GRACE).checked_duration_since(now) {
                Some(left) => left,
                None => break,
            },
            // Killed: SIGKILL ends it promptly; the notify pipe wakes us.
            None if killed.is_some() => Duration::from_secs(1),
            None => deadline - now,
        };
        let mut fds = Vec::with_capacity(4);
        let mut push = |fd: &Option<OwnedFd>, events| {
            if let Some(fd) = fd {
                fds.push(libc::pollfd {
                    fd: fd.as_raw_fd(),
                    events,
                    revents: 0,
                });
            }
        };
        push(&stdin, libc::POLLOUT);
        push(&stdout, libc::POLLIN);
        push(&stderr, libc::POLLIN);
        if exited_at.is_none() {
            fds.push(libc::pollfd {
                fd: notify_read.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            });
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
            kill_run(pid);
            return Err(error);
        }
        let ready_fd = |fd: &Option<OwnedFd>| {
            fd.as_ref().is_some_and(|fd| {
                fds.iter()
                    .any(|entry| entry.fd == fd.as_raw_fd() && entry.revents != 0)
            })
        };
        if ready_fd(&stdin) {
            let fd = stdin.as_ref().expect("checked above");
            // SAFETY: writes from the live `input` slice past `written`.
            let n = unsafe {
                libc::write(
                    fd.as_raw_fd(),
                    input[written..].as_ptr().cast(),
                    input.len() - written,
                )
            };
            let failed = n < 0
                && !matches!(
                    io::Error::last_os_error().kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted
                );
            written += n.max(0) as usize;
            // A program may exit without reading its input: a broken pipe is no error here.
            if failed || written == input.len() {
                stdin = None;
            }
        }
        if ready_fd(&stdout) {
            match read_some(stdout.as_ref().expect("checked above"), &mut buffer) {
                Chunk::Nothing => {}
                Chunk::End => stdout = None,
                Chunk::Data(n) => {
                    let room = OUTPUT_CAP - kept_stdout.len();
                    kept_stdout.extend_from_slice(&buffer[..n.min(room)]);
                    if n > room {
                        // Killed before its pipe closes: else it may die of SIGPIPE first.
                        stdout_truncated = true;
                        if exited_at.is_none() && killed.is_none() {
                            killed = Some(Kill::OutputLimit);
                            kill_run(pid);
                            stdin = None;
                        }
                        stdout = None;
                    }
                }
            }
        }
        if ready_fd(&stderr) {
            match read_some(stderr.as_ref().expect("checked above"), &mut buffer) {
                Chunk::Nothing => {}
                Chunk::End => stderr = None,
                Chunk::Data(n) => {
                    kept_stderr.extend_from_slice(&buffer[..n]);
                    if kept_stderr.len() > 2 * STDERR_KEPT {
                        let cut = kept_stderr.len() - STDERR_KEPT;
                        kept_stderr.drain(..cut);
                        stderr_dropped += cut as u64;
                    }
                }
            }
        }
        if exited_at.is_none()
            && fds
                .last()
                .is_some_and(|entry| entry.fd == notify_read.as_raw_fd() && entry.revents != 0)
        {
            exited_at = Some(exited_rx.recv().unwrap_or_else(|_| Instant::now()));
            // Its descendants must not outlive it, nor keep the pipes open.
            kill_group(pid);
            end_strays(&run.0, pid);
            stdin = None;
        }
    }
    let exited_at = exited_at.expect("the loop ends after the exit");
    let _ = waiter.join();
    let (raw_status, cpu, peak_memory_kb) = reap(pid)?;
    end_strays(&run.0, pid);
    if kept_stderr.len() > STDERR_KEPT {
        let cut = kept_stderr.len() - STDERR_KEPT;
        kept_stderr.drain(..cut);
        stderr_dropped += cut as u64;
    }
    let status = ExitStatus::from_raw(raw_status);
    // A program that exited by itself just as it was being killed was not killed.
    let killed = killed.filter(|_| status.signal() == Some(libc::SIGKILL));
    Ok(Execution {
        status: if killed.is_some() { None } else { Some(status) },
        killed,
        stdout: kept_stdout,
        stderr: kept_stderr,
        stderr_dropped,
        stdout_truncated,
        streams_abandoned: stdout.is_some() || stderr.is_some(),
        elapsed: exited_at - started,
        cpu,
        peak_memory_kb,
        limits: *limits,
    })
}

/// The `setrlimit` calls that enforce `limits` in the child: a cap on the data
/// segment (heap and anonymous mappings; not the stack, nor the program's
/// file), and the main thread's stack.
///
/// Besides the fork (needed to set them), the child's `ru_maxrss` starts at the
/// harness's own resident memory at that moment: the kernel counts the forked
/// copy's pages before `exec` replaces them.
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

/// Spawns, retrying briefly on "text file busy": another thread forking while
/// the program's file was open for writing holds it for a moment.
fn spawn(command: &mut Command, program: &Path) -> io::Result<std::process::Child> {
    let mut attempts = 0;
    loop {
        match command.spawn() {
            Err(error) if error.raw_os_error() == Some(libc::ETXTBSY) && attempts < 20 => {
                attempts += 1;
                thread::sleep(Duration::from_millis(10));
            }
            result => {
                return result.map_err(|error| {
                    io::Error::new(error.kind(), format!("{}: {error}", program.display()))
                })
            }
        }
    }
}

fn notify_pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two-element array with fresh descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(os_error("pipe2"));
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
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

/// Kills the program and its process group (the program may have left it).
fn kill_run(pid: libc::pid_t) {
    kill_group(pid);
    // SAFETY: kill(2) has no memory-safety preconditions; the program is not
    // reaped yet, so `pid` is still the program.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
    }
}

fn kill_group(pid: libc::pid_t) {
    // SAFETY: as above; a negative pid names the group the program leads, which
    // lives at least as long as the unreaped program.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
}

/// Reaps the program: its raw wait status, CPU time and peak memory in KiB.
fn reap(pid: libc::pid_t) -> io::Result<(i32, Duration, u64)> {
    let mut status = 0;
    // SAFETY: wait4 writes into the two locals.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        loop {
            if libc::wait4(pid, &mut status, 0, &mut usage) == pid {
                break usage;
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(io::Error::new(error.kind(), format!("wait4: {error}")));
            }
        }
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok((
        status,
        time(usage.ru_utime) + time(usage.ru_stime),
        usage.ru_maxrss.max(0) as u64,
    ))
}

/// Rounds of [`end_strays`]: each kills the strays found, whose own children
/// are then re-parented to the harness and found by the next round.
const STRAY_ROUNDS: usize = 1000;

/// Kills and reaps every process re-parented to the harness that belongs to
/// the run tagged `tag` (or to a run that has ended), except the program `main`
/// itself, which is reaped by [`reap`].
fn end_strays(tag: &str, main: libc::pid_t) {
    for _ in 0..STRAY_ROUNDS {
        let strays: Vec<libc::pid_t> = adopted_children()
            .into_iter()
            .filter(|&pid| pid != main && is_stray(pid, tag))
            .collect();
        if strays.is_empty() {
            return;
        }
        for &pid in &strays {
            // SAFETY: `pid` is our unreaped child, so it cannot be a recycled pid.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        for pid in strays {
            // SAFETY: waitpid on our own child with a null status pointer.
            unsafe {
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The harness's children (direct and adopted), from `/proc/self/task/*/children`.
fn adopted_children() -> Vec<libc::pid_t> {
    let mut pids = Vec::new();
    let Ok(tasks) = fs::read_dir("/proc/self/task") else {
        return pids;
    };
    for task in tasks.flatten() {
        if let Ok(text) = fs::read_to_string(task.path().join("children")) {
            pids.extend(
                text.split_whitespace()
                    .filter_map(|pid| pid.parse::<libc::pid_t>().ok()),
            );
        }
    }
    pids
}

/// Whether a child of the harness carries `tag`, or the tag of a run that ended.
/// Children with no tag (started by anything but [`execute`]) are left alone,
/// unless [`claim_all_children`] was called.
fn is_stray(pid: libc::pid_t, tag: &str) -> bool {
    if ALL_CHILDREN_ARE_RUNS.load(Ordering::Relaxed) {
        return true;
    }
    let Ok(environ) = fs::read(format!("/proc/{pid}/environ")) else {
        return false;
    };
    let prefix = format!("{RUN_TAG_VAR}=");
    let Some(found) = environ
        .split(|&byte| byte == 0)
        .find_map(|entry| entry.strip_prefix(prefix.as_bytes()))
    else {
        return false;
    };
    if found == tag.as_bytes() {
        return true;
    }
    let found = String::from_utf8_lossy(found);
    let active = ACTIVE_TAGS.lock().unwrap_or_else(|e| e.into_inner());
    // Only this process's tags: a nested harness's runs are its own business
    // until they are orphaned here.
    !active
        .as_ref()
        .is_some_and(|tags| tags.contains(found.as_ref()))
}
