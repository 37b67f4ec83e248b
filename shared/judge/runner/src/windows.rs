//! The Windows backend: a Job Object per run.
//!
//! - **Containment.** The program is started suspended, put in a job of its
//!   own and only then resumed, so everything it starts is in the job too (the
//!   job allows no breakaway). The job is terminated when the program ends, or
//!   at the kill, and it kills what is left in it when closed
//!   (`KILL_ON_JOB_CLOSE`): nothing outlives the run, nor the harness.
//! - **Timing.** A thread blocks in `WaitForSingleObject` on the process and
//!   notes the exit; CPU time is the job's, every process it held; peak memory
//!   is the largest commit of any one process in it (`PeakProcessMemoryUsed`).
//! - **Memory.** The job caps each process's commit at [`MEMORY_CAP_FACTOR`]
//!   times the memory limit (as `RLIMIT_DATA` does on Linux): an allocation
//!   past it fails at once; the verdict comes from the peak. (Wine 8 enforces
//!   no job memory limit and keeps no job accounting: peak and CPU are 0 there.)
//! - **Stack.** A Windows program's main-thread stack is reserved at link
//!   time (the PE header's stack reserve), so [`Limits::stack_mb`] cannot be
//!   set per run and is ignored; the workspace links its Windows programs with
//!   the judges' usual 256 MiB (`.cargo/config.toml`).
//! - **Crashes.** The exit code is the exception's NTSTATUS (`0xC0000005`, an
//!   access violation). The job sets `SEM_NOGPFAULTERRORBOX` for every process
//!   in it (`DIE_ON_UNHANDLED_EXCEPTION`), so no error report holds a crashed
//!   program up until the time limit.

use std::ffi::OsStr;
use std::io;
use std::io::Read;
use std::mem::size_of;
use std::os::windows::io::{AsHandle, AsRawHandle, FromRawHandle, OwnedHandle};
use std::os::windows::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::ptr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use windows_sys::Win32::Foundation::{INVALID_HANDLE_VALUE, WAIT_OBJECT_0};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, Thread32First, Thread32Next, TH32CS_SNAPTHREAD, THREADENTRY32,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JobObjectBasicAccountingInformation,
    JobObjectExtendedLimitInformation, QueryInformationJobObject, SetInformationJobObject,
    TerminateJobObject, JOBOBJECTINFOCLASS, JOBOBJECT_BASIC_ACCOUNTING_INFORMATION,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION,
    JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, JOB_OBJECT_LIMIT_PROCESS_MEMORY,
};
use windows_sys::Win32::System::Pipes::PeekNamedPipe;
use windows_sys::Win32::System::Threading::{
    GetExitCodeProcess, OpenThread, ResumeThread, WaitForSingleObject, CREATE_SUSPENDED, INFINITE,
    THREAD_SUSPEND_RESUME,
};

use super::threads::{self, End, Program as _, Side, Stream, Supervised};
use super::{mib, os_error, Execution, Interaction, Limits, Start, MEMORY_CAP_FACTOR};

/// The exit code of every process the harness kills: "KILL" in ASCII, which
/// is neither a usual exit code nor an NTSTATUS.
const KILLED_EXIT_CODE: u32 = 0x4B49_4C4C;

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
    // The copies are not inheritable, so neither program gets the other's.
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

/// A pipe's read end as the supervision takes it; its look is
/// `PeekNamedPipe` through a copy of the handle, which fails once every
/// writer has closed (the end is waiting).
fn stream(pipe: impl Read + AsHandle + Send + 'static) -> io::Result<Stream> {
    let look = pipe.as_handle().try_clone_to_owned()?;
    Ok(Stream {
        reader: Box::new(pipe),
        readable: Box::new(move || {
            let mut available = 0u32;
            // SAFETY: asks a handle the closure owns for the bytes waiting, into a local.
            let peeked = unsafe {
                PeekNamedPipe(
                    look.as_raw_handle(),
                    ptr::null_mut(),
                    0,
                    ptr::null_mut(),
                    &mut available,
                    ptr::null_mut(),
                )
            };
            peeked == 0 || available > 0
        }),
    })
}

