//! Building what a command runs, so that `cargo drill check` (or a script) is the
//! whole step: `cargo build --release` of just the binaries the command needs,
//! never the bundler or the growth tool unless it runs them.
//!
//! The binaries go where the running judge is, when that is a `release` folder
//! (as under `cargo drill` and the scripts, whatever target folder cargo uses),
//! else to `${CARGO_TARGET_DIR:-ROOT/target}/release`.

use std::env;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use judge_cases::problem::Problem;
use judge_text::show::show_path;

/// The folder of release binaries for the workspace at `root`.
pub fn release_dir(root: &Path) -> PathBuf {
    let judge_dir = env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    match judge_dir {
        Some(dir) if dir.file_name().is_some_and(|name| name == "release") => dir,
        _ => env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target"))
            .join("release"),
    }
}

/// One `cargo build --release`: the packages and binaries to build.
#[derive(Debug, Default)]
pub struct Build {
    packages: Vec<String>,
    binaries: Vec<String>,
    /// Examples (`examples/NAME.rs` of a package), by name.
    examples: Vec<String>,
    /// Every binary of each package (cargo's `--bins` covers them all).
    all_binaries: bool,
}

impl Build {
    /// The binary `binary` of the package `package`.
    pub fn binary(&mut self, package: &str, binary: &str) -> &mut Build {
        self.package(package);
        self.binaries.push(binary.to_string());
        self
    }

    /// The example `example` of the package `package` (a library's
    /// `examples/EXAMPLE.rs`), built into the release folder's `examples/`.
    pub fn example(&mut self, package: &str, example: &str) -> &mut Build {
        self.package(package);
        self.examples.push(example.to_string());
        self
    }

    /// What `judge check` runs of `problem`: its submission, and its
    /// validator, checker and interactor when it has them.
    ///
    /// # Errors
    /// When its crate's manifest cannot be read.
    pub fn for_check(&mut self, problem: &Problem) -> io::Result<&mut Build> {
        self.binary(&problem.name, &problem.name);
        self.judges_of(problem)
    }

    /// What judges `problem`'s programs: its validator, checker and
    /// interactor, those it has.
    ///
    /// # Errors
    /// When its crate's manifest cannot be read.
    pub fn judges_of(&mut self, problem: &Problem) -> io::Result<&mut Build> {
        let declared = problem.binaries()?;
        for piece in ["validate", "check", "interact"] {
            let binary = format!("{}-{piece}", problem.name);
            if declared.contains(&binary) {
                self.binary(&problem.name, &binary);
            }
        }
        Ok(self)
    }

    /// Every binary of the package `package`.
    pub fn all_binaries(&mut self, package: &str) -> &mut Build {
        self.package(package);
        self.all_binaries = true;
        self
    }

    fn package(&mut self, package: &str) {
        if !self.packages.iter().any(|known| known == package) {
            self.packages.push(package.to_string());
        }
    }

    /// cargo's arguments that select what to build.
    fn selection(&self) -> Vec<OsString> {
        let mut args = Vec::new();
        for package in &self.packages {
            args.extend(["-p", package].map(OsString::from));
        }
        if self.all_binaries {
            args.push("--bins".into());
        } else {
            for binary in &self.binaries {
                args.extend(["--bin", binary].map(OsString::from));
            }
        }
        for example in &self.examples {
            args.extend(["--example", example].map(OsString::from));
        }
        args
    }

    /// Builds the selection into `bin_dir` (a target folder's `release`),
    /// cargo's messages going to the terminal; nothing selected, nothing run.
    ///
    /// # Errors
    /// When cargo cannot be started or the build fails (cargo has said why).
    pub fn run(&self, root: &Path, bin_dir: &Path) -> Result<(), String> {
        if self.packages.is_empty() {
            return Ok(());
        }
        let target_dir = bin_dir.parent().unwrap_or(Path::new("."));
        // `cargo run` tells the program which cargo ran it.
        let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        // From the root, so that its .cargo/config.toml applies as it does to
        // `cargo drill` itself.
        let status = Command::new(&cargo)
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(root.join("Cargo.toml"))
            .arg("--target-dir")
            .arg(target_dir)
            .args(self.selection())
            .current_dir(root)
            .status()
            .map_err(|error| format!("cannot run {}: {error}", show_path(&cargo)))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!(
                "the build failed ({status}); cargo's messages are above"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(build: &Build) -> Vec<String> {
        build
            .selection()
            .into_iter()
            .map(|arg| arg.into_string().unwrap())
            .collect()
    }

    #[test]
    fn binaries_are_selected_by_name_each_package_once() {
        let mut build = Build::default();
        build.binary("demo", "demo").binary("demo", "demo-validate");
        build.binary("other", "other");
        assert_eq!(
            words(&build),
            [
                "-p",
                "demo",
                "-p",
                "other",
                "--bin",
                "demo",
                "--bin",
                "demo-validate",
                "--bin",
                "other"
            ]
        );
    }

    #[test]
    fn every_binary_is_one_bins_flag() {
        // cargo refuses `--bins` given twice.
        let mut build = Build::default();
        build.all_binaries("growth").all_binaries("demo");
        assert_eq!(words(&build), ["-p", "growth", "-p", "demo", "--bins"]);
    }
}
