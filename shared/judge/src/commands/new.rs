//! Making a problem (`judge new`), or adding pieces to one.
//!
//! A new problem is `crates/NAME` (its manifest, an AtCoder-style `src/main.rs`
//! that reads with proconio's `input!`, and `tests/io_tests.rs`, which runs the
//! stored cases) and `io-tests/NAME/`, empty unless samples are given. The
//! pieces (naive, gen, validate, baseline; the interactor of an interactive
//! problem; the checker of `--compare checker`) each start as a stub that fails,
//! saying so, until it is written. On an existing problem, only pieces it lacks
//! are added (a piece is there when its binary is declared), and no file is
//! ever overwritten. The pieces' tests but `tests/naive.rs` go under
//! `tests/all/`, one test binary: each is declared in its `main.rs` as it is
//! written.
//!
//! The files come from `shared/judge/templates/`, compiled in, with `@NAME@`
//! replaced by the problem's name; a new problem's `main.rs` comes from the
//! user's own template when there is one ([`user_template`]): the
//! workspace's `templates/main.rs` (`templates/interactive.rs` for an
//! interactive problem), or the file `--template` names, with `@NAME@`,
//! `@URL@`, `@TIME_LIMIT_MS@` and `@MEMORY_LIMIT_MB@` filled in. [`create`]
//! checks the whole request before it writes anything.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::cases::problem::{Manifest, Piece};
use crate::cases::suite::glob;

pub const DEFAULT_TIME_LIMIT_MS: u64 = 2000;
pub const DEFAULT_MEMORY_LIMIT_MB: u64 = 256;
/// The error bound of `--compare float` without `:E`.
pub const DEFAULT_FLOAT_ERROR: &str = "1e-6";

/// How a new problem's outputs are judged, when not line by line (the default,
/// which the manifest says by having no key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compare {
    /// `compare = "tokens"`.
    Tokens,
    /// `compare = "float"` and `float-error = ERROR`, the bound written into
    /// the manifest as given (`1e-6`).
    Float { error: String },
    /// `checker = true`, and the checker's stub `src/bin/check.rs`.
    Checker,
}

impl Compare {
    /// Reads `--compare`'s value: `tokens`, `float`, `float:E` or `checker`;
    /// the empty text asks for the default (`None`). The float error's syntax is
    /// checked by [`create`].
    ///
    /// # Errors
    /// On any other text.
    pub fn parse(text: &str) -> Result<Option<Compare>, NewError> {
        match text {
            "" => Ok(None),
            "tokens" => Ok(Some(Compare::Tokens)),
            "checker" => Ok(Some(Compare::Checker)),
            _ => match text.strip_prefix("float") {
                Some(rest) if rest.is_empty() || rest.starts_with(':') => {
                    let error = rest.strip_prefix(':').unwrap_or(rest);
                    let error = if error.is_empty() {
                        DEFAULT_FLOAT_ERROR
                    } else {
                        error
                    };
                    Ok(Some(Compare::Float {
                        error: error.to_string(),
                    }))
                }
                _ => Err(NewError::Invalid(format!(
                    "unknown comparison '{text}' (tokens, float, float:E or checker)"
                ))),
            },
        }
    }

    /// The lines it puts into `[package.metadata.judge]`.
    fn manifest_keys(&self) -> String {
        match self {
            Compare::Tokens => "compare = \"tokens\"".to_string(),
            Compare::Float { error } => format!("compare = \"float\"\nfloat-error = {error}"),
            Compare::Checker => "checker = true".to_string(),
        }
    }
}

/// What to make: a new problem, or the pieces to add to an existing one.
///
/// The settings (`url`, the limits, `compare`) and `samples` are for a new
/// problem only; `None` means the default. On an existing problem, giving one
/// of them is an error: its manifest is edited by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewProblem {
    /// The crate's name (see [`is_valid_name`]).
    pub name: String,
    /// The problem's page, recorded as `url`; none is `url = ""`.
    pub url: Option<String>,
    /// Default [`DEFAULT_TIME_LIMIT_MS`].
    pub time_limit_ms: Option<u64>,
    /// Default [`DEFAULT_MEMORY_LIMIT_MB`].
    pub memory_limit_mb: Option<u64>,
    /// Default: line by line.
    pub compare: Option<Compare>,
    /// Judged by an interactor: `interactive = true`, the interactor's stub, and
    /// (for a new problem) a `main.rs` that reads each answer as it comes.
    pub interactive: bool,
    /// The pieces to add, in any order, repeats ignored.
    pub pieces: Vec<Piece>,
    /// (input, answer) of each sample, written as `io-tests/NAME/sample-N.in`
    /// and `.out` (N from 1) byte for byte.
    pub samples: Vec<(Vec<u8>, Vec<u8>)>,
    /// An input starts with its number of cases: `single-case = false` (the
    /// default is an input of one case).
    pub multi_case: bool,
    /// The file in its working folder the program reads its input from
    /// (`input-file`), instead of stdin; `main.rs` opens it.
    pub input_file: Option<String>,
    /// The file it writes its answer to (`output-file`), instead of stdout.
    pub output_file: Option<String>,
    /// For a judge that hands its input out as a file to download: the
    /// regular expression its name matches (`input-pattern`) and the answer
    /// file to upload (`answer-file`); see [`crate::cases::problem::Downloads`].
    pub input_pattern: Option<String>,
    pub answer_file: Option<String>,
    /// More lines for `[package.metadata.judge]`, each `key = value` (or a
    /// comment), as a tool that makes a problem from elsewhere has them (the
    /// importer: a package's limits and how it judges), after the others.
    pub judge_keys: Vec<String>,
    /// Whole tables for the end of the manifest (the importer's
    /// `[[package.metadata.judge.group]]`s), each with its header.
    pub judge_tables: Vec<String>,
    /// A `main.rs` template of the user's for this problem alone (`judge new
    /// --template FILE`), in place of the workspace's ([`user_template`]).
    pub template: Option<PathBuf>,
}

