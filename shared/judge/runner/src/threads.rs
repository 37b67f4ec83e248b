//! Supervision with a thread per stream, for the backends that have no
//! readiness polling over pipes and process ends in one call (POSIX's
//! `unix`, and `windows`): one thread feeds stdin, one reads stdout (killing
//! the run past its output cap), one keeps the tail of stderr, one waits for
//! the program; the caller's thread keeps the deadline.
//!
//! A backend supplies the program's end and a way to kill it through
//! [`Program`]; everything else here is the same on every system.

use std::io::{self, Read, Write};
use std::process::ExitStatus;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::{Execution, Kill, Limits, DRAIN_GRACE, DRAIN_PATIENCE, STDERR_KEPT};

/// Bytes read at once from a stream.
const CHUNK: usize = 1 << 16;

/// How often the supervisor looks again at a stream that has bytes or its
/// end waiting past [`DRAIN_GRACE`].
const LOOK_AGAIN: Duration = Duration::from_millis(10);

/// A stream the harness reads: the reader, which a thread of its own takes,
/// and a look at the same pipe through a second handle, telling whether a
/// read would return at once (bytes or the end are waiting). The look tells
/// a reader that has not had its turn yet from a pipe that someone outside
/// the run still holds open.
pub(super) struct Stream {
    pub reader: Box<dyn Read + Send>,
    pub readable: Box<dyn Fn() -> bool + Send>,
}

/// How a program ended, as its backend measured it.
pub(super) struct End {
    pub status: ExitStatus,
    /// User + system CPU time.
    pub cpu: Duration,
    /// Peak resident memory in KiB.
    pub peak_memory_kb: u64,
    /// When the backend saw the exit.
    pub at: Instant,
}

/// A started program, as a backend controls it.
pub(super) trait Program: Send + Sync {
    /// Blocks until the program has exited, then ends whatever it left (its
    /// group, its job) and measures it. Called once, from a thread of its own.
    fn wait(&self) -> io::Result<End>;
    /// Kills the program and whatever it started; harmless once it has ended.
    /// Called from another thread while [`wait`](Program::wait) blocks.
    fn kill(&self);
    /// Whether `status` is the end of a kill by [`kill`](Program::kill)
    /// rather than an exit of its own.
    fn was_killed(&self, status: ExitStatus) -> bool;
}

/// One program to supervise: its control, when it was started, its limits,
/// and the streams the harness holds (`None`: wired elsewhere).
pub(super) struct Supervised {
    pub program: Arc<dyn Program>,
    pub started: Instant,
    pub limits: Limits,
    pub stdin: Option<(Box<dyn Write + Send>, Vec<u8>)>,
    pub stdout: Option<Stream>,
    pub stderr: Stream,
}

/// A process's side of an exchange between a program and its interactor, as
/// its backend starts it and follows it (nothing, for a run alone).
pub(super) struct Side<Held> {
    /// Copies of the process's ends of the pipes, closed only once its exit
    /// is noted: the interactor cannot see the end of the program's output
    /// (nor the program the interactor's) before that, so which of the two
    /// ended first is causal, not a race of their waiters.
    held: Vec<Held>,
    /// The program's stdin: once its exit is noted, what the interactor still
    /// writes is read and dropped, as DOMjudge's runpipe does, so that the
    /// interactor's writes neither fail nor block and it gives its verdict.
    drained: Option<io::PipeReader>,
    /// The interactor, which judges start with SIGPIPE ignored (Windows has
    /// no SIGPIPE: a write to a pipe no one reads fails there).
    #[cfg_attr(windows, allow(dead_code))]
    pub is_interactor: bool,
}

impl<Held> Side<Held> {
    /// A run alone.
    pub fn alone() -> Side<Held> {
        Side {
            held: Vec::new(),
            drained: None,
            is_interactor: false,
        }
    }

    /// The program: `held` its ends, `stdin` a copy of its stdin's read end.
    pub fn program(held: Vec<Held>, stdin: io::PipeReader) -> Side<Held> {
        Side {
            held,
            drained: Some(stdin),
            is_interactor: false,
        }
    }

    /// The interactor: `held` its ends.
    pub fn interactor(held: Vec<Held>) -> Side<Held> {
        Side {
            held,
            drained: None,
            is_interactor: true,
        }
    }

