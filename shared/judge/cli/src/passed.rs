//! What `judge check` remembers between runs: for each problem whose last
//! check passed, a fingerprint of everything that result depends on, and the
//! paths it covers. A problem whose paths have the stamps recorded is neither
//! read, built nor judged again: with hundreds of problems and nothing
//! changed, a check costs a few `stat`s each, not a build and the runs. Only
//! passes are recorded; a failure, or anything that cannot be read, is built
//! and judged every time.
//!
//! The fingerprint covers what its binaries are built from and what judges
//! them: the crate's manifest and `src/`, its cases' folder, each folder and
//! file under them, each program that judges it (its binary, validator,
//! checker, interactor), each by name and stamp (size, modification and
//! change times: see `Stamp`), and what every problem shares
//! ([`Shared`]: the workspace's manifest, lock and cargo configuration, the
//! harness's and `libs/`' sources, the compiler, the build's environment,
//! the judge itself and its runner). A folder's stamp changes when a file is
//! added to it, removed or renamed, so a check looks at the recorded paths
//! alone and lists no folder, each from the open folder of the workspace or
//! of the binaries it is in.
//!
//! The record is one file beside the binaries it was made with
//! (`target/release/judge-passed/_passed` by default), so that a fresh
//! clone, or `cargo clean`, starts with none.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::fs::{self, File};
use std::hash::Hasher;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use judge_cases::problem::Problem;

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
    /// `.cargo/config.toml` and toolchain file (by their contents), every
    /// file of `shared/judge/` (which each problem depends on) and `libs/`
    /// (by path and stamp: `hash_stamp`), cargo's own configuration in
    /// `CARGO_HOME`, rustup's settings (its default toolchain and
    /// overrides), the compiler (`hash_compiler`), the environment
    /// variables that change a build, the judge's own binary (by stamp:
    /// cargo writes a new file when it builds one) and the runner's name.
    /// `cargo` is the cargo that builds the problems, when known (`CARGO`,
    /// when cargo ran this judge): its toolchain's compiler is looked at.
    ///
    /// The harness's sources and the judge's binary go by stamp, as the
    /// problems' own files do: reading their 3 MB took as long as looking at
    /// 200 unchanged problems.
    ///
    /// # Errors
    /// When the judge's binary cannot be looked at or the compiler does not
    /// answer.
    pub fn of(root: &Path, runner: &str, cargo: Option<&Path>) -> io::Result<Shared> {
        Shared::of_folders(root, runner, cargo, &["shared/judge", "libs"])
    }

    /// [`Shared::of`] without `libs/`: for a verification of a library
    /// (`judge verify --libs`), whose paths name the library's files it
    /// depends on, so that a change to another file of `libs/` leaves it be.
    ///
    /// # Errors
    /// As [`Shared::of`].
    pub fn of_tools(root: &Path, runner: &str, cargo: Option<&Path>) -> io::Result<Shared> {
        Shared::of_folders(root, runner, cargo, &["shared/judge"])
    }

    /// What [`Shared::of_tools`] covers, by contents alone, so that it is
    /// the same on another machine, or in another clone, with the same
    /// tools: the harness's sources by their bytes and not its binary (which
    /// they and `Cargo.lock` make), and the compilers by what they say of
    /// their version (`rustc -vV`, `g++ --version`). A verification whose
    /// stamps changed (a record restored on a new machine, a fresh checkout)
    /// and whose contents did not is not judged again: see
    /// [`Record::passed_with_contents`].
    ///
    /// # Errors
    /// When a file cannot be read or `rustc` does not answer.
    pub fn of_tools_by_contents(root: &Path, runner: &str) -> io::Result<Shared> {
        let mut hasher = DefaultHasher::new();
        hasher.write(b"contents");
        Shared::hash_common(&mut hasher, root, runner, &["shared/judge"], Look::Contents)?;
        hash_compiler(&mut hasher, root, None)?;
        // The C and C++ checkers and validators of a package are built by g++.
        match Command::new("g++")
            .arg("--version")
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
        {
            Ok(version) => hasher.write(&version.stdout),
            Err(_) => hasher.write_u8(0),
        }
        Ok(Shared(hasher.finish()))
    }

    fn of_folders(
        root: &Path,
        runner: &str,
        cargo: Option<&Path>,
        folders: &[&str],
    ) -> io::Result<Shared> {
        let mut hasher = DefaultHasher::new();
        hash_stamp(&mut hasher, &std::env::current_exe()?)?;
        Shared::hash_common(&mut hasher, root, runner, folders, Look::Stamps)?;
        hash_compiler(&mut hasher, root, cargo)?;
        Ok(Shared(hasher.finish()))
    }

    /// What both kinds of [`Shared`] cover but the judge and the compiler:
    /// `folders` looked at as `look` says, the rest by contents.
    fn hash_common(
        hasher: &mut DefaultHasher,
        root: &Path,
        runner: &str,
        folders: &[&str],
        look: Look,
    ) -> io::Result<()> {
        hasher.write(runner.as_bytes());
        hash_registry_packages(hasher, &root.join("Cargo.lock"))?;
        for file in [
            "Cargo.toml",
            ".cargo/config.toml",
            ".cargo/config",
            "rust-toolchain",
            "rust-toolchain.toml",
        ] {
            hash_if_present(hasher, &root.join(file))?;
        }
        for folder in folders {
            let folder = root.join(folder);
            if folder.is_dir() {
                hash_folder(hasher, &folder, &folder, look)?;
            }
        }
        let home = |variable: &str, folder: &str| {
            std::env::var_os(variable)
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(folder)))
        };
        if let Some(cargo_home) = home("CARGO_HOME", ".cargo") {
            hash_if_present(hasher, &cargo_home.join("config.toml"))?;
            hash_if_present(hasher, &cargo_home.join("config"))?;
        }
        // rustup's default toolchain and its folders' overrides.
        if let Some(rustup_home) = home("RUSTUP_HOME", ".rustup") {
            hash_if_present(hasher, &rustup_home.join("settings.toml"))?;
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
        Ok(())
    }
}