impl NewProblem {
    /// A new problem with every default and no pieces.
    pub fn named(name: &str) -> NewProblem {
        NewProblem {
            name: name.to_string(),
            ..NewProblem::default()
        }
    }
}

/// What [`create`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub name: String,
    /// Whether the problem was made now; `false`: pieces were added to it.
    pub made: bool,
    /// What was found and left alone, in order: `kept crates/NAME/FILE (it
    /// exists)`, `crates/NAME has its PIECE already`.
    pub notes: Vec<String>,
    /// The files written under `crates/NAME`, relative to it, in order.
    pub written: Vec<String>,
    /// The samples written under `io-tests/NAME`, in order.
    pub samples: Vec<String>,
    /// For a problem made now: whether `cargo update --workspace` put it into Cargo.lock
    /// (CI builds with `--locked`), else cargo's stderr.
    pub lock: Option<Result<(), String>>,
    /// The URL recorded, empty when none.
    pub url: String,
}

impl Created {
    /// Says what was done, as `judge new` does: the notes, each file written,
    /// and for a new problem what to do next.
    ///
    /// # Errors
    /// When writing to `out` or `err` fails.
    pub fn report(&self, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<()> {
        let name = &self.name;
        for note in &self.notes {
            writeln!(out, "{note}")?;
        }
        for file in &self.written {
            writeln!(out, "wrote crates/{name}/{file}")?;
        }
        if self.made {
            if self.samples.is_empty() {
                writeln!(out, "wrote io-tests/{name}/ (empty)")?;
            }
            for sample in &self.samples {
                writeln!(out, "wrote io-tests/{name}/{sample}")?;
            }
            // The script showed cargo's own stderr, then this line.
            out.flush()?;
            match &self.lock {
                Some(Ok(())) => {
                    writeln!(out, "added {name} to Cargo.lock (commit it with the crate)")?;
                }
                Some(Err(cargo_stderr)) => {
                    write!(err, "{cargo_stderr}")?;
                    writeln!(
                        err,
                        "judge: Cargo.lock not updated (cargo update --workspace --offline failed, above); the first build will add {name} to it"
                    )?;
                }
                None => {}
            }
            if self.samples.is_empty() {
                if has_sample_fetcher(&self.url) {
                    writeln!(
                        out,
                        "samples, with online-judge-tools (pip3 install online-judge-tools):"
                    )?;
                    writeln!(out, "  oj d {} -d io-tests/{name}", self.url)?;
                }
                writeln!(out, "next: write crates/{name}/src/main.rs, put the samples in io-tests/{name}/ (sample-1.in, sample-1.out, ...),")?;
            } else {
                writeln!(out, "next: write crates/{name}/src/main.rs,")?;
            }
            writeln!(out, "then: scripts/check.sh {name}")?;
        }
        for file in &self.written {
            if file.starts_with("src/bin/") {
                writeln!(
                    out,
                    "write crates/{name}/{file}: it is a stub that fails until then"
                )?;
            }
        }
        Ok(())
    }
}

/// Why [`create`] did not do what was asked.
#[derive(Debug)]
pub enum NewError {
    /// `crates/NAME` is a problem already, and no piece was asked for.
    Exists { name: String },
    /// The request is not one that can be made (a bad name, limit, URL or
    /// comparison; settings for an existing problem; a folder in the way).
    /// Nothing was written.
    Invalid(String),
    /// A file could not be read or written; what was written before stays.
    Io { path: PathBuf, error: io::Error },
    /// rustfmt failed on the files written (they stay, unformatted).
    Rustfmt(String),
}

impl fmt::Display for NewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewError::Exists { name } => write!(
                f,
                "crates/{name} exists already: add pieces with --with PIECE,... or --full"
            ),
            NewError::Invalid(message) => f.write_str(message),
            NewError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            NewError::Rustfmt(message) => write!(f, "rustfmt failed: {message}"),
        }
    }
}

impl std::error::Error for NewError {}

/// Whether `name` can be a problem's name: lowercase ASCII letters, digits and
/// dashes, starting with a letter (a crate name, a folder name, and part of
/// every binary's name).
pub fn is_valid_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|first| first.is_ascii_lowercase())
        && bytes.all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-')
}

