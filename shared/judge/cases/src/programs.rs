//! A problem's programs written in C, C++ or Python: a contest package's own
//! validators, kept in the problem's crate as the package has them. Each is a
//! file, or a folder of files (its headers beside it), as problemtools takes
//! them; its language is that of most of its files (C++: `.cc`, `.cpp`,
//! `.cxx`, `.c++`, `.C`; C: `.c`; Python 3: `.py`; Rust: `.rs` and Java:
//! `.java`, for a package's example submissions). C, C++ and Rust are built
//! by the system's `gcc`, `g++` and `rustc` into the release folder, Java by
//! `javac` into a folder beside it, again whenever a source is as new as the
//! binary or newer; Python runs under `python3` (on Windows its launcher
//! `py -3` first), its main file the only one, else the one named `main.*`,
//! else the first by name; Java under `java`, its class the one that
//! declares `public static void main(String[])` (as DOMjudge finds it, by
//! the compiled classes: the main file's class first, then by name).

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::show::show_path;

/// What a program is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Python,
    Rust,
    Java,
}

impl Language {
    fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        match extension {
            "cc" | "cpp" | "cxx" | "c++" | "C" => Some(Language::Cpp),
            "c" => Some(Language::C),
            "py" | "py3" => Some(Language::Python),
            "rs" => Some(Language::Rust),
            "java" => Some(Language::Java),
            _ => None,
        }
    }
}

/// A program's sources, found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sources {
    /// The file or folder it is.
    pub path: PathBuf,
    pub language: Language,
    /// Its files in that language, sorted.
    pub files: Vec<PathBuf>,
    /// Folders of headers besides its own (`-I`), as a Library Checker
    /// problem's programs find the repository's `common/` ([`Sources::including`]).
    pub include: Vec<PathBuf>,
    /// The entry point its package names ([`Sources::entering`]): the main
    /// file of a folder (Python, Rust), or the class that runs (Java).
    pub entry: Option<String>,
}

/// How to start a program: the file to run and the arguments before the
/// caller's (a Python program's main file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    pub program: PathBuf,
    pub args: Vec<OsString>,
}

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

impl Sources {
    /// The program at `path`: a file, or a folder of files.
    ///
    /// # Errors
    /// A path that cannot be read, or holds no C, C++, Python, Rust or Java source.
    pub fn find(path: &Path) -> io::Result<Sources> {
        let in_path = |error: io::Error| {
            io::Error::new(error.kind(), format!("{}: {error}", show_path(path)))
        };
        let mut all = Vec::new();
        if path.is_dir() {
            for entry in fs::read_dir(path).map_err(in_path)? {
                let file = entry.map_err(in_path)?.path();
                if file.is_file() {
                    all.push(file);
                }
            }
            if all
                .iter()
                .any(|file| file.file_name().is_some_and(|name| name == "build"))
            {
                return Err(refused(format!(
                    "{}: a program built by its own `build` script, which this judge does not run",
                    show_path(path)
                )));
            }
        } else {
            fs::metadata(path).map_err(in_path)?;
            all.push(path.to_path_buf());
        }
        all.sort();
        // The language of most files; on a tie C++, then C, then Python.
        let count = |language| {
            all.iter()
                .filter(|file| Language::of(file) == Some(language))
                .count()
        };
        let priority = |language| match language {
            Language::Cpp => 5,
            Language::C => 4,
            Language::Rust => 3,
            Language::Java => 2,
            Language::Python => 1,
        };
        let language = [
            Language::Cpp,
            Language::C,
            Language::Rust,
            Language::Java,
            Language::Python,
        ]
        .into_iter()
        .max_by_key(|&language| (count(language), priority(language)))
        .filter(|&language| count(language) > 0)
        .ok_or_else(|| {
            refused(format!(
                "{}: no C, C++, Python, Rust or Java source (.c, .cc, .cpp, .py, .rs, .java)",
                show_path(path)
            ))
        })?;
        let files = all
            .into_iter()
            .filter(|file| Language::of(file) == Some(language))
            .collect();
        Ok(Sources {
            path: path.to_path_buf(),
            language,
            files,
            include: Vec::new(),
            entry: None,
        })
    }