/// How a file is looked at: by its [`Stamp`], or by its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    Stamps,
    Contents,
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

/// The compiler that builds the problems. Under cargo (`cargo drill`, which
/// says where its toolchain is in `CARGO`: `cargo`), its `rustc` and compiler library,
/// by size and modification time, which an update of the toolchain changes:
/// asking `rustc -vV` through rustup's proxy costs 20 ms, more than the rest
/// of a check that judges nothing. Else what `rustc -vV` says.
fn hash_compiler(hasher: &mut DefaultHasher, root: &Path, cargo: Option<&Path>) -> io::Result<()> {
    let toolchain = cargo
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

/// Every path `problem`'s check depends on, in order: its manifest, its
/// crate's `src/` and its cases' folder, each with every folder and file
/// under it, and `programs` (its binary and whatever judges it). The
/// [fingerprint] of a problem is their stamps; a folder's stamp changes when
/// a file is added to it, removed or renamed, so the paths of a problem that
/// passed are all its next check needs to look at (no folder is listed
/// again): see [`Record::stamps_now`].
///
/// # Errors
/// When a folder cannot be listed.
pub fn stamped_paths(problem: &Problem, programs: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
    let mut paths = vec![problem.manifest_dir.join("Cargo.toml")];
    // The sources, so that a problem whose sources are unchanged needs no
    // build, and one whose main.rs was saved is judged, even when its binary
    // comes out the same (a comment added at its end).
    let sources = problem.manifest_dir.join("src");
    if sources.is_dir() {
        folder_and_under(&sources, &mut paths)?;
    } else {
        // Its crate's folder, whose stamp changes when `src/` is made.
        paths.push(problem.manifest_dir.clone());
    }
    folder_and_under(&problem.io_tests_dir, &mut paths)?;
    paths.extend_from_slice(programs);
    Ok(paths)
}

/// `folder`, then each folder and file under it, in the order of their paths.
fn folder_and_under(folder: &Path, paths: &mut Vec<PathBuf>) -> io::Result<()> {
    paths.push(folder.to_path_buf());
    let mut entries: Vec<(PathBuf, bool)> = fs::read_dir(folder)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", folder.display())))?
        .map(|entry| {
            let path = entry?.path();
            // A link is followed.
            let is_dir = path.is_dir();
            Ok((path, is_dir))
        })
        .collect::<io::Result<_>>()?;
    entries.sort();
    for (path, is_dir) in entries {
        if is_dir {
            folder_and_under(&path, paths)?;
        } else {
            paths.push(path);
        }
    }
    Ok(())
}

/// The digest of paths ([`stamped_paths`]), each by name and
/// stamp (`hash_stamp`): with [`Shared`], a problem's [fingerprint].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamps(u64);

impl Stamps {
    /// The stamps of `paths` now.
    ///
    /// # Errors
    /// When any of them cannot be read (a binary not built yet, say): such a
    /// problem is built and judged, not skipped.
    pub fn of<'a>(paths: impl IntoIterator<Item = &'a Path>) -> io::Result<Stamps> {
        Stamps::looked_at(paths, |path| Stamp::of(path).ok())
            .ok_or_else(|| io::Error::other("a path cannot be looked at"))
    }

    /// The stamps of `paths`, each as `look` finds it; `None` when one
    /// cannot be looked at.
    fn looked_at<'a>(
        paths: impl IntoIterator<Item = &'a Path>,
        mut look: impl FnMut(&Path) -> Option<Stamp>,
    ) -> Option<Stamps> {
        let mut hasher = DefaultHasher::new();
        let mut count = 0usize;
        for path in paths {
            hasher.write(path.as_os_str().as_encoded_bytes());
            hasher.write_u8(0);
            look(path)?.hash(&mut hasher);
            count += 1;
        }
        hasher.write_usize(count);
        Some(Stamps(hasher.finish()))
    }
}

/// The digest of paths ([`stamped_paths`]) by contents: each by its path
/// from the workspace and a file by its bytes, so that it is the same in
/// another clone, on another machine. A program built in the binaries'
/// folder goes by its path from there alone: it is made from sources among
/// the paths, and a build in another place links another file from them.
/// With [`Shared::of_tools_by_contents`], a fingerprint that a record
/// restored on a new machine still matches: see
/// [`Record::passed_with_contents`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contents(u64);

