//! `judge new` as a library (`judge::commands::new::create`) and as a command,
//! in scratch workspaces: what a request writes, that a request which cannot
//! be made writes nothing, and that an existing problem is told apart.
//! (tests/harness/scaffold.rs builds and judges what it writes.)

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use judge::cases::problem::Piece;
use judge::commands::new::{create, Compare, NewError, NewProblem};

/// A scratch workspace root: a manifest with `[workspace]`, and `crates/`.
fn workspace() -> judge::scratch::ScratchDir {
    let scratch = judge::scratch::tempdir().unwrap();
    fs::write(
        scratch.path().join("Cargo.toml"),
        "[workspace]\nmembers = [\"crates/*\"]\n",
    )
    .unwrap();
    fs::create_dir(scratch.path().join("crates")).unwrap();
    scratch
}

/// Every file under `root` with its bytes, and every folder (as `None`).
fn tree(root: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(root).unwrap().to_path_buf();
            if path.is_dir() {
                found.insert(relative, None);
                folders.push(path);
            } else {
                found.insert(relative, Some(fs::read(&path).unwrap()));
            }
        }
    }
    found
}

fn report(created: &judge::commands::new::Created) -> (String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    created.report(&mut out, &mut err).unwrap();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn invalid_message(result: Result<judge::commands::new::Created, NewError>) -> String {
    match result {
        Err(NewError::Invalid(message)) => message,
        other => panic!("expected an invalid request, got {other:?}"),
    }
}

#[test]
fn a_request_that_cannot_be_made_writes_nothing() {
    let root = workspace();
    let before = tree(root.path());
    let float = |error: &str| {
        Some(Compare::Float {
            error: error.to_string(),
        })
    };
    let cases = [
        (NewProblem::named("Abc"), "bad name 'Abc'"),
        (NewProblem::named("1abc"), "bad name '1abc'"),
        (NewProblem::named(""), "bad name ''"),
        (
            NewProblem {
                time_limit_ms: Some(0),
                ..NewProblem::named("ok")
            },
            "bad time limit '0'",
        ),
        (
            NewProblem {
                memory_limit_mb: Some(0),
                ..NewProblem::named("ok")
            },
            "bad memory limit '0'",
        ),
        (
            NewProblem {
                url: Some("https://a\"b".to_string()),
                ..NewProblem::named("ok")
            },
            "the URL may not contain a quote or a backslash",
        ),
        (
            NewProblem {
                url: Some("https://a\\b".to_string()),
                ..NewProblem::named("ok")
            },
            "the URL may not contain a quote or a backslash",
        ),
        (
            NewProblem {
                url: Some("https://a\nchecker = true".to_string()),
                ..NewProblem::named("ok")
            },
            "the URL may not contain a control character",
        ),
        (
            NewProblem {
                compare: float("0x1"),
                ..NewProblem::named("ok")
            },
            "bad float error '0x1' (a decimal number such as 1e-6)",
        ),
        (
            NewProblem {
                compare: float(".5"),
                pieces: vec![Piece::Naive],
                samples: vec![(b"1\n".to_vec(), b"1\n".to_vec())],
                ..NewProblem::named("ok")
            },
            "bad float error '.5' (a decimal number such as 1e-6)",
        ),
    ];
    for (spec, message) in cases {
        assert_eq!(invalid_message(create(root.path(), &spec)), message);
        assert_eq!(tree(root.path()), before, "{spec:?} wrote something");
    }
}

#[test]
fn an_existing_problem_is_told_apart_and_left_as_it_is() {
    let root = workspace();
    let created = create(root.path(), &NewProblem::named("demo")).unwrap();
    assert!(created.made);
    let before = tree(root.path());

    // A listener asking again for a problem it made: the same request.
    let again = NewProblem {
        url: Some("https://atcoder.jp/contests/abc086/tasks/abc086_a".to_string()),
        time_limit_ms: Some(2000),
        samples: vec![(b"3 4\n".to_vec(), b"Even\n".to_vec())],
        ..NewProblem::named("demo")
    };
    match create(root.path(), &again) {
        Err(NewError::Exists { name }) => assert_eq!(name, "demo"),
        other => panic!("expected Exists, got {other:?}"),
    }
    assert_eq!(
        create(root.path(), &again).unwrap_err().to_string(),
        "crates/demo exists already: add pieces with --with PIECE,... or --full"
    );
    // Pieces with settings: the settings are the manifest's already.
    let pieces_and_settings = NewProblem {
        pieces: vec![Piece::Naive],
        ..again.clone()
    };
    assert_eq!(
        invalid_message(create(root.path(), &pieces_and_settings)),
        "--time-limit-ms --url: set when a problem is made; \
         edit [package.metadata.judge] in crates/demo/Cargo.toml"
    );
    let pieces_and_samples = NewProblem {
        pieces: vec![Piece::Naive],
        samples: again.samples.clone(),
        ..NewProblem::named("demo")
    };
    assert_eq!(
        invalid_message(create(root.path(), &pieces_and_samples)),
        "samples are written when a problem is made; put them into io-tests/demo/"
    );
    assert_eq!(tree(root.path()), before);

    // A folder left in the way, without a manifest.
    fs::create_dir(root.path().join("io-tests/left")).unwrap();
    assert_eq!(
        invalid_message(create(root.path(), &NewProblem::named("left"))),
        "crates/left or io-tests/left exists already, without crates/left/Cargo.toml"
    );
    assert!(!root.path().join("crates/left").exists());
}

#[test]
fn samples_are_written_byte_for_byte_and_reported() {
    let root = workspace();
    let samples = vec![
        (b"3 4\r\n".to_vec(), b"Even".to_vec()),
        (vec![0xff, b'\n'], Vec::new()),
    ];
    let spec = NewProblem {
        url: Some("https://atcoder.jp/contests/abc086/tasks/abc086_a".to_string()),
        samples: samples.clone(),
        ..NewProblem::named("abc086-a")
    };
    let created = create(root.path(), &spec).unwrap();
    let io_tests = root.path().join("io-tests/abc086-a");
    for (number, (input, answer)) in (1..).zip(&samples) {
        assert_eq!(
            &fs::read(io_tests.join(format!("sample-{number}.in"))).unwrap(),
            input
        );
        assert_eq!(
            &fs::read(io_tests.join(format!("sample-{number}.out"))).unwrap(),
            answer
        );
    }
    assert_eq!(fs::read_dir(&io_tests).unwrap().count(), 4);
    let (out, _) = report(&created);
    assert!(
        out.contains("wrote io-tests/abc086-a/sample-2.out\n"),
        "{out}"
    );
    // The samples are there: no command to fetch them.
    assert!(!out.contains("oj d"), "{out}");
    assert!(
        out.ends_with(
            "next: write crates/abc086-a/src/main.rs,\nthen: scripts/check.sh abc086-a\n"
        ),
        "{out}"
    );
}

#[test]
fn a_new_problem_is_its_manifest_main_rs_and_test_with_its_settings() {
    let root = workspace();
    let spec = NewProblem {
        url: Some("https://codeforces.com/contest/1/problem/A".to_string()),
        time_limit_ms: Some(1000),
        memory_limit_mb: Some(1024),
        compare: Some(Compare::Float {
            error: "1e-9".to_string(),
        }),
        ..NewProblem::named("cf-1a")
    };
    let created = create(root.path(), &spec).unwrap();
    assert_eq!(
        created.written,
        ["Cargo.toml", "src/main.rs", "tests/io_tests.rs"]
    );
    let crate_dir = root.path().join("crates/cf-1a");
    let manifest = fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains(
            "[package.metadata.judge]\ntime-limit-ms = 1000\nmemory-limit-mb = 1024\n\
             url = \"https://codeforces.com/contest/1/problem/A\"\n\
             compare = \"float\"\nfloat-error = 1e-9\n"
        ),
        "{manifest}"
    );
    let problem = judge::cases::problem::Problem::load(root.path(), "cf-1a").unwrap();
    assert_eq!(problem.time_limit.as_millis(), 1000);
    assert_eq!(problem.memory_limit_mb, Some(1024));
    let main = fs::read_to_string(crate_dir.join("src/main.rs")).unwrap();
    assert!(
        main.contains("todo!(\"cf-1a: write the solution in src/main.rs"),
        "{main}"
    );
    let (out, _) = report(&created);
    assert!(out.starts_with("wrote crates/cf-1a/Cargo.toml\n"), "{out}");
    assert!(
        out.contains("  oj d https://codeforces.com/contest/1/problem/A -d io-tests/cf-1a\n"),
        "{out}"
    );
    assert!(fs::read_dir(root.path().join("io-tests/cf-1a"))
        .unwrap()
        .next()
        .is_none());
}

