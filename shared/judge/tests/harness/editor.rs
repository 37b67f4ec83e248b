//! A thousand problems in the editor (issue 59): scratch copies of the
//! workspace with 0, 200 and 1,000 more problems (4, 204 and 1,004 in all,
//! each made as `judge new` makes one, with a right `main.rs`), measured side
//! by side in one run, a round over the three sizes at a time:
//!
//! - `rust-analyzer analysis-stats` of the workspace: seconds and peak memory;
//! - `cargo metadata`, which every cargo command, and the editor's reload, pays;
//! - the check after saving one `main.rs`: the editor's default (`cargo check
//!   --workspace --all-targets`, in `target/`) and with the shipped settings
//!   (`cargo check -p NAME --all-targets`, in `target/rust-analyzer`);
//! - the first diagnostics of a `main.rs` with an error through the language
//!   server, as an editor drives it: rust-analyzer started, `initialize` (the
//!   shipped settings as VS Code sends them), `didOpen`, `didSave`, until
//!   `publishDiagnostics` brings rustc's error for that file;
//! - `cargo drill check NAME` (shared/cargo-drill, installed here as a user
//!   installs it, run from the problem's `src/`) and `scripts/check.sh NAME`
//!   with nothing changed: both start the judge cargo built last, which asks
//!   cargo only when it is not the one cargo would run.
//!
//! `JUDGE_EDITOR_MORE=0,20` measures other sizes (the problems beside the
//! four). Each figure is the median of three rounds; the table and each size's
//! ratio to 4 problems are printed, not asserted (how fast a machine is, is
//! no test's business); the work is: every check, `analysis-stats` and the
//! judge exit as they must, and the diagnostics name the error.
//!
//! rust-analyzer is `RUST_ANALYZER`, else the one `cargo install --locked
//! ra_ap_rust-analyzer@0.0.340` puts in `$CARGO_TARGET_TMPDIR/../ra` (built
//! once, about six minutes on 2 cores). Run: `cargo test -p judge --test
//! harness -- --ignored --nocapture editor::` (about 5 minutes once
//! rust-analyzer is built).

// The scratch workspaces come from git and scripts of POSIX sh.
#![cfg(unix)]

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::scaffold::{copy_workspace, expect, install_launcher, source_root, ScratchWorkspace};

/// The problems each workspace has beside the four of the repository.
const MORE: [usize; 3] = [0, 200, 1000];

/// The rust-analyzer measured, as the issue built it.
const RA_VERSION: &str = "0.0.340";

/// The settings the workspace ships (.vscode/settings.json), as the
/// language server's initialization options.
const SHIPPED: &str = r#"{"check":{"workspace":false},"cargo":{"targetDir":true}}"#;

/// ABC086 A, as a user writes it.
const MAIN_RS: &str = "use proconio::input;

