//! A problem of the workspace: its crate, its stored cases and its judge's limits.
//!
//! The limits live in the crate's manifest:
//!
//! ```toml
//! [package.metadata.judge]
//! time-limit-ms = 500
//! memory-limit-mb = 512
//! url = "https://www.acmicpc.net/problem/14952"
//! ```

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A problem crate under `crates/<name>` with its cases in `io-tests/<name>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The crate's name, also its binary's name and its io-tests folder's name.
    pub name: String,
    pub manifest_dir: PathBuf,
    pub io_tests_dir: PathBuf,
    /// The judge's own time limit.
    pub time_limit: Duration,
    pub memory_limit_mb: Option<u64>,
    pub url: Option<String>,
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

impl Problem {
    /// Loads `crates/<name>` of the workspace at `root`.
    ///
    /// # Errors
    /// When the manifest is missing, is not valid TOML, or has no
    /// `[package.metadata.judge]` with a positive `time-limit-ms`.
    pub fn load(root: &Path, name: &str) -> io::Result<Problem> {
        Problem::from_manifest_dir(&root.join("crates").join(name))
    }

    /// Loads the problem whose crate is at `manifest_dir` (as in
    /// `env!("CARGO_MANIFEST_DIR")`); the workspace is two folders up.
    ///
    /// # Errors
    /// As [`Problem::load`].
    ///
    /// # Example
    /// ```
    /// let root = tempfile::tempdir().unwrap();
    /// let crate_dir = root.path().join("crates/demo");
    /// std::fs::create_dir_all(&crate_dir).unwrap();
    /// let manifest = "[package]\nname = \"demo\"\n[package.metadata.judge]\ntime-limit-ms = 500\n";
    /// std::fs::write(crate_dir.join("Cargo.toml"), manifest).unwrap();
    /// let problem = judge::problem::Problem::from_manifest_dir(&crate_dir).unwrap();
    /// assert_eq!(problem.time_limit.as_millis(), 500);
    /// assert!(problem.io_tests_dir.ends_with("io-tests/demo"));
    /// ```
    pub fn from_manifest_dir(manifest_dir: &Path) -> io::Result<Problem> {
        let manifest_path = manifest_dir.join("Cargo.toml");
        let text = fs::read_to_string(&manifest_path).map_err(|error| {
            io::Error::new(
                error.kind(),
                format!("{}: {error}", manifest_path.display()),
            )
        })?;
        let manifest: toml::Table = text
            .parse()
            .map_err(|error| invalid(format!("{}: {error}", manifest_path.display())))?;
        let package = manifest.get("package").and_then(|value| value.as_table());
        let name = package
            .and_then(|package| package.get("name"))
            .and_then(|name| name.as_str())
            .ok_or_else(|| invalid(format!("{}: no package name", manifest_path.display())))?;
        let metadata = package
            .and_then(|package| package.get("metadata"))
            .and_then(|metadata| metadata.get("judge"))
            .and_then(|judge| judge.as_table())
            .ok_or_else(|| {
                invalid(format!(
                    "{}: no [package.metadata.judge] table",
                    manifest_path.display()
                ))
            })?;
        let time_limit_ms = metadata
            .get("time-limit-ms")
            .and_then(|value| value.as_integer())
            .filter(|&ms| ms > 0)
            .ok_or_else(|| {
                invalid(format!(
                    "{}: [package.metadata.judge] needs a positive integer time-limit-ms",
                    manifest_path.display()
                ))
            })?;
        let root = manifest_dir
            .parent()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        Ok(Problem {
            name: name.to_string(),
            manifest_dir: manifest_dir.to_path_buf(),
            io_tests_dir: root.join("io-tests").join(name),
            time_limit: Duration::from_millis(time_limit_ms as u64),
            memory_limit_mb: metadata
                .get("memory-limit-mb")
                .and_then(|value| value.as_integer())
                .map(|mb| mb as u64),
            url: metadata
                .get("url")
                .and_then(|value| value.as_str())
                .map(str::to_string),
        })
    }
}

/// The names of the problem crates under `<root>/crates`, sorted.
///
/// # Errors
/// When `<root>/crates` cannot be read.
pub fn problem_names(root: &Path) -> io::Result<Vec<String>> {
    let crates = root.join("crates");
    let mut names = Vec::new();
    for entry in fs::read_dir(&crates)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", crates.display())))?
    {
        let entry = entry?;
        if entry.path().join("Cargo.toml").is_file() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}