/// Why a problem may not be named `name` in the workspace at `root`: a
/// package that is not a problem has that name, a tool or library of the
/// workspace (a `Cargo.toml` in `shared/*`, `shared/*/*` or `libs/*`), which
/// cargo refuses to have twice in one workspace, or a registry's package in
/// `Cargo.lock` (proconio, lexopt, ...), which would make the judge's `cargo
/// build -p NAME` ambiguous.
pub fn taken_name(root: &Path, name: &str) -> Option<String> {
    let subfolders = |folder: PathBuf| -> Vec<PathBuf> {
        let mut found: Vec<PathBuf> = fs::read_dir(folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.is_dir())
            .collect();
        found.sort();
        found
    };
    let tools = subfolders(root.join("shared"));
    let nested = tools.iter().flat_map(|tool| subfolders(tool.clone()));
    let libraries = subfolders(root.join("libs"));
    let packages = tools.iter().cloned().chain(nested).chain(libraries);
    for folder in packages {
        let named = fs::read_to_string(folder.join("Cargo.toml"))
            .ok()
            .and_then(|text| Manifest::parse(&text).ok())
            .and_then(|manifest| manifest.string("package", "name").ok().flatten());
        if named.as_deref() == Some(name) {
            // Named as the workspace's manifest names its members, with `/`.
            let place: Vec<String> = folder
                .strip_prefix(root)
                .unwrap_or(&folder)
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            return Some(format!(
                "{name} is the name of the package in {}, and cargo tells packages apart by name",
                place.join("/")
            ));
        }
    }
    let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let quoted = format!("name = \"{name}\"");
    lock.split("[[package]]")
        .any(|package| {
            let mut lines = package.lines().map(str::trim);
            lines.clone().any(|line| line == quoted)
                && lines.any(|line| line.starts_with("source = "))
        })
        .then(|| {
            format!(
                "{name} is the name of a registry's package in Cargo.lock, and cargo tells packages apart by name"
            )
        })
}

/// Reads a limit as the command line gives it: a whole number without a
/// leading zero (`2000`), at least 1.
pub use judge_cli::parse_limit;

/// Whether `error` is a decimal number as `float-error` takes it, which is
/// also a TOML number (else the manifest, and with it the whole workspace,
/// would not load): digits without a leading zero, an optional fraction and
/// an optional exponent (`1e-6`, `0.001`, `2`, `1E+3`; not `.5`, `1.` or `01`).
fn is_decimal(error: &str) -> bool {
    fn digits(text: &str) -> usize {
        text.bytes().take_while(u8::is_ascii_digit).count()
    }
    let whole = digits(error);
    if whole == 0 || (whole > 1 && error.starts_with('0')) {
        return false;
    }
    let mut rest = &error[whole..];
    if let Some(after_dot) = rest.strip_prefix('.') {
        let fraction = digits(after_dot);
        if fraction == 0 {
            return false;
        }
        rest = &after_dot[fraction..];
    }
    if let Some(exponent) = rest.strip_prefix(['e', 'E']) {
        let exponent = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
        let count = digits(exponent);
        count > 0 && count == exponent.len()
    } else {
        rest.is_empty()
    }
}

/// Whether online-judge-tools fetches this URL's samples (`oj d URL`): the
/// judges it knows that this workspace's problems come from.
fn has_sample_fetcher(url: &str) -> bool {
    const PATTERNS: [&str; 4] = [
        "http*://atcoder.jp/*",
        "http*://codeforces.com/*",
        "http*://*.codeforces.com/*",
        "http*://yukicoder.me/*",
    ];
    PATTERNS.iter().any(|pattern| glob(pattern, url))
}

/// A file of a new problem: where it goes under `crates/NAME`, and its text
/// with `@NAME@` for the name.
struct Template {
    path: &'static str,
    text: &'static str,
}

/// The template at `shared/judge/templates/PATH`, to be written as `PATH`.
macro_rules! template {
    ($path:literal) => {
        Template {
            path: $path,
            text: include_str!(concat!("../../templates/", $path)),
        }
    };
}

const MANIFEST: &str = include_str!("../../templates/manifest.toml");
const MAIN: Template = template!("src/main.rs");
/// An interactive problem's main.rs reads each answer as it comes.
const INTERACTIVE_MAIN: Template = Template {
    path: "src/main.rs",
    text: include_str!("../../templates/interactive/src/main.rs"),
};
const IO_TESTS: Template = template!("tests/io_tests.rs");
/// The binary that a problem's other tests share, one module each: every
/// template under its folder is declared in it when written.
const SHARED_TESTS_MAIN: Template = template!("tests/all/main.rs");

/// A binary a problem may be given beside its submission: `NAME-WORD`, built
/// from `src/bin/WORD.rs`, and its files.
struct Addition {
    word: &'static str,
    /// The comment above its `[[bin]]` in the manifest.
    comment: &'static str,
    files: &'static [Template],
}

const NAIVE: Addition = Addition {
    word: "naive",
    comment: "An independent brute force, written without the submission's insight.",
    files: &[template!("src/bin/naive.rs"), template!("tests/naive.rs")],
};
const GEN: Addition = Addition {
    word: "gen",
    comment: "Input generator: `@NAME@-gen SEED SIZE`, `--count-all`, `--all I`.",
    files: &[
        template!("src/bin/gen.rs"),
        template!("tests/all/generator.rs"),
    ],
};
const VALIDATE: Addition = Addition {
    word: "validate",
    comment: "Input validator: exit 0 for a valid input, else exit 1 and one line saying what\n\
              # is wrong and where. `judge check` and `judge stress` run it on every input.",
    files: &[
        template!("src/bin/validate.rs"),
        template!("tests/all/validate.rs"),
    ],
};
const BASELINE: Addition = Addition {
    word: "baseline",
    comment: "Input-only baseline for scripts/bench.sh: reads like the submission, solves nothing.",
    files: &[
        template!("src/bin/baseline.rs"),
        template!("tests/all/baseline.rs"),
    ],
};
/// The checker (`--compare checker`): the stored cases' test exercises it, so
/// it brings no test of its own.
const CHECK: Addition = Addition {
    word: "check",
    comment:
        "The checker (checker = true): `@NAME@-check INPUT OUTPUT ANSWER`, testlib's interface.",
    files: &[template!("src/bin/check.rs")],
};
/// The interactor; adding it also puts `interactive = true` into the manifest.
const INTERACT: Addition = Addition {
    word: "interact",
    comment: "The interactor (`@NAME@-interact INPUT OUTPUT [ANSWER]`): talks to the submission; exit 0 AC, 1 WA, 2 PE, 3 its own failure.",
    files: &[template!("src/bin/interact.rs")],
};

