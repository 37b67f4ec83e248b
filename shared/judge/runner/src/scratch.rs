//! Scratch folders for tests and examples: a new empty folder under the system's
//! temporary folder, removed with everything in it when the value is dropped.
//! (What the `tempfile` crate offers, without its dependencies in every test build.)
//!
//! ```
//! let dir = judge_runner::scratch::tempdir().unwrap();
//! std::fs::write(dir.path().join("a.in"), "1\n").unwrap();
//! let path = dir.path().to_path_buf();
//! drop(dir);
//! assert!(!path.exists());
//! ```

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process;
use std::sync::atomic::{AtomicU64, Ordering};

/// A folder that is removed, with its contents, on drop.
#[derive(Debug)]
pub struct ScratchDir {
    path: PathBuf,
}

impl ScratchDir {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        // Best effort, as at the end of a test: nothing to report it to.
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Makes a new, empty scratch folder.
///
/// # Errors
/// When the temporary folder cannot be written.
pub fn tempdir() -> io::Result<ScratchDir> {
    tempdir_in(&std::env::temp_dir())
}

/// Makes a new, empty scratch folder in `parent`.
fn tempdir_in(parent: &Path) -> io::Result<ScratchDir> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    loop {
        let name = format!(
            "judge-scratch-{}-{}",
            process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = parent.join(name);
        // `create_dir` fails if the name is taken (left by an earlier process with
        // the same id): then try the next name.
        match fs::create_dir(&path) {
            Ok(()) => return Ok(ScratchDir { path }),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
}

/// Writes an executable shell script `name` with `body` in `dir`, for the unit
/// tests' checkers, interactors and programs (on Unix: `/bin/sh`, execute bits).
///
/// # Panics
/// When the file cannot be written: it is for tests.
#[cfg(unix)]
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_left_by_an_earlier_process_are_passed_over() {
        let parent = tempdir().unwrap();
        // Far more names than this process makes in its tests, all taken.
        let taken: Vec<PathBuf> = (0..2000)
            .map(|n| {
                parent
                    .path()
                    .join(format!("judge-scratch-{}-{n}", process::id()))
            })
            .collect();
        for path in &taken {
            fs::create_dir(path).unwrap();
        }
        let dir = tempdir_in(parent.path()).unwrap();
        assert!(!taken.contains(&dir.path().to_path_buf()));
        assert!(dir.path().is_dir());
    }

    #[test]
    fn an_unwritable_parent_is_an_error() {
        let parent = tempdir().unwrap();
        let missing = parent.path().join("missing");
        let error = tempdir_in(&missing).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
