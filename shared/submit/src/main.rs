//! `submit --root DIR --bin-dir DIR NAME [--no-check] [--open] [--print]`:
//! see `USAGE`. `cargo drill submit` builds what it runs and runs it.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use lexopt::prelude::*;

use submit::clipboard::{self, Desktop};
use submit::page::{dependencies, paste_page, takes_main_rs};

const USAGE: &str = "\
usage: judge submit NAME [--no-check] [--open] [--print]

Judges NAME's stored cases as `judge check NAME` does and, when every case
passes, copies what NAME's judge takes to the clipboard: for AtCoder (its
URL in the manifest says so) crates/NAME/src/main.rs as it is, unless it
uses a crate of libs/; for every other judge the bundle, std only
(`judge`'s bundler; refused past 64 KiB). One line says what was copied
and the page to paste it into: AtCoder's submit page for the task,
Codeforces' for the problem, else the problem's URL.
  --no-check  copies without judging first
  --open      opens that page in the browser too
  --print     writes the text to stdout instead of the clipboard
The clipboard: wl-copy (Wayland), xclip or xsel (X11), pbcopy (macOS),
clip.exe (Windows); without a display (over SSH), the terminal by OSC 52.
Exits 1 when a case fails (nothing copied), 2 when there is no clipboard
or NAME is not a problem.";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(Stop::Failed(message)) => {
            eprintln!("submit: {message}");
            ExitCode::FAILURE
        }
        Err(Stop::Setup(message)) => {
            eprintln!("submit: {message}");
            ExitCode::from(2)
        }
    }
}

enum Stop {
    Help,
    /// A case failed, or the bundle could not be made: exit 1.
    Failed(String),
    /// A mistake in the request, or no clipboard: exit 2.
    Setup(String),
}

impl From<lexopt::Error> for Stop {
    fn from(error: lexopt::Error) -> Stop {
        Stop::Setup(format!("{error}\ntry `judge help submit`"))
    }
}

#[derive(Default)]
struct Options {
    root: Option<PathBuf>,
    bin_dir: Option<PathBuf>,
    name: Option<String>,
    no_check: bool,
    open: bool,
    print: bool,
}

fn parse() -> Result<Options, Stop> {
    let mut options = Options::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => options.root = Some(parser.value()?.into()),
            Long("bin-dir") => options.bin_dir = Some(parser.value()?.into()),
            Long("no-check") => options.no_check = true,
            Long("open") => options.open = true,
            Long("print") => options.print = true,
            Short('h') | Long("help") => return Err(Stop::Help),
            Value(name) if options.name.is_none() => options.name = Some(name.string()?),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(options)
}

fn run() -> Result<(), Stop> {
    let options = parse()?;
    let (Some(root), Some(bin_dir)) = (&options.root, &options.bin_dir) else {
        return Err(Stop::Setup(
            "--root and --bin-dir are given by `judge submit`".to_string(),
        ));
    };
    let Some(name) = &options.name else {
        return Err(Stop::Setup(format!("which problem?\n{USAGE}")));
    };
    let crate_dir = root.join("crates").join(name);
    let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml"))
        .map_err(|_| Stop::Setup(format!("no problem crates/{name}")))?;
    // The clipboard is chosen first: without one, nothing is judged in vain.
    let terminal = Path::new(if cfg!(windows) { "CON" } else { "/dev/tty" });
    let via = if options.print {
        None
    } else {
        let reachable = !cfg!(windows)
            && std::fs::OpenOptions::new()
                .write(true)
                .open(terminal)
                .is_ok();
        Some(clipboard::choose(&Desktop::here(), reachable).map_err(Stop::Setup)?)
    };
    if !options.no_check {
        check(root, bin_dir, name, options.print)?;
    }
    let url = manifest
        .lines()
        .find_map(|line| line.trim().strip_prefix("url = \"")?.strip_suffix('"'))
        .unwrap_or_default()
        .to_string();
    let (text, what) = if takes_main_rs(&url, &dependencies(&manifest)) {
        let main = crate_dir.join("src/main.rs");
        let text = std::fs::read_to_string(&main)
            .map_err(|error| Stop::Setup(format!("crates/{name}/src/main.rs: {error}")))?;
        (text, format!("crates/{name}/src/main.rs"))
    } else {
        (
            bundle(root, bin_dir, name)?,
            format!("the bundle of {name} (std only)"),
        )
    };
    let page = if url.is_empty() {
        "the judge's submit page (no url in its manifest)".to_string()
    } else {
        paste_page(&url)
    };
    match &via {
        None => {
            let mut stdout = io::stdout().lock();
            stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .map_err(|error| Stop::Setup(error.to_string()))?;
            eprintln!("printed {what} ({} bytes): paste it at {page}", text.len());
        }
        Some(via) => {
            clipboard::copy(&text, via, terminal).map_err(Stop::Setup)?;
            println!(
                "copied {what} ({} bytes) to the clipboard ({via}): paste it at {page}",
                text.len()
            );
        }
    }
    if options.open && !url.is_empty() {
        clipboard::open(&page).map_err(Stop::Setup)?;
    }
    Ok(())
}

/// `judge check NAME`, its report on stdout (stderr with `--print`, where
/// stdout is the text).
fn check(root: &Path, bin_dir: &Path, name: &str, print: bool) -> Result<(), Stop> {
    let judge = bin_dir.join(format!("judge{}", std::env::consts::EXE_SUFFIX));
    let output = Command::new(&judge)
        .args(["check", "--root"])
        .arg(root)
        .arg("--bin-dir")
        .arg(bin_dir)
        .arg(name)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| Stop::Setup(format!("{}: {error}", judge.display())))?;
    let report = String::from_utf8_lossy(&output.stdout);
    if print {
        eprint!("{report}");
    } else {
        print!("{report}");
    }
    match output.status.code() {
        Some(0) => Ok(()),
        Some(1) => Err(Stop::Failed(format!(
            "{name} fails its cases: nothing copied (--no-check copies all the same)"
        ))),
        _ => Err(Stop::Setup(format!(
            "judge check {name} could not judge it"
        ))),
    }
}

/// The bundle of `name`, made by the bundler in `bin_dir`.
fn bundle(root: &Path, bin_dir: &Path, name: &str) -> Result<String, Stop> {
    let bundler = bin_dir.join(format!("bundle{}", std::env::consts::EXE_SUFFIX));
    let output = Command::new(&bundler)
        .arg(name)
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .current_dir(root)
        .stdin(Stdio::null())
        .output()
        .map_err(|error| Stop::Setup(format!("{}: {error}", bundler.display())))?;
    if !output.status.success() {
        return Err(Stop::Failed(format!(
            "the bundle of {name} could not be made: nothing copied\n{}",
            String::from_utf8_lossy(&output.stderr).trim_end()
        )));
    }
    String::from_utf8(output.stdout)
        .map_err(|_| Stop::Failed("the bundle is not UTF-8".to_string()))
}
