//! What `judge check` remembers between runs: for each problem whose last
//! check passed, a fingerprint of everything that result depends on. A
//! problem whose fingerprint is the one recorded is neither built nor judged
//! again: with hundreds of problems and nothing changed, a check costs the
//! reading of a few files each, not a build and the runs. Only passes are
//! recorded; a failure, or anything that cannot be read, is built and judged
//! every time.
//!
//! The fingerprint covers what its binaries are built from and what judges
//! them: the crate's manifest and `src/`, every file of its cases' folder,
//! each program that judges it (its binary, validator, checker, interactor),
//! each by name and stamp (size, modification and change times: see
//! `hash_stamp`), and what every problem shares ([`Shared`]: the
//! workspace's manifest, lock and cargo configuration, the harness's and
//! `libs/`' sources, the compiler, the build's environment, the judge itself
//! and its runner).
//!
//! The record is a folder of small files, one per problem, beside the binaries
//! it was made with (`target/release/judge-passed/` by default), so that a
//! fresh clone, or `cargo clean`, starts with none.

use std::collections::hash_map::DefaultHasher;
use std::fs::{self, File};
use std::hash::Hasher;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::cases::problem::Problem;

/// A 64-bit digest of what a problem's check depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint(u64);

impl Fingerprint {
    fn text(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The digest of what every problem's check depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shared(u64);

impl Shared {
    /// For the workspace at `root`, judged by this judge on `runner`: the
    /// workspace's `Cargo.toml`, `Cargo.lock`'s registry packages,
    /// `.cargo/config.toml` and
    /// toolchain file, every file of `shared/judge/` (which each problem
    /// depends on) and `libs/`, cargo's own configuration in `CARGO_HOME`,
    /// rustup's settings (its default toolchain and overrides), the
    /// compiler ([`hash_compiler`]), the environment variables that change a
    /// build, the judge's own binary and the runner's name.
    ///
    /// # Errors
    /// When the judge's binary cannot be read or the compiler does not answer.
    pub fn of(root: &Path, runner: &str) -> io::Result<Shared> {
        let mut hasher = DefaultHasher::new();
        hash_file(&mut hasher, &std::env::current_exe()?)?;
        hasher.write(runner.as_bytes());
        hash_registry_packages(&mut hasher, &root.join("Cargo.lock"))?;
        for file in [
            "Cargo.toml",
            ".cargo/config.toml",
            ".cargo/config",
            "rust-toolchain",
            "rust-toolchain.toml",
        ] {
            hash_if_present(&mut hasher, &root.join(file))?;
        }
        for folder in ["shared/judge", "libs"] {
            let folder = root.join(folder);
            if folder.is_dir() {
                hash_folder(&mut hasher, &folder, &folder)?;
            }
        }
        let home = |variable: &str, folder: &str| {
            std::env::var_os(variable)
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(folder)))
        };
        if let Some(cargo_home) = home("CARGO_HOME", ".cargo") {
            hash_if_present(&mut hasher, &cargo_home.join("config.toml"))?;
            hash_if_present(&mut hasher, &cargo_home.join("config"))?;
        }
        // rustup's default toolchain and its folders' overrides.
        if let Some(rustup_home) = home("RUSTUP_HOME", ".rustup") {
            hash_if_present(&mut hasher, &rustup_home.join("settings.toml"))?;
        }
        let mut variables: Vec<(String, String)> = std::env::vars()
            .filter(|(name, _)| changes_a_build(name))
            .collect();
        variables.sort();
        for (name, value) in variables {
            hasher.write(name.as_bytes());
            hasher.write_u8(0);
            hasher.write(value.as_bytes());
            hasher.write_u8(0);
        }
        hash_compiler(&mut hasher, root)?;
        Ok(Shared(hasher.finish()))
    }
}

/// The packages of `Cargo.lock` that come from a registry or git (those with
/// a `source`): the workspace's own are covered by their sources, and each
/// problem made adds its entry to the lock, which must not make every other
/// problem look changed.
fn hash_registry_packages(hasher: &mut DefaultHasher, lock: &Path) -> io::Result<()> {
    let text = match fs::read_to_string(lock) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => {
            return Err(io::Error::new(
                error.kind(),
                format!("{}: {error}", lock.display()),
            ))
        }
    };
    for package in text.split("[[package]]") {
        if package.lines().any(|line| line.starts_with("source = ")) {
            hasher.write(package.as_bytes());
        }
    }
    Ok(())
}

