//! Starting a program under limits, with a keeper: a process forked from the
//! harness for this one run, which is the child subreaper of the run alone.
//!
//! The keeper forks the program (in a process group of its own, its resource
//! limits set, then `exec`), waits for it, and ends whatever the program
//! started: any descendant whose parent dies is re-parented to the keeper,
//! even after `setsid` with an empty environment, and the keeper kills and
//! reaps its children round after round until it has none. Then it reports the
//! program's end to the harness (status, CPU time, peak memory, wall time) and
//! exits. The harness kills the program by writing to the keeper's control
//! pipe; if the harness dies, the pipe closes and the keeper kills the run.
//!
//! The keeper is a fork of a threaded process that never calls `exec`: it may
//! only make async-signal-safe calls, so everything it needs (paths, argument
//! and environment arrays, limits) is prepared before the fork, and its code
//! below allocates nothing and cannot panic.

use std::ffi::{CString, OsStr, OsString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::resource_limits;
use crate::unix::Resource;
use crate::{os_error, Kill, Limits};

/// One message from a keeper: `i64` words written at once (below `PIPE_BUF`,
/// so never split).
const WORDS: usize = 6;
/// `[STARTED, program pid, errno of exec (0: it ran)]`.
const STARTED: i64 = 1;
/// `[ENDED, raw wait status, CPU ns, peak KiB, wall ns, exit time (monotonic ns)]`.
const ENDED: i64 = 2;
/// Rounds of killing the keeper's children: each round's victims' own
/// children are re-parented to the keeper and found by the next.
const STRAY_ROUNDS: usize = 1000;

/// How a program ended, as its keeper saw it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct End {
    pub raw_status: i32,
    pub cpu: Duration,
    pub peak_memory_kb: u64,
    /// From the program's exec to its exit.
    pub elapsed: Duration,
    /// The monotonic clock at its exit, in ns: orders two programs' ends.
    pub exited_at: i64,
    /// When the harness read the report.
    pub noticed: Instant,
}

/// A program started under limits, with its keeper.
pub(crate) struct Process {
    keeper: libc::pid_t,
    report: OwnedFd,
    /// Closed on drop: the keeper then kills the program.
    control: Option<OwnedFd>,
    pub deadline: Instant,
    pub limits: Limits,
    pub killed: Option<Kill>,
    pub end: Option<End>,
    /// The keeper's report pipe closed without a report.
    pub lost: bool,
}

/// What the keeper needs, prepared before the fork.
struct Plan {
    path: CString,
    /// The folder the program starts in; `None`: the harness's.
    working_dir: Option<CString>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    rlimits: Vec<(Resource, libc::rlim_t)>,
    /// A write to a closed pipe fails (EPIPE) instead of killing the program.
    sigpipe_ignored: bool,
    stdio: [RawFd; 3],
    report: RawFd,
    control: RawFd,
}