    /// The same program, started at `entry` (a `submissions.json`'s
    /// `entry_point`, a `submissions.yaml`'s `entrypoint`): its main file's
    /// name, or for Java its class.
    ///
    /// # Errors
    /// A file name that is none of its files (Java: any class name is taken;
    /// the build finds it or not).
    pub fn entering(mut self, entry: &str) -> io::Result<Sources> {
        let is_file = self
            .files
            .iter()
            .any(|file| file.file_name().is_some_and(|name| name == entry));
        if self.language != Language::Java && !is_file {
            return Err(refused(format!(
                "{}: its entry point {entry} is none of its files",
                show_path(&self.path)
            )));
        }
        self.entry = Some(entry.to_string());
        Ok(self)
    }

    /// The same program, its C or C++ headers also looked for in `folders`
    /// (in order, after its own folder), whose files count as its sources.
    pub fn including(mut self, folders: &[PathBuf]) -> Sources {
        self.include = folders.to_vec();
        self
    }

    /// Makes the program ready to start: for C and C++, `binary` built (again
    /// when a source is newer); for Python, `python3` and its main file.
    ///
    /// # Errors
    /// When the compiler or `python3` cannot be found, or the build fails
    /// (its messages in the error).
    pub fn prepare(&self, binary: &Path) -> io::Result<Prepared> {
        match self.language {
            Language::Python => {
                let paths = std::env::var_os("PATH").unwrap_or_default();
                let (program, mut args) = python_in(&paths, cfg!(windows)).ok_or_else(|| {
                    io::Error::new(
                        io::ErrorKind::NotFound,
                        "python3 is not on PATH (nor, on Windows, py or python): install Python 3 to run this problem's Python programs",
                    )
                })?;
                args.push(self.main_file().into_os_string());
                Ok(Prepared { program, args })
            }
            Language::C | Language::Cpp | Language::Rust => {
                if self.is_stale(binary) {
                    self.build(binary)?;
                }
                Ok(Prepared {
                    program: binary.to_path_buf(),
                    args: Vec::new(),
                })
            }
            Language::Java => {
                let java = on_path("java")?;
                let classes = binary.with_extension("classes");
                // A stamp from before the main class was noted in it is stale too.
                let noted =
                    fs::read_to_string(binary).is_ok_and(|stamp| stamp.contains(MAIN_CLASS));
                if self.is_stale(binary) || !noted {
                    self.build_java(binary, &classes)?;
                }
                let class = self
                    .entry
                    .clone()
                    .filter(|_| self.language == Language::Java);
                let class = class.or_else(|| main_class_of(&fs::read_to_string(binary).ok()?));
                let class = class.ok_or_else(|| {
                    refused(format!(
                        "{}: no class with `public static void main(String[])`",
                        show_path(&self.path)
                    ))
                })?;
                // One garbage collector thread; the heap's bound is the
                // problem's memory limit ([`Prepared::within`]). (No larger
                // stack, -Xss64m: under the runner's cap on data the JVM
                // cannot start its threads with one.)
                Ok(Prepared {
                    program: java,
                    args: vec![
                        "-XX:+UseSerialGC".into(),
                        "-cp".into(),
                        classes.into_os_string(),
                        class.into(),
                    ],
                })
            }
        }
    }