/// A started program: its control and the streams the harness holds.
struct Child {
    control: Arc<Job>,
    started: Instant,
    stdin: Option<std::process::ChildStdin>,
    stdout: Option<std::process::ChildStdout>,
    stderr: std::process::ChildStderr,
}

/// Starts `program` in a job of its own, under `limits`, with stdin and
/// stdout as given and stderr piped, in `working_dir` when given; `side` let
/// go once its exit is noted (Windows has no SIGPIPE: a write to a pipe no
/// one reads fails).
fn spawn(
    program: &Path,
    args: &[&OsStr],
    limits: &Limits,
    stdin: Stdio,
    stdout: Stdio,
    side: Side<OwnedHandle>,
    working_dir: Option<&Path>,
) -> io::Result<Child> {
    let job = new_job(limits)?;
    let mut command = Command::new(program);
    if let Some(dir) = working_dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .creation_flags(CREATE_SUSPENDED)
        .spawn()
        .map_err(|error| {
            io::Error::new(
                error.kind(),
                format!("{}: {error}", crate::show::show_path(program)),
            )
        })?;
    // SAFETY: both handles are open: the job's is ours, the process's the child's.
    if unsafe { AssignProcessToJobObject(job.as_raw_handle(), child.as_raw_handle()) } == 0 {
        let error = os_error("AssignProcessToJobObject");
        // Suspended, it has run nothing: ending it is all there is to undo.
        let _ = child.kill();
        let _ = child.wait();
        return Err(error);
    }
    // From here on, an early return closes the job, which kills the program.
    resume_main_thread(child.id())?;
    let started = Instant::now();
    let (stdin, stdout, stderr) = (
        child.stdin.take(),
        child.stdout.take(),
        child.stderr.take().expect("piped"),
    );
    let control = Arc::new(Job {
        job,
        process: child.into(),
        side: Mutex::new(side),
    });
    Ok(Child {
        control,
        started,
        stdin,
        stdout,
        stderr,
    })
}

/// A job that kills what is in it when closed, lets nothing break away, and
/// caps each process's commit when there is a memory limit.
fn new_job(limits: &Limits) -> io::Result<OwnedHandle> {
    // SAFETY: no attributes (so the handle is not inherited) and no name.
    let job = unsafe { CreateJobObjectW(ptr::null(), ptr::null()) };
    if job.is_null() {
        return Err(os_error("CreateJobObjectW"));
    }
    // SAFETY: a handle just opened, owned by nothing else.
    let job = unsafe { OwnedHandle::from_raw_handle(job) };
    let mut info = JOBOBJECT_EXTENDED_LIMIT_INFORMATION::default();
    info.BasicLimitInformation.LimitFlags =
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
    if let Some(mb) = limits.memory_mb {
        info.BasicLimitInformation.LimitFlags |= JOB_OBJECT_LIMIT_PROCESS_MEMORY;
        info.ProcessMemoryLimit =
            usize::try_from(mib(mb.saturating_mul(MEMORY_CAP_FACTOR))).unwrap_or(usize::MAX);
    }
    // SAFETY: the class's own struct, with its size.
    let set = unsafe {
        SetInformationJobObject(
            job.as_raw_handle(),
            JobObjectExtendedLimitInformation,
            (&raw const info).cast(),
            size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
        )
    };
    if set == 0 {
        return Err(os_error("SetInformationJobObject"));
    }
    Ok(job)
}