/// Starts `program` with `args`, its stdin, stdout and stderr on `stdio`
/// (the caller closes its own copies afterwards), under `limits`, in
/// `working_dir` when given (a relative `program` path is then the caller's
/// to make absolute), SIGPIPE ignored when `sigpipe_ignored`.
///
/// # Errors
/// When the program cannot be started (missing, not executable), a limit
/// cannot be set, or a system call the harness needs fails.
pub(crate) fn start(
    program: &Path,
    args: &[&OsStr],
    stdio: [&OwnedFd; 3],
    limits: &Limits,
    working_dir: Option<&Path>,
    sigpipe_ignored: bool,
) -> io::Result<Process> {
    let named = |error: io::Error| {
        io::Error::new(
            error.kind(),
            format!("{}: {error}", crate::show::show_path(program)),
        )
    };
    let path = resolve(program)
        .ok_or_else(|| named(io::Error::new(io::ErrorKind::NotFound, "not found on PATH")))?;
    // A relative entry of PATH (`bin`) would name another file after the chdir.
    let path = match working_dir {
        Some(_) if path.is_relative() => std::path::absolute(&path)?,
        _ => path,
    };
    let path = c_string(path.as_os_str())?;
    let working_dir = working_dir
        .map(|dir| c_string(dir.as_os_str()))
        .transpose()?;
    let mut arguments = vec![c_string(program.as_os_str())?];
    for arg in args {
        arguments.push(c_string(arg)?);
    }
    let environment = environment(std::env::vars_os())?;
    let rlimits = resource_limits(limits)?;
    crate::release_free_memory();
    let mut attempts = 0;
    loop {
        let (report_read, report_write) = pipe()?;
        let (control_read, control_write) = pipe()?;
        let plan = Plan {
            path: path.clone(),
            working_dir: working_dir.clone(),
            argv: null_terminated(&arguments),
            envp: null_terminated(&environment),
            rlimits: rlimits.clone(),
            sigpipe_ignored,
            stdio: stdio.map(AsRawFd::as_raw_fd),
            report: report_write.as_raw_fd(),
            control: control_read.as_raw_fd(),
        };
        // SAFETY: the child runs only `keeper`, which makes async-signal-safe
        // calls on memory prepared above, and never returns.
        let keeper = unsafe { libc::fork() };
        if keeper < 0 {
            return Err(os_error("fork"));
        }
        if keeper == 0 {
            // SAFETY: in the forked child, as above.
            unsafe { run_keeper(&plan) }
        }
        drop((report_write, control_read));
        let mut process = Process {
            keeper,
            report: report_read,
            control: Some(control_write),
            // Set when the program has started.
            deadline: Instant::now(),
            limits: *limits,
            killed: None,
            end: None,
            lost: false,
        };
        let message = read_message(&process.report);
        match message {
            Some([STARTED, _, 0, ..]) => {
                super::set_nonblocking(&process.report)?;
                // From the exec on, as the keeper times it: a program killed at
                // the deadline has run at least its limit.
                process.deadline = Instant::now() + limits.time;
                return Ok(process);
            }
            Some([STARTED, _, errno, ..]) => {
                process.reap_keeper();
                // Another thread forking while the program's file was open for
                // writing holds it for a moment: "text file busy".
                if errno == i64::from(libc::ETXTBSY) && attempts < 20 {
                    attempts += 1;
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                }
                return Err(named(io::Error::from_raw_os_error(errno as i32)));
            }
            _ => {
                process.reap_keeper();
                return Err(named(io::Error::other("the run's keeper failed to start")));
            }
        }
    }
}

impl Process {
    /// Asks the keeper to kill the program (and its process group).
    pub fn kill(&mut self, why: Kill) {
        if self.killed.is_none() && self.end.is_none() {
            self.killed = Some(why);
            if let Some(control) = &self.control {
                // SAFETY: writes one byte from a static buffer to a pipe owned here.
                unsafe {
                    libc::write(control.as_raw_fd(), b"k".as_ptr().cast(), 1);
                }
            }
        }
    }

    pub fn report_fd(&self) -> RawFd {
        self.report.as_raw_fd()
    }

    pub fn ended(&self) -> bool {
        self.end.is_some() || self.lost
    }

    /// Reads the keeper's report, after `ppoll` said its pipe is readable. A
    /// report is one write of less than `PIPE_BUF`, so it is there whole: one
    /// read returns it, or the pipe's end if the keeper died without one.
    pub fn read_report(&mut self) {
        let mut buffer = [0u8; WORDS * 8];
        // SAFETY: reads into a local buffer.
        let n = unsafe {
            libc::read(
                self.report.as_raw_fd(),
                buffer.as_mut_ptr().cast(),
                buffer.len(),
            )
        };
        if n as usize != buffer.len() {
            self.lost = true;
            return;
        }
        let words = words(&buffer);
        let nanos = |word: i64| Duration::from_nanos(word.max(0) as u64);
        self.end = Some(End {
            raw_status: words[1] as i32,
            cpu: nanos(words[2]),
            peak_memory_kb: words[3].max(0) as u64,
            elapsed: nanos(words[4]),
            exited_at: words[5],
            noticed: Instant::now(),
        });
    }

    /// Waits for the keeper itself, which exits right after its report.
    pub fn reap_keeper(&mut self) {
        // SAFETY: waitpid on our own child with a null status pointer.
        while unsafe { libc::waitpid(self.keeper, std::ptr::null_mut(), 0) } < 0
            && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
        {}
        self.keeper = 0;
    }
}