/// The tests of two pieces together, added when both are there and one of
/// them is added now.
const PAIRS: [(&str, &str, Template); 2] = [
    ("naive", "gen", template!("tests/all/brute_force.rs")),
    (
        "validate",
        "gen",
        template!("tests/all/generated_inputs.rs"),
    ),
];

/// Makes the problem `spec` asks for in the workspace at `root`, or adds the
/// pieces it asks for to the problem there; then formats the Rust files
/// written (rustfmt's line breaks depend on the name's length) and, for a new
/// problem, adds it to Cargo.lock (`cargo update --workspace --offline`; a failure there
/// is reported in [`Created::lock`], not an error).
///
/// # Errors
/// [`NewError::Exists`] when `crates/NAME` is a problem and no piece is asked
/// for; [`NewError::Invalid`] for a request that cannot be made: in both
/// cases nothing is written. [`NewError::Io`] or [`NewError::Rustfmt`] when
/// writing or formatting fails.
pub fn create(root: &Path, spec: &NewProblem) -> Result<Created, NewError> {
    check_values(spec)?;
    let template = user_template(root, spec)?;
    let name = spec.name.as_str();
    let crate_dir = root.join("crates").join(name);
    let io_tests_dir = root.join("io-tests").join(name);
    let made = !crate_dir.join("Cargo.toml").is_file();
    let mut wanted: Vec<&Addition> = [NAIVE, GEN, VALIDATE, BASELINE]
        .iter()
        .zip(Piece::ALL)
        .filter(|(_, piece)| spec.pieces.contains(piece))
        .map(|(addition, _)| addition)
        .collect();
    if spec.interactive {
        wanted.push(&INTERACT);
    }
    if made {
        if crate_dir.exists() || io_tests_dir.exists() {
            return Err(NewError::Invalid(format!(
                "crates/{name} or io-tests/{name} exists already, without crates/{name}/Cargo.toml"
            )));
        }
        if let Some(reason) = taken_name(root, name) {
            return Err(NewError::Invalid(format!(
                "{reason}: the problem needs another name"
            )));
        }
    } else {
        check_existing(spec, wanted.is_empty())?;
    }

    let mut files = Files {
        name,
        crate_dir: &crate_dir,
        notes: Vec::new(),
        written: Vec::new(),
    };
    let mut samples = Vec::new();
    if made {
        create_dir(&crate_dir)?;
        create_dir(&io_tests_dir)?;
        let mut manifest = manifest(spec);
        if let Some((shown, _)) = &template {
            // Where main.rs came from: a check that cannot build it says so.
            manifest = manifest.replacen(
                "\n[package.metadata.judge]\n",
                &format!("\n[package.metadata.judge]\n# main.rs was made from this template of yours.\ntemplate = \"{shown}\"\n"),
                1,
            );
        }
        write(&crate_dir.join("Cargo.toml"), manifest.as_bytes())?;
        files.written.push("Cargo.toml".to_string());
        if let Some((_, text)) = &template {
            create_dir(&crate_dir.join("src"))?;
            write(&crate_dir.join(MAIN.path), text.as_bytes())?;
            files.written.push(MAIN.path.to_string());
        } else if spec.input_file.is_some() || spec.output_file.is_some() {
            create_dir(&crate_dir.join("src"))?;
            write(&crate_dir.join(MAIN.path), file_main(spec).as_bytes())?;
            files.written.push(MAIN.path.to_string());
        } else {
            files.write_new(if spec.interactive {
                &INTERACTIVE_MAIN
            } else {
                &MAIN
            })?;
        }
        files.write_new(&IO_TESTS)?;
        if spec.compare == Some(Compare::Checker) {
            files.add(&CHECK)?;
        }
        for (number, (input, answer)) in (1..).zip(&spec.samples) {
            for (extension, bytes) in [("in", input), ("out", answer)] {
                let file = format!("sample-{number}.{extension}");
                write(&io_tests_dir.join(&file), bytes)?;
                samples.push(file);
            }
        }
    }

    let mut added = Vec::new();
    for addition in wanted {
        if files.has(addition.word)? {
            let note = format!("crates/{name} has its {} already", addition.word);
            files.notes.push(note);
            continue;
        }
        if addition.word == INTERACT.word {
            files.mark_interactive()?;
        }
        files.add(addition)?;
        added.push(addition.word);
    }
    for (first, second, test) in &PAIRS {
        let one_added_now = added.contains(first) || added.contains(second);
        if one_added_now && files.has(first)? && files.has(second)? {
            files.write_new(test)?;
        }
    }

    format_rust(&crate_dir, &files.written)?;
    let lock = made.then(|| update_lock(root));
    Ok(Created {
        name: name.to_string(),
        made,
        notes: files.notes,
        written: files.written,
        samples,
        lock,
        url: spec.url.clone().unwrap_or_default(),
    })
}

