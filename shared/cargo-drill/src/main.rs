//! `cargo drill COMMAND [ARG...]`: see the library's documentation.

use std::process::{Command, ExitCode};

use cargo_drill::{judge_arguments, launch, target_dir, workspace_root};

fn main() -> ExitCode {
    let root = match std::env::current_dir()
        .map_err(|error| format!("the current folder: {error}"))
        .and_then(|folder| workspace_root(&folder))
    {
        Ok(root) => root,
        Err(error) => {
            eprintln!("cargo drill: {error}");
            return ExitCode::from(2);
        }
    };
    let target = target_dir(&root, std::env::var_os("CARGO_TARGET_DIR"));
    let args = judge_arguments(std::env::args_os().skip(1).collect());
    let launch = launch(&root, &target, std::env::var_os("CARGO"), args);
    let mut command = Command::new(&launch.program);
    command.args(&launch.args);
    let error = replace_with(command);
    eprintln!(
        "cargo drill: {}: {error}",
        std::path::Path::new(&launch.program).display()
    );
    ExitCode::from(2)
}

/// Runs `command` in this process's stead, so that its exit status and
/// Ctrl-C are the judge's own (a listener or a watch ends with it).
#[cfg(unix)]
fn replace_with(mut command: Command) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    command.exec()
}

/// Windows has no `exec`: the judge runs as this process's child, and its
/// exit code is this one's (Ctrl-C reaches both, as one console's).
#[cfg(not(unix))]
fn replace_with(mut command: Command) -> std::io::Error {
    match command.status() {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(error) => error,
    }
}
