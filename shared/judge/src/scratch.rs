//! Scratch folders for tests and examples: a new empty folder under the system's
//! temporary folder, removed with everything in it when the value is dropped.
//! (What the `tempfile` crate offers, without its dependencies in every test build.)
//!
//! ```
//! let dir = judge::scratch::tempdir().unwrap();
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
    static NEXT: AtomicU64 = AtomicU64::new(0);
    loop {
        let name = format!(
            "judge-scratch-{}-{}",
            process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        // `create_dir` fails if the name is taken (left by an earlier process with
        // the same id): then try the next name.
        match fs::create_dir(&path) {
            Ok(()) => return Ok(ScratchDir { path }),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
}