#[cfg(test)]
impl Process {
    /// A process whose end was noticed just now, its keeper already reaped:
    /// for tests of what happens after the end.
    pub fn ended_now(report: OwnedFd) -> Process {
        Process {
            keeper: 0,
            report,
            control: None,
            deadline: Instant::now(),
            limits: Limits::time(Duration::ZERO),
            killed: None,
            end: Some(End {
                raw_status: 0,
                cpu: Duration::ZERO,
                peak_memory_kb: 0,
                elapsed: Duration::ZERO,
                exited_at: 0,
                noticed: Instant::now(),
            }),
            lost: false,
        }
    }
}

impl Drop for Process {
    /// A process dropped before its end (an error elsewhere) is killed and
    /// waited for: the keeper ends the run, then exits.
    fn drop(&mut self) {
        if self.keeper > 0 {
            self.control = None;
            self.reap_keeper();
        }
    }
}

/// Reads the keeper's first message, blocking (right after the fork). It comes
/// whole, as a report does (see [`Process::read_report`]).
fn read_message(fd: &OwnedFd) -> Option<[i64; WORDS]> {
    let mut buffer = [0u8; WORDS * 8];
    loop {
        // SAFETY: reads into a local buffer.
        let n = unsafe { libc::read(fd.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
        if n as usize == buffer.len() {
            return Some(words(&buffer));
        }
        if n >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return None;
        }
    }
}

fn words(bytes: &[u8]) -> [i64; WORDS] {
    let mut words = [0i64; WORDS];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
        *word = i64::from_ne_bytes(chunk.try_into().expect("chunks of 8"));
    }
    words
}

/// The program's environment: the harness's without the variables that ask
/// Rust for backtraces. Judges run without them; a panic's own message is what
/// the report shows.
fn environment(variables: impl Iterator<Item = (OsString, OsString)>) -> io::Result<Vec<CString>> {
    variables
        .filter(|(name, _)| name != "RUST_BACKTRACE" && name != "RUST_LIB_BACKTRACE")
        .map(|(name, value)| {
            let mut entry = name.into_vec();
            entry.push(b'=');
            entry.extend_from_slice(value.as_bytes());
            CString::new(entry).map_err(|_| invalid_argument())
        })
        .collect()
}

fn invalid_argument() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, "an argument holds a NUL byte")
}

fn c_string(text: &OsStr) -> io::Result<CString> {
    CString::new(text.as_bytes()).map_err(|_| invalid_argument())
}