#[test]
fn pieces_added_later_never_overwrite_a_file() {
    let root = workspace();
    create(root.path(), &NewProblem::named("demo")).unwrap();
    let crate_dir = root.path().join("crates/demo");
    fs::write(crate_dir.join("src/main.rs"), "// mine\n").unwrap();
    fs::create_dir_all(crate_dir.join("tests")).unwrap();
    fs::write(crate_dir.join("tests/naive.rs"), "// mine too\n").unwrap();
    let manifest_before = fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap();

    let with = |pieces: Vec<Piece>| NewProblem {
        pieces,
        ..NewProblem::named("demo")
    };
    let created = create(root.path(), &with(vec![Piece::Naive, Piece::Gen])).unwrap();
    assert!(!created.made);
    assert_eq!(
        created.notes,
        ["kept crates/demo/tests/naive.rs (it exists)"]
    );
    assert_eq!(
        created.written,
        [
            "src/bin/naive.rs",
            "src/bin/gen.rs",
            "tests/all/generator.rs",
            "tests/all/main.rs",
            "tests/all/brute_force.rs"
        ]
    );
    assert_eq!(
        fs::read_to_string(crate_dir.join("src/main.rs")).unwrap(),
        "// mine\n"
    );
    assert_eq!(
        fs::read_to_string(crate_dir.join("tests/naive.rs")).unwrap(),
        "// mine too\n"
    );
    let manifest = fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap();
    assert!(
        manifest.starts_with(&manifest_before),
        "the manifest's lines were changed"
    );
    assert!(manifest.contains("\n[[bin]]\nname = \"demo-gen\"\npath = \"src/bin/gen.rs\"\n"));

    // Asked again, with one new piece: only that one, and the pair it completes.
    let created = create(root.path(), &with(vec![Piece::Gen, Piece::Validate])).unwrap();
    assert_eq!(created.notes, ["crates/demo has its gen already"]);
    assert_eq!(
        created.written,
        [
            "src/bin/validate.rs",
            "tests/all/validate.rs",
            "tests/all/main.rs",
            "tests/all/generated_inputs.rs"
        ]
    );
    let manifest = fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap();
    assert_eq!(manifest.matches("name = \"demo-gen\"").count(), 1);
    // The shared test binary declares each of its files once, sorted by rustfmt.
    let shared = fs::read_to_string(crate_dir.join("tests/all/main.rs")).unwrap();
    let declared: Vec<&str> = shared
        .lines()
        .filter(|line| line.starts_with("mod "))
        .collect();
    assert_eq!(
        declared,
        [
            "mod brute_force;",
            "mod generated_inputs;",
            "mod generator;",
            "mod validate;"
        ]
    );

    // Interactive later: the key goes at the top of the judge's table.
    let interactive = NewProblem {
        interactive: true,
        ..NewProblem::named("demo")
    };
    let created = create(root.path(), &interactive).unwrap();
    assert_eq!(created.written, ["src/bin/interact.rs"]);
    let manifest = fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("[package.metadata.judge]\ninteractive = true\ntime-limit-ms = 2000\n")
    );
    assert!(
        judge::cases::problem::Problem::load(root.path(), "demo")
            .unwrap()
            .interactive
    );
    let (out, _) = report(&created);
    assert_eq!(
        out,
        "wrote crates/demo/src/bin/interact.rs\n\
         write crates/demo/src/bin/interact.rs: it is a stub that fails until then\n"
    );
}