/// Whether the environment variable `name` changes what cargo builds (rustup's
/// own, which differ from one nesting of its proxies to the next, do not).
fn changes_a_build(name: &str) -> bool {
    matches!(
        name,
        "RUSTFLAGS"
            | "RUSTC"
            | "RUSTC_WRAPPER"
            | "RUSTC_WORKSPACE_WRAPPER"
            | "RUSTC_BOOTSTRAP"
            | "CARGO_ENCODED_RUSTFLAGS"
            | "CARGO_INCREMENTAL"
    ) || name.starts_with("CARGO_BUILD_")
        || name.starts_with("CARGO_PROFILE_")
        || name.starts_with("CARGO_TARGET_") && name != "CARGO_TARGET_DIR"
}

/// The compiler that builds the problems. Under cargo (`cargo judge`, which
/// says where its toolchain is in `CARGO`), its `rustc` and compiler library,
/// by size and modification time, which an update of the toolchain changes:
/// asking `rustc -vV` through rustup's proxy costs 20 ms, more than the rest
/// of a check that judges nothing. Else what `rustc -vV` says.
fn hash_compiler(hasher: &mut DefaultHasher, root: &Path) -> io::Result<()> {
    let toolchain = std::env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| Some(cargo.parent()?.parent()?.to_path_buf()))
        .filter(|_| std::env::var_os("RUSTC").is_none());
    if let Some(toolchain) = toolchain {
        let rustc = toolchain
            .join("bin")
            .join(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        if rustc.is_file() {
            hasher.write(rustc.as_os_str().as_encoded_bytes());
            hash_stamp(hasher, &rustc)?;
            let mut drivers: Vec<PathBuf> = ["lib", "bin"]
                .iter()
                .filter_map(|folder| fs::read_dir(toolchain.join(folder)).ok())
                .flatten()
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| {
                    path.file_name()
                        .is_some_and(|name| name.to_string_lossy().contains("rustc_driver"))
                })
                .collect();
            drivers.sort();
            for driver in drivers {
                hash_stamp(hasher, &driver)?;
            }
            return Ok(());
        }
    }
    // The compiler that builds in `root` (rustup's proxy reads the
    // workspace's toolchain file from there).
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = Command::new(rustc)
        .arg("-vV")
        .current_dir(root)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()?;
    if !version.status.success() {
        return Err(io::Error::other("rustc -vV failed"));
    }
    hasher.write(&version.stdout);
    Ok(())
}

/// The digest of everything `problem`'s check depends on: its manifest, each
/// file of its crate's `src/` and of its cases' folder (names and
/// [stamps](hash_stamp)), each of `programs` (its binary and whatever judges
/// it), and `shared`.
///
/// # Errors
/// When any of them cannot be read (a binary not built yet, say): such a
/// problem is built and judged, not skipped.
pub fn fingerprint(
    problem: &Problem,
    programs: &[PathBuf],
    shared: Shared,
) -> io::Result<Fingerprint> {
    let mut hasher = DefaultHasher::new();
    hasher.write_u64(shared.0);
    hash_stamp(&mut hasher, &problem.manifest_dir.join("Cargo.toml"))?;
    // The sources, so that a problem whose sources are unchanged needs no
    // build, and one whose main.rs was saved is judged, even when its binary
    // comes out the same (a comment added at its end).
    let sources = problem.manifest_dir.join("src");
    match hash_folder_stamps(&mut hasher, &sources, &sources) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => hasher.write_u8(0),
        done => done?,
    }
    hasher.write_usize(programs.len());
    for program in programs {
        hash_stamp(&mut hasher, program)?;
    }
    hash_folder_stamps(&mut hasher, &problem.io_tests_dir, &problem.io_tests_dir)?;
    Ok(Fingerprint(hasher.finish()))
}

/// A file's stamp: its size and modification time, and on Unix its inode
/// and change time too, which every write and every file moved into its
/// place changes, even one whose modification time was set back (`cp -p`,
/// an archive unpacked). Saving a file changes them, as it changes what
/// cargo and make go by; reading every source, case and binary of hundreds
/// of problems would cost most of a check that judges nothing.
fn hash_stamp(hasher: &mut DefaultHasher, path: &Path) -> io::Result<()> {
    let metadata = fs::metadata(path)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))?;
    hash_metadata(hasher, &metadata)
}

fn hash_metadata(hasher: &mut DefaultHasher, metadata: &fs::Metadata) -> io::Result<()> {
    hasher.write_u64(metadata.len());
    let modified = metadata
        .modified()?
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    hasher.write_u128(modified.as_nanos());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        hasher.write_u64(metadata.ino());
        hasher.write_i64(metadata.ctime());
        hasher.write_i64(metadata.ctime_nsec());
    }
    Ok(())
}