impl Contents {
    /// The contents of `paths` now, in the workspace at `root`, the
    /// programs built in `bin_dir`.
    ///
    /// # Errors
    /// When a file cannot be read.
    pub fn of(root: &Path, bin_dir: &Path, paths: &[PathBuf]) -> io::Result<Contents> {
        let mut hasher = DefaultHasher::new();
        for path in paths {
            if let Ok(built) = path.strip_prefix(bin_dir) {
                hasher.write(b"built\0");
                hasher.write(built.as_os_str().as_encoded_bytes());
                hasher.write_u8(0);
                continue;
            }
            let named = path.strip_prefix(root).unwrap_or(path);
            hasher.write(named.as_os_str().as_encoded_bytes());
            hasher.write_u8(0);
            // A folder by its path alone: the files under it follow it.
            if path.is_dir() {
                hasher.write_u8(1);
            } else {
                hash_file(&mut hasher, path)?;
            }
        }
        hasher.write_usize(paths.len());
        Ok(Contents(hasher.finish()))
    }
}

/// A fingerprint of [`Contents`] and what every problem shares (by
/// contents: [`Shared::of_tools_by_contents`]).
pub fn contents_fingerprint(shared: Shared, contents: Contents) -> Fingerprint {
    fingerprint(shared, Stamps(contents.0))
}

/// A problem's fingerprint: the [`Stamps`] of its paths and what every
/// problem shares. (Apart, so that the stamps can be looked at while what
/// the problems share is still being read.)
pub fn fingerprint(shared: Shared, stamps: Stamps) -> Fingerprint {
    let mut hasher = DefaultHasher::new();
    hasher.write_u64(shared.0);
    hasher.write_u64(stamps.0);
    Fingerprint(hasher.finish())
}

/// A file's stamp: its size and modification time, and on Unix its inode
/// and change time too, which every write and every file moved into its
/// place changes, even one whose modification time was set back (`cp -p`,
/// an archive unpacked). Saving a file changes them, as it changes what
/// cargo and make go by; reading every source, case and binary of hundreds
/// of problems would cost most of a check that judges nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    /// Nanoseconds since 1970 (0 for a time before).
    modified: u128,
    #[cfg(unix)]
    inode: u64,
    #[cfg(unix)]
    changed: (i64, i64),
}

impl Stamp {
    /// The stamp of `path` (a link is followed).
    fn of(path: &Path) -> io::Result<Stamp> {
        let metadata = fs::metadata(path).map_err(|error| {
            io::Error::new(error.kind(), format!("{}: {error}", path.display()))
        })?;
        let modified = metadata
            .modified()?
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Ok(Stamp {
            len: metadata.len(),
            modified: modified.as_nanos(),
            #[cfg(unix)]
            inode: metadata.ino(),
            #[cfg(unix)]
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        })
    }

    /// The stamp of `relative` in `folder`, the same as [`Stamp::of`] gives
    /// (a link is followed), or `None` when it cannot be looked at. A look
    /// from an open folder walks only the path's last components: with
    /// hundreds of problems and nothing changed, the looks are the check.
    #[cfg(unix)]
    fn in_folder(folder: &File, relative: &std::ffi::CStr) -> Option<Stamp> {
        use std::os::fd::AsRawFd;
        let mut stat = std::mem::MaybeUninit::<libc::stat>::uninit();
        // SAFETY: `relative` ends with a NUL, `stat` is written in whole on
        // success, and `folder` is open for the call.
        let stat = unsafe {
            if libc::fstatat(folder.as_raw_fd(), relative.as_ptr(), stat.as_mut_ptr(), 0) != 0 {
                return None;
            }
            stat.assume_init()
        };
        let modified = u64::try_from(stat.st_mtime).map_or(0, |seconds| {
            u128::from(seconds) * 1_000_000_000 + stat.st_mtime_nsec as u128
        });
        Some(Stamp {
            len: stat.st_size as u64,
            modified,
            inode: stat.st_ino as u64,
            changed: (stat.st_ctime as i64, stat.st_ctime_nsec as i64),
        })
    }

    fn hash(self, hasher: &mut DefaultHasher) {
        hasher.write_u64(self.len);
        hasher.write_u128(self.modified);
        #[cfg(unix)]
        {
            hasher.write_u64(self.inode);
            hasher.write_i64(self.changed.0);
            hasher.write_i64(self.changed.1);
        }
    }
}

