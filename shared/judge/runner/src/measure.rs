//! One run of a program as a whole process, the way `judge bench` times it:
//! stdin from a file, stdout to `/dev/null` (or a file, for a generator), and
//! from `wait4` its CPU time and peak memory; killed (with its process group) at
//! a cap. On Windows, the times and peak working set are the process's own, and
//! it alone is killed at the cap.
//!
//! [`super::execute`] feeds stdin through a pipe and keeps stdout: work of the
//! harness's own that would be timed with the program and compete with it for
//! the machine's cores.

use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[cfg(unix)]
use unix as system;
#[cfg(windows)]
use windows as system;

/// What one finished run cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// User + system CPU time of the process.
    pub cpu: Duration,
    /// Wall time from start to exit.
    pub wall: Duration,
    /// Peak resident memory (`ru_maxrss`), KiB.
    pub peak_rss_kib: u64,
}

/// How one run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Finished(Sample),
    /// A non-zero exit status or a signal: how it ended and the end of stderr.
    Failed(String),
    /// Still running at the cap, so killed.
    OverCap,
}

/// Where a run's standard streams come from and go.
#[derive(Clone, Copy, Debug)]
pub struct Streams<'a> {
    pub stdin: &'a Path,
    /// `None`: `/dev/null`.
    pub stdout: Option<&'a Path>,
    pub stderr: &'a Path,
}

/// Runs `program` with `args` and `streams`, and kills it if it is still
/// running after `cap`.
///
/// # Errors
/// When the program cannot be started or waited for, or a file cannot be opened.
pub fn run(program: &Path, args: &[&str], streams: Streams, cap: Duration) -> io::Result<Outcome> {
    let in_file = |error: io::Error, path: &Path| {
        io::Error::new(error.kind(), format!("{}: {error}", path.display()))
    };
    let create = |path: &Path| File::create(path).map_err(|error| in_file(error, path));
    let stdin = File::open(streams.stdin).map_err(|error| in_file(error, streams.stdin))?;
    let stdout = match streams.stdout {
        Some(path) => Stdio::from(create(path)?),
        None => Stdio::null(),
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(create(streams.stderr)?);
    // From before the start, as a shell times a command: starting is part of a
    // run's cost, and a short program may be done before spawn returns.
    #[cfg_attr(not(unix), allow(unused_mut, unused_variables))]
    let mut attempts = 0;
    let (child, started) = loop {
        let started = Instant::now();
        match system::spawn(&mut command) {
            Ok(child) => break (child, started),
            // A build just done, or another thread forking while the program's
            // file was open for writing, holds it for a moment: "text file busy".
            #[cfg(unix)]
            Err(error) if error.raw_os_error() == Some(libc::ETXTBSY) && attempts < 20 => {
                attempts += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(error) => return Err(in_file(error, program)),
        }
    };
    let Some((status, sample)) = system::wait_within(child, started, cap)? else {
        return Ok(Outcome::OverCap);
    };
    if !status.success() {
        let stderr = std::fs::read(streams.stderr).unwrap_or_default();
        let tail = crate::show::lines(&stderr, 2, true);
        let tail = tail.trim_end().replace('\n', " / ");
        let how = super::describe_status(status);
        return Ok(Outcome::Failed(if tail.is_empty() {
            how
        } else {
            format!("{how}: {tail}")
        }));
    }
    Ok(Outcome::Finished(sample))
}

/// What a run printed, as judging by tokens sees it: how many
/// whitespace-separated tokens, and a hash of them. Two outputs that a line or
/// token comparison accepts as equal have the same digest, so a benchmark
/// compares digests to check that its runs did the same work, without holding
/// outputs in memory (a large buffer here would be counted in the peak of every
/// program started after it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputDigest {
    pub tokens: u64,
    pub hash: u64,
}

impl OutputDigest {
    /// The digest of the file at `path`, read in blocks.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn of_file(path: &Path) -> io::Result<OutputDigest> {
        use std::hash::Hasher;
        use std::io::Read;
        let mut file = File::open(path)?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let mut buffer = vec![0; 1 << 16];
        let (mut tokens, mut in_token) = (0, false);
        loop {
            let read = file.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            for piece in buffer[..read].split_inclusive(u8::is_ascii_whitespace) {
                let (text, ends) = match piece.split_last() {
                    Some((last, text)) if last.is_ascii_whitespace() => (text, true),
                    _ => (piece, false),
                };
                if !text.is_empty() {
                    hasher.write(text);
                    in_token = true;
                }
                if ends && in_token {
                    // A separator, so that `ab` and `a b` differ.
                    hasher.write_u8(b' ');
                    tokens += 1;
                    in_token = false;
                }
            }
        }
        if in_token {
            hasher.write_u8(b' ');
            tokens += 1;
        }
        Ok(OutputDigest {
            tokens,
            hash: hasher.finish(),
        })
    }
}