    /// Compiles Java sources into `classes`, then writes `stamp` (its time
    /// the build's, for [`Sources::is_stale`]).
    fn build_java(&self, stamp: &Path, classes: &Path) -> io::Result<()> {
        let _ = fs::remove_dir_all(classes);
        fs::create_dir_all(classes)?;
        let output = Command::new(on_path("javac")?)
            .args(["-encoding", "UTF-8", "-d"])
            .arg(classes)
            .args(&self.files)
            .stdin(Stdio::null())
            .output()?;
        if !output.status.success() {
            return Err(io::Error::other(format!(
                "javac could not build {} ({}):\n{}",
                show_path(&self.path),
                output.status,
                String::from_utf8_lossy(&output.stderr).trim_end()
            )));
        }
        // The class that holds main, as DOMjudge's java_javac_detect finds
        // it (a file `Solution.java` may hold `class Main`): javap lists each
        // class's methods; the class named as the main file first, then the
        // others by name.
        let mut names = class_names(classes, classes)?;
        names.sort();
        let stem = self.main_file().file_stem().unwrap_or_default().to_owned();
        names.sort_by_key(|name| name.as_str() != stem);
        let listing = Command::new(on_path("javap")?)
            .arg("-cp")
            .arg(classes)
            .args(&names)
            .stdin(Stdio::null())
            .output()?;
        if !listing.status.success() {
            return Err(io::Error::other(format!(
                "javap could not read the classes of {} ({}):\n{}",
                show_path(&self.path),
                listing.status,
                String::from_utf8_lossy(&listing.stderr).trim_end()
            )));
        }
        let main = main_class(&String::from_utf8_lossy(&listing.stdout)).unwrap_or_default();
        fs::write(
            stamp,
            format!("built by javac: the classes are beside this file\n{MAIN_CLASS}{main}\n"),
        )
    }

    /// A Python, Rust or Java program's main file: its entry point, else
    /// the only one, else (Python) `__main__.py`, the format's entry point,
    /// else `main.*`, as problemtools takes it, else the first by name.
    fn main_file(&self) -> PathBuf {
        let named = |wanted: &dyn Fn(&Path) -> bool| self.files.iter().find(|file| wanted(file));
        let entry = self.entry.as_deref().and_then(|entry| {
            named(&|file: &Path| file.file_name().is_some_and(|name| name == entry))
        });
        let dunder_main =
            named(&|file: &Path| file.file_name().is_some_and(|name| name == "__main__.py"));
        let named_main = named(&|file: &Path| {
            file.file_stem()
                .is_some_and(|stem| stem.eq_ignore_ascii_case("main"))
        });
        entry
            .or(dunder_main)
            .or(named_main)
            .unwrap_or(&self.files[0])
            .clone()
    }

    /// Whether a source (or a header beside it) is as new as `binary` or
    /// newer: a tie is taken for a change, as a file system that keeps whole
    /// seconds gives one to an edit in the second of the build.
    fn is_stale(&self, binary: &Path) -> bool {
        let modified = |path: &Path| fs::metadata(path).and_then(|metadata| metadata.modified());
        let Ok(built) = modified(binary) else {
            return true;
        };
        let mut sources = self.files.clone();
        // Its headers too.
        let own = self.path.is_dir().then_some(&self.path);
        for folder in own.into_iter().chain(&self.include) {
            if let Ok(entries) = fs::read_dir(folder) {
                sources.extend(entries.flatten().map(|entry| entry.path()));
            }
        }
        sources
            .iter()
            .any(|source| modified(source).map_or(true, |time| time >= built))
    }

    fn build(&self, binary: &Path) -> io::Result<()> {
        let (compiler, flags): (&str, &[&str]) = match self.language {
            Language::C => ("gcc", &["-O2", "-std=gnu17"]),
            Language::Cpp => ("g++", &["-O2", "-std=gnu++20"]),
            // As problemtools builds it: the main file, std alone.
            Language::Rust => ("rustc", &["-C", "opt-level=3", "--edition", "2021"]),
            Language::Python | Language::Java => unreachable!("not built here"),
        };
        let files = match self.language {
            Language::Rust => vec![self.main_file()],
            _ => self.files.clone(),
        };
        if let Some(folder) = binary.parent() {
            fs::create_dir_all(folder)?;
        }
        let include = if self.path.is_dir() {
            self.path.clone()
        } else {
            self.path.parent().unwrap_or(Path::new(".")).to_path_buf()
        };
        let partial = binary.with_extension(format!("partial-{}", std::process::id()));
        let mut command = Command::new(on_path(compiler)?);
        command.args(flags);
        if self.language != Language::Rust {
            command.arg("-I").arg(&include);
            for folder in &self.include {
                command.arg("-I").arg(folder);
            }
        }
        let output = command
            .arg("-o")
            .arg(&partial)
            .args(&files)
            .args(if self.language == Language::C {
                &["-lm"][..]
            } else {
                &[]
            })
            .stdin(Stdio::null())
            .output()?;
        if !output.status.success() {
            let _ = fs::remove_file(&partial);
            return Err(io::Error::other(format!(
                "{compiler} could not build {} ({}):\n{}",
                show_path(&self.path),
                output.status,
                String::from_utf8_lossy(&output.stderr).trim_end()
            )));
        }
        fs::rename(&partial, binary)
    }
}

