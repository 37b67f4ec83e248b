//! The Linux backend: a program started by a keeper of its own (see
//! [`keeper`]), its streams watched by `supervise` with caps, its kill at the
//! deadline, and `finish` turning each into an [`Execution`].
//!
//! - **Containment.** Each program has a keeper: a process of the harness for
//!   that run alone, which is its child subreaper. The program runs in a
//!   process group of its own; whatever it starts is re-parented to the
//!   keeper when its parent dies, even after `setsid` with an empty
//!   environment. When the program ends, the keeper kills its group, then its
//!   own children round after round until none is left.
//! - **Output cap.** Stdout is read while the program runs; past its limits' cap
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
//! - **Interaction.** The program's stdout is the interactor's stdin and the
//!   interactor's stdout the program's stdin: two pipes, nothing in between.
//!   Which one ended first is known from the two keepers' exit times.
//! - **Prompt return.** Once the program has ended, its streams are drained for
//!   [`DRAIN_GRACE`], and past it for as long as they have bytes or their end
//!   waiting (at most [`DRAIN_PATIENCE`]): something outside the run holding a
//!   pipe open cannot keep the caller waiting.

mod keeper;

use std::ffi::OsStr;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use keeper::Process;

use super::unix::resource_limits;
use super::{
    os_error, Execution, Interaction, Kill, Limits, Start, DRAIN_GRACE, DRAIN_PATIENCE, STDERR_KEPT,
};

/// Pipe buffer asked for each stream, and the size of one read.
const PIPE_BYTES: libc::c_int = 1 << 20;

/// Runs `program` on `input`, in `working_dir` when given: see
/// [`super::execute_in`].
pub(super) fn execute(
    program: &Path,
    args: &[&OsStr],
    input: &[u8],
    limits: &Limits,
    working_dir: Option<&Path>,
) -> io::Result<Execution> {
    let (stdin_read, stdin_write) = keeper::wire()?;
    let (stdout_read, stdout_write) = keeper::wire()?;
    let (stderr_read, stderr_write) = keeper::wire()?;
    let process = keeper::start(
        program,
        args,
        [&stdin_read, &stdout_write, &stderr_write],
        limits,
        working_dir,
        false,
    )?;
    drop((stdin_read, stdout_write, stderr_write));
    let mut processes = [process];
    let mut feeds = [Feed::new(stdin_write, input, 0)?];
    let mut captures = [
        Capture::new(stdout_read, Keep::Head(limits.output_cap()), 0)?,
        Capture::new(stderr_read, Keep::Tail(STDERR_KEPT), 0)?,
    ];
    supervise(&mut processes, &mut feeds, &mut captures)?;
    let [process] = processes;
    let [stdout, stderr] = captures;
    finish(process, Some(stdout), stderr)
}