/// The user's `main.rs` template for the problem `spec` asks for, its
/// placeholders filled in, and its path as the manifest records it: the
/// file `--template` names, else the workspace's `templates/main.rs`
/// (`templates/interactive.rs` for an interactive problem) for a problem
/// on stdin and stdout; `None` without one (the compiled-in template is
/// the default).
///
/// # Errors
/// A `--template` file that cannot be read, or a template that is not
/// UTF-8 text.
pub fn user_template(root: &Path, spec: &NewProblem) -> Result<Option<(String, String)>, NewError> {
    let own = root.join("templates").join(if spec.interactive {
        "interactive.rs"
    } else {
        "main.rs"
    });
    let stdio = spec.input_file.is_none() && spec.output_file.is_none();
    let path = match &spec.template {
        Some(path) => path.clone(),
        None if stdio && own.is_file() => own,
        None => return Ok(None),
    };
    let text = fs::read_to_string(&path)
        .map_err(|error| NewError::Invalid(format!("template {}: {error}", path.display())))?;
    let shown = path
        .strip_prefix(root)
        .map(|relative| relative.to_string_lossy().replace('\\', "/"))
        .unwrap_or_else(|_| path.display().to_string());
    if shown.contains(['"', '\\']) || shown.contains(char::is_control) {
        return Err(NewError::Invalid(format!(
            "template {shown}: its path may not hold a quote, a backslash or a control character"
        )));
    }
    Ok(Some((shown, filled(&text, spec))))
}

/// `text` with the problem's `@NAME@`, `@TIME_LIMIT_MS@`, `@MEMORY_LIMIT_MB@`
/// and `@URL@` (last, so that nothing in the URL is taken for a placeholder).
fn filled(text: &str, spec: &NewProblem) -> String {
    text.replace("@NAME@", &spec.name)
        .replace(
            "@TIME_LIMIT_MS@",
            &spec
                .time_limit_ms
                .unwrap_or(DEFAULT_TIME_LIMIT_MS)
                .to_string(),
        )
        .replace(
            "@MEMORY_LIMIT_MB@",
            &spec
                .memory_limit_mb
                .unwrap_or(DEFAULT_MEMORY_LIMIT_MB)
                .to_string(),
        )
        .replace("@URL@", spec.url.as_deref().unwrap_or_default())
}

/// The checks of the request's values, before anything is looked at on disk.
fn check_values(spec: &NewProblem) -> Result<(), NewError> {
    let invalid = |message: String| Err(NewError::Invalid(message));
    if !is_valid_name(&spec.name) {
        return invalid(format!("bad name '{}'", spec.name));
    }
    if spec.time_limit_ms == Some(0) {
        return invalid("bad time limit '0'".to_string());
    }
    if spec.memory_limit_mb == Some(0) {
        return invalid("bad memory limit '0'".to_string());
    }
    let url = spec.url.as_deref().unwrap_or_default();
    // The URL goes between the quotes of a TOML string, as it is.
    if url.contains(['"', '\\']) {
        return invalid("the URL may not contain a quote or a backslash".to_string());
    }
    if url.contains(char::is_control) {
        return invalid("the URL may not contain a control character".to_string());
    }
    if let Some(pattern) = &spec.input_pattern {
        if pattern.is_empty() || pattern.contains(['"', '\\']) || pattern.contains(char::is_control)
        {
            return invalid(format!(
                "bad input-pattern '{pattern}' (not empty, no quote, backslash or control character)"
            ));
        }
    }
    for (key, file) in [
        ("input-file", &spec.input_file),
        ("output-file", &spec.output_file),
        ("answer-file", &spec.answer_file),
    ] {
        if let Some(file) = file {
            if !is_plain_file_name(file) {
                return invalid(format!(
                    "bad {key} '{file}' (a file name in the working folder: no path, quote or control character)"
                ));
            }
        }
    }
    if spec.interactive && (spec.input_file.is_some() || spec.output_file.is_some()) {
        return invalid(
            "an interactive problem talks over stdin and stdout, not files".to_string(),
        );
    }
    if let Some(Compare::Float { error }) = &spec.compare {
        if !is_decimal(error) {
            return invalid(format!(
                "bad float error '{error}' (a decimal number such as 1e-6)"
            ));
        }
    }
    Ok(())
}

/// What an existing problem can be asked for: pieces, and nothing that its
/// manifest already says.
fn check_existing(spec: &NewProblem, nothing_wanted: bool) -> Result<(), NewError> {
    let name = &spec.name;
    if nothing_wanted {
        return Err(NewError::Exists { name: name.clone() });
    }
    let settings: Vec<&str> = [
        ("--template", spec.template.is_some()),
        ("--time-limit-ms", spec.time_limit_ms.is_some()),
        ("--memory-limit-mb", spec.memory_limit_mb.is_some()),
        ("--url", spec.url.is_some()),
        ("--compare", spec.compare.is_some()),
        ("--input-file", spec.input_file.is_some()),
        ("--output-file", spec.output_file.is_some()),
    ]
    .into_iter()
    .filter_map(|(option, given)| given.then_some(option))
    .collect();
    if !settings.is_empty() {
        return Err(NewError::Invalid(format!(
            "{}: set when a problem is made; edit [package.metadata.judge] in crates/{name}/Cargo.toml",
            settings.join(" ")
        )));
    }
    if !spec.samples.is_empty() {
        return Err(NewError::Invalid(format!(
            "samples are written when a problem is made; put them into io-tests/{name}/"
        )));
    }
    Ok(())
}

