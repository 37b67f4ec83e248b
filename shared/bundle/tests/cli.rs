//! The `bundle` command line: its options and their mistakes, a problem found
//! by its package name, `BUNDLE_DEBUG`'s report, and the `rlibs` helper of
//! scripts/check-bundles.sh.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BUNDLE: &str = env!("CARGO_BIN_EXE_bundle");

fn bundle(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BUNDLE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bundle runs");
    let written = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    // A refusal may come before the input is read: the pipe is then closed.
    if let Err(error) = written {
        assert_eq!(error.kind(), ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Expects exit 1 with `message` as the first line of stderr, nothing on stdout.
fn assert_fails(output: &Output, message: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().next(), Some(message), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn help_goes_to_stdout() {
    for flag in ["--help", "-h"] {
        let output = bundle(&[flag], "");
        assert!(output.status.success());
        assert!(text(&output.stdout).starts_with("usage:\n  bundle PROBLEM [-o FILE]"));
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn a_mistake_on_the_command_line_is_named_then_the_usage_shown() {
    let cases: [(&[&str], &str); 6] = [
        (&[], "bundle: usage: give either PROBLEM or --main FILE"),
        (
            &["p", "--main", "m.rs"],
            "bundle: usage: give either PROBLEM or --main FILE",
        ),
        (&["p", "q"], "bundle: usage: unexpected argument \"q\""),
        (&["--bogus"], "bundle: usage: invalid option '--bogus'"),
        (
            &["p", "-o"],
            "bundle: usage: missing argument for option '-o'",
        ),
        (
            &["--manifest-path"],
            "bundle: usage: missing argument for option '--manifest-path'",
        ),
    ];
    for (args, message) in cases {
        let output = bundle(args, "");
        assert_fails(&output, message);
        assert!(text(&output.stderr).contains("\nusage:\n  bundle PROBLEM"));
    }
}

/// Writes each `(path, contents)` under `dir`, making the folders.
fn write_files(dir: &Path, files: &[(impl AsRef<Path>, impl AsRef<[u8]>)]) {
    for (path, contents) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
}

/// A workspace of three packages without dependencies: `named` has a binary
/// of its own name besides src/main.rs, `renamed` only src/main.rs under
/// another name, `tools` no main binary.
fn fixture_workspace(dir: &Path) {
    let files = [
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"named\", \"renamed\", \"tools\"]\nresolver = \"2\"\n",
        ),
        (
            "named/Cargo.toml",
            "[package]\nname = \"named\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [[bin]]\nname = \"other\"\npath = \"src/main.rs\"\n\n\
             [[bin]]\nname = \"named\"\npath = \"src/named.rs\"\n",
        ),
        (
            "named/src/main.rs",
            "fn main() {\n    println!(\"other\");\n}\n",
        ),
        (
            "named/src/named.rs",
            "fn main() {\n    println!(\"named\");\n}\n",
        ),
        (
            "renamed/Cargo.toml",
            "[package]\nname = \"renamed\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [[bin]]\nname = \"solve\"\npath = \"src/main.rs\"\n",
        ),
        (
            "renamed/src/main.rs",
            "fn main() {\n    println!(\"solve\");\n}\n",
        ),
        (
            "tools/Cargo.toml",
            "[package]\nname = \"tools\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        ("tools/src/bin/helper.rs", "fn main() {}\n"),
    ];
    write_files(dir, &files);
}

/// A bundle without crates: the header, then the main file that prints `word`.
fn assert_bundle_of(bundle: &str, word: &str) {
    assert!(bundle.starts_with("// One-file bundle"), "{bundle}");
    let main = format!("\nfn main() {{\n    println!(\"{word}\");\n}}\n");
    assert!(bundle.ends_with(&main), "{bundle}");
}

#[test]
fn a_problem_is_the_binary_of_its_name_else_its_src_main_rs() {
    let dir = judge::scratch::tempdir().unwrap();
    fixture_workspace(dir.path());
    let manifest = dir.path().join("Cargo.toml");
    let manifest = manifest.to_str().unwrap();

    let named = bundle(&["--manifest-path", manifest, "named"], "");
    assert!(named.status.success(), "{}", text(&named.stderr));
    assert_bundle_of(&text(&named.stdout), "named");

    let output = dir.path().join("renamed.rs");
    let renamed = bundle(
        &[
            "renamed",
            "--manifest-path",
            manifest,
            "-o",
            output.to_str().unwrap(),
        ],
        "",
    );
    assert!(renamed.status.success(), "{}", text(&renamed.stderr));
    assert!(renamed.stdout.is_empty(), "the bundle went to the file");
    assert_bundle_of(&fs::read_to_string(&output).unwrap(), "solve");

    assert_fails(
        &bundle(&["--manifest-path", manifest, "tools"], ""),
        "bundle: tools has no binary named tools",
    );
    assert_fails(
        &bundle(&["--manifest-path", manifest, "absent"], ""),
        "bundle: no workspace member named absent",
    );
}

#[test]
fn a_problem_of_this_workspace_is_bundled_with_its_own_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = root.join("Cargo.toml");
    let manifest = manifest.to_str().unwrap();
    let main = root.join("crates/hrbust-2320/src/main.rs");
    let by_name = bundle(&["hrbust-2320", "--manifest-path", manifest], "");
    assert!(by_name.status.success(), "{}", text(&by_name.stderr));
    let by_file = bundle(
        &[
            "--main",
            main.to_str().unwrap(),
            "--manifest-path",
            manifest,
        ],
        "",
    );
    assert!(by_file.status.success(), "{}", text(&by_file.stderr));
    assert_eq!(text(&by_name.stdout), text(&by_file.stdout));
    assert!(text(&by_name.stdout).contains("\nmod proconio {"));
}

#[test]
fn bundle_debug_shows_what_is_kept_and_each_shrinking_trial() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = root.join("Cargo.toml");
    let run = |debug: bool| {
        let mut command = Command::new(BUNDLE);
        command.args(["hrbust-2320", "--manifest-path", manifest.to_str().unwrap()]);
        if debug {
            command.env("BUNDLE_DEBUG", "1");
        } else {
            command.env_remove("BUNDLE_DEBUG");
        }
        command.output().unwrap()
    };
    let quiet = run(false);
    assert!(quiet.status.success(), "{}", text(&quiet.stderr));
    assert!(quiet.stderr.is_empty(), "{}", text(&quiet.stderr));
    let debug = run(true);
    assert!(debug.status.success(), "{}", text(&debug.stderr));
    assert_eq!(text(&debug.stdout), text(&quiet.stdout));

    let stderr = text(&debug.stderr);
    let rounds: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("kept next: ["))
        .collect();
    // main.rs names `input` and `Bytes` (each round's list is sorted); later
    // rounds keep the traits and impls those need, labelled with their members.
    assert!(
        rounds
            .first()
            .is_some_and(|round| round.starts_with("kept next: [\"Bytes\", \"input\", ")),
        "{stderr}"
    );
    for label in [
        "\"use std :: io :: BufRead\"",
        "\"trait RuntimeReadable {Output,read}\"",
        "\"impl Source < R > for LineSource < R > {next_token,is_empty}\"",
    ] {
        assert!(
            rounds.iter().any(|round| round.contains(label)),
            "{label} in {stderr}"
        );
    }
    let trials: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("shrinking ("))
        .collect();
    assert!(
        trials.iter().any(|trial| trial.ends_with(" bytes")),
        "{stderr}"
    );
    assert!(
        trials
            .iter()
            .any(|trial| trial.ends_with(" bytes, does not compile")),
        "{stderr}"
    );
    assert!(
        stderr.contains("error[E"),
        "rustc's errors of a failed trial: {stderr}"
    );
}

const CARGO_MESSAGES: &str = r#"Compiling alpha (not JSON)
{"reason":"build-script-executed","target":{"name":"alpha"},"filenames":["/elsewhere/libalpha.rlib"]}
{"reason":"compiler-artifact","target":{"name":"alpha"},"filenames":["/t/libalpha.rmeta","/t/libalpha.rlib"]}
{"reason":"compiler-artifact","target":{"name":"beta"},"filenames":["/t/libbeta.rlib"]}
{"reason":"compiler-artifact","filenames":["/t/libnameless.rlib"]}
{"reason":"compiler-artifact","target":{"name":"gamma"},"filenames":["/t/libgamma.rlib"]}
{"reason":"compiler-artifact","target":{"name":"alpha"},"filenames":["/t/libalpha.rlib"]}
{"reason":"compiler-artifact","target":{"name":"delta"},"filenames":["/t/delta.rmeta"]}
"#;

#[test]
fn rlibs_prints_each_named_library_s_rlib_from_cargo_s_messages() {
    let output = bundle(&["rlibs", "beta", "alpha"], CARGO_MESSAGES);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "beta=/t/libbeta.rlib\nalpha=/t/libalpha.rlib\n"
    );
    assert_fails(
        &bundle(&["rlibs", "alpha", "delta"], CARGO_MESSAGES),
        "bundle: no .rlib for delta in cargo's messages",
    );
    let rebuilt = r#"{"reason":"compiler-artifact","target":{"name":"alpha"},"filenames":["/u/libalpha.rlib"]}"#;
    assert_fails(
        &bundle(&["rlibs", "alpha"], &format!("{CARGO_MESSAGES}{rebuilt}\n")),
        "bundle: two different alpha libraries: /t/libalpha.rlib and /u/libalpha.rlib",
    );
    assert_fails(
        &bundle(&["rlibs"], CARGO_MESSAGES),
        "bundle: usage: rlibs needs library names",
    );
}

/// A workspace (in `dir/ws`) whose problem `app` uses crates `alpha` and `beta`
/// (beside it, not members), which both use a crate they call `gamma`: the same
/// package, or with `split`, two.
fn path_crates_workspace(dir: &Path, split: bool) {
    let manifest = |name: &str, version: &str, dependencies: &str| {
        format!(
            "[package]\nname = \"{name}\"\nversion = \"{version}\"\nedition = \"2021\"\n\n\
             [dependencies]\n{dependencies}"
        )
    };
    let beta_gamma = if split { "../gamma2" } else { "../gamma" };
    let files = [
        (
            "ws/Cargo.toml".to_string(),
            "[workspace]\nmembers = [\"app\"]\nresolver = \"2\"\n".to_string(),
        ),
        (
            "ws/app/Cargo.toml".to_string(),
            manifest(
                "app",
                "0.1.0",
                "alpha = { path = \"../../alpha\" }\nbeta = { path = \"../../beta\" }\n",
            ),
        ),
        (
            "ws/app/src/main.rs".to_string(),
            "fn main() {\n    println!(\"{} {}\", alpha::a(), beta::b());\n}\n".to_string(),
        ),
        (
            "alpha/Cargo.toml".to_string(),
            manifest("alpha", "0.1.0", "gamma = { path = \"../gamma\" }\n"),
        ),
        (
            "alpha/src/lib.rs".to_string(),
            "pub fn a() -> u32 {\n    gamma::g() + 1\n}\n".to_string(),
        ),
        (
            "beta/Cargo.toml".to_string(),
            manifest(
                "beta",
                "0.1.0",
                &format!("gamma = {{ path = \"{beta_gamma}\" }}\n"),
            ),
        ),
        (
            "beta/src/lib.rs".to_string(),
            "pub fn b() -> u32 {\n    gamma::g() + 2\n}\n".to_string(),
        ),
        (
            "gamma/Cargo.toml".to_string(),
            manifest("gamma", "0.1.0", ""),
        ),
        (
            "gamma/src/lib.rs".to_string(),
            "pub fn g() -> u32 {\n    40\n}\n".to_string(),
        ),
        (
            "gamma2/Cargo.toml".to_string(),
            manifest("gamma", "0.2.0", ""),
        ),
        (
            "gamma2/src/lib.rs".to_string(),
            "pub fn g() -> u32 {\n    50\n}\n".to_string(),
        ),
    ];
    write_files(dir, &files);
}

#[test]
fn a_crate_two_crates_use_is_bundled_once_and_two_of_one_name_are_refused() {
    let dir = judge::scratch::tempdir().unwrap();
    path_crates_workspace(dir.path(), false);
    let manifest = dir.path().join("ws/Cargo.toml");
    let bundled = bundle(&["app", "--manifest-path", manifest.to_str().unwrap()], "");
    let text = text(&bundled.stdout);
    assert!(bundled.status.success(), "{}", self::text(&bundled.stderr));
    for module in ["alpha", "beta", "gamma"] {
        assert_eq!(
            text.matches(&format!("\nmod {module} {{")).count(),
            1,
            "{text}"
        );
    }
    let source = dir.path().join("bundle.rs");
    fs::write(&source, &text).unwrap();
    let binary = dir.path().join("program");
    let rustc = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap();
    assert!(rustc.status.success(), "{}", self::text(&rustc.stderr));
    let run = Command::new(&binary).output().unwrap();
    assert_eq!(self::text(&run.stdout), "41 42\n");

    let dir = judge::scratch::tempdir().unwrap();
    path_crates_workspace(dir.path(), true);
    let manifest = dir.path().join("ws/Cargo.toml");
    let refused = bundle(&["app", "--manifest-path", manifest.to_str().unwrap()], "");
    let message = self::text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{message}");
    assert!(message.contains(": two crates named gamma ("), "{message}");
    assert!(message.ends_with(") cannot both be bundled\n"), "{message}");
}