impl Prepared {
    /// The program to run under a memory limit of `memory_mb`: a Java
    /// program's heap bounded by it (`-Xmx`), as judges start Java. Without
    /// it the JVM sizes its heap by the machine's memory and cannot start
    /// under the runner's cap on its data. Any other program as it is.
    pub fn within(mut self, memory_mb: Option<u64>) -> Prepared {
        let is_java = self.program.file_stem().is_some_and(|stem| stem == "java");
        if let (true, Some(mb)) = (is_java, memory_mb) {
            self.args.insert(0, format!("-Xmx{mb}m").into());
        }
        self
    }

    /// One file that starts the program: itself, or (with arguments, a
    /// Python program) a launcher script written at `launcher`, for a caller
    /// that runs a file alone. Unix only: elsewhere such a program cannot be.
    ///
    /// # Errors
    /// When the launcher cannot be written, or on another system.
    pub fn as_one_file(&self, launcher: &Path) -> io::Result<PathBuf> {
        if self.args.is_empty() {
            return Ok(self.program.clone());
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let quoted = |text: &std::ffi::OsStr| {
                format!("'{}'", text.to_string_lossy().replace('\'', "'\\''"))
            };
            let mut line = format!("exec {}", quoted(self.program.as_os_str()));
            for arg in &self.args {
                line.push(' ');
                line.push_str(&quoted(arg));
            }
            if let Some(folder) = launcher.parent() {
                fs::create_dir_all(folder)?;
            }
            fs::write(launcher, format!("#!/bin/sh\n{line} \"$@\"\n"))?;
            fs::set_permissions(launcher, fs::Permissions::from_mode(0o755))?;
            Ok(launcher.to_path_buf())
        }
        #[cfg(not(unix))]
        {
            let _ = launcher;
            Err(io::Error::other(
                "a program run by an interpreter needs a launcher script, which only Unix has here",
            ))
        }
    }
}

/// The program `name` found on `PATH`.
/// Python 3 among the folders of `paths` (a `PATH`), and the arguments
/// before a program's file: `python3`; on Windows (`windows`), where
/// python.org's installer puts no `python3`, its launcher `py -3` first (a
/// `python3` there may be the Store's stand-in, which only offers to
/// install it), then `python3`, then `python`.
fn python_in(paths: &std::ffi::OsStr, windows: bool) -> Option<(PathBuf, Vec<OsString>)> {
    let (candidates, suffix): (&[(&str, &[&str])], &str) = if windows {
        (
            &[("py", &["-3"]), ("python3", &[]), ("python", &[])],
            ".exe",
        )
    } else {
        (&[("python3", &[])], "")
    };
    candidates.iter().find_map(|(name, args)| {
        let program = std::env::split_paths(paths)
            .map(|folder| folder.join(format!("{name}{suffix}")))
            .find(|candidate| candidate.is_file())?;
        Some((program, args.iter().map(OsString::from).collect()))
    })
}

/// The line of a Java build's stamp that names the class holding main.
const MAIN_CLASS: &str = "main class: ";

/// The main class a Java build's stamp names (none: no class has main).
fn main_class_of(stamp: &str) -> Option<String> {
    stamp
        .lines()
        .find_map(|line| line.strip_prefix(MAIN_CLASS))
        .filter(|name| !name.is_empty())
        .map(str::to_string)
}

/// The binary names (`pkg.Name`) of the classes under `folder`, `root` being
/// the class path.
fn class_names(root: &Path, folder: &Path) -> io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            names.extend(class_names(root, &path)?);
        } else if path
            .extension()
            .is_some_and(|extension| extension == "class")
        {
            let relative = path.strip_prefix(root).unwrap_or(&path).with_extension("");
            let parts: Vec<String> = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            names.push(parts.join("."));
        }
    }
    Ok(names)
}

