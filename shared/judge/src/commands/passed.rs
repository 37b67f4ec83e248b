//! What `judge check` remembers between runs: for each problem whose last
//! check passed, a fingerprint of everything that result depends on (its
//! manifest and sources, every file of its cases' folder, each program that
//! judged it, the judge itself, the runner). A problem whose fingerprint is the one recorded
//! is not judged again: with hundreds of problems and nothing changed, a check
//! costs the reading, not the runs. Only passes are recorded; a failure, or
//! anything that cannot be read, is judged every time.
//!
//! The record is a folder of small files, one per problem, beside the binaries
//! it was made with (`target/release/judge-passed/` by default), so that a
//! fresh clone, or `cargo clean`, starts with none.

use std::collections::hash_map::DefaultHasher;
use std::fs::{self, File};
use std::hash::Hasher;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::cases::problem::Problem;

/// A 64-bit digest of what a problem's check depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint(u64);

impl Fingerprint {
    fn text(self) -> String {
        format!("{:016x}\n", self.0)
    }
}

/// The digest of everything `problem`'s check depends on besides the judge:
/// its manifest, each file of its crate's `src/` and of its cases' folder
/// (names and contents), and
/// each of `programs` (its binary and whatever judges it), with `judge`, the
/// digest of the judge itself and its runner ([`judge_identity`]).
///
/// # Errors
/// When any of them cannot be read: such a problem is judged, not skipped.
pub fn fingerprint(problem: &Problem, programs: &[PathBuf], judge: u64) -> io::Result<Fingerprint> {
    let mut hasher = DefaultHasher::new();
    hasher.write_u64(judge);
    hash_file(&mut hasher, &problem.manifest_dir.join("Cargo.toml"))?;
    // The sources too, not only the binary built of them: a user who saved
    // main.rs and runs a check sees it judged, even when the binary came out
    // the same (a comment added at its end).
    let sources = problem.manifest_dir.join("src");
    if sources.is_dir() {
        hash_folder(&mut hasher, &sources, &sources)?;
    }
    hasher.write_usize(programs.len());
    for program in programs {
        hash_file(&mut hasher, program)?;
    }
    hash_folder(&mut hasher, &problem.io_tests_dir, &problem.io_tests_dir)?;
    Ok(Fingerprint(hasher.finish()))
}

/// The digest of the running judge's own binary and of the runner it uses, so
/// that a new judge (or `JUDGE_RUNNER=unix`) judges everything again.
///
/// # Errors
/// When the binary cannot be found or read.
pub fn judge_identity(runner: &str) -> io::Result<u64> {
    let mut hasher = DefaultHasher::new();
    hash_file(&mut hasher, &std::env::current_exe()?)?;
    hasher.write(runner.as_bytes());
    Ok(hasher.finish())
}

/// The contents of `path`, and their length (so that two files' bytes never
/// run together).
fn hash_file(hasher: &mut DefaultHasher, path: &Path) -> io::Result<()> {
    let in_file =
        |error: io::Error| io::Error::new(error.kind(), format!("{}: {error}", path.display()));
    let mut file = File::open(path).map_err(in_file)?;
    let mut buffer = vec![0; 1 << 16];
    let mut length = 0u64;
    loop {
        let read = file.read(&mut buffer).map_err(in_file)?;
        if read == 0 {
            break;
        }
        hasher.write(&buffer[..read]);
        length += read as u64;
    }
    hasher.write_u64(length);
    Ok(())
}

/// Every file under `folder`, in the order of their paths from `base`, each
/// path and contents. A missing folder has a digest of its own: the check
/// fails on it, so it is never recorded.
fn hash_folder(hasher: &mut DefaultHasher, base: &Path, folder: &Path) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = fs::read_dir(folder)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for path in entries {
        let relative = path.strip_prefix(base).unwrap_or(&path);
        hasher.write(relative.as_os_str().as_encoded_bytes());
        hasher.write_u8(0);
        if path.is_dir() {
            hash_folder(hasher, base, &path)?;
        } else {
            hash_file(hasher, &path)?;
        }
    }
    hasher.write_u8(0xff);
    Ok(())
}

/// The record: one file per problem that passed, holding its fingerprint.
#[derive(Clone, Debug)]
pub struct Record {
    dir: PathBuf,
}

impl Record {
    /// The record kept beside the binaries in `bin_dir`.
    pub fn beside(bin_dir: &Path) -> Record {
        Record {
            dir: bin_dir.join("judge-passed"),
        }
    }