fn main() {
    input! {
        a: u64,
        b: u64,
    }
    println!(\"{}\", if a * b % 2 == 0 { \"Even\" } else { \"Odd\" });
}
";

/// A main.rs rustc rejects: a type error, which only the check finds.
const WRONG_MAIN_RS: &str =
    "fn main() {\n    let count: u32 = \"three\";\n    println!(\"{count}\");\n}\n";

struct Workspace {
    ws: PathBuf,
    problems: usize,
    /// `PATH`, with the folder where `cargo install` put `cargo-drill` first.
    path: std::ffi::OsString,
}

impl Workspace {
    fn command(&self, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(&self.ws)
            .env("PATH", &self.path)
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_TERM_QUIET")
            .env_remove("CARGO_TERM_VERBOSE")
            .env_remove("RUSTFLAGS")
            .stdin(Stdio::null());
        command
    }

    /// Seconds of `command`, which must exit 0 and say each of `said`.
    fn timed(&self, command: Command, said: &[&str]) -> f64 {
        let started = Instant::now();
        let run = expect(0, command);
        let seconds = started.elapsed().as_secs_f64();
        run.has(said);
        seconds
    }

    /// `cargo drill check line-sg`, from the problem's `src/` as an
    /// editor's terminal is.
    fn judge_check(&self) -> Command {
        let mut command = self.command("cargo", &["drill", "check", "line-sg"]);
        command.current_dir(self.ws.join("crates/line-sg/src"));
        command
    }

    /// A save of `line-sg`'s main.rs: its text changed (a comment), so that
    /// cargo checks it again.
    fn save(&self, round: usize) {
        let path = self.ws.join("crates/line-sg/src/main.rs");
        let text = fs::read_to_string(&path).unwrap();
        let kept = text.split("\n// save ").next().unwrap().to_string();
        fs::write(path, format!("{kept}\n// save {round}\n")).unwrap();
    }
}

/// A copy of the workspace with `more` problems made by `judge new`'s
/// template, their lock entries added by one `cargo update`.
fn workspace(base: &Path, more: usize, path: &std::ffi::OsStr) -> Workspace {
    let ws = base.join(format!("ws{more}"));
    fs::create_dir_all(&ws).unwrap();
    copy_workspace(&source_root(), &ws);
    if more > 0 {
        let spec = judge::commands::new::NewProblem {
            url: Some("https://atcoder.jp/contests/abc086/tasks/abc086_a".to_string()),
            ..judge::commands::new::NewProblem::named("template")
        };
        judge::commands::new::create(&ws, &spec).unwrap();
        let template = fs::read_to_string(ws.join("crates/template/Cargo.toml")).unwrap();
        let tests = fs::read_to_string(ws.join("crates/template/tests/io_tests.rs")).unwrap();
        for i in 1..=more {
            let name = format!("p{i:04}");
            let dir = ws.join("crates").join(&name);
            fs::create_dir_all(dir.join("src")).unwrap();
            fs::create_dir_all(dir.join("tests")).unwrap();
            fs::write(dir.join("Cargo.toml"), template.replace("template", &name)).unwrap();
            fs::write(
                dir.join("tests/io_tests.rs"),
                tests.replace("template", &name),
            )
            .unwrap();
            fs::write(dir.join("src/main.rs"), MAIN_RS).unwrap();
            let cases = ws.join("io-tests").join(&name);
            fs::create_dir_all(&cases).unwrap();
            fs::write(cases.join("sample-1.in"), "3 4\n").unwrap();
            fs::write(cases.join("sample-1.out"), "Even\n").unwrap();
        }
        fs::remove_dir_all(ws.join("crates/template")).unwrap();
        fs::remove_dir_all(ws.join("io-tests/template")).unwrap();
        let w = Workspace {
            ws: ws.clone(),
            problems: 4 + more,
            path: path.to_os_string(),
        };
        expect(
            0,
            w.command("cargo", &["update", "--workspace", "--offline", "--quiet"]),
        );
    }
    Workspace {
        ws,
        problems: 4 + more,
        path: path.to_os_string(),
    }
}

/// rust-analyzer: `RUST_ANALYZER`, or the one built here once.
fn rust_analyzer(base: &Path) -> PathBuf {
    if let Some(given) = std::env::var_os("RUST_ANALYZER") {
        return PathBuf::from(given);
    }
    let root = base.parent().unwrap().join(format!("ra-{RA_VERSION}"));
    let binary = root.join("bin/rust-analyzer");
    if !binary.is_file() {
        println!(
            "editor: building rust-analyzer {RA_VERSION} into {} (minutes)",
            root.display()
        );
        let mut install = Command::new("cargo");
        install
            .args([
                "install",
                "--locked",
                &format!("ra_ap_rust-analyzer@{RA_VERSION}"),
                "--root",
            ])
            .arg(&root)
            .stdin(Stdio::null());
        expect(0, install);
    }
    binary
}

/// `analysis-stats` of the workspace: its seconds and peak memory in MB.
fn analysis_stats(ra: &Path, w: &Workspace) -> (f64, f64) {
    let limits = judge::runner::Limits {
        output_mb: Some(64),
        ..judge::runner::Limits::time(Duration::from_secs(900))
    };
    let ws = w.ws.to_str().unwrap();
    let args = [
        "analysis-stats",
        "--no-sysroot",
        "--disable-build-scripts",
        "--disable-proc-macros",
        ws,
    ];
    let run = judge::runner::execute_with(ra, &args, b"", &limits).unwrap();
    assert!(
        run.succeeded(),
        "analysis-stats of {} problems: {}\n{}",
        w.problems,
        run.describe_end(),
        String::from_utf8_lossy(&run.stderr)
    );
    let said = String::from_utf8_lossy(&[run.stdout.as_slice(), run.stderr.as_slice()].concat())
        .into_owned();
    assert!(
        said.contains("Database loaded"),
        "analysis-stats said:\n{said}"
    );
    (
        run.elapsed.as_secs_f64(),
        run.peak_memory_kb as f64 / 1024.0,
    )
}

/// One LSP message on the server's stdin.
fn send(stdin: &mut impl Write, message: &str) {
    write!(stdin, "Content-Length: {}\r\n\r\n{message}", message.len()).unwrap();
    stdin.flush().unwrap();
}

/// Seconds from rust-analyzer's start to rustc's diagnostics of `line-sg`'s
/// main.rs, rewritten with an error, opened and saved as an editor does.
fn first_diagnostics(ra: &Path, w: &Workspace) -> f64 {
    let path = w.ws.join("crates/line-sg/src/main.rs");
    let right = fs::read_to_string(&path).unwrap();
    fs::write(&path, WRONG_MAIN_RS).unwrap();
    let root_uri = format!("file://{}", w.ws.display());
    let uri = format!("file://{}", path.display());
    let started = Instant::now();
    let mut server = Command::new(ra)
        .current_dir(&w.ws)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let (messages, inbox) = mpsc::channel::<serde_json::Value>();
    let stdout = server.stdout.take().unwrap();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                if line == "\r\n" {
                    break;
                }
                if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = value.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            if reader.read_exact(&mut body).is_err() {
                return;
            }
            if let Ok(message) = serde_json::from_slice(&body) {
                if messages.send(message).is_err() {
                    return;
                }
            }
        }
    });
    send(
        &mut stdin,
        &serde_json::json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {
                "processId": null, "rootUri": root_uri,
                "workspaceFolders": [{"uri": root_uri, "name": "workspace"}],
                "initializationOptions": serde_json::from_str::<serde_json::Value>(SHIPPED).unwrap(),
                "capabilities": {"textDocument": {"publishDiagnostics": {}},
                                  "workspace": {"configuration": true}}
            }
        })
        .to_string(),
    );
    let save = serde_json::json!({
        "jsonrpc": "2.0", "method": "textDocument/didSave",
        "params": {"textDocument": {"uri": uri}}
    })
    .to_string();
    let mut saved = false;
    let seconds = loop {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "rust-analyzer of {} problems: no diagnostics of rustc in 600 s",
            w.problems
        );
        // A save before the workspace is loaded starts no check: saved
        // again every second, as a user would, until rustc's error comes.
        let Ok(message) = inbox.recv_timeout(Duration::from_secs(1)) else {
            if saved {
                send(&mut stdin, &save);
            }
            continue;
        };
        let method = message["method"].as_str().unwrap_or_default();
        if message["id"] == 1 && message.get("result").is_some() {
            send(
                &mut stdin,
                r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            );
            let open = serde_json::json!({
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "rust", "version": 1, "text": WRONG_MAIN_RS}}
            });
            send(&mut stdin, &open.to_string());
            send(&mut stdin, &save);
            saved = true;
        } else if method == "workspace/configuration" {
            // The shipped settings, for every item asked.
            let items = message["params"]["items"].as_array().map_or(1, Vec::len);
            let settings: serde_json::Value = serde_json::from_str(SHIPPED).unwrap();
            let reply = serde_json::json!({"jsonrpc": "2.0", "id": message["id"], "result": vec![settings; items]});
            send(&mut stdin, &reply.to_string());
        } else if message.get("id").is_some() && !method.is_empty() {
            let reply = serde_json::json!({"jsonrpc": "2.0", "id": message["id"], "result": null});
            send(&mut stdin, &reply.to_string());
        } else if saved
            && method == "textDocument/publishDiagnostics"
            && message["params"]["uri"] == uri.as_str()
        {
            let rustc = message["params"]["diagnostics"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|diagnostic| diagnostic["source"] == "rustc");
            if let Some(diagnostic) = rustc {
                let text = diagnostic["message"].as_str().unwrap_or_default();
                assert!(text.contains("mismatched types"), "rustc said: {text}");
                break started.elapsed().as_secs_f64();
            }
        }
    };
    let _ = server.kill();
    let _ = server.wait();
    fs::write(&path, right).unwrap();
    seconds
}