/// The first class in a `javap` listing that declares `public static void
/// main(java.lang.String[])`.
fn main_class(listing: &str) -> Option<String> {
    let mut class = None;
    for line in listing.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if line.ends_with('{') && !line.starts_with(' ') {
            class = words
                .iter()
                .position(|word| matches!(*word, "class" | "interface" | "enum" | "record"))
                .and_then(|at| words.get(at + 1))
                .map(|name| name.split('<').next().unwrap_or(name).to_string());
        } else if words.contains(&"public")
            && words.contains(&"static")
            && line.contains("void main(java.lang.String[])")
        {
            if let Some(class) = &class {
                return Some(class.clone());
            }
        }
    }
    None
}

fn on_path(name: &str) -> io::Result<PathBuf> {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .map(|folder| folder.join(format!("{name}{}", std::env::consts::EXE_SUFFIX)))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("{name} is not on PATH: install it to run this problem's programs in its language"),
            )
        })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn the_main_class_is_the_first_that_declares_main() {
        let listing = "Compiled from \"solution.java\"\n\
            class Helper {\n  Helper();\n  static void main(java.lang.String[]);\n}\n\
            Compiled from \"solution.java\"\n\
            public final class pkg.Main<T> extends java.lang.Object {\n  public pkg.Main();\n  \
            public static void main(java.lang.String[]) throws java.io.IOException;\n}\n\
            class Other {\n  public static void main(java.lang.String[]);\n}\n";
        assert_eq!(main_class(listing), Some("pkg.Main".to_string()));
        assert_eq!(main_class("class A {\n  void main(int);\n}\n"), None);
        assert_eq!(
            main_class_of("built by javac\nmain class: Main\n").as_deref(),
            Some("Main")
        );
        assert_eq!(main_class_of("built by javac\nmain class: \n"), None);
    }
    use crate::scratch::tempdir;

    fn put(root: &Path, files: &[(&str, &str)]) {
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }

    #[test]
    fn a_programs_language_is_that_of_most_of_its_files() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("v/validate.cc", ""),
                ("v/validate.h", ""),
                ("v/notes.py", ""),
                ("v/more.cpp", ""),
                ("one.py", ""),
                ("w/b.py", ""),
                ("w/main.py", ""),
            ],
        );
        let folder = Sources::find(&dir.path().join("v")).unwrap();
        assert_eq!(folder.language, Language::Cpp);
        assert_eq!(folder.files.len(), 2, "{folder:?}");
        let file = Sources::find(&dir.path().join("one.py")).unwrap();
        assert_eq!((file.language, file.files.len()), (Language::Python, 1));
        let python = Sources::find(&dir.path().join("w")).unwrap();
        assert!(python.main_file().ends_with("w/main.py"));
    }

    #[test]
    fn a_folders_main_file_is_its_entry_point_else_dunder_main_else_main() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("p/a.py", ""),
                ("p/main.py", ""),
                ("p/words.py", ""),
                ("q/__main__.py", ""),
                ("q/main.py", ""),
                ("r/Solution.java", ""),
            ],
        );
        let folder = |name: &str| Sources::find(&dir.path().join(name)).unwrap();
        assert!(folder("p").main_file().ends_with("p/main.py"));
        let entered = folder("p").entering("words.py").unwrap();
        assert!(entered.main_file().ends_with("p/words.py"));
        let error = folder("p").entering("nope.py").unwrap_err().to_string();
        assert!(
            error.ends_with("p: its entry point nope.py is none of its files"),
            "{error}"
        );
        assert!(folder("q").main_file().ends_with("q/__main__.py"));
        // Java's entry point is a class.
        assert_eq!(
            folder("r").entering("Main").unwrap().entry.as_deref(),
            Some("Main")
        );
    }

    #[test]
    fn a_program_without_sources_is_refused() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[("v/README", ""), ("b/build", ""), ("b/run", "")],
        );
        let error = Sources::find(&dir.path().join("v"))
            .unwrap_err()
            .to_string();
        assert!(
            error.ends_with(
                "no C, C++, Python, Rust or Java source (.c, .cc, .cpp, .py, .rs, .java)"
            ),
            "{error}"
        );
        let error = Sources::find(&dir.path().join("b"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("its own `build` script"), "{error}");
        let error = Sources::find(&dir.path().join("none"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("none"), "{error}");
    }

    #[test]
    fn c_is_built_with_its_headers_and_again_when_a_source_changes() {
        if on_path("gcc").is_err() {
            eprintln!("no gcc: skipped");
            return;
        }
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("v/answer.h", "#define ANSWER 42\n"),
                // pow of a value known only when it runs: libm's, linked.
                (
                    "v/main.c",
                    "#include <math.h>\n#include \"answer.h\"\nint main(int argc, char **argv) { (void)argv; return (int)pow(ANSWER, argc); }\n",
                ),
            ],
        );
        let sources = Sources::find(&dir.path().join("v")).unwrap();
        let binary = dir.path().join("bin/v");
        let prepared = sources.prepare(&binary).unwrap();
        let status = Command::new(&prepared.program).status().unwrap();
        assert_eq!(status.code(), Some(42));
        let built = fs::metadata(&binary).unwrap().modified().unwrap();
        sources.prepare(&binary).unwrap();
        assert_eq!(
            fs::metadata(&binary).unwrap().modified().unwrap(),
            built,
            "fresh: not built again"
        );
        // A header changed in the build's instant: built again.
        put(dir.path(), &[("v/answer.h", "#define ANSWER 43\n")]);
        let header = fs::File::options()
            .write(true)
            .open(dir.path().join("v/answer.h"));
        header.unwrap().set_modified(built).unwrap();
        sources.prepare(&binary).unwrap();
        assert_eq!(Command::new(&binary).status().unwrap().code(), Some(43));
        std::thread::sleep(std::time::Duration::from_millis(20));
        put(dir.path(), &[("v/main.c", "int main(void) { return }\n")]);
        let error = sources.prepare(&binary).unwrap_err().to_string();
        assert!(
            error.starts_with("gcc could not build ") && error.contains("error"),
            "{error}"
        );
    }

    #[test]
    fn rust_is_built_from_its_main_file_which_names_its_modules() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                (
                    "r/main.rs",
                    "mod answer;\nfn main() { std::process::exit(answer::ANSWER) }\n",
                ),
                ("r/answer.rs", "pub const ANSWER: i32 = 42;\n"),
            ],
        );
        let sources = Sources::find(&dir.path().join("r")).unwrap();
        assert_eq!((sources.language, sources.files.len()), (Language::Rust, 2));
        let binary = dir.path().join("bin/r");
        let prepared = sources.prepare(&binary).unwrap();
        assert_eq!(prepared.program, binary);
        let status = Command::new(&binary).status().unwrap();
        assert_eq!(status.code(), Some(42));
    }

    #[test]
    fn python_is_python3_or_on_windows_its_launcher_first() {
        let dir = tempdir().unwrap();
        let (unix, windows) = (dir.path().join("unix"), dir.path().join("windows"));
        put(
            dir.path(),
            &[
                ("unix/python", ""),
                ("unix/py", ""),
                ("windows/python.exe", ""),
                // Not a .exe: not a program on Windows.
                ("windows/python3", ""),
            ],
        );
        let paths = |folders: &[&Path]| std::env::join_paths(folders).unwrap();
        // Only python3 is Python 3 for certain on Unix.
        assert_eq!(python_in(&paths(&[&unix]), false), None);
        put(dir.path(), &[("unix/python3", "")]);
        let found = python_in(&paths(&[&unix]), false);
        assert_eq!(found, Some((unix.join("python3"), Vec::new())));
        // On Windows: py -3, else python3, else python, each a .exe.
        assert_eq!(
            python_in(&paths(&[&windows]), true),
            Some((windows.join("python.exe"), Vec::new()))
        );
        put(dir.path(), &[("late/python3.exe", ""), ("late/py.exe", "")]);
        let late = dir.path().join("late");
        assert_eq!(
            python_in(&paths(&[&windows, &late]), true),
            Some((late.join("py.exe"), vec![OsString::from("-3")]))
        );
        fs::remove_file(late.join("py.exe")).unwrap();
        assert_eq!(
            python_in(&paths(&[&windows, &late]), true),
            Some((late.join("python3.exe"), Vec::new()))
        );
    }
}