/// A new problem's manifest: the template with its settings, and the
/// comparison's keys after the `url` line, and `judge_tables` at its end.
fn manifest(spec: &NewProblem) -> String {
    let text = filled(MANIFEST, spec);
    let mut keys = Vec::new();
    if let Some(compare) = &spec.compare {
        keys.push(compare.manifest_keys());
    }
    if let Some(file) = &spec.input_file {
        keys.push(format!(
            "# Read from this file in the working folder, not stdin.\ninput-file = \"{file}\""
        ));
    }
    if let Some(file) = &spec.output_file {
        keys.push(format!(
            "# Written to this file in the working folder, not stdout.\noutput-file = \"{file}\""
        ));
    }
    if let Some(pattern) = &spec.input_pattern {
        keys.push(
            format!(
                "# The judge hands the input out to download: `judge run @NAME@ --latest DIR`\n\
             # runs on the newest file of DIR whose name matches this (a regular\n\
             # expression), and writes answer-file beside it.\ninput-pattern = \"{pattern}\""
            )
            .replace("@NAME@", &spec.name),
        );
        if let Some(file) = &spec.answer_file {
            keys.push(format!("answer-file = \"{file}\""));
        }
    }
    keys.extend(spec.judge_keys.iter().cloned());
    let text = if keys.is_empty() {
        text
    } else {
        insert_after(&text, |line| line.starts_with("url = "), &keys.join("\n"))
    };
    let text = if spec.multi_case {
        text.replace(SINGLE_CASE, MULTI_CASE)
    } else {
        text
    };
    let mut text = text;
    for table in &spec.judge_tables {
        text.push('\n');
        text.push_str(table.trim_end());
        text.push('\n');
    }
    text
}

/// The manifest template's lines for an input of one case, and those of a
/// problem whose input starts with its number of cases.
const SINGLE_CASE: &str = "\
# One input per run, no leading case count (scripts/bench.sh reads this):
# remove the line when the input starts with its number of cases.
single-case = true
";
const MULTI_CASE: &str = "\
# An input starts with its number of cases (scripts/bench.sh reads this).
single-case = false
";

/// Whether `file` names a file in the working folder and fits between a TOML
/// string's quotes as it is.
fn is_plain_file_name(file: &str) -> bool {
    !file.is_empty()
        && file != "."
        && file != ".."
        && !file.contains(['/', '\\', '"', ':'])
        && !file.contains(char::is_control)
}

/// The `main.rs` of a problem that reads or writes a file: it opens them by
/// name, in its working folder, as the judge lays them out.
fn file_main(spec: &NewProblem) -> String {
    let name = &spec.name;
    let mut uses = vec!["use proconio::input;"];
    let mut body = Vec::new();
    match &spec.input_file {
        Some(file) => {
            uses.extend([
                "use proconio::source::once::OnceSource;",
                "use std::fs::File;",
                "use std::io::BufReader;",
            ]);
            body.push(format!(
                "    // The judge puts the input in {file}, in the working folder."
            ));
            body.push(format!(
                "    let input = BufReader::new(File::open(\"{file}\").expect(\"{file}\"));"
            ));
            body.push(
                "    input! {\n        from OnceSource::new(input),\n        n: usize,\n    }"
                    .to_string(),
            );
        }
        None => body.push("    input! {\n        n: usize,\n    }".to_string()),
    }
    body.push("    let answer = solve(n);".to_string());
    match &spec.output_file {
        Some(file) => {
            if !uses.contains(&"use std::fs::File;") {
                uses.push("use std::fs::File;");
            }
            uses.push("use std::io::{BufWriter, Write};");
            body.push(format!("    // The judge reads the answer from {file}."));
            body.push(format!(
                "    let mut output = BufWriter::new(File::create(\"{file}\").expect(\"{file}\"));"
            ));
            body.push("    writeln!(output, \"{answer}\").unwrap();".to_string());
        }
        None => body.push("    println!(\"{answer}\");".to_string()),
    }
    let (proconio, std): (Vec<&str>, Vec<&str>) = uses
        .into_iter()
        .partition(|line| line.starts_with("use proconio"));
    format!(
        "{}\n\n{}\n\nfn main() {{\n{}\n}}\n\nfn solve(n: usize) -> usize {{\n    todo!(\"{name}: write the solution in src/main.rs (it has read n = {{n}})\")\n}}\n",
        proconio.join("\n"),
        std.join("\n"),
        body.join("\n")
    )
}

/// `text` with the line `insert` after each line that `after` picks.
fn insert_after(text: &str, after: impl Fn(&str) -> bool, insert: &str) -> String {
    let mut result = String::with_capacity(text.len() + insert.len() + 1);
    for line in text.split_inclusive('\n') {
        result.push_str(line);
        if after(line.strip_suffix('\n').unwrap_or(line)) {
            if !line.ends_with('\n') {
                result.push('\n');
            }
            result.push_str(insert);
            result.push('\n');
        }
    }
    result
}

/// The files of the problem being made or extended, and what was done to them.
struct Files<'a> {
    name: &'a str,
    crate_dir: &'a Path,
    notes: Vec<String>,
    written: Vec<String>,
}