/// Every file under `folder`, in the order of their paths from `base`: each
/// path and [stamp](hash_stamp). A missing folder has a digest of its own:
/// the check fails on it, so it is never recorded.
fn hash_folder_stamps(hasher: &mut DefaultHasher, base: &Path, folder: &Path) -> io::Result<()> {
    let mut entries: Vec<fs::DirEntry> = fs::read_dir(folder)?.collect::<io::Result<_>>()?;
    entries.sort_by_key(fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let relative = path.strip_prefix(base).unwrap_or(&path);
        hasher.write(relative.as_os_str().as_encoded_bytes());
        hasher.write_u8(0);
        // The entry's type comes with the folder's listing on most systems;
        // a link is followed.
        let metadata = match entry.file_type()? {
            kind if kind.is_symlink() => fs::metadata(&path)?,
            _ => entry.metadata()?,
        };
        if metadata.is_dir() {
            hash_folder_stamps(hasher, base, &path)?;
        } else {
            hash_metadata(hasher, &metadata)?;
        }
    }
    hasher.write_u8(0xff);
    Ok(())
}

/// [`hash_file`] when `path` exists, else a mark of its absence.
fn hash_if_present(hasher: &mut DefaultHasher, path: &Path) -> io::Result<()> {
    if path.is_file() {
        hasher.write_u8(1);
        hash_file(hasher, path)
    } else {
        hasher.write_u8(0);
        Ok(())
    }
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

/// The record: one file per problem that passed, holding its fingerprint and
/// how many cases it passed (counted for the line that says what was not run
/// again, without reading its cases' folder once more).
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

    /// How many cases `problem` passed when its fingerprint was
    /// `fingerprint`; `None` when it did not pass so.
    pub fn passed_with(&self, problem: &str, fingerprint: Fingerprint) -> Option<usize> {
        let text = fs::read_to_string(self.file(problem)).ok()?;
        let (recorded, cases) = text.split_once('\n')?;
        if recorded != fingerprint.text() {
            return None;
        }
        cases.strip_suffix('\n')?.parse().ok()
    }

    /// Records that `problem` passed its `cases` with `fingerprint`. Written
    /// whole, then renamed, so that a check stopped halfway leaves no half a
    /// record.
    ///
    /// # Errors
    /// When the record's folder cannot be written.
    pub fn pass(&self, problem: &str, fingerprint: Fingerprint, cases: usize) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let partial = self.dir.join(format!(".{problem}.{}", std::process::id()));
        fs::write(&partial, format!("{}\n{cases}\n", fingerprint.text()))?;
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

/// What a judge that cargo ran (`cargo judge check`) notes beside itself, in
/// `judge-passed/_cargo` (no problem's name has a `_`): the cargo that ran it,
/// the toolchain rustup chose for it, and [`Shared`] as it found it then,
/// which covers this judge's own binary and everything cargo builds it from.
/// A judge started without cargo (`scripts/check.sh`) that finds the same is
/// the one `cargo judge` would run: at hundreds of problems cargo's own look
/// at the workspace, before it runs a judge that is up to date, costs more
/// than a check that judges nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CargoNote {
    /// The cargo that ran the judge (`CARGO`).
    pub cargo: PathBuf,
    /// `RUSTUP_TOOLCHAIN` as rustup's proxy set it for that cargo, if any.
    pub toolchain: Option<String>,
    pub shared: Shared,
}

impl CargoNote {
    fn path(bin_dir: &Path) -> PathBuf {
        bin_dir.join("judge-passed").join("_cargo")
    }

    /// The note of the judge run from `bin_dir`, if there is one.
    pub fn read(bin_dir: &Path) -> Option<CargoNote> {
        let text = fs::read_to_string(CargoNote::path(bin_dir)).ok()?;
        let mut lines = text.lines();
        let shared = Shared(u64::from_str_radix(lines.next()?, 16).ok()?);
        let toolchain = lines.next()?;
        let cargo = PathBuf::from(lines.next()?);
        Some(CargoNote {
            cargo,
            toolchain: (!toolchain.is_empty()).then(|| toolchain.to_string()),
            shared,
        })
    }