fn median(mut figures: Vec<f64>) -> f64 {
    figures.sort_by(f64::total_cmp);
    figures[figures.len() / 2]
}

#[test]
#[ignore = "expensive: rust-analyzer and cargo on scratch workspaces of up to 1,004 problems (about 5 minutes once rust-analyzer is built)"]
fn a_thousand_problems_in_the_editor() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("editor");
    let _ = fs::remove_dir_all(&base);
    fs::create_dir_all(&base).unwrap();
    let ra = rust_analyzer(&base);
    let _scratch = ScratchWorkspace { path: base.clone() };
    let more: Vec<usize> = match std::env::var("JUDGE_EDITOR_MORE") {
        Ok(list) => list
            .split(',')
            .map(|more| more.trim().parse().unwrap())
            .collect(),
        Err(_) => MORE.to_vec(),
    };
    let path = install_launcher(&source_root(), &base.join("cargo-drill"));
    let workspaces: Vec<Workspace> = more
        .iter()
        .map(|&more| workspace(&base, more, &path))
        .collect();
    // Warm: the judge built, every check done once in both target folders.
    for w in &workspaces {
        expect(
            0,
            w.command("cargo", &["build", "--release", "--quiet", "-p", "judge"]),
        );
        expect(0, w.judge_check());
        expect(
            0,
            w.command(
                "cargo",
                &["check", "--quiet", "--workspace", "--all-targets"],
            ),
        );
        expect(
            0,
            w.command(
                "cargo",
                &[
                    "check",
                    "--quiet",
                    "-p",
                    "line-sg",
                    "--all-targets",
                    "--target-dir",
                    "target/rust-analyzer",
                ],
            ),
        );
        println!("editor: {} problems made and built", w.problems);
    }
    let names = [
        "analysis s",
        "analysis MB",
        "metadata s",
        "check --workspace s",
        "check -p s",
        "first diagnostics s",
        "cargo drill check s",
        "scripts/check.sh s",
    ];
    let mut figures = vec![vec![Vec::new(); names.len()]; workspaces.len()];
    for round in 0..3 {
        for (index, w) in workspaces.iter().enumerate() {
            let (seconds, megabytes) = analysis_stats(&ra, w);
            let metadata = w.timed(
                w.command(
                    "cargo",
                    &["metadata", "--format-version", "1", "--offline", "--quiet"],
                ),
                &["\"workspace_members\""],
            );
            // Each check checks the saved problem again, and says so.
            let checked = ["Checking line-sg v0.1.0"];
            w.save(round);
            let whole = w.timed(
                w.command("cargo", &["check", "--workspace", "--all-targets"]),
                &checked,
            );
            w.save(round + 10);
            let one = w.timed(
                w.command(
                    "cargo",
                    &[
                        "check",
                        "-p",
                        "line-sg",
                        "--all-targets",
                        "--target-dir",
                        "target/rust-analyzer",
                    ],
                ),
                &checked,
            );
            let diagnostics = first_diagnostics(&ra, w);
            // The saves above changed main.rs: a first check builds it again,
            // the second is the one with nothing changed.
            expect(0, w.judge_check());
            // Both do the same work: they find line-sg unchanged since it
            // passed, and judge nothing.
            let unchanged = ["1 problem unchanged since it passed"];
            let judge = w.timed(w.judge_check(), &unchanged);
            let script = w.timed(
                w.command("sh", &["scripts/check.sh", "line-sg"]),
                &unchanged,
            );
            for (slot, figure) in figures[index].iter_mut().zip([
                seconds,
                megabytes,
                metadata,
                whole,
                one,
                diagnostics,
                judge,
                script,
            ]) {
                slot.push(figure);
            }
        }
        println!("editor: round {} of 3 done", round + 1);
    }
    println!("editor: the median of 3 rounds, and each size's ratio to 4 problems");
    println!(
        "editor: {:>22} {}",
        "",
        workspaces
            .iter()
            .map(|w| format!("{:>17}", w.problems))
            .collect::<String>()
    );
    for (column, name) in names.iter().enumerate() {
        let values: Vec<f64> = figures
            .iter()
            .map(|sizes| median(sizes[column].clone()))
            .collect();
        let cells: String = values
            .iter()
            .map(|value| format!("{:>9.3} ({:>4.2}x)", value, value / values[0]))
            .collect();
        println!("editor: {name:>22} {cells}");
    }
}