/// Resumes the main thread of a process started suspended. std closes the
/// thread's handle that `CreateProcessW` returns, and `NtResumeProcess` is not
/// documented, so the thread is found in a Toolhelp snapshot: a process
/// started suspended has one thread, its main one, until it runs.
fn resume_main_thread(pid: u32) -> io::Result<()> {
    // SAFETY: takes no pointers; the handle is checked below.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot == INVALID_HANDLE_VALUE {
        return Err(os_error("CreateToolhelp32Snapshot"));
    }
    // SAFETY: a handle just opened, owned by nothing else.
    let snapshot = unsafe { OwnedHandle::from_raw_handle(snapshot) };
    let mut entry = THREADENTRY32 {
        dwSize: size_of::<THREADENTRY32>() as u32,
        ..THREADENTRY32::default()
    };
    // SAFETY: an open snapshot, and an entry whose size is set.
    let mut listed = unsafe { Thread32First(snapshot.as_raw_handle(), &mut entry) } != 0;
    while listed {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: takes no pointers; the handle is checked below.
            let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
            if thread.is_null() {
                return Err(os_error("OpenThread"));
            }
            // SAFETY: a handle just opened, owned by nothing else.
            let thread = unsafe { OwnedHandle::from_raw_handle(thread) };
            // SAFETY: an open thread handle with THREAD_SUSPEND_RESUME.
            if unsafe { ResumeThread(thread.as_raw_handle()) } == u32::MAX {
                return Err(os_error("ResumeThread"));
            }
            return Ok(());
        }
        // SAFETY: as for Thread32First.
        listed = unsafe { Thread32Next(snapshot.as_raw_handle(), &mut entry) } != 0;
    }
    Err(io::Error::other(format!(
        "the main thread of the started process {pid} is in no thread snapshot"
    )))
}

/// A program in a job of its own.
struct Job {
    /// Closed last (with the struct): until then the job can be terminated
    /// and queried, whatever has happened to its processes.
    job: OwnedHandle,
    process: OwnedHandle,
    /// Its side of an exchange with an interactor, let go once its exit is noted.
    side: Mutex<Side<OwnedHandle>>,
}

impl threads::Program for Job {
    fn wait(&self) -> io::Result<End> {
        // SAFETY: the process handle is open while `self` lives.
        if unsafe { WaitForSingleObject(self.process.as_raw_handle(), INFINITE) } != WAIT_OBJECT_0 {
            return Err(os_error("WaitForSingleObject"));
        }
        let at = Instant::now();
        self.side
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .let_go();
        // Whatever it started must not outlive it, nor keep its pipes open.
        self.kill();
        let mut exit_code = 0;
        // SAFETY: an open process handle, and a local to write to.
        if unsafe { GetExitCodeProcess(self.process.as_raw_handle(), &mut exit_code) } == 0 {
            return Err(os_error("GetExitCodeProcess"));
        }
        let accounting: JOBOBJECT_BASIC_ACCOUNTING_INFORMATION =
            self.query(JobObjectBasicAccountingInformation)?;
        let extended: JOBOBJECT_EXTENDED_LIMIT_INFORMATION =
            self.query(JobObjectExtendedLimitInformation)?;
        // Both in units of 100 ns.
        let cpu = accounting
            .TotalUserTime
            .saturating_add(accounting.TotalKernelTime)
            .max(0) as u64;
        Ok(End {
            status: ExitStatus::from_raw(exit_code),
            cpu: Duration::from_nanos(cpu.saturating_mul(100)),
            peak_memory_kb: extended.PeakProcessMemoryUsed as u64 / 1024,
            at,
        })
    }

    fn kill(&self) {
        // SAFETY: the job handle is open while `self` lives; terminating an
        // empty job does nothing.
        unsafe {
            TerminateJobObject(self.job.as_raw_handle(), KILLED_EXIT_CODE);
        }
    }

    fn was_killed(&self, status: ExitStatus) -> bool {
        status.code() == Some(KILLED_EXIT_CODE as i32)
    }
}

impl Job {
    /// The job's information of `class`, whose struct is `T`.
    fn query<T: Default + Copy>(&self, class: JOBOBJECTINFOCLASS) -> io::Result<T> {
        let mut info = T::default();
        // SAFETY: an open job handle, and a buffer of `T`'s size, which the
        // call fills (or fails) only if it is the class's struct, of integers.
        let queried = unsafe {
            QueryInformationJobObject(
                self.job.as_raw_handle(),
                class,
                (&raw mut info).cast(),
                size_of::<T>() as u32,
                ptr::null_mut(),
            )
        };
        if queried == 0 {
            return Err(os_error("QueryInformationJobObject"));
        }
        Ok(info)
    }
}