/// The [`Stamp`] of `path`, hashed.
fn hash_stamp(hasher: &mut DefaultHasher, path: &Path) -> io::Result<()> {
    Stamp::of(path)?.hash(hasher);
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

/// Every folder and file under `folder`, in the order of their paths from
/// `base`, each by path and, a file, by [stamp](hash_stamp) or by its bytes
/// as `look` says (a link is followed). A missing folder has a digest of its own: the check fails on
/// it, so it is never recorded.
fn hash_folder(
    hasher: &mut DefaultHasher,
    base: &Path,
    folder: &Path,
    look: Look,
) -> io::Result<()> {
    let mut entries: Vec<(PathBuf, bool)> = fs::read_dir(folder)?
        .map(|entry| {
            let entry = entry?;
            let path = entry.path();
            // The folder's listing says what each entry is, but for a link.
            let file_type = entry.file_type()?;
            let is_dir = file_type.is_dir() || file_type.is_symlink() && path.is_dir();
            Ok((path, is_dir))
        })
        .collect::<io::Result<_>>()?;
    entries.sort();
    for (path, is_dir) in entries {
        let relative = path.strip_prefix(base).unwrap_or(&path);
        hasher.write(relative.as_os_str().as_encoded_bytes());
        hasher.write_u8(0);
        if is_dir {
            hash_folder(hasher, base, &path, look)?;
        } else if look == Look::Contents {
            hash_file(hasher, &path)?;
        } else {
            hash_stamp(hasher, &path)?;
        }
    }
    hasher.write_u8(0xff);
    Ok(())
}

/// The record: for each problem that passed, its fingerprint, how many
/// cases it passed (counted for the line that says what was not run again)
/// and the paths the fingerprint covers ([`stamped_paths`]). One file,
/// `judge-passed/_passed` (no problem's name has a `_`), read once a check:
/// with hundreds of problems unchanged, a file each cost more than the
/// stamps.
#[derive(Debug)]
pub struct Record {
    file: PathBuf,
    entries: HashMap<String, Entry>,
    /// The folders most recorded paths are in (the workspace's and the
    /// binaries'), open, each with its path: a path in one is looked at from
    /// it. (Windows has no such look.)
    #[cfg(unix)]
    folders: Vec<(PathBuf, File)>,
}

/// A problem's pass, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    fingerprint: Fingerprint,
    /// The fingerprint by contents, for a verification of a library
    /// ([`Contents`]).
    contents: Option<Fingerprint>,
    cases: usize,
    /// The paths, a line each: taken apart only when they are looked at, on
    /// the thread that looks (a path each to make would cost more than the
    /// look at hundreds of problems).
    paths: String,
}

/// The record file's first line; a file without it (another version's) is
/// no record.
const RECORD_HEADER: &str = "judge-passed 2";

impl Record {
    /// The record kept beside the binaries in `bin_dir`, as it is now (a
    /// missing or unreadable one is empty), for the workspace at `root`.
    pub fn beside(bin_dir: &Path, root: &Path) -> Record {
        let file = bin_dir.join("judge-passed").join("_passed");
        let entries = read_entries(&file);
        #[cfg(unix)]
        let folders = {
            let mut folders: Vec<(PathBuf, File)> = [bin_dir, root]
                .into_iter()
                .filter_map(|folder| Some((folder.to_path_buf(), File::open(folder).ok()?)))
                .collect();
            // The deepest first: the binaries' folder is in the workspace's.
            folders.sort_by_key(|(folder, _)| std::cmp::Reverse(folder.as_os_str().len()));
            folders
        };
        #[cfg(not(unix))]
        let _ = root;
        Record {
            file,
            entries,
            #[cfg(unix)]
            folders,
        }
    }

    /// The stamps of the paths `problem`'s recorded pass covered, as they are
    /// now; `None` when it has no pass recorded or one of them is gone.
    pub fn stamps_now(&self, problem: &str) -> Option<Stamps> {
        let paths = self.entries.get(problem)?.paths.lines().map(Path::new);
        #[cfg(unix)]
        {
            let mut relative = Vec::new();
            Stamps::looked_at(paths, |path| self.look_at(path, &mut relative))
        }
        #[cfg(not(unix))]
        Stamps::of(paths).ok()
    }

    /// The stamp of `path`: from the recorded folder it is in, if any
    /// (`relative` is room for its path from there), else by its whole path.
    #[cfg(unix)]
    fn look_at(&self, path: &Path, relative: &mut Vec<u8>) -> Option<Stamp> {
        let bytes = path.as_os_str().as_encoded_bytes();
        for (folder, open) in &self.folders {
            let Some(rest) = bytes
                .strip_prefix(folder.as_os_str().as_encoded_bytes())
                .and_then(|rest| rest.strip_prefix(b"/"))
            else {
                continue;
            };
            relative.clear();
            relative.extend_from_slice(rest);
            relative.push(0);
            let relative = std::ffi::CStr::from_bytes_with_nul(relative).ok()?;
            // (By its whole path too when that fails, so that a look from a
            // folder never says less than one without.)
            return Stamp::in_folder(open, relative).or_else(|| Stamp::of(path).ok());
        }
        Stamp::of(path).ok()
    }

    /// How many cases `problem` passed, when its recorded pass had
    /// `fingerprint`: nothing it depends on changed since (a file added to
    /// one of its folders changed that folder's stamp). `None` otherwise.
    pub fn passed_with(&self, problem: &str, fingerprint: Fingerprint) -> Option<usize> {
        let entry = self.entries.get(problem)?;
        (entry.fingerprint == fingerprint).then_some(entry.cases)
    }

    /// How many cases `problem` passed, when its recorded pass had the
    /// fingerprint by contents `contents` (nothing it depends on changed,
    /// though their stamps may have: a record restored on another machine).
    pub fn passed_with_contents(&self, problem: &str, contents: Fingerprint) -> Option<usize> {
        let entry = self.entries.get(problem)?;
        (entry.contents == Some(contents)).then_some(entry.cases)
    }

    /// [`Record::pass`], with the fingerprint by contents too.
    ///
    /// # Errors
    /// When the record cannot be written.
    pub fn pass_with_contents(
        &mut self,
        problem: &str,
        paths: Vec<PathBuf>,
        fingerprint: Fingerprint,
        contents: Fingerprint,
        cases: usize,
    ) -> io::Result<()> {
        self.record_pass(problem, paths, fingerprint, Some(contents), cases)
    }