/// `judge new ARGS` run in `folder`.
fn judge_new(folder: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("new")
        .args(args)
        .current_dir(folder)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_command_finds_the_workspace_from_a_subfolder() {
    let root = workspace();
    let subfolder = root.path().join("crates");
    let (code, stdout, stderr) = judge_new(&subfolder, &["demo", "--with", "naive"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains("wrote crates/demo/src/bin/naive.rs\n"),
        "{stdout}"
    );
    assert!(root.path().join("crates/demo/src/bin/naive.rs").is_file());
    assert!(!subfolder.join("crates").exists());

    // From inside the new crate (its manifest has no [workspace]): the same root.
    let (code, _, stderr) = judge_new(&root.path().join("crates/demo/src"), &["demo"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        stderr,
        "judge: crates/demo exists already: add pieces with --with PIECE,... or --full\n"
    );

    // --root is taken as it is.
    let (code, _, stderr) = judge_new(&subfolder, &["--root", "..", "other"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(root.path().join("crates/other/Cargo.toml").is_file());
}

#[test]
fn the_command_reports_mistakes_in_one_line_and_writes_nothing() {
    let root = workspace();
    let before = tree(root.path());
    for (args, message) in [
        (&["Bad"][..], "judge: bad name 'Bad'\n"),
        (&["ok", "--time-limit-ms", "012"], "judge: bad time limit '012'\ntry `judge new --help`\n"),
        (&["ok", "--with", "naive,foo"], "judge: unknown piece 'foo' (pieces: naive gen validate baseline)\ntry `judge new --help`\n"),
        (&["ok", "--compare", "lines"], "judge: unknown comparison 'lines' (tokens, float, float:E or checker)\ntry `judge new --help`\n"),
        (&["ok", "--compare", "float:1."], "judge: bad float error '1.' (a decimal number such as 1e-6)\n"),
        (&[], "judge: name exactly one NAME\ntry `judge new --help`\n"),
    ] {
        let (code, stdout, stderr) = judge_new(root.path(), args);
        assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(2), "", message), "{args:?}");
    }
    assert_eq!(tree(root.path()), before);

    let outside = judge::scratch::tempdir().unwrap();
    let (code, _, stderr) = judge_new(outside.path(), &["demo"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.starts_with("judge: no Cargo.toml with [workspace] in "),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(" or any folder above it (give --root DIR)\n"),
        "{stderr}"
    );
}

#[test]
fn help_new_shows_the_options() {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["help", "new"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(
        help.starts_with("usage: judge new [--root DIR] NAME [--url URL]"),
        "{help}"
    );
    for option in [
        "--time-limit-ms",
        "--memory-limit-mb",
        "--compare",
        "--with",
        "--full",
        "--interactive",
        "--input-file",
        "--output-file",
    ] {
        assert!(help.contains(option), "{option}");
    }
    let usage = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--help")
        .output()
        .unwrap();
    let usage = String::from_utf8(usage.stdout).unwrap();
    assert!(usage.contains("\n  new       Makes a problem"), "{usage}");
}

/// Issue 66: the user's own template. The workspace's `templates/main.rs`
/// (and `templates/interactive.rs`) is a new problem's main.rs, its
/// placeholders filled and its path in the manifest; `--template FILE` for
/// one problem; without them the compiled-in template; a template that
/// cannot be read is refused, nothing written.
#[test]
fn the_users_template_makes_main_rs() {
    let root = workspace();
    let templates = root.path().join("templates");
    fs::create_dir(&templates).unwrap();
    fs::write(
        templates.join("main.rs"),
        "// @NAME@ from @URL@: @TIME_LIMIT_MS@ ms, @MEMORY_LIMIT_MB@ MB\nfn main() {}\n",
    )
    .unwrap();
    fs::write(
        templates.join("interactive.rs"),
        "// @NAME@ talks\nfn main() {}\n",
    )
    .unwrap();
    let made = |spec: NewProblem| {
        create(root.path(), &spec).unwrap();
        let crate_dir = root.path().join("crates").join(&spec.name);
        (
            fs::read_to_string(crate_dir.join("src/main.rs")).unwrap(),
            fs::read_to_string(crate_dir.join("Cargo.toml")).unwrap(),
        )
    };
    let (main, manifest) = made(NewProblem {
        url: Some("https://atcoder.jp/contests/abc086/tasks/abc086_a".to_string()),
        time_limit_ms: Some(1500),
        ..NewProblem::named("first")
    });
    assert_eq!(
        main,
        "// first from https://atcoder.jp/contests/abc086/tasks/abc086_a: 1500 ms, 256 MB\nfn main() {}\n"
    );
    assert!(
        manifest.contains("\ntemplate = \"templates/main.rs\"\n"),
        "{manifest}"
    );
    let (main, _) = made(NewProblem {
        interactive: true,
        ..NewProblem::named("talks")
    });
    assert_eq!(main, "// talks talks\nfn main() {}\n");
    // One problem's own.
    let own = root.path().join("own.rs");
    fs::write(&own, "// own @NAME@\nfn main() {}\n").unwrap();
    let (main, manifest) = made(NewProblem {
        template: Some(own.clone()),
        ..NewProblem::named("third")
    });
    assert_eq!(main, "// own third\nfn main() {}\n");
    assert!(manifest.contains("\ntemplate = \"own.rs\"\n"), "{manifest}");
    // Removed: the compiled-in one again, and no template recorded.
    fs::remove_file(templates.join("main.rs")).unwrap();
    let (main, manifest) = made(NewProblem::named("fourth"));
    assert!(
        main.contains("todo!(\"fourth: write the solution"),
        "{main}"
    );
    assert!(!manifest.contains("template"), "{manifest}");
    let before = tree(root.path());
    let message = invalid_message(create(
        root.path(),
        &NewProblem {
            template: Some(root.path().join("missing.rs")),
            ..NewProblem::named("fifth")
        },
    ));
    assert!(
        message.starts_with("template ") && message.contains("missing.rs: "),
        "{message}"
    );
    assert_eq!(tree(root.path()), before, "nothing written");
}