fn null_terminated(strings: &[CString]) -> Vec<*const libc::c_char> {
    strings
        .iter()
        .map(|string| string.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect()
}

/// The file to `exec`: `program` itself when it names a folder, else the
/// first executable file of that name on `PATH` (as a shell finds it).
fn resolve(program: &Path) -> Option<PathBuf> {
    if program.as_os_str().as_bytes().contains(&b'/') {
        return Some(program.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable_file(candidate))
}

/// A file that its mode lets someone execute (as `execvp` looks for one).
fn is_executable_file(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two-element array with fresh descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(os_error("pipe2"));
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A pipe for wiring two programs together: (read end, write end).
pub(crate) fn wire() -> io::Result<(OwnedFd, OwnedFd)> {
    pipe()
}

// ---- Below: the keeper, after the fork. Async-signal-safe calls only. ----

fn monotonic_ns() -> i64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into a local struct.
    unsafe {
        libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now);
    }
    now.tv_sec * 1_000_000_000 + now.tv_nsec
}

/// Writes one message in a single `write`.
///
/// # Safety
/// Async-signal-safe; `fd` is open.
unsafe fn send(fd: RawFd, message: [i64; WORDS]) {
    let mut bytes = [0u8; WORDS * 8];
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(message) {
        chunk.copy_from_slice(&word.to_ne_bytes());
    }
    libc::write(fd, bytes.as_ptr().cast(), bytes.len());
}

/// Closes every descriptor but those in `keep`.
///
/// # Safety
/// Async-signal-safe.
unsafe fn close_all_but(keep: &[RawFd]) {
    let mut from: libc::c_uint = 0;
    loop {
        // The smallest kept descriptor at or above `from`.
        let next = keep
            .iter()
            .filter(|&&fd| fd >= 0 && fd as libc::c_uint >= from)
            .min()
            .copied();
        let to = match next {
            Some(fd) => fd as libc::c_uint,
            None => libc::c_uint::MAX,
        };
        if to > from {
            libc::syscall(libc::SYS_close_range, from, to - 1, 0);
        }
        match next {
            Some(fd) => from = fd as libc::c_uint + 1,
            None => return,
        }
    }
}

/// The keeper's whole life.
///
/// # Safety
/// Only in the child of `fork`, with `plan` prepared before it.
unsafe fn run_keeper(plan: &Plan) -> ! {
    libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    // A terminal's ^C or hang-up ends the harness; the keeper outlives it just
    // long enough to end the run (its control pipe closes).
    for signal in [libc::SIGINT, libc::SIGQUIT, libc::SIGHUP] {
        libc::signal(signal, libc::SIG_IGN);
    }
    // It holds no descriptor of other runs (which would keep their pipes open).
    let [stdin, stdout, stderr] = plan.stdio;
    close_all_but(&[stdin, stdout, stderr, plan.report, plan.control]);
    let mut exec_error = [0; 2];
    if libc::pipe2(exec_error.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
        send(plan.report, [STARTED, 0, i64::from(libc::EMFILE), 0, 0, 0]);
        libc::_exit(1);
    }
    let pid = libc::fork();
    if pid == 0 {
        run_program(plan, exec_error[1]);
    }
    libc::close(exec_error[1]);
    // The keeper holds the program's streams until it has noted the exit (see
    // below), so that no one sees their end before it.
    if pid < 0 {
        send(plan.report, [STARTED, 0, i64::from(libc::EAGAIN), 0, 0, 0]);
        libc::_exit(1);
    }
    // The program's clock reading just before its exec, then (only if the
    // exec failed) the errno.
    let mut execed_at = monotonic_ns();
    libc::read(exec_error[0], (&mut execed_at as *mut i64).cast(), 8);
    let mut errno = 0i32;
    let n = libc::read(exec_error[0], (&mut errno as *mut i32).cast(), 4);
    libc::close(exec_error[0]);
    if n == 4 {
        libc::waitpid(pid, std::ptr::null_mut(), 0);
        send(
            plan.report,
            [STARTED, i64::from(pid), i64::from(errno), 0, 0, 0],
        );
        libc::_exit(0);
    }
    send(plan.report, [STARTED, i64::from(pid), 0, 0, 0, 0]);

    // Waits for the program's exit (without reaping it: its pid, hence its
    // group's, stays valid for a kill) or for the harness's word.
    let pidfd = libc::syscall(libc::SYS_pidfd_open, pid, 0) as RawFd;
    let mut control = plan.control;
    loop {
        let mut fds = [
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: control,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let watching = if control >= 0 { 2 } else { 1 };
        if pidfd < 0 {
            // No pidfd (an old kernel): the exit is only seen by wait4 below.
            break;
        }
        if libc::poll(fds.as_mut_ptr(), watching, -1) < 0 {
            continue;
        }
        if fds[0].revents != 0 {
            break;
        }
        if watching == 2 && fds[1].revents != 0 {
            // A byte (kill) or end of file (the harness is gone): either way.
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
            control = -1;
        }
    }
    let exited_at = monotonic_ns();
    // Only now can the other side of a stream see its end: an interactor that
    // reads the end of the program's output and exits is noted exiting after
    // the program, and a program that reads the end of the interactor's after
    // it. Which of two ended first is causal, not a race of their keepers.
    for fd in plan.stdio {
        libc::close(fd);
    }
    // Its descendants must not outlive it, nor keep its pipes open.
    libc::kill(-pid, libc::SIGKILL);
    let mut status = 0;
    let mut usage: libc::rusage = std::mem::zeroed();
    while libc::wait4(pid, &mut status, 0, &mut usage) < 0 {
        if *libc::__errno_location() != libc::EINTR {
            break;
        }
    }
    end_strays();
    let time = |t: libc::timeval| t.tv_sec * 1_000_000_000 + t.tv_usec * 1000;
    send(
        plan.report,
        [
            ENDED,
            i64::from(status),
            time(usage.ru_utime) + time(usage.ru_stime),
            usage.ru_maxrss as i64,
            exited_at - execed_at,
            exited_at,
        ],
    );
    libc::_exit(0);
}

/// Kills and reaps every child of the keeper, round after round, until none is left.
///
/// # Safety
/// Async-signal-safe; in the keeper.
unsafe fn end_strays() {
    for _ in 0..STRAY_ROUNDS {
        let mut pids = [0 as libc::pid_t; 512];
        let found = children(&mut pids);
        for &pid in &pids[..found] {
            libc::kill(pid, libc::SIGKILL);
        }
        for &pid in &pids[..found] {
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        // Zombies the list may have missed.
        while libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) > 0 {}
        if found == 0 {
            return;
        }
    }
}

/// The keeper's children from `/proc/thread-self/children` (the keeper has
/// one thread), at most `pids.len()` of them: how many were found.
///
/// # Safety
/// Async-signal-safe.
unsafe fn children(pids: &mut [libc::pid_t]) -> usize {
    let fd = libc::open(
        c"/proc/thread-self/children".as_ptr(),
        libc::O_RDONLY | libc::O_CLOEXEC,
    );
    if fd < 0 {
        return 0;
    }
    let mut found = 0;
    let mut number: libc::pid_t = 0;
    let mut in_number = false;
    let mut buffer = [0u8; 4096];
    'read: loop {
        let n = libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len());
        if n <= 0 {
            break;
        }
        for &byte in buffer.iter().take(n as usize) {
            if byte.is_ascii_digit() {
                number = number
                    .wrapping_mul(10)
                    .wrapping_add(libc::pid_t::from(byte - b'0'));
                in_number = true;
            } else if in_number {
                if let Some(slot) = pids.get_mut(found) {
                    *slot = number;
                    found += 1;
                } else {
                    break 'read;
                }
                number = 0;
                in_number = false;
            }
        }
    }
    if in_number {
        if let Some(slot) = pids.get_mut(found) {
            *slot = number;
            found += 1;
        }
    }
    libc::close(fd);
    found
}