#[cfg(unix)]
mod unix {
    use std::io;
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::{Child, Command, ExitStatus};
    use std::sync::mpsc;
    use std::thread;
    use std::time::{Duration, Instant};

    use super::Sample;

    /// Starts `command` as the leader of a process group of its own.
    pub(super) fn spawn(command: &mut Command) -> io::Result<Child> {
        command.process_group(0);
        // A `pre_exec` makes std fork rather than posix_spawn (a vfork): the kernel
        // counts the memory of whatever the program replaced at exec in its peak,
        // all of this process with a vfork, only this process's private pages copied
        // by a fork (a few hundred KiB).
        // SAFETY: the closure does nothing, so nothing in it can break after fork.
        unsafe {
            command.pre_exec(|| Ok(()));
        }
        command.spawn()
    }

    /// How `child` ended and what it cost, from `wait4`; `None` when it was
    /// still running after `cap`, and so killed with its process group.
    pub(super) fn wait_within(
        child: Child,
        started: Instant,
        cap: Duration,
    ) -> io::Result<Option<(ExitStatus, Sample)>> {
        let pid = child.id() as libc::pid_t;
        let (ended_tx, ended_rx) = mpsc::channel();
        // wait4 blocks; the cap is the channel's timeout.
        thread::spawn(move || {
            let ended = loop {
                let mut status = 0;
                // SAFETY: wait4 writes into a zeroed rusage owned by this frame.
                let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
                let result = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
                if result == pid {
                    break Ok((status, usage, started.elapsed()));
                }
                let error = io::Error::last_os_error();
                if error.kind() != io::ErrorKind::Interrupted {
                    break Err(error);
                }
            };
            let _ = ended_tx.send(ended);
        });
        let (ended, over_cap) = match ended_rx.recv_timeout(cap) {
            Ok(ended) => (ended, false),
            Err(_) => {
                // Not reaped yet, so the group id is still this run's.
                // SAFETY: kill sends a signal; no memory is involved.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
                let ended = ended_rx
                    .recv()
                    .map_err(|_| io::Error::other("the waiting thread ended without a result"))?;
                (ended, true)
            }
        };
        let (status, usage, wall) = ended?;
        if over_cap {
            return Ok(None);
        }
        let seconds = |time: libc::timeval| {
            Duration::from_secs(time.tv_sec as u64) + Duration::from_micros(time.tv_usec as u64)
        };
        // KiB, but bytes on macOS.
        let max_rss = usage.ru_maxrss as u64;
        Ok(Some((
            ExitStatus::from_raw(status),
            Sample {
                cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                wall,
                peak_rss_kib: if cfg!(target_vendor = "apple") {
                    max_rss / 1024
                } else {
                    max_rss
                },
            },
        )))
    }
}

#[cfg(windows)]
mod windows {
    use std::io;
    use std::os::windows::io::{AsRawHandle, RawHandle};
    use std::process::{Child, Command, ExitStatus};
    use std::thread;
    use std::time::{Duration, Instant};

    use super::Sample;

    /// How often a running program is asked whether it has exited.
    const POLL: Duration = Duration::from_millis(1);

    /// `FILETIME`: 100 ns units in two halves.
    #[repr(C)]
    #[derive(Default)]
    struct FileTime {
        low: u32,
        high: u32,
    }

    impl FileTime {
        fn duration(&self) -> Duration {
            Duration::from_nanos(((u64::from(self.high) << 32) | u64::from(self.low)) * 100)
        }
    }