    fn file(&self, problem: &str) -> PathBuf {
        self.dir.join(problem)
    }

    /// Whether `problem` passed when its fingerprint was `fingerprint`.
    pub fn passed_with(&self, problem: &str, fingerprint: Fingerprint) -> bool {
        fs::read_to_string(self.file(problem)).is_ok_and(|text| text == fingerprint.text())
    }

    /// Records that `problem` passed with `fingerprint`. Written whole, then
    /// renamed, so that a check stopped halfway leaves no half a record.
    ///
    /// # Errors
    /// When the record's folder cannot be written.
    pub fn pass(&self, problem: &str, fingerprint: Fingerprint) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let partial = self.dir.join(format!(".{problem}.{}", std::process::id()));
        fs::write(&partial, fingerprint.text())?;
        fs::rename(&partial, self.file(problem))
    }

    /// Forgets that `problem` passed: it is judged next time.
    ///
    /// # Errors
    /// When the record exists and cannot be removed.
    pub fn forget(&self, problem: &str) -> io::Result<()> {
        match fs::remove_file(self.file(problem)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::tempdir;

    const MANIFEST: &str =
        "[package]\nname = \"p\"\n\n[package.metadata.judge]\ntime-limit-ms = 1000\n";

    /// A problem `p` in `root` with one case, and its "binary".
    fn problem(root: &Path) -> (Problem, PathBuf) {
        let crate_dir = root.join("crates/p");
        fs::create_dir_all(&crate_dir).unwrap();
        fs::write(crate_dir.join("Cargo.toml"), MANIFEST).unwrap();
        let cases = root.join("io-tests/p");
        fs::create_dir_all(&cases).unwrap();
        fs::write(cases.join("a.in"), "1\n").unwrap();
        fs::write(cases.join("a.out"), "2\n").unwrap();
        let binary = root.join("p-binary");
        fs::write(&binary, "binary").unwrap();
        (Problem::load(root, "p").unwrap(), binary)
    }

    #[test]
    fn any_change_changes_the_fingerprint() {
        let dir = tempdir().unwrap();
        let root = dir.path();
        let (problem, binary) = problem(root);
        let of = |judge| fingerprint(&problem, std::slice::from_ref(&binary), judge).unwrap();
        let first = of(1);
        assert_eq!(of(1), first, "the same files, the same fingerprint");
        assert_ne!(of(2), first, "another judge");
        let cases = root.join("io-tests/p");
        let changes: [(&str, &dyn Fn()); 7] = [
            ("an .out", &|| {
                fs::write(cases.join("a.out"), "3\n").unwrap()
            }),
            ("an .in", &|| fs::write(cases.join("a.in"), "2\n").unwrap()),
            ("a new case", &|| fs::write(cases.join("b.in"), "").unwrap()),
            ("a renamed case", &|| {
                fs::rename(cases.join("b.in"), cases.join("c.in")).unwrap()
            }),
            ("the manifest", &|| {
                fs::write(root.join("crates/p/Cargo.toml"), format!("{MANIFEST}\n")).unwrap()
            }),
            ("the binary", &|| fs::write(&binary, "binary2").unwrap()),
            ("a source", &|| {
                fs::create_dir_all(root.join("crates/p/src")).unwrap();
                fs::write(root.join("crates/p/src/main.rs"), "fn main() {}\n").unwrap()
            }),
        ];
        let mut seen = vec![first];
        for (what, change) in changes {
            change();
            let now = of(1);
            assert!(
                !seen.contains(&now),
                "{what}: the fingerprint did not change"
            );
            seen.push(now);
        }
        fs::remove_file(&binary).unwrap();
        assert!(
            fingerprint(&problem, &[binary], 1).is_err(),
            "a missing binary"
        );
    }

    #[test]
    fn a_record_holds_passes_until_forgotten() {
        let dir = tempdir().unwrap();
        let record = Record::beside(dir.path());
        let (one, two) = (Fingerprint(1), Fingerprint(2));
        assert!(!record.passed_with("p", one), "an empty record");
        record.pass("p", one).unwrap();
        assert!(record.passed_with("p", one));
        assert!(!record.passed_with("p", two));
        assert!(!record.passed_with("q", one));
        record.forget("p").unwrap();
        assert!(!record.passed_with("p", one));
        record.forget("p").unwrap();
        let left: Vec<_> = fs::read_dir(dir.path().join("judge-passed"))
            .unwrap()
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