    /// Records that `problem` passed its `cases` with `fingerprint`, over
    /// `paths`. A name with a blank, or a path that cannot be written on a
    /// line of the record (not UTF-8, or with a line break), leaves the
    /// problem unrecorded.
    ///
    /// # Errors
    /// When the record cannot be written.
    pub fn pass(
        &mut self,
        problem: &str,
        paths: Vec<PathBuf>,
        fingerprint: Fingerprint,
        cases: usize,
    ) -> io::Result<()> {
        self.record_pass(problem, paths, fingerprint, None, cases)
    }

    fn record_pass(
        &mut self,
        problem: &str,
        paths: Vec<PathBuf>,
        fingerprint: Fingerprint,
        contents: Option<Fingerprint>,
        cases: usize,
    ) -> io::Result<()> {
        let one_line = |text: &str| !text.contains(['\n', '\r']);
        let writable = !problem.contains(char::is_whitespace)
            && paths.iter().all(|path| path.to_str().is_some_and(one_line));
        if !writable {
            return self.forget(problem);
        }
        let mut lines = String::new();
        for path in &paths {
            lines += &format!("{}\n", path.display());
        }
        let entry = Entry {
            fingerprint,
            contents,
            cases,
            paths: lines,
        };
        self.change(problem, Some(entry))
    }

    /// Forgets that `problem` passed: it is judged next time.
    ///
    /// # Errors
    /// When the record cannot be written.
    pub fn forget(&mut self, problem: &str) -> io::Result<()> {
        // A problem that fails check after check rewrites nothing.
        if !self.entries.contains_key(problem) {
            return Ok(());
        }
        self.change(problem, None)
    }

    /// Sets `problem`'s entry, in memory and in the file. The file is read
    /// again first, so that another check's passes in the meantime are kept,
    /// and written whole, then renamed, so that a check stopped halfway
    /// leaves no half a record. (Two checks that write at the same moment
    /// may lose one pass: that problem is judged again next time.)
    fn change(&mut self, problem: &str, entry: Option<Entry>) -> io::Result<()> {
        let mut entries = read_entries(&self.file);
        match &entry {
            Some(entry) => entries.insert(problem.to_string(), entry.clone()),
            None => entries.remove(problem),
        };
        match entry {
            Some(entry) => self.entries.insert(problem.to_string(), entry),
            None => self.entries.remove(problem),
        };
        let folder = self.file.parent().expect("the record is in a folder");
        fs::create_dir_all(folder)?;
        let partial = folder.join(format!("._passed.{}", std::process::id()));
        fs::write(&partial, entries_text(&entries))?;
        fs::rename(&partial, &self.file)
    }
}

/// The entries of the record file `file`; none when it is missing, cannot
/// be read or is not a record of this version. An entry is a line `NAME
/// FINGERPRINT CASES [CONTENTS]`, then a line for each of its paths,
/// indented by a tab.
fn read_entries(file: &Path) -> HashMap<String, Entry> {
    let mut entries = HashMap::new();
    let Ok(text) = fs::read_to_string(file) else {
        return entries;
    };
    let mut lines = text.lines();
    if lines.next() != Some(RECORD_HEADER) {
        return entries;
    }
    let mut current: Option<(String, Entry)> = None;
    for line in lines {
        if let Some(path) = line.strip_prefix('\t') {
            match &mut current {
                Some((_, entry)) => {
                    entry.paths += path;
                    entry.paths.push('\n');
                }
                None => return HashMap::new(),
            }
            continue;
        }
        let mut fields = line.split(' ');
        let parsed = (|| {
            let name = fields.next()?.to_string();
            let fingerprint = Fingerprint(u64::from_str_radix(fields.next()?, 16).ok()?);
            let cases = fields.next()?.parse().ok()?;
            let contents = match fields.next() {
                Some(field) => Some(Fingerprint(u64::from_str_radix(field, 16).ok()?)),
                None => None,
            };
            fields
                .next()
                .is_none()
                .then_some((name, fingerprint, contents, cases))
        })();
        // A line of another form: the file is no record (written by hand?).
        let Some((name, fingerprint, contents, cases)) = parsed else {
            return HashMap::new();
        };
        entries.extend(current.take());
        let entry = Entry {
            fingerprint,
            contents,
            cases,
            paths: String::new(),
        };
        current = Some((name, entry));
    }
    entries.extend(current);
    entries
}

/// The record file's text for `entries`, in the order of their names.
fn entries_text(entries: &HashMap<String, Entry>) -> String {
    let mut names: Vec<&String> = entries.keys().collect();
    names.sort();
    let mut text = format!("{RECORD_HEADER}\n");
    for name in names {
        let entry = &entries[name];
        text += &format!("{name} {} {}", entry.fingerprint.text(), entry.cases);
        if let Some(contents) = entry.contents {
            text += &format!(" {}", contents.text());
        }
        text.push('\n');
        for path in entry.paths.lines() {
            text += &format!("\t{path}\n");
        }
    }
    text
}