/// The program's side of the second fork: its own process group, limits,
/// streams, default signal handling, then `exec`. On failure, the errno goes
/// to `exec_error`.
///
/// # Safety
/// Only in the child of the keeper's fork.
unsafe fn run_program(plan: &Plan, exec_error: RawFd) -> ! {
    // `stamped`: the clock reading was sent already.
    let fail = |exec_error: RawFd, stamped: bool| -> ! {
        let errno = *libc::__errno_location();
        if !stamped {
            let now = monotonic_ns();
            libc::write(exec_error, (&now as *const i64).cast(), 8);
        }
        libc::write(exec_error, (&errno as *const i32).cast(), 4);
        libc::_exit(127)
    };
    // The keeper closed its own 0, 1 and 2, so this pipe may sit there: out of
    // the way of the program's streams first.
    let exec_error = match libc::fcntl(exec_error, libc::F_DUPFD_CLOEXEC, 3) {
        moved if moved >= 0 => moved,
        _ => libc::_exit(127),
    };
    libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
    if libc::setpgid(0, 0) != 0 {
        fail(exec_error, false);
    }
    for &(resource, bytes) in &plan.rlimits {
        let limit = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        if libc::setrlimit(resource, &limit) != 0 {
            fail(exec_error, false);
        }
    }
    // Before exec, so that the program's own relative paths (a judge's
    // `input.txt`) are the folder's; `plan.path` was made absolute for it.
    if let Some(dir) = &plan.working_dir {
        if libc::chdir(dir.as_ptr()) != 0 {
            fail(exec_error, false);
        }
    }
    let [stdin, stdout, stderr] = plan.stdio;
    // Moved above the three targets first, so that installing one cannot
    // overwrite another's source.
    let mut moved = [0; 3];
    for (slot, fd) in moved.iter_mut().zip([stdin, stdout, stderr]) {
        *slot = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3);
        if *slot < 0 {
            fail(exec_error, false);
        }
    }
    for (target, fd) in moved.into_iter().enumerate() {
        // dup2 leaves the new descriptor without close-on-exec.
        if libc::dup2(fd, target as RawFd) != target as RawFd {
            fail(exec_error, false);
        }
    }
    // Rust ignores SIGPIPE and the keeper terminal signals; a program starts
    // with the defaults and nothing blocked.
    for signal in [libc::SIGPIPE, libc::SIGINT, libc::SIGQUIT, libc::SIGHUP] {
        libc::signal(signal, libc::SIG_DFL);
    }
    // An interactor, as DOMjudge's runpipe starts it: a write to a program
    // that has gone fails, and the interactor still gives its verdict.
    if plan.sigpipe_ignored {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    // The program's time starts here (the keeper reads it first).
    let now = monotonic_ns();
    libc::write(exec_error, (&now as *const i64).cast(), 8);
    libc::execve(plan.path.as_ptr(), plan.argv.as_ptr(), plan.envp.as_ptr());
    fail(exec_error, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    extern "C" fn on_signal(_: libc::c_int) {}

    #[test]
    fn the_first_message_is_read_whole_or_not_at_all() {
        use std::io::Write;
        let (reader, mut writer) = std::io::pipe().unwrap();
        let message: Vec<u8> = (1..=6i64).flat_map(i64::to_ne_bytes).collect();
        writer.write_all(&message).unwrap();
        assert_eq!(read_message(&reader.into()), Some([1, 2, 3, 4, 5, 6]));

        // The keeper died first: the pipe's end, whatever errno held before.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(writer);
        // SAFETY: errno is this thread's own.
        unsafe { *libc::__errno_location() = libc::EINTR };
        assert_eq!(read_message(&reader.into()), None);
    }

    #[test]
    fn the_first_reason_to_kill_stays_and_an_ended_program_is_not_killed() {
        let (report, _keeper_side) = std::io::pipe().unwrap();
        let mut process = Process::ended_now(report.into());
        process.kill(Kill::OutputLimit);
        assert_eq!(process.killed, None);
        process.end = None;
        process.kill(Kill::OutputLimit);
        process.kill(Kill::TimeLimit);
        assert_eq!(process.killed, Some(Kill::OutputLimit));
    }

    #[test]
    fn reaping_a_keeper_goes_on_when_a_signal_interrupts_the_wait() {
        // A handler installed without SA_RESTART makes a blocked waitpid
        // return EINTR; the signal goes to this test's thread alone.
        // SAFETY: the sigaction is zeroed and then filled in; the handler does
        // nothing. The child only sleeps and exits.
        let keeper = unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            assert_eq!(
                libc::sigaction(libc::SIGUSR2, &action, std::ptr::null_mut()),
                0
            );
            let child = libc::fork();
            if child == 0 {
                let nap = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 300_000_000,
                };
                libc::nanosleep(&nap, std::ptr::null_mut());
                libc::_exit(0);
            }
            child
        };
        assert!(keeper > 0);
        // SAFETY: getpid and gettid have no preconditions.
        let (pid, thread) = unsafe { (libc::getpid(), libc::gettid()) };
        let signaller = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            // SAFETY: tgkill sends a signal; no memory is involved.
            unsafe { libc::syscall(libc::SYS_tgkill, pid, thread, libc::SIGUSR2) };
        });
        let (report, _keeper_side) = std::io::pipe().unwrap();
        let mut process = Process::ended_now(report.into());
        process.keeper = keeper;
        process.reap_keeper();
        signaller.join().unwrap();
        // SAFETY: waitpid with a null status pointer.
        let again = unsafe { libc::waitpid(keeper, std::ptr::null_mut(), libc::WNOHANG) };
        assert_eq!(again, -1, "the keeper was not waited for");
        assert_eq!(process.keeper, 0);
    }

    #[test]
    fn the_environment_is_the_harness_s_without_backtraces() {
        let variables = [
            ("PATH", "/bin"),
            ("RUST_BACKTRACE", "1"),
            ("RUST_LIB_BACKTRACE", "full"),
            ("MODE", "a=b"),
        ]
        .map(|(name, value)| (OsString::from(name), OsString::from(value)));
        let environment = environment(variables.into_iter()).unwrap();
        let expected = ["PATH=/bin", "MODE=a=b"].map(|entry| CString::new(entry).unwrap());
        assert_eq!(environment, expected);
    }
}
