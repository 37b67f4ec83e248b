//! The names of Unix signals, for messages.

/// The name of a signal: `SIGXCPU`, and on Linux `SIGRTMIN+3`.
pub fn signal_name(signal: i32) -> String {
    #[cfg(target_os = "linux")]
    let linux_only = [(libc::SIGSTKFLT, "SIGSTKFLT"), (libc::SIGPWR, "SIGPWR")];
    #[cfg(not(target_os = "linux"))]
    let linux_only: [(i32, &str); 0] = [];
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
        (libc::SIGSYS, "SIGSYS"),
    ];
    if let Some((_, name)) = names
        .iter()
        .chain(&linux_only)
        .find(|(number, _)| *number == signal)
    {
        return name.to_string();
    }
    real_time_name(signal)
}

#[cfg(target_os = "linux")]
fn real_time_name(signal: i32) -> String {
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

#[cfg(not(target_os = "linux"))]
fn real_time_name(_signal: i32) -> String {
    "not a signal of this system".to_string()
}
