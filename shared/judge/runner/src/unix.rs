//! The POSIX backend, for macOS and the BSDs (and on Linux with
//! `JUDGE_RUNNER=unix`): nothing but what POSIX gives.
//!
//! - **Containment.** The program leads a process group of its own; when it
//!   ends, or at the kill, the whole group is killed. A descendant that left
//!   the group (`setsid`, `setpgid`) is out of reach: POSIX has no subreaper.
//! - **Timing.** From just before the spawn to the exit, which a thread
//!   blocked in `waitid` (without reaping) notes; CPU time and peak memory come from `wait4`'s `rusage`
//!   (`ru_maxrss` is in KiB on Linux and the BSDs, in bytes on macOS).
//! - **Memory and stack.** `setrlimit` before `exec`: `RLIMIT_DATA` at
//!   [`MEMORY_CAP_FACTOR`] times the memory limit where the system enforces
//!   it (Linux, the BSDs; macOS does not, so there the verdict comes from the
//!   peak, and a runaway allocation is stopped at the time limit), and
//!   `RLIMIT_STACK`, read at `exec` for the main thread.

use std::ffi::OsStr;
use std::io;
use std::io::Read;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::threads::{self, End, Program as _, Side, Stream, Supervised};
use super::{mib, os_error, Execution, Interaction, Limits, Start, MEMORY_CAP_FACTOR};

/// Runs `program` on `input`, in `working_dir` when given: see
/// [`super::execute_in`].
pub(super) fn execute(
    program: &Path,
    args: &[&OsStr],
    input: &[u8],
    limits: &Limits,
    working_dir: Option<&Path>,
) -> io::Result<Execution> {
    let mut child = spawn(
        program,
        args,
        limits,
        Stdio::piped(),
        Stdio::piped(),
        Side::alone(),
        working_dir,
    )?;
    let stdin = child.stdin.take().expect("piped");
    let run = Supervised {
        program: child.control,
        started: child.started,
        limits: *limits,
        // Nothing to write: the program sees the end of its input at once.
        stdin: (!input.is_empty()).then(|| (Box::new(stdin) as _, input.to_vec())),
        stdout: Some(stream(child.stdout.take().expect("piped"))?),
        stderr: stream(child.stderr)?,
    };
    let [(execution, _)] = <[_; 1]>::try_from(threads::supervise(vec![run])?)
        .unwrap_or_else(|_| unreachable!("one run in, one out"));
    Ok(execution)
}

/// Runs a program against its interactor: see [`super::interact`].
pub(super) fn interact(
    (program, program_args, limits): Start,
    (interactor, interactor_args, interactor_limits): Start,
) -> io::Result<Interaction> {
    let (program_in, interactor_out) = io::pipe()?;
    let (interactor_in, program_out) = io::pipe()?;
    // Each side's streams are held until its exit is noted: see `Side`.
    let interactor_side = Side::interactor(vec![
        interactor_in.try_clone()?.into(),
        interactor_out.try_clone()?.into(),
    ]);
    let program_side = Side::program(
        vec![
            program_in.try_clone()?.into(),
            program_out.try_clone()?.into(),
        ],
        program_in.try_clone()?,
    );
    let interactor = spawn(
        interactor,
        interactor_args,
        interactor_limits,
        interactor_in.into(),
        interactor_out.into(),
        interactor_side,
        None,
    )?;
    let program = match spawn(
        program,
        program_args,
        limits,
        program_in.into(),
        program_out.into(),
        program_side,
        None,
    ) {
        Ok(program) => program,
        Err(error) => {
            // The interactor started alone: ended and waited for, like any run.
            interactor.control.kill();
            interactor.control.wait()?;
            return Err(error);
        }
    };
    let mut runs = Vec::new();
    for (child, limits) in [(program, limits), (interactor, interactor_limits)] {
        runs.push(Supervised {
            program: child.control,
            started: child.started,
            limits: *limits,
            stdin: None,
            stdout: None,
            stderr: stream(child.stderr)?,
        });
    }
    let [(program, program_end), (interactor, interactor_end)] =
        <[_; 2]>::try_from(threads::supervise(runs)?)
            .unwrap_or_else(|_| unreachable!("two runs in, two out"));
    Ok(Interaction {
        program,
        interactor,
        program_ended_first: program_end < interactor_end,
    })
}

