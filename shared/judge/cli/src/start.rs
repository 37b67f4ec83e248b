//! How the judge was started, and what that asks of it. Run by cargo
//! (`cargo run -p judge`, or `-p judge-cli --bin judge-check`, which built it
//! first if anything it is built from had changed), a release judge notes
//! itself ([`CargoNote`], each binary its own) for its next start without
//! cargo. Started without cargo (`--cargo-if-stale`: `cargo
//! judge` through shared/cargo-drill, and the scripts), it goes on only when
//! it is the judge cargo would run, and else hands its arguments over to
//! cargo: at a thousand problems cargo's reading of the workspace costs more
//! than a check that finds nothing changed.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::passed::{CargoNote, Shared};
use judge_cases::workspace::find_root;
use judge_runner::Backend;

use crate::dispatch::Binary;
use crate::replace_with;

/// The option that says the judge was started without cargo.
pub const CARGO_IF_STALE: &str = "cargo-if-stale";

/// The folder this judge runs from.
fn judge_dir() -> Option<PathBuf> {
    Some(std::env::current_exe().ok()?.parent()?.to_path_buf())
}

/// Started without cargo: whether this judge is the one cargo would run.
/// Its note says what it was when cargo last ran it (the cargo, the
/// toolchain rustup chose, and [`Shared`]: the judge's binary, its sources,
/// the workspace's manifest, lock and configuration, the compiler) and that
/// must be what it is now, found as cargo's child finds it. When it is, the
/// note's cargo becomes `CARGO`, as under cargo, for the builds the command
/// asks of it. A toolchain that `RUSTUP_TOOLCHAIN` chooses, other than the
/// note's, is cargo's to resolve.
pub fn is_what_cargo_would_run(binary: &Binary) -> bool {
    let found = || -> Option<PathBuf> {
        let note = CargoNote::read(&judge_dir()?, binary.name)?;
        let toolchain = std::env::var("RUSTUP_TOOLCHAIN").ok();
        if toolchain.is_some() && toolchain != note.toolchain {
            return None;
        }
        let root = find_root(Path::new(".")).ok()?;
        let backend = Backend::chosen().ok()?;
        let shared = Shared::of(&root, backend.name(), Some(&note.cargo)).ok()?;
        (shared == note.shared).then_some(note.cargo)
    };
    match found() {
        Some(cargo) => {
            // Nothing else runs yet: the judge has started no thread.
            std::env::set_var("CARGO", cargo);
            true
        }
        None => false,
    }
}

/// Runs the judge's command line (without `--cargo-if-stale`) through cargo,
/// which builds the judge first if it must: `cargo run --release --quiet -p
/// PACKAGE --bin BINARY -- ARGS`, in the workspace of the current folder.
pub fn hand_over_to_cargo(binary: &Binary) -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let flag = format!("--{CARGO_IF_STALE}");
    if let Some(at) = args.iter().position(|arg| *arg == *flag) {
        args.remove(at);
    }
    let mut command = Command::new("cargo");
    command.args(["run", "--release", "--quiet"]);
    if let Ok(root) = find_root(Path::new(".")) {
        command.arg("--manifest-path").arg(root.join("Cargo.toml"));
    }
    command
        .args(["-p", binary.package, "--bin", binary.name, "--"])
        .args(args);
    replace_with(command).unwrap_or_else(|error| {
        eprintln!("judge: cargo: {error}");
        ExitCode::from(2)
    })
}

/// Run by cargo (`CARGO` set), a judge in a release folder notes itself for
/// its next start without cargo. A judge whose note is not written still
/// runs; it is started through cargo next time.
pub fn note_if_run_by_cargo(binary: &Binary) {
    let (Some(cargo), Some(judge_dir)) = (std::env::var_os("CARGO"), judge_dir()) else {
        return;
    };
    if judge_dir.file_name().is_none_or(|name| name != "release") {
        return;
    }
    let shared = find_root(Path::new(".")).ok().and_then(|root| {
        let backend = Backend::chosen().ok()?;
        Shared::of(&root, backend.name(), Some(Path::new(&cargo))).ok()
    });
    let Some(shared) = shared else {
        return;
    };
    let note = CargoNote {
        cargo: PathBuf::from(cargo),
        toolchain: std::env::var("RUSTUP_TOOLCHAIN").ok(),
        shared,
    };
    if let Err(error) = note.write(&judge_dir, binary.name) {
        eprintln!("note: the judge's note for its starts without cargo not written: {error}");
    }
}