    /// Writes the note of the judge run from `bin_dir` (whole, then renamed).
    /// A path that is not UTF-8 is not noted: such a judge always starts
    /// through cargo.
    ///
    /// # Errors
    /// When the folder cannot be written.
    pub fn write(&self, bin_dir: &Path) -> io::Result<()> {
        let (Some(cargo), toolchain) = (self.cargo.to_str(), self.toolchain.as_deref()) else {
            return Ok(());
        };
        if cargo.contains('\n') || toolchain.is_some_and(|name| name.contains('\n')) {
            return Ok(());
        }
        let path = CargoNote::path(bin_dir);
        fs::create_dir_all(path.parent().expect("a folder"))?;
        let partial = path.with_file_name(format!("._cargo.{}", std::process::id()));
        let text = format!(
            "{:016x}\n{}\n{cargo}\n",
            self.shared.0,
            toolchain.unwrap_or("")
        );
        fs::write(&partial, text)?;
        fs::rename(&partial, path)
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
        let of =
            |shared| fingerprint(&problem, std::slice::from_ref(&binary), Shared(shared)).unwrap();
        let first = of(1);
        assert_eq!(of(1), first, "the same files, the same fingerprint");
        assert_ne!(of(2), first, "what the problems share");
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
        // A case rewritten at the same size, its modification time set back.
        #[cfg(unix)]
        {
            let case = cases.join("a.out");
            let modified = fs::metadata(&case).unwrap().modified().unwrap();
            let before = of(1);
            fs::write(&case, "4\n").unwrap();
            let file = fs::File::options().write(true).open(&case).unwrap();
            file.set_modified(modified).unwrap();
            assert_ne!(of(1), before, "a case rewritten, its time set back");
        }
        fs::remove_file(&binary).unwrap();
        assert!(
            fingerprint(&problem, &[binary], Shared(1)).is_err(),
            "a missing binary"
        );
    }

    // Under wine (where CI runs the Windows tests) the compiler is a Linux
    // program that cannot be asked; `Shared::of` then fails, and nothing is
    // skipped.
    #[cfg(not(windows))]
    #[test]
    fn what_the_problems_share_is_every_file_they_are_built_from() {
        let dir = tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), "[workspace]\n").unwrap();
        fs::create_dir_all(root.join("shared/judge/src")).unwrap();
        fs::write(root.join("shared/judge/src/lib.rs"), "").unwrap();
        let of = || Shared::of(root, "linux").unwrap();
        let first = of();
        assert_eq!(of(), first);
        assert_ne!(Shared::of(root, "unix").unwrap(), first, "another runner");
        // A problem made adds its own entry to the lock: nothing changes.
        let member = "[[package]]\nname = \"p\"\nversion = \"0.1.0\"\n";
        fs::write(root.join("Cargo.lock"), member).unwrap();
        assert_eq!(of(), first, "a member of the workspace added to the lock");
        let registry = "\n[[package]]\nname = \"itoa\"\nversion = \"1.0.0\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n";
        let changes: [(&str, &str); 5] = [
            ("Cargo.lock", &format!("{member}{registry}")),
            ("Cargo.toml", "[workspace]\nmembers = []\n"),
            (".cargo/config.toml", "[build]\n"),
            ("shared/judge/src/lib.rs", "pub fn f() {}\n"),
            ("libs/own/src/lib.rs", ""),
        ];
        let mut seen = vec![first];
        for (file, text) in changes {
            let path = root.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, text).unwrap();
            let now = of();
            assert!(!seen.contains(&now), "{file}: the digest did not change");
            seen.push(now);
        }
    }

    #[test]
    fn a_record_holds_passes_until_forgotten() {
        let dir = tempdir().unwrap();
        let record = Record::beside(dir.path());
        let (one, two) = (Fingerprint(1), Fingerprint(2));
        assert_eq!(record.passed_with("p", one), None, "an empty record");
        record.pass("p", one, 3).unwrap();
        assert_eq!(record.passed_with("p", one), Some(3));
        assert_eq!(record.passed_with("p", two), None);
        assert_eq!(record.passed_with("q", one), None);
        record.forget("p").unwrap();
        assert_eq!(record.passed_with("p", one), None);
        record.forget("p").unwrap();
        let left: Vec<_> = fs::read_dir(dir.path().join("judge-passed"))
            .unwrap()
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn a_cargo_note_reads_back_as_written() {
        let dir = tempdir().unwrap();
        assert_eq!(CargoNote::read(dir.path()), None, "no note yet");
        for toolchain in [None, Some("stable-x86_64-unknown-linux-gnu".to_string())] {
            let note = CargoNote {
                cargo: PathBuf::from("/toolchains/stable/bin/cargo"),
                toolchain,
                shared: Shared(0x0123_4567_89ab_cdef),
            };
            note.write(dir.path()).unwrap();
            assert_eq!(CargoNote::read(dir.path()), Some(note));
        }
        let names: Vec<_> = fs::read_dir(dir.path().join("judge-passed"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["_cargo"], "nothing else left");
        fs::write(dir.path().join("judge-passed/_cargo"), "not a note\n").unwrap();
        assert_eq!(CargoNote::read(dir.path()), None, "a damaged note");
    }
}