/// Runs a program against its interactor: see [`super::interact`].
pub(super) fn interact(
    (program, program_args, limits): Start,
    (interactor, interactor_args, interactor_limits): Start,
) -> io::Result<Interaction> {
    let (program_in, interactor_out) = keeper::wire()?;
    let (interactor_in, program_out) = keeper::wire()?;
    let (program_err, program_err_write) = keeper::wire()?;
    let (interactor_err, interactor_err_write) = keeper::wire()?;
    let interactor_process = keeper::start(
        interactor,
        interactor_args,
        [&interactor_in, &interactor_out, &interactor_err_write],
        interactor_limits,
        None,
        true,
    )?;
    let program_process = keeper::start(
        program,
        program_args,
        [&program_in, &program_out, &program_err_write],
        limits,
        None,
        false,
    )?;
    drop((program_out, program_err_write));
    drop((interactor_in, interactor_out, interactor_err_write));
    let mut processes = [program_process, interactor_process];
    let mut captures = [
        Capture::new(program_err, Keep::Tail(STDERR_KEPT), 0)?,
        Capture::new(interactor_err, Keep::Tail(STDERR_KEPT), 1)?,
        // The program's stdin stays open here, and once the program has gone
        // what the interactor still writes is read and dropped, as DOMjudge's
        // runpipe does: the interactor's writes neither fail nor block, and
        // it reads the program's end and gives its verdict.
        Capture::new(program_in, Keep::NothingOnceEnded, 0)?,
    ];
    supervise(&mut processes, &mut [], &mut captures)?;
    let [program_process, interactor_process] = processes;
    let [program_err, interactor_err, _] = captures;
    let program_ended_first = match (&program_process.end, &interactor_process.end) {
        (Some(program), Some(interactor)) => program.exited_at < interactor.exited_at,
        (program, _) => program.is_some(),
    };
    Ok(Interaction {
        program: finish(program_process, None, program_err)?,
        interactor: finish(interactor_process, None, interactor_err)?,
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

/// How much of a stream is kept.
#[derive(Clone, Copy)]
enum Keep {
    /// The first bytes; one more and its program is killed (Output Limit Exceeded).
    Head(usize),
    /// The last bytes (a panic's message is at the end).
    Tail(usize),
    /// Nothing, and nothing read while the owner runs: a program's stdin,
    /// which the harness drains once the program has ended.
    NothingOnceEnded,
}

/// A stream of a program that the harness reads.
struct Capture {
    fd: Option<OwnedFd>,
    keep: Keep,
    kept: Vec<u8>,
    dropped: u64,
    truncated: bool,
    owner: usize,
}

impl Capture {
    fn new(fd: OwnedFd, keep: Keep, owner: usize) -> io::Result<Capture> {
        // A program's own stdin stays blocking: the flag is the open file's,
        // which the program shares. It is read only when `ppoll` finds bytes
        // or its end waiting, so no read of it blocks.
        if !matches!(keep, Keep::NothingOnceEnded) {
            prepare(&fd)?;
        }
        Ok(Capture {
            fd: Some(fd),
            keep,
            kept: Vec::new(),
            dropped: 0,
            truncated: false,
            owner,
        })
    }

    /// Reads what is there: `true` when the owner went past its cap.
    fn read_some(&mut self, buffer: &mut [u8]) -> bool {
        let Some(fd) = &self.fd else { return false };
        match read_some(fd, buffer) {
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
                Keep::NothingOnceEnded => false,
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
    // The last look found none of the open streams readable.
    let mut quiet = false;
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
            match drain_wait(now, last_end, open, quiet) {
                Some(wait) => wait,
                None => return Ok(()),
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
            let waits_for_its_owner =
                matches!(capture.keep, Keep::NothingOnceEnded) && !processes[capture.owner].ended();
            if let Some(fd) = capture.fd.as_ref().filter(|_| !waits_for_its_owner) {
                watch(fd.as_raw_fd(), libc::POLLIN);
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
        quiet = !captures.iter().any(|capture| {
            capture
                .fd
                .as_ref()
                .is_some_and(|fd| is_ready(fd.as_raw_fd()))
        });
        for feed in feeds.iter_mut() {
            if feed.fd.as_ref().is_some_and(|fd| is_ready(fd.as_raw_fd())) {
                feed.write_some();
            }
        }
        for capture in captures.iter_mut() {
            if capture
                .fd
                .as_ref()
                .is_some_and(|fd| is_ready(fd.as_raw_fd()))
                && capture.read_some(&mut buffer)
            {
                processes[capture.owner].kill(Kill::OutputLimit);
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

/// Once every process has ended (the last noticed at `last_end`), how long
/// to wait on the streams still `open`, or `None`: done. Within
/// [`DRAIN_GRACE`] they are waited for; past it, a stream with bytes or its
/// end waiting is still read (this thread may itself have been held up),
/// until [`DRAIN_PATIENCE`], and one that the last look found `quiet` is
/// abandoned.
fn drain_wait(now: Instant, last_end: Instant, open: bool, quiet: bool) -> Option<Duration> {
    match (last_end + DRAIN_GRACE).checked_duration_since(now) {
        Some(left) if open => Some(left),
        None if open && !quiet && now < last_end + DRAIN_PATIENCE => Some(Duration::ZERO),
        _ => None,
    }
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

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn streams_are_waited_for_through_the_grace_then_read_while_busy() {
        let end = Instant::now();
        let at = |millis| end + Duration::from_millis(millis);
        let grace = DRAIN_GRACE.as_millis() as u64;
        let patience = DRAIN_PATIENCE.as_millis() as u64;
        // Within the grace: the rest of it, if a stream is open.
        assert_eq!(drain_wait(at(0), end, true, true), Some(DRAIN_GRACE));
        assert_eq!(
            drain_wait(at(grace - 30), end, true, false),
            Some(Duration::from_millis(30))
        );
        assert_eq!(drain_wait(at(10), end, false, false), None);
        // Past it: a busy stream is read on, until the patience runs out.
        assert_eq!(
            drain_wait(at(grace + 1), end, true, false),
            Some(Duration::ZERO)
        );
        assert_eq!(
            drain_wait(at(patience - 1), end, true, false),
            Some(Duration::ZERO)
        );
        assert_eq!(drain_wait(at(patience), end, true, false), None);
        assert_eq!(drain_wait(at(patience + 1), end, true, false), None);
        assert_eq!(drain_wait(at(grace + 1), end, true, true), None);
        assert_eq!(drain_wait(at(grace + 1), end, false, false), None);
    }

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