/// A pipe's read end as the supervision takes it; its look is a `poll`
/// through a copy of the descriptor.
fn stream(pipe: impl Read + AsFd + Send + 'static) -> io::Result<Stream> {
    let look = pipe.as_fd().try_clone_to_owned()?;
    Ok(Stream {
        reader: Box::new(pipe),
        readable: Box::new(move || {
            let mut entry = libc::pollfd {
                fd: look.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one live pollfd entry, for a descriptor the closure owns.
            // A failed poll counts as readable: the patience still bounds it.
            unsafe { libc::poll(&mut entry, 1, 0) != 0 }
        }),
    })
}

/// A started program: its control and the streams the harness holds.
struct Child {
    control: Arc<Group>,
    started: Instant,
    stdin: Option<std::process::ChildStdin>,
    stdout: Option<std::process::ChildStdout>,
    stderr: std::process::ChildStderr,
}

/// Starts `program` in a process group of its own, under `limits`, with
/// stdin and stdout as given and stderr piped, in `working_dir` when given;
/// `side` let go once its exit is noted. An interactor starts with SIGPIPE
/// ignored, as DOMjudge's runpipe starts it: a write to a program that has
/// gone fails, and the interactor still gives its verdict.
fn spawn(
    program: &Path,
    args: &[&OsStr],
    limits: &Limits,
    stdin: Stdio,
    stdout: Stdio,
    side: Side<OwnedFd>,
    working_dir: Option<&Path>,
) -> io::Result<Child> {
    let sigpipe_ignored = side.is_interactor;
    let rlimits = resource_limits(limits)?;
    let mut command = Command::new(program);
    command
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(dir) = working_dir {
        command.current_dir(dir);
    }
    // SAFETY: the closure runs between fork and exec, and makes only
    // async-signal-safe calls (setrlimit) on memory prepared before the fork.
    unsafe {
        command.pre_exec(move || {
            // After std has set SIGPIPE back to its default for the child.
            if sigpipe_ignored {
                libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            }
            for &(resource, bytes) in &rlimits {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(resource, &limit) != 0 && enforced(resource) {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    super::release_free_memory();
    let mut attempts = 0;
    let (mut child, started) = loop {
        // From just before the spawn: the program may run for a while before
        // spawn returns, and a run is never measured shorter than it was.
        let started = Instant::now();
        match command.spawn() {
            Ok(child) => break (child, started),
            // Another thread forking while the program's file was open for
            // writing holds it for a moment: "text file busy".
            Err(error) if error.raw_os_error() == Some(libc::ETXTBSY) && attempts < 20 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(error) => {
                return Err(io::Error::new(
                    error.kind(),
                    format!("{}: {error}", crate::show::show_path(program)),
                ))
            }
        }
    };
    let control = Arc::new(Group {
        pid: child.id() as libc::pid_t,
        reaped: Mutex::new(false),
        side: Mutex::new(side),
    });
    Ok(Child {
        control,
        started,
        stdin: child.stdin.take(),
        stdout: child.stdout.take(),
        stderr: child.stderr.take().expect("piped"),
    })
}

/// A program leading its own process group, reaped by [`Group::wait`] alone.
struct Group {
    pid: libc::pid_t,
    /// Set under the lock once the program is reaped: its pid, and so its
    /// group's id, may then be another process's, and is signalled no more.
    reaped: Mutex<bool>,
    /// Its side of an exchange with an interactor, let go once its exit is noted.
    side: Mutex<Side<OwnedFd>>,
}

impl threads::Program for Group {
    fn wait(&self) -> io::Result<End> {
        // Waits for the exit but leaves the program a zombie, so that its
        // group id stays valid for the kill of what it left.
        loop {
            // SAFETY: waitid fills a local siginfo_t.
            let waited = unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                libc::waitid(
                    libc::P_PID,
                    self.pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if waited == 0 {
                break;
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(io::Error::new(error.kind(), format!("waitid: {error}")));
            }
        }
        let at = Instant::now();
        self.side
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .let_go();
        let mut reaped = self
            .reaped
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let mut status = 0;
        // SAFETY: rusage is a plain struct that wait4 fills.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: kill and wait4 on our own child and its group.
        unsafe {
            // Its descendants must not outlive it, nor keep its pipes open.
            libc::kill(-self.pid, libc::SIGKILL);
            while libc::wait4(self.pid, &mut status, 0, &mut usage) < 0 {
                if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    return Err(os_error("wait4"));
                }
            }
        }
        *reaped = true;
        await_group_end(self.pid);
        let time = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec.max(0) as u64)
                + Duration::from_micros(t.tv_usec.max(0) as u64)
        };
        Ok(End {
            status: ExitStatus::from_raw(status),
            cpu: time(usage.ru_utime) + time(usage.ru_stime),
            peak_memory_kb: peak_kb(usage.ru_maxrss),
            at,
        })
    }

    fn kill(&self) {
        let reaped = self
            .reaped
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if !*reaped {
            // SAFETY: signals our own child's group, which exists until it is reaped.
            unsafe {
                libc::kill(-self.pid, libc::SIGKILL);
            }
        }
    }

    fn was_killed(&self, status: ExitStatus) -> bool {
        status.signal() == Some(libc::SIGKILL)
    }
}

/// How long a run waits for the rest of its program's group to die once
/// killed. SIGKILL takes effect when its target next runs, which a busy
/// machine may put off; a group whose killed members are never reaped (a
/// PID 1 that reaps nothing) outlasts any wait, and the run goes on.
const GROUP_END_PATIENCE: Duration = Duration::from_millis(200);

/// Waits, at most [`GROUP_END_PATIENCE`], until group `pgid` (its leader
/// reaped, its members sent SIGKILL) has no process left, so that a run ends
/// with what its program started, as the Linux runner's keeper ends it.
/// Only probes (signal 0): the group's id, once empty, may be reused.
fn await_group_end(pgid: libc::pid_t) {
    let deadline = Instant::now() + GROUP_END_PATIENCE;
    // SAFETY: signal 0 sends nothing; it asks whether the group has a member.
    while unsafe { libc::kill(-pgid, 0) } == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `ru_maxrss` in KiB: macOS (and iOS) report bytes, the others KiB.
fn peak_kb(max_rss: libc::c_long) -> u64 {
    let max_rss = max_rss.max(0) as u64;
    if cfg!(target_vendor = "apple") {
        max_rss / 1024
    } else {
        max_rss
    }
}

/// The kind of resource `setrlimit` takes on this system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(super) type Resource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(super) type Resource = libc::c_int;

/// Whether the system enforces `resource`, so that failing to set it fails
/// the run: macOS takes `RLIMIT_DATA` without enforcing it, and may refuse it.
fn enforced(resource: Resource) -> bool {
    !(cfg!(target_vendor = "apple") && resource == libc::RLIMIT_DATA)
}

/// The limits set before `exec`: the data segment's cap (heap and anonymous
/// mappings; not the stack, nor the program's file) and the main thread's stack.
///
/// On Linux, the program's `ru_maxrss` starts at the resident memory of the
/// process that forked it (the kernel counts the forked copy's pages before
/// `exec` replaces them): the harness's own, about 2 MB for the `judge` command,
/// its live memory only (see `release_free_memory`).
pub(super) fn resource_limits(limits: &Limits) -> io::Result<Vec<(Resource, libc::rlim_t)>> {
    let mut rlimits = Vec::new();
    if let Some(mb) = limits.memory_mb {
        let bytes = mib(mb.saturating_mul(MEMORY_CAP_FACTOR));
        rlimits.push((libc::RLIMIT_DATA, bytes as libc::rlim_t));
    }
    if let Some(mb) = limits.stack_mb {
        let bytes = mib(mb) as libc::rlim_t;
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
    use super::super::DRAIN_PATIENCE;
    use super::*;

    /// Runs `script` under `sh`; it prints the pid of a descendant that left
    /// the group (out of the run's reach, once it has had time to leave),
    /// which is killed once the run is seen.
    fn run_leaving_a_descendant(script: &str) -> (Execution, Duration) {
        let started = Instant::now();
        let limits = Limits::time(Duration::from_secs(60));
        let args = [OsStr::new("-c"), OsStr::new(script)];
        let run = execute("/bin/sh".as_ref(), &args, b"", &limits, None).unwrap();
        let took = started.elapsed();
        let pid: i32 = String::from_utf8_lossy(&run.stdout).trim().parse().unwrap();
        // SAFETY: a plain kill of a process this test started.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        (run, took)
    }

    /// Returned within the patience of the program's end, not held for the
    /// descendant's 30 s (loaded machines take their time, hence the margin).
    fn left_in_time(run: &Execution, took: Duration) -> bool {
        took < run.elapsed + DRAIN_PATIENCE + Duration::from_secs(1)
    }

    #[test]
    fn only_a_sigkill_is_the_end_of_a_kill() {
        let group = Group {
            pid: 0,
            reaped: Mutex::new(true),
            side: Mutex::new(Side::alone()),
        };
        assert!(group.was_killed(ExitStatus::from_raw(libc::SIGKILL)));
        // An exit of its own, with 0 or 1, and a crash of its own.
        for status in [0, 1 << 8, libc::SIGSEGV, libc::SIGTERM] {
            let status = ExitStatus::from_raw(status);
            assert!(!group.was_killed(status), "{status:?}");
        }
    }

    #[test]
    fn a_limit_this_system_enforces_must_be_set_or_the_run_fails() {
        assert!(enforced(libc::RLIMIT_STACK));
        // macOS takes RLIMIT_DATA without enforcing it.
        assert_eq!(enforced(libc::RLIMIT_DATA), !cfg!(target_vendor = "apple"));
    }

    #[test]
    fn a_pipe_held_open_by_a_quiet_escaped_descendant_is_left() {
        let (run, took) = run_leaving_a_descendant("setsid sleep 30 & sleep 0.3; echo $!");
        assert!(run.succeeded() && run.streams_abandoned, "{run:?}");
        assert!(left_in_time(&run, took), "{took:?}");
    }

    #[test]
    fn a_pipe_an_escaped_descendant_keeps_writing_to_is_left() {
        let script = "setsid sh -c 'exec yes >&2' & sleep 0.3; echo $!";
        let (run, took) = run_leaving_a_descendant(script);
        assert!(run.succeeded() && run.streams_abandoned, "{run:?}");
        assert!(run.stderr.starts_with(b"y\ny\n"), "what was read is kept");
        assert!(left_in_time(&run, took), "{took:?}");
    }
}