    /// `PROCESS_MEMORY_COUNTERS`, of which only the peak working set is read.
    #[repr(C)]
    #[derive(Default)]
    struct MemoryCounters {
        cb: u32,
        _page_fault_count: u32,
        peak_working_set_size: usize,
        _other_sizes: [usize; 7],
    }

    #[link(name = "kernel32")]
    extern "system" {
        fn GetProcessTimes(
            process: RawHandle,
            creation: *mut FileTime,
            exit: *mut FileTime,
            kernel: *mut FileTime,
            user: *mut FileTime,
        ) -> i32;
        fn K32GetProcessMemoryInfo(
            process: RawHandle,
            counters: *mut MemoryCounters,
            size: u32,
        ) -> i32;
    }

    /// Starts `command`.
    pub(super) fn spawn(command: &mut Command) -> io::Result<Child> {
        command.spawn()
    }

    /// How `child` ended and what it cost, from its process handle; `None`
    /// when it was still running after `cap`, and so killed (it alone:
    /// Windows has no process groups to kill).
    pub(super) fn wait_within(
        mut child: Child,
        started: Instant,
        cap: Duration,
    ) -> io::Result<Option<(ExitStatus, Sample)>> {
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if started.elapsed() > cap {
                child.kill()?;
                child.wait()?;
                return Ok(None);
            }
            thread::sleep(POLL);
        };
        let wall = started.elapsed();
        let handle = child.as_raw_handle();
        let mut times: [FileTime; 4] = Default::default();
        let [creation, exit, kernel, user] = &mut times;
        let mut memory = MemoryCounters {
            cb: size_of::<MemoryCounters>() as u32,
            ..MemoryCounters::default()
        };
        // SAFETY: the handle is the child's, open until `child` is dropped; both
        // calls write into structs owned by this frame, of the sizes they are told.
        let measured = unsafe {
            GetProcessTimes(handle, creation, exit, kernel, user) != 0
                && K32GetProcessMemoryInfo(handle, &mut memory, memory.cb) != 0
        };
        if !measured {
            return Err(io::Error::last_os_error());
        }
        Ok(Some((
            status,
            Sample {
                cpu: kernel.duration() + user.duration(),
                wall,
                peak_rss_kib: (memory.peak_working_set_size / 1024) as u64,
            },
        )))
    }
}

// Its programs are the system's cat, dd and sh, and it reads /proc.
#[cfg(all(test, unix))]
mod tests {
    use std::thread;
    use std::time::Instant;

    use super::*;

    fn digest(bytes: &[u8]) -> OutputDigest {
        let dir = crate::scratch::tempdir().unwrap();
        let path = dir.path().join("output");
        std::fs::write(&path, bytes).unwrap();
        OutputDigest::of_file(&path).unwrap()
    }

    #[test]
    fn outputs_equal_as_tokens_have_one_digest() {
        assert_eq!(digest(b"1 2\n3\n"), digest(b"  1\t2 \r\n3"));
        assert_eq!(digest(b"1 2\n3\n").tokens, 3);
        assert_ne!(digest(b"12\n"), digest(b"1 2\n"));
        assert_ne!(digest(b"1 2\n"), digest(b"2 1\n"));
        assert_eq!(digest(b"").tokens, 0);
        assert_eq!(digest(b" \n\n"), digest(b""));
    }

    #[test]
    fn a_token_across_blocks_is_one_token() {
        use std::hash::Hasher;
        // Tokens of every length around the 64 KiB block, so that some end,
        // start and straddle at its boundary.
        let mut text = Vec::new();
        let mut length = 1;
        while text.len() < 3 << 16 {
            text.extend(std::iter::repeat_n(b'x', length));
            text.push(if length % 2 == 0 { b' ' } else { b'\n' });
            length = length * 3 % 65_537 + 1;
        }
        text.extend(b"tail");
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let mut tokens = 0;
        for token in text
            .split(u8::is_ascii_whitespace)
            .filter(|token| !token.is_empty())
        {
            hasher.write(token);
            hasher.write_u8(b' ');
            tokens += 1;
        }
        assert_eq!(
            digest(&text),
            OutputDigest {
                tokens,
                hash: hasher.finish()
            }
        );
    }