impl Files<'_> {
    /// Writes `template` with the problem's name, unless its file exists: a
    /// file is never overwritten.
    fn write_new(&mut self, template: &Template) -> Result<(), NewError> {
        let path = self.crate_dir.join(template.path);
        if path.exists() {
            let note = format!("kept crates/{}/{} (it exists)", self.name, template.path);
            self.notes.push(note);
            return Ok(());
        }
        if let Some(parent) = path.parent() {
            create_dir(parent)?;
        }
        write(&path, template.text.replace("@NAME@", self.name).as_bytes())?;
        self.written.push(template.path.to_string());
        self.declare_shared_test(template)
    }

    /// Declares `template`'s module in the shared test binary's `main.rs`
    /// (made if missing) when it is one of that binary's files.
    fn declare_shared_test(&mut self, template: &Template) -> Result<(), NewError> {
        let folder = SHARED_TESTS_MAIN.path.trim_end_matches("main.rs");
        let Some(module) = template
            .path
            .strip_prefix(folder)
            .and_then(|file| file.strip_suffix(".rs"))
            .filter(|&module| module != "main")
        else {
            return Ok(());
        };
        let path = self.crate_dir.join(SHARED_TESTS_MAIN.path);
        let mut main = if path.exists() {
            read(&path)?
        } else {
            SHARED_TESTS_MAIN.text.to_string()
        };
        let declaration = format!("mod {module};");
        if main.lines().any(|line| line == declaration) {
            return Ok(());
        }
        if main.lines().all(|line| !line.starts_with("mod ")) {
            main.push('\n');
        }
        main.push_str(&declaration);
        main.push('\n');
        write(&path, main.as_bytes())?;
        if !self
            .written
            .iter()
            .any(|file| file == SHARED_TESTS_MAIN.path)
        {
            self.written.push(SHARED_TESTS_MAIN.path.to_string());
        }
        Ok(())
    }

    /// Declares the binary `NAME-WORD` in the manifest and writes its files.
    fn add(&mut self, addition: &Addition) -> Result<(), NewError> {
        let name = self.name;
        let word = addition.word;
        let comment = addition.comment.replace("@NAME@", name);
        let declaration = format!(
            "\n# {comment}\n[[bin]]\nname = \"{name}-{word}\"\npath = \"src/bin/{word}.rs\"\ntest = false\n"
        );
        let path = self.crate_dir.join("Cargo.toml");
        OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut manifest| manifest.write_all(declaration.as_bytes()))
            .map_err(|error| NewError::Io { path, error })?;
        for template in addition.files {
            self.write_new(template)?;
        }
        Ok(())
    }

    /// Whether the manifest declares the binary `NAME-WORD`: a line that is
    /// exactly its `name = ...`, as the scripts look for it.
    fn has(&self, word: &str) -> Result<bool, NewError> {
        let declaration = format!("name = \"{}-{word}\"", self.name);
        Ok(read(&self.crate_dir.join("Cargo.toml"))?
            .split('\n')
            .any(|line| line == declaration))
    }

    /// Puts `interactive = true` at the top of `[package.metadata.judge]`.
    fn mark_interactive(&self) -> Result<(), NewError> {
        let path = self.crate_dir.join("Cargo.toml");
        let text = read(&path)?;
        let marked = insert_after(
            &text,
            |line| line == "[package.metadata.judge]",
            "interactive = true",
        );
        write(&path, marked.as_bytes())
    }
}

/// Runs rustfmt on the Rust files among `written` (paths under `crate_dir`).
fn format_rust(crate_dir: &Path, written: &[String]) -> Result<(), NewError> {
    let files: Vec<PathBuf> = written
        .iter()
        .filter(|file| file.ends_with(".rs"))
        .map(|file| crate_dir.join(file))
        .collect();
    if files.is_empty() {
        return Ok(());
    }
    let output = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(&files)
        .stdin(Stdio::null())
        .output()
        .map_err(|error| NewError::Rustfmt(format!("cannot run rustfmt: {error}")))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(NewError::Rustfmt(format!(
            "{}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim_end()
        )))
    }
}

