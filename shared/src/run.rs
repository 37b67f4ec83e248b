//! Running a program on an input under a time limit.
//!
//! The program runs in a process group of its own, so killing it at the time
//! limit also kills anything it started; a program can never hang the caller.

use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Output kept per stream; the rest is read and dropped so the program never blocks.
pub const OUTPUT_CAP: usize = 256 << 20;

/// What happened when a program ran.
#[derive(Debug)]
pub struct Execution {
    /// Exit status, `None` when the program was killed at the time limit.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// `true` when stdout went past [`OUTPUT_CAP`] and was cut there.
    pub stdout_truncated: bool,
    /// Wall time from start to exit (or to the kill).
    pub elapsed: Duration,
}

impl Execution {
    /// Killed at the time limit, or finished after it.
    pub fn timed_out(&self, time_limit: Duration) -> bool {
        self.status.is_none() || self.elapsed > time_limit
    }

    /// Exited normally with status 0.
    pub fn succeeded(&self) -> bool {
        self.status.is_some_and(|status| status.success())
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

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        _ => "unknown signal",
    }
}

/// Runs `program` with `args`, feeding `input` on stdin, and kills it (with its
/// whole process group) once `time_limit` has passed.
///
/// # Errors
/// When the program cannot be started (missing, not executable).
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
    let mut child = Command::new(program)
        .args(args)
        // Judges run without backtraces; a panic's own message is what the report shows.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", program.display())))?;
    let started = Instant::now();

    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A program may exit without reading its input; the broken pipe is not an error here.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = capture(child.stdout.take().expect("stdout is piped"));
    let stderr = capture(child.stderr.take().expect("stderr is piped"));

    let status = wait_until(&mut child, started + time_limit)?;
    let elapsed = started.elapsed();
    if status.is_none() {
        kill_group(&child);
        child.wait()?;
    } else {
        // Anything the program left running would keep the pipes open.
        kill_group(&child);
    }
    let _ = writer.join();
    let (stdout, stdout_truncated) = stdout.join().expect("stdout reader panicked");
    let (stderr, _) = stderr.join().expect("stderr reader panicked");
    Ok(Execution {
        status,
        stdout,
        stderr,
        stdout_truncated,
        elapsed,
    })
}

/// Reads a stream to its end on a thread of its own, keeping at most [`OUTPUT_CAP`] bytes.
fn capture(mut stream: impl Read + Send + 'static) -> thread::JoinHandle<(Vec<u8>, bool)> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut truncated = false;
        let mut buffer = [0u8; 1 << 16];
        loop {
            match stream.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let room = OUTPUT_CAP - kept.len();
                    kept.extend_from_slice(&buffer[..n.min(room)]);
                    truncated |= n > room;
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        (kept, truncated)
    })
}

/// Waits for the child until `deadline`; `None` if it is still running then.
fn wait_until(child: &mut Child, deadline: Instant) -> io::Result<Option<ExitStatus>> {
    // Poll quickly at first (most runs are short), then back off to spare the CPU.
    let mut pause = Duration::from_micros(50);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

fn kill_group(child: &Child) {
    let group = child.id() as libc::pid_t;
    // SAFETY: kill(2) with a negative pid signals the process group the child leads;
    // it has no memory-safety preconditions.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}