    /// Lets go of the pipes once the process's exit is noted: the copies
    /// closed, the program's stdin drained on a thread of its own until the
    /// interactor closes it.
    pub fn let_go(&mut self) {
        self.held.clear();
        if let Some(mut stdin) = self.drained.take() {
            thread::spawn(move || {
                let _ = io::copy(&mut stdin, &mut io::sink());
            });
        }
    }
}

/// What a stream's reader has kept so far; shared with the supervisor, which
/// takes it as it is when the stream is abandoned.
#[derive(Default)]
struct Kept {
    bytes: Vec<u8>,
    dropped: u64,
    truncated: bool,
}

type Shared = Arc<Mutex<Kept>>;

/// A stream as the supervision follows it.
struct Followed {
    kept: Shared,
    /// Its reader has seen its end.
    closed: bool,
    readable: Box<dyn Fn() -> bool + Send>,
}

impl Followed {
    fn take(&self) -> Kept {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        std::mem::take(&mut *kept)
    }
}

enum Event {
    Ended(usize, io::Result<End>),
    /// Stdout passed its output cap ([`Limits::output_cap`]).
    OutputPassed(usize),
    StdoutClosed(usize),
    StderrClosed(usize),
}

/// Supervises the programs until each has ended and its streams are closed,
/// or [`DRAIN_GRACE`] has passed since the last end and no open stream has
/// anything waiting (at most [`DRAIN_PATIENCE`]): one [`Execution`] each, and
/// the instant each ended, in order.
pub(super) fn supervise(runs: Vec<Supervised>) -> io::Result<Vec<(Execution, Instant)>> {
    let (events, inbox) = mpsc::channel();
    let mut states = Vec::new();
    for (index, run) in runs.into_iter().enumerate() {
        if let Some((mut stdin, input)) = run.stdin {
            // A program may exit without reading its input: a broken pipe is no error.
            thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
        }
        let cap = run.limits.output_cap();
        let stdout = run.stdout.map(|stdout| {
            let passed = events.clone();
            follow(
                stdout,
                Event::StdoutClosed(index),
                &events,
                move |reader, kept| {
                    read_head(reader, kept, cap, || {
                        let _ = passed.send(Event::OutputPassed(index));
                    });
                },
            )
        });
        let stderr = follow(run.stderr, Event::StderrClosed(index), &events, read_tail);
        let program = Arc::clone(&run.program);
        let end_events = events.clone();
        thread::spawn(move || {
            let _ = end_events.send(Event::Ended(index, program.wait()));
        });
        states.push(State {
            deadline: run.started + run.limits.time,
            run_started: run.started,
            limits: run.limits,
            program: run.program,
            killed: None,
            end: None,
            stdout,
            stderr,
        });
    }
    drop(events);
    let mut last_end: Option<Instant> = None;
    loop {
        let now = Instant::now();
        for state in states.iter_mut() {
            if state.end.is_none() && state.killed.is_none() && now >= state.deadline {
                state.killed = Some(Kill::TimeLimit);
                state.program.kill();
            }
        }
        let all_ended = states.iter().all(|state| state.end.is_some());
        let wait = if all_ended {
            if states.iter().all(State::drained) {
                break;
            }
            let last_end = last_end.unwrap_or(now);
            match (last_end + DRAIN_GRACE).checked_duration_since(now) {
                Some(left) => left,
                // Past the grace, a stream with bytes or its end waiting has
                // a reader still to run; one with nothing is abandoned.
                None if now < last_end + DRAIN_PATIENCE
                    && states.iter().any(State::has_readable_stream) =>
                {
                    LOOK_AGAIN
                }
                None => break,
            }
        } else {
            states
                .iter()
                .filter(|state| state.end.is_none())
                .map(|state| match state.killed {
                    // Killed: it ends promptly, and its waiter's event wakes us.
                    Some(_) => Duration::from_secs(1),
                    None => state.deadline.saturating_duration_since(now),
                })
                .min()
                .unwrap_or_default()
        };
        match inbox.recv_timeout(wait) {
            Ok(Event::Ended(index, end)) => {
                states[index].end = Some(end?);
                last_end = Some(Instant::now());
            }
            Ok(Event::OutputPassed(index)) => {
                let state = &mut states[index];
                if state.end.is_none() && state.killed.is_none() {
                    state.killed = Some(Kill::OutputLimit);
                    state.program.kill();
                }
            }
            Ok(Event::StdoutClosed(index)) => {
                if let Some(stdout) = &mut states[index].stdout {
                    stdout.closed = true;
                }
            }
            Ok(Event::StderrClosed(index)) => states[index].stderr.closed = true,
            Err(RecvTimeoutError::Timeout) => {}
            // Every thread is done: nothing more can come.
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    states.into_iter().map(State::finish).collect()
}

/// Reads `stream` with `read` in a thread of its own, which sends `closed`
/// once the stream has ended; the supervisor follows it through what is returned.
fn follow(
    stream: Stream,
    closed: Event,
    events: &Sender<Event>,
    read: impl FnOnce(Box<dyn Read + Send>, &Shared) + Send + 'static,
) -> Followed {
    let kept = Shared::default();
    let (shared, events) = (Arc::clone(&kept), events.clone());
    thread::spawn(move || {
        read(stream.reader, &shared);
        let _ = events.send(closed);
    });
    Followed {
        kept,
        closed: false,
        readable: stream.readable,
    }
}

/// A supervised program, as the supervision goes.
struct State {
    deadline: Instant,
    run_started: Instant,
    limits: Limits,
    program: Arc<dyn Program>,
    killed: Option<Kill>,
    end: Option<End>,
    /// `None`: wired elsewhere.
    stdout: Option<Followed>,
    stderr: Followed,
}

impl State {
    fn streams(&self) -> impl Iterator<Item = &Followed> {
        self.stdout.iter().chain([&self.stderr])
    }

    fn drained(&self) -> bool {
        self.streams().all(|stream| stream.closed)
    }

    /// A stream not yet read to its end has bytes or its end waiting.
    fn has_readable_stream(&self) -> bool {
        self.streams()
            .any(|stream| !stream.closed && (stream.readable)())
    }

    fn finish(self) -> io::Result<(Execution, Instant)> {
        let streams_abandoned = !self.drained();
        let Some(end) = self.end else {
            return Err(io::Error::other("the program's end was never seen"));
        };
        // A program that exited by itself just as it was being killed was not killed.
        let killed = self.killed.filter(|_| self.program.was_killed(end.status));
        // An abandoned stream gives what its reader had read.
        let stdout = self.stdout.map(|stdout| stdout.take()).unwrap_or_default();
        let mut stderr = self.stderr.take();
        cut_to_tail(&mut stderr);
        let execution = Execution {
            status: if killed.is_some() {
                None
            } else {
                Some(end.status)
            },
            killed,
            stdout: stdout.bytes,
            stderr: stderr.bytes,
            stderr_dropped: stderr.dropped,
            stdout_truncated: stdout.truncated,
            streams_abandoned,
            elapsed: end.at.saturating_duration_since(self.run_started),
            cpu: end.cpu,
            peak_memory_kb: end.peak_memory_kb,
            limits: self.limits,
        };
        Ok((execution, end.at))
    }
}

/// Reads stdout to its end, keeping `cap` bytes (its output cap) and calling
/// `passed` once when it passes them; what comes after is read and dropped
/// until the kill lands (closing the pipe would let the program die of a
/// broken pipe first).
fn read_head(mut stream: Box<dyn Read + Send>, kept: &Shared, cap: usize, passed: impl FnOnce()) {
    let mut passed = Some(passed);
    let mut buffer = vec![0; CHUNK];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let mut kept = kept.lock().unwrap_or_else(|poison| poison.into_inner());
                let room = cap - kept.bytes.len();
                kept.bytes.extend_from_slice(&buffer[..n.min(room)]);
                if n > room {
                    kept.truncated = true;
                    if let Some(passed) = passed.take() {
                        passed();
                    }
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
}

/// Reads stderr to its end, keeping at least its last [`STDERR_KEPT`] bytes
/// (at most twice that, cut to [`STDERR_KEPT`] by the taker).
fn read_tail(mut stream: Box<dyn Read + Send>, kept: &Shared) {
    let mut buffer = vec![0; CHUNK];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let mut kept = kept.lock().unwrap_or_else(|poison| poison.into_inner());
                kept.bytes.extend_from_slice(&buffer[..n]);
                if kept.bytes.len() > 2 * STDERR_KEPT {
                    cut_to_tail(&mut kept);
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
}

fn cut_to_tail(kept: &mut Kept) {
    if kept.bytes.len() > STDERR_KEPT {
        let cut = kept.bytes.len() - STDERR_KEPT;
        kept.bytes.drain(..cut);
        kept.dropped += cut as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_reader_keeps_the_cap_and_says_once_when_it_is_passed() {
        let kept = Shared::default();
        // Past the cap in one chunk, then in two more.
        let cap = CHUNK + 7;
        let output = vec![b'x'; cap + CHUNK * 2];
        let mut passes = 0;
        read_head(Box::new(io::Cursor::new(output)), &kept, cap, || {
            passes += 1
        });
        let kept = kept.lock().unwrap();
        assert_eq!((kept.bytes.len(), kept.truncated), (cap, true));
        assert_eq!(passes, 1);
    }

    /// A reader that fails once with `error`, then gives `bytes` and its end.
    struct FailsOnce {
        error: Option<io::ErrorKind>,
        bytes: Option<Vec<u8>>,
    }

    impl Read for FailsOnce {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if let Some(kind) = self.error.take() {
                return Err(kind.into());
            }
            let bytes = self.bytes.take().unwrap_or_default();
            buffer[..bytes.len()].copy_from_slice(&bytes);
            Ok(bytes.len())
        }
    }

    /// What `read` kept of a reader that fails once with `kind` before
    /// giving "516\n" (on a thread, so that one reading forever fails).
    fn kept_after(kind: io::ErrorKind, read: fn(Box<dyn Read + Send>, &Shared)) -> Vec<u8> {
        let kept = Shared::default();
        let reader = FailsOnce {
            error: Some(kind),
            bytes: Some(b"516\n".to_vec()),
        };
        let (done, finished) = mpsc::channel();
        let shared = Arc::clone(&kept);
        thread::spawn(move || {
            read(Box::new(reader), &shared);
            let _ = done.send(());
        });
        finished
            .recv_timeout(Duration::from_secs(5))
            .expect("the reader did not end");
        let bytes = std::mem::take(&mut kept.lock().unwrap().bytes);
        bytes
    }

    #[test]
    fn the_readers_read_on_after_an_interruption_and_stop_at_an_error() {
        let head = |reader, kept: &Shared| read_head(reader, kept, CHUNK, || {});
        for read in [head as fn(_, &_), read_tail] {
            assert_eq!(kept_after(io::ErrorKind::Interrupted, read), b"516\n");
            assert_eq!(kept_after(io::ErrorKind::Other, read), b"");
        }
    }

    /// A program that has ended already.
    #[cfg(unix)]
    struct Ended;

    #[cfg(unix)]
    impl Program for Ended {
        fn wait(&self) -> io::Result<End> {
            use std::os::unix::process::ExitStatusExt;
            Ok(End {
                status: ExitStatus::from_raw(0),
                cpu: Duration::ZERO,
                peak_memory_kb: 0,
                at: Instant::now(),
            })
        }
        fn kill(&self) {}
        fn was_killed(&self, _: ExitStatus) -> bool {
            false
        }
    }

    /// A reader whose bytes come at `at`, then its end.
    #[cfg(unix)]
    struct Late {
        at: Instant,
        bytes: Option<Vec<u8>>,
    }

    #[cfg(unix)]
    impl Read for Late {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let Some(bytes) = self.bytes.take() else {
                return Ok(0);
            };
            thread::sleep(self.at.saturating_duration_since(Instant::now()));
            buffer[..bytes.len()].copy_from_slice(&bytes);
            Ok(bytes.len())
        }
    }

    /// The supervision of an ended program whose stdout gives "late\n" after
    /// `after`, its look at the pipe saying `readable`.
    #[cfg(unix)]
    fn supervised_late(after: Duration, readable: bool) -> Execution {
        let stdout = Stream {
            reader: Box::new(Late {
                at: Instant::now() + after,
                bytes: Some(b"late\n".to_vec()),
            }),
            readable: Box::new(move || readable),
        };
        let stderr = Stream {
            reader: Box::new(io::empty()),
            readable: Box::new(|| false),
        };
        let run = Supervised {
            program: Arc::new(Ended),
            started: Instant::now(),
            limits: Limits::time(Duration::from_secs(10)),
            stdin: None,
            stdout: Some(stdout),
            stderr,
        };
        supervise(vec![run]).unwrap().pop().unwrap().0
    }

    // A reader that has not had its turn yet is waited for past the grace
    // while its pipe has bytes waiting; a pipe with nothing waiting (someone
    // outside the run holds it open) is abandoned at the grace.
    #[cfg(unix)]
    #[test]
    fn past_the_grace_a_stream_is_waited_for_only_while_it_has_bytes_waiting() {
        let waited = supervised_late(DRAIN_GRACE * 4, true);
        assert_eq!(waited.stdout, b"late\n");
        assert!(!waited.streams_abandoned);
        let started = Instant::now();
        let abandoned = supervised_late(DRAIN_PATIENCE / 2, false);
        assert!(
            started.elapsed() < DRAIN_PATIENCE / 2,
            "{:?}",
            started.elapsed()
        );
        assert_eq!(abandoned.stdout, b"");
        assert!(abandoned.streams_abandoned);
    }

    /// A reader that gives `bytes` at most 1000 at a time.
    struct Pieces(io::Cursor<Vec<u8>>);

    impl Read for Pieces {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let most = buffer.len().min(1000);
            self.0.read(&mut buffer[..most])
        }
    }

    /// A program that ends a moment after it is killed, killed by the kill.
    #[cfg(unix)]
    struct SlowToDie {
        killed: Mutex<Option<Sender<()>>>,
        kill_seen: Mutex<mpsc::Receiver<()>>,
    }

    #[cfg(unix)]
    impl Program for SlowToDie {
        fn wait(&self) -> io::Result<End> {
            use std::os::unix::process::ExitStatusExt;
            let _ = self.kill_seen.lock().unwrap().recv();
            thread::sleep(DRAIN_GRACE * 3);
            Ok(End {
                status: ExitStatus::from_raw(9),
                cpu: Duration::ZERO,
                peak_memory_kb: 0,
                at: Instant::now(),
            })
        }
        fn kill(&self) {
            self.killed.lock().unwrap().take();
        }
        fn was_killed(&self, _: ExitStatus) -> bool {
            true
        }
    }

    /// A reader that gives nothing until `at`, then `left` bytes as fast as
    /// it is read, then its end.
    #[cfg(unix)]
    struct Flood {
        at: Instant,
        left: usize,
    }

    #[cfg(unix)]
    impl Read for Flood {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            thread::sleep(self.at.saturating_duration_since(Instant::now()));
            let n = buffer.len().min(self.left);
            buffer[..n].fill(b' ');
            self.left -= n;
            Ok(n)
        }
    }

    // Killed at its time limit, a program whose output then passes its cap
    // (what it wrote before the kill, still being read) is TLE: the first kill
    // says why it was stopped.
    #[cfg(unix)]
    #[test]
    fn a_program_killed_at_its_time_limit_stays_so_when_its_output_passes_the_cap() {
        let (killed, kill_seen) = mpsc::channel();
        let program = SlowToDie {
            killed: Mutex::new(Some(killed)),
            kill_seen: Mutex::new(kill_seen),
        };
        let limits = Limits {
            output_mb: Some(1),
            ..Limits::time(DRAIN_GRACE)
        };
        let started = Instant::now();
        let stdout = Stream {
            reader: Box::new(Flood {
                at: started + DRAIN_GRACE * 2,
                left: limits.output_cap() + 1,
            }),
            readable: Box::new(|| false),
        };
        let stderr = Stream {
            reader: Box::new(io::empty()),
            readable: Box::new(|| false),
        };
        let run = Supervised {
            program: Arc::new(program),
            started,
            limits,
            stdin: None,
            stdout: Some(stdout),
            stderr,
        };
        let execution = supervise(vec![run]).unwrap().pop().unwrap().0;
        assert!(execution.stdout_truncated, "{execution:?}");
        assert_eq!(execution.killed, Some(Kill::TimeLimit), "{execution:?}");
    }

    #[test]
    fn the_tail_reader_keeps_the_last_bytes_and_counts_the_rest() {
        let mut output = vec![b'a'; 3 * STDERR_KEPT];
        output.extend_from_slice(b"the end");
        // Read in whole chunks, and in pieces that never make twice the tail.
        let readers: [Box<dyn Read + Send>; 2] = [
            Box::new(io::Cursor::new(output.clone())),
            Box::new(Pieces(io::Cursor::new(output))),
        ];
        for reader in readers {
            let kept = Shared::default();
            read_tail(reader, &kept);
            let mut kept = std::mem::take(&mut *kept.lock().unwrap());
            // Cut while it reads: never more than twice what is kept.
            assert!(kept.bytes.len() <= 2 * STDERR_KEPT, "{}", kept.bytes.len());
            cut_to_tail(&mut kept);
            assert_eq!(kept.bytes.len(), STDERR_KEPT);
            assert!(kept.bytes.ends_with(b"the end"));
            assert_eq!(kept.dropped, 2 * STDERR_KEPT as u64 + 7);
        }
    }
}