/// Adds the workspace's new member to Cargo.lock, every other package left at
/// its locked version. Its dependencies are in the lock already, so nothing is
/// fetched: `cargo update --workspace` only resolves, where `cargo metadata`
/// would want every platform's crates downloaded (windows-sys on Linux).
/// Err: cargo's stderr.
fn update_lock(root: &Path) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["update", "--workspace", "--offline"])
        .current_dir(root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .map_err(|error| format!("cannot run cargo: {error}\n"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

fn create_dir(path: &Path) -> Result<(), NewError> {
    fs::create_dir_all(path).map_err(|error| NewError::Io {
        path: path.to_path_buf(),
        error,
    })
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), NewError> {
    fs::write(path, bytes).map_err(|error| NewError::Io {
        path: path.to_path_buf(),
        error,
    })
}

fn read(path: &Path) -> Result<String, NewError> {
    fs::read_to_string(path).map_err(|error| NewError::Io {
        path: path.to_path_buf(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lowercase_letters_digits_and_dashes_from_a_letter() {
        for name in ["a", "abc086-a", "x-", "a1b2"] {
            assert!(is_valid_name(name), "{name}");
        }
        for name in ["", "1a", "-a", "Abc", "a_b", "a.b", "a b", "é"] {
            assert!(!is_valid_name(name), "{name}");
        }
    }

    #[test]
    fn a_name_another_package_has_is_taken() {
        let scratch = crate::scratch::tempdir().unwrap();
        let root = scratch.path();
        for (folder, name) in [
            ("shared/run", "run"),
            ("shared/bundle/corpus", "bundle-corpus"),
            ("libs/cplib", "cplib"),
        ] {
            fs::create_dir_all(root.join(folder)).unwrap();
            let manifest =
                format!("[package]\nname = \"{name}\"\n\n[[bin]]\nname = \"{name}-bin\"\n");
            fs::write(root.join(folder).join("Cargo.toml"), manifest).unwrap();
        }
        fs::create_dir_all(root.join("shared/notes")).unwrap();
        let lock = "version = 4\n\n[[package]]\nname = \"gone\"\nversion = \"0.1.0\"\ndependencies = [\n \"proconio\",\n]\n\n[[package]]\nname = \"proconio\"\nversion = \"0.5.0\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n";
        fs::write(root.join("Cargo.lock"), lock).unwrap();
        let taken = |name| taken_name(root, name);
        let package = |name: &str, place: &str| {
            Some(format!(
                "{name} is the name of the package in {place}, and cargo tells packages apart by name"
            ))
        };
        assert_eq!(taken("run"), package("run", "shared/run"));
        assert_eq!(
            taken("bundle-corpus"),
            package("bundle-corpus", "shared/bundle/corpus")
        );
        assert_eq!(taken("cplib"), package("cplib", "libs/cplib"));
        assert_eq!(
            taken("proconio").as_deref(),
            Some("proconio is the name of a registry's package in Cargo.lock, and cargo tells packages apart by name")
        );
        // A binary's name, a problem removed but still in the lock, a folder
        // without a manifest: free.
        for free in ["run-bin", "gone", "notes", "abc086-a"] {
            assert_eq!(taken(free), None, "{free}");
        }

        let error = create(root, &NewProblem::named("run")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "run is the name of the package in shared/run, and cargo tells packages apart by name: the problem needs another name"
        );
        assert!(!root.join("crates").exists() && !root.join("io-tests").exists());
    }

    #[test]
    fn limits_are_whole_numbers_without_a_leading_zero() {
        assert_eq!(parse_limit("2000"), Some(2000));
        assert_eq!(parse_limit("1"), Some(1));
        for text in [
            "",
            "0",
            "007",
            "-1",
            "+1",
            "1.5",
            " 1",
            "99999999999999999999999",
        ] {
            assert_eq!(parse_limit(text), None, "{text}");
        }
    }

    #[test]
    fn float_errors_are_decimal_numbers() {
        for error in ["1e-6", "0.001", "1E+3", "0", "2e10", "1.5e06", "0e0"] {
            assert!(is_decimal(error), "{error}");
        }
        // `.5`, `1.` and `01` are not TOML numbers: the manifest would not load.
        let not_decimal = [
            "", ".", "0x1", "1e", "e5", "1e-", "1.2.3", "-1", "1e5x", " 1", ".5", "1.", "01",
            "00.5",
        ];
        for error in not_decimal {
            assert!(!is_decimal(error), "{error}");
        }
    }

    #[test]
    fn comparisons_are_read_as_the_script_read_them() {
        let float = |error: &str| {
            Ok(Some(Compare::Float {
                error: error.to_string(),
            }))
        };
        let parse = |text| Compare::parse(text).map_err(|error| error.to_string());
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("tokens"), Ok(Some(Compare::Tokens)));
        assert_eq!(parse("checker"), Ok(Some(Compare::Checker)));
        assert_eq!(parse("float"), float("1e-6"));
        assert_eq!(parse("float:"), float("1e-6"));
        assert_eq!(parse("float:1e-9"), float("1e-9"));
        assert_eq!(parse("float::1"), float(":1"));
        assert_eq!(
            parse("floaty"),
            Err("unknown comparison 'floaty' (tokens, float, float:E or checker)".to_string())
        );
        assert!(parse("lines").is_err());
    }

    #[test]
    fn sample_fetchers_are_known_by_url() {
        for url in [
            "https://atcoder.jp/contests/abc086/tasks/abc086_a",
            "http://codeforces.com/contest/1/problem/A",
            "https://m1.codeforces.com/contest/1/problem/A",
            "https://yukicoder.me/problems/no/1",
        ] {
            assert!(has_sample_fetcher(url), "{url}");
        }
        for url in [
            "",
            "https://www.acmicpc.net/problem/14952",
            "https://atcoder.jp",
            "ftp://atcoder.jp/x",
            "https://notatcoder.jp/x",
        ] {
            assert!(!has_sample_fetcher(url), "{url}");
        }
    }

    #[test]
    fn glob_stars_match_any_text() {
        assert!(glob("a*c", "abbc"));
        assert!(glob("a*c", "ac"));
        assert!(glob("*", ""));
        assert!(glob("a*b*c", "a-b-b-c"));
        assert!(!glob("a*c", "acb"));
        assert!(!glob("abc", "abcd"));
        assert!(glob("h*é", "hé"));
    }

    #[test]
    fn lines_are_inserted_after_each_picked_line() {
        let picked = |line: &str| line.starts_with('k');
        assert_eq!(
            insert_after("a\nk1\nb\nk2\n", picked, "x"),
            "a\nk1\nx\nb\nk2\nx\n"
        );
        assert_eq!(insert_after("a\nk", picked, "x"), "a\nk\nx\n");
        assert_eq!(insert_after("a\n", picked, "x"), "a\n");
    }
}