/// What a judge that cargo ran (`cargo drill check`) notes beside itself, in
/// `judge-passed/_cargo-BINARY` (`_cargo-judge`, `_cargo-judge-check`; no
/// problem's name has a `_`): the cargo that ran it,
/// the toolchain rustup chose for it, and [`Shared`] as it found it then,
/// which covers this judge's own binary and everything cargo builds it from.
/// A judge started without cargo (`scripts/check.sh`) that finds the same is
/// the one `cargo drill` would run: at hundreds of problems cargo's own look
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
    fn path(bin_dir: &Path, binary: &str) -> PathBuf {
        bin_dir
            .join("judge-passed")
            .join(format!("_cargo-{binary}"))
    }

    /// The note of the judge `binary` run from `bin_dir`, if there is one.
    pub fn read(bin_dir: &Path, binary: &str) -> Option<CargoNote> {
        let text = fs::read_to_string(CargoNote::path(bin_dir, binary)).ok()?;
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

    /// Writes the note of the judge `binary` run from `bin_dir` (whole, then
    /// renamed).
    /// A path that is not UTF-8 is not noted: such a judge always starts
    /// through cargo.
    ///
    /// # Errors
    /// When the folder cannot be written.
    pub fn write(&self, bin_dir: &Path, binary: &str) -> io::Result<()> {
        let (Some(cargo), toolchain) = (self.cargo.to_str(), self.toolchain.as_deref()) else {
            return Ok(());
        };
        if cargo.contains('\n') || toolchain.is_some_and(|name| name.contains('\n')) {
            return Ok(());
        }
        let path = CargoNote::path(bin_dir, binary);
        fs::create_dir_all(path.parent().expect("a folder"))?;
        let partial = path.with_file_name(format!("._cargo-{binary}.{}", std::process::id()));
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
    use judge_runner::scratch::tempdir;

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

    /// The fingerprint of `paths` with `shared`.
    fn fingerprint_of(paths: &[PathBuf], shared: Shared) -> io::Result<Fingerprint> {
        Ok(fingerprint(
            shared,
            Stamps::of(paths.iter().map(PathBuf::as_path))?,
        ))
    }

    /// What a check finds of `problem` in `record` with `shared`: the cases it
    /// passed, when nothing changed since.
    fn unchanged(record: &Record, problem: &str, shared: Shared) -> Option<usize> {
        record.passed_with(problem, fingerprint(shared, record.stamps_now(problem)?))
    }

    /// The paths of `problem` judged by `binary`, and their fingerprint.
    fn stamps(problem: &Problem, binary: &Path, shared: u64) -> (Vec<PathBuf>, Fingerprint) {
        let paths = stamped_paths(problem, &[binary.to_path_buf()]).unwrap();
        let fingerprint = fingerprint_of(&paths, Shared(shared)).unwrap();
        (paths, fingerprint)
    }

    #[test]
    fn any_change_is_seen_by_the_paths_recorded_before_it() {
        let dir = tempdir().unwrap();
        let root = dir.path();
        let (problem, binary) = problem(root);
        let (paths, first) = stamps(&problem, &binary, 1);
        assert_eq!(stamps(&problem, &binary, 1).1, first, "the same files");
        let mut record = Record::beside(root, root);
        record.pass("p", paths, first, 1).unwrap();
        assert_eq!(unchanged(&record, "p", Shared(1)), Some(1));
        assert_eq!(
            unchanged(&record, "p", Shared(2)),
            None,
            "what the problems share"
        );
        let cases = root.join("io-tests/p");
        let changes: [(&str, &dyn Fn()); 10] = [
            ("an .out", &|| {
                fs::write(cases.join("a.out"), "3\n").unwrap()
            }),
            ("an .in", &|| fs::write(cases.join("a.in"), "2\n").unwrap()),
            ("a new case", &|| fs::write(cases.join("b.in"), "").unwrap()),
            ("a renamed case", &|| {
                fs::rename(cases.join("b.in"), cases.join("c.in")).unwrap()
            }),
            ("a removed case", &|| {
                fs::remove_file(cases.join("c.in")).unwrap()
            }),
            ("a group's folder", &|| {
                fs::create_dir(cases.join("group")).unwrap();
                fs::write(cases.join("group/d.in"), "").unwrap();
            }),
            ("a case in a group", &|| {
                fs::write(cases.join("group/d.in"), "1\n").unwrap()
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
            assert_eq!(unchanged(&record, "p", Shared(1)), None, "{what}: not seen");
            let (paths, now) = stamps(&problem, &binary, 1);
            assert!(
                !seen.contains(&now),
                "{what}: the fingerprint did not change"
            );
            seen.push(now);
            record.pass("p", paths, now, 1).unwrap();
            assert_eq!(
                unchanged(&Record::beside(root, root), "p", Shared(1)),
                Some(1),
                "{what}: the pass, read back"
            );
        }
        // A case rewritten at the same size, its modification time set back.
        #[cfg(unix)]
        {
            let case = cases.join("a.out");
            let modified = fs::metadata(&case).unwrap().modified().unwrap();
            fs::write(&case, "4\n").unwrap();
            let file = fs::File::options().write(true).open(&case).unwrap();
            file.set_modified(modified).unwrap();
            assert_eq!(
                unchanged(&record, "p", Shared(1)),
                None,
                "a case rewritten, its time set back"
            );
        }
        let (paths, _) = stamps(&problem, &binary, 1);
        fs::remove_file(&binary).unwrap();
        assert!(
            fingerprint_of(&paths, Shared(1)).is_err(),
            "a missing binary"
        );
        assert!(stamped_paths(&problem, &[binary]).unwrap().len() > 2);
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
        let of = || Shared::of(root, "linux", None).unwrap();
        let first = of();
        assert_eq!(of(), first);
        assert_ne!(
            Shared::of(root, "unix", None).unwrap(),
            first,
            "another runner"
        );
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
    fn a_stamp_looked_at_from_a_folder_is_the_same() {
        let dir = tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("io-tests/p")).unwrap();
        let case = root.join("io-tests/p/a.in");
        fs::write(&case, "1\n").unwrap();
        #[cfg(unix)]
        {
            let folder = File::open(root).unwrap();
            let relative = std::ffi::CString::new("io-tests/p/a.in").unwrap();
            let from_folder = Stamp::in_folder(&folder, &relative);
            assert_eq!(from_folder, Some(Stamp::of(&case).unwrap()));
            let missing = std::ffi::CString::new("io-tests/p/b.in").unwrap();
            assert_eq!(Stamp::in_folder(&folder, &missing), None);
        }
        // A path in neither folder of the record is looked at by its path.
        let outside = tempdir().unwrap();
        let elsewhere = outside.path().join("b.in");
        fs::write(&elsewhere, "2\n").unwrap();
        let paths = vec![case, elsewhere.clone()];
        let now = fingerprint_of(&paths, Shared(1)).unwrap();
        let mut record = Record::beside(&root.join("target"), root);
        record.pass("p", paths, now, 1).unwrap();
        assert_eq!(unchanged(&record, "p", Shared(1)), Some(1));
        fs::write(&elsewhere, "3\n").unwrap();
        assert_eq!(unchanged(&record, "p", Shared(1)), None, "a change outside");
    }

    #[test]
    fn a_record_holds_passes_until_forgotten() {
        let dir = tempdir().unwrap();
        let file = dir.path().join("case.in");
        fs::write(&file, "1\n").unwrap();
        let paths = vec![file.clone()];
        let shared = Shared(7);
        let now = fingerprint_of(&paths, shared).unwrap();
        let mut record = Record::beside(dir.path(), dir.path());
        assert_eq!(unchanged(&record, "p", shared), None, "an empty record");
        record.forget("p").unwrap();
        assert!(
            !dir.path().join("judge-passed").exists(),
            "nothing to forget"
        );
        record.pass("p", paths.clone(), now, 3).unwrap();
        assert_eq!(unchanged(&record, "p", shared), Some(3));
        assert_eq!(unchanged(&record, "q", shared), None);
        // Another check's record, written in the meantime, is kept.
        let mut other = Record::beside(dir.path(), dir.path());
        other.pass("q", paths.clone(), now, 1).unwrap();
        record.pass("p", paths.clone(), now, 4).unwrap();
        let read_back = Record::beside(dir.path(), dir.path());
        assert_eq!(unchanged(&read_back, "p", shared), Some(4));
        assert_eq!(unchanged(&read_back, "q", shared), Some(1));
        record.forget("p").unwrap();
        assert_eq!(unchanged(&record, "p", shared), None);
        assert_eq!(
            unchanged(&Record::beside(dir.path(), dir.path()), "p", shared),
            None
        );
        let text = fs::read_to_string(dir.path().join("judge-passed/_passed")).unwrap();
        assert_eq!(
            text,
            format!("judge-passed 2\nq {} 1\n\t{}\n", now.text(), file.display())
        );
        // Nothing half-written is left beside it.
        let left: Vec<_> = fs::read_dir(dir.path().join("judge-passed"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(left, ["_passed"]);
    }

    #[test]
    fn contents_are_the_same_in_another_clone_and_see_every_change() {
        // Two clones of one workspace, their binaries' folders apart.
        let write = |root: &Path, text: &str| {
            fs::create_dir_all(root.join("io-tests/p")).unwrap();
            fs::write(root.join("io-tests/p/a.in"), text).unwrap();
        };
        let paths = |root: &Path, bin_dir: &Path| {
            vec![
                root.join("io-tests/p"),
                root.join("io-tests/p/a.in"),
                bin_dir.join("p-check"),
            ]
        };
        let (one, two, bins) = (tempdir().unwrap(), tempdir().unwrap(), tempdir().unwrap());
        write(one.path(), "1 2\n");
        write(two.path(), "1 2\n");
        let of = |root: &Path, bin_dir: &Path| {
            Contents::of(root, bin_dir, &paths(root, bin_dir)).unwrap()
        };
        let first = of(one.path(), &one.path().join("target"));
        // Built programs go by name: neither needs to exist.
        assert_eq!(of(two.path(), bins.path()), first, "another clone");
        write(two.path(), "1 3\n");
        assert_ne!(of(two.path(), bins.path()), first, "a case changed");
        write(two.path(), "1 2\n");
        fs::write(two.path().join("io-tests/p/a.in.note"), "").unwrap();
        let more = paths(two.path(), bins.path())
            .into_iter()
            .chain([two.path().join("io-tests/p/a.in.note")])
            .collect::<Vec<_>>();
        assert_ne!(
            Contents::of(two.path(), bins.path(), &more).unwrap(),
            first,
            "a file added"
        );
        assert!(
            Contents::of(two.path(), bins.path(), &[two.path().join("gone.in")]).is_err(),
            "a file that cannot be read"
        );
    }

    #[test]
    fn a_record_restored_elsewhere_holds_by_contents() {
        let dir = tempdir().unwrap();
        let file = dir.path().join("case.in");
        fs::write(&file, "1\n").unwrap();
        let paths = vec![file.clone()];
        let stamps = fingerprint_of(&paths, Shared(7)).unwrap();
        let contents = contents_fingerprint(
            Shared(8),
            Contents::of(dir.path(), dir.path(), &paths).unwrap(),
        );
        let mut record = Record::beside(dir.path(), dir.path());
        record
            .pass_with_contents("v", paths.clone(), stamps, contents, 5)
            .unwrap();
        let read_back = Record::beside(dir.path(), dir.path());
        assert_eq!(read_back.passed_with_contents("v", contents), Some(5));
        assert_eq!(read_back.passed_with("v", stamps), Some(5));
        assert_eq!(read_back.passed_with_contents("v", stamps), None);
        // A pass recorded by stamps alone has no contents.
        record.pass("w", paths, stamps, 2).unwrap();
        assert_eq!(
            Record::beside(dir.path(), dir.path()).passed_with_contents("w", contents),
            None
        );
        let text = fs::read_to_string(dir.path().join("judge-passed/_passed")).unwrap();
        assert!(
            text.contains(&format!("v {} 5 {}\n", stamps.text(), contents.text())),
            "{text}"
        );
    }

    #[cfg(not(windows))]
    #[test]
    fn the_tools_by_contents_are_the_same_in_another_clone() {
        let clone = |text: &str| {
            let dir = tempdir().unwrap();
            fs::write(dir.path().join("Cargo.toml"), "[workspace]\n").unwrap();
            fs::create_dir_all(dir.path().join("shared/judge/src")).unwrap();
            fs::write(dir.path().join("shared/judge/src/lib.rs"), text).unwrap();
            dir
        };
        let (one, two) = (clone(""), clone(""));
        let of = |root: &Path| Shared::of_tools_by_contents(root, "linux").unwrap();
        assert_eq!(of(one.path()), of(two.path()));
        assert_ne!(
            Shared::of_tools(one.path(), "linux", None).unwrap(),
            Shared::of_tools(two.path(), "linux", None).unwrap(),
            "by stamps, two clones differ"
        );
        let changed = clone("pub fn f() {}\n");
        assert_ne!(of(changed.path()), of(one.path()), "the harness changed");
    }

    #[test]
    fn what_cannot_be_recorded_is_judged_every_time() {
        let dir = tempdir().unwrap();
        let file = dir.path().join("case.in");
        fs::write(&file, "1\n").unwrap();
        let shared = Shared(7);
        let now = fingerprint_of(std::slice::from_ref(&file), shared).unwrap();
        let mut record = Record::beside(dir.path(), dir.path());
        record.pass("a b", vec![file.clone()], now, 1).unwrap();
        assert_eq!(unchanged(&record, "a b", shared), None, "a blank");
        // (Windows has no file names with a line break.)
        #[cfg(unix)]
        {
            let broken = dir.path().join("two\nlines");
            fs::write(&broken, "").unwrap();
            let paths = vec![file.clone(), broken];
            let now = fingerprint_of(&paths, shared).unwrap();
            record.pass("p", paths, now, 1).unwrap();
            assert_eq!(unchanged(&record, "p", shared), None, "a line break");
        }
        // A file that is not a record of this version is none.
        assert!(!dir.path().join("judge-passed").exists());
        fs::create_dir(dir.path().join("judge-passed")).unwrap();
        let written = dir.path().join("judge-passed/_passed");
        for text in [
            "0123456789abcdef\n3\n".to_string(),
            format!("judge-passed 2\n\t{}\n", file.display()),
            format!("judge-passed 2\np {} x\n", now.text()),
        ] {
            fs::write(&written, text).unwrap();
            assert!(Record::beside(dir.path(), dir.path()).entries.is_empty());
        }
    }

    #[test]
    fn a_cargo_note_reads_back_as_written() {
        let dir = tempdir().unwrap();
        assert_eq!(CargoNote::read(dir.path(), "judge"), None, "no note yet");
        for toolchain in [None, Some("stable-x86_64-unknown-linux-gnu".to_string())] {
            let note = CargoNote {
                cargo: PathBuf::from("/toolchains/stable/bin/cargo"),
                toolchain,
                shared: Shared(0x0123_4567_89ab_cdef),
            };
            note.write(dir.path(), "judge").unwrap();
            assert_eq!(CargoNote::read(dir.path(), "judge"), Some(note));
        }
        // Each binary's note is its own.
        assert_eq!(CargoNote::read(dir.path(), "judge-check"), None);
        let names: Vec<_> = fs::read_dir(dir.path().join("judge-passed"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["_cargo-judge"], "nothing else left");
        fs::write(dir.path().join("judge-passed/_cargo-judge"), "not a note\n").unwrap();
        assert_eq!(CargoNote::read(dir.path(), "judge"), None, "a damaged note");
    }
}