    /// `cat` with `input` on stdin (no script written and run: a file just
    /// written can still be open in a process another test thread forks).
    fn cat(input: &Path, cap: Duration) -> Outcome {
        let dir = crate::scratch::tempdir().unwrap();
        let stderr = dir.path().join("stderr");
        let streams = Streams {
            stdin: input,
            stdout: None,
            stderr: &stderr,
        };
        run(Path::new("/bin/cat"), &[], streams, cap).unwrap()
    }

    #[test]
    fn a_finished_run_reports_its_memory() {
        let dir = crate::scratch::tempdir().unwrap();
        let input = dir.path().join("in");
        std::fs::write(&input, "3\n").unwrap();
        let Outcome::Finished(sample) = cat(&input, Duration::from_secs(20)) else {
            panic!("cat did not finish")
        };
        assert!(sample.peak_rss_kib > 0, "{sample:?}");
        assert!(sample.wall < Duration::from_secs(20));
    }

    #[test]
    fn a_failure_says_how_it_ended_and_what_it_said() {
        // A folder on stdin: cat's read fails and it says so.
        let dir = crate::scratch::tempdir().unwrap();
        let Outcome::Failed(how) = cat(dir.path(), Duration::from_secs(20)) else {
            panic!("cat did not fail")
        };
        assert!(
            how.starts_with("exit status 1: ") && how.contains("Is a directory"),
            "{how}"
        );
    }

    #[test]
    fn a_run_past_the_cap_is_killed() {
        let outcome = cat(Path::new("/dev/zero"), Duration::from_millis(200));
        assert_eq!(outcome, Outcome::OverCap);
    }

    #[test]
    fn system_time_is_counted() {
        // dd copying from /dev/zero spends its time in the kernel, little in itself.
        let dir = crate::scratch::tempdir().unwrap();
        let stderr = dir.path().join("stderr");
        let streams = Streams {
            stdin: Path::new("/dev/null"),
            stdout: None,
            stderr: &stderr,
        };
        let args = ["if=/dev/zero", "of=/dev/null", "bs=1M", "count=200"];
        let outcome = run(
            Path::new("/bin/dd"),
            &args,
            streams,
            Duration::from_secs(60),
        )
        .unwrap();
        let Outcome::Finished(sample) = outcome else {
            panic!("dd did not finish: {outcome:?}")
        };
        assert!(sample.cpu > Duration::ZERO, "{sample:?}");
    }

    /// Whether a process of group `group` is still running (a zombie is not).
    fn group_alive(group: u32) -> bool {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return false;
        };
        entries.flatten().any(|entry| {
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                return false;
            };
            // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses.
            let Some((_, fields)) = stat.rsplit_once(')') else {
                return false;
            };
            let fields: Vec<&str> = fields.split_whitespace().collect();
            fields.len() > 2 && fields[2] == group.to_string() && fields[0] != "Z"
        })
    }

    #[test]
    fn a_run_past_the_cap_is_killed_with_its_process_group() {
        let dir = crate::scratch::tempdir().unwrap();
        let stderr = dir.path().join("stderr");
        let group_file = dir.path().join("group");
        let streams = Streams {
            stdin: Path::new("/dev/zero"),
            stdout: None,
            stderr: &stderr,
        };
        // The shell leads its own process group, and leaves a sleep in it.
        let script = format!("echo $$ > {}; sleep 60 & cat", group_file.display());
        let outcome = run(
            Path::new("/bin/sh"),
            &["-c", &script],
            streams,
            Duration::from_millis(500),
        );
        assert_eq!(outcome.unwrap(), Outcome::OverCap);
        // On a machine too busy to start the script within the cap there is no sleep to find.
        let written = std::fs::read_to_string(&group_file).unwrap_or_default();
        let Ok(group) = written.trim().parse::<u32>() else {
            return;
        };
        // SIGKILL takes effect when the sleep next runs: wait for that.
        let started = Instant::now();
        while group_alive(group) {
            if started.elapsed() > Duration::from_secs(10) {
                // SAFETY: kill sends a signal; no memory is involved.
                unsafe {
                    libc::kill(-(group as libc::pid_t), libc::SIGKILL);
                }
                panic!("the sleep of process group {group} outlived the cap");
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}
