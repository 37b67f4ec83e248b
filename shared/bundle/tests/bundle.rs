//! The `bundle` binary end to end: fixture programs bundled with the real crate
//! sources, compiled with bare rustc (no Cargo, no --extern), and run.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BUNDLE: &str = env!("CARGO_BIN_EXE_bundle");

fn workspace_manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml")
}

/// Runs `bundle --main` on `source` with the `extra` arguments; returns its output
/// and the bundle's path.
fn run_bundle(dir: &Path, source: &str, extra: &[&str]) -> (Output, PathBuf) {
    let main = dir.join("main.rs");
    fs::write(&main, source).unwrap();
    let bundle = dir.join("bundle.rs");
    let output = Command::new(BUNDLE)
        .arg("--main")
        .arg(&main)
        .arg("-o")
        .arg(&bundle)
        .arg("--manifest-path")
        .arg(workspace_manifest())
        .args(extra)
        .output()
        .expect("bundle runs");
    (output, bundle)
}

/// Bundles `source`, compiles the bundle with bare rustc and returns its text and
/// the binary's path. Fails on any rustc warning.
fn bundle_and_compile(dir: &Path, source: &str) -> (String, PathBuf) {
    let (output, bundle) = run_bundle(dir, source, &[]);
    assert!(
        output.status.success(),
        "bundle failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let binary = dir.join("program");
    let rustc = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&bundle)
        .output()
        .expect("rustc runs");
    let diagnostics = String::from_utf8_lossy(&rustc.stderr);
    assert!(rustc.status.success(), "rustc failed:\n{diagnostics}");
    assert!(diagnostics.is_empty(), "rustc warned:\n{diagnostics}");
    (fs::read_to_string(&bundle).unwrap(), binary)
}

fn run(binary: &Path, input: &str) -> String {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "the program failed on {input:?}");
    String::from_utf8(output.stdout).unwrap()
}

const PROCONIO_PROGRAM: &str = r#"//! Reads one of everything proconio offers.
use proconio::input;
use proconio::marker::{Bytes, Chars, Isize1, Usize1};

fn main() {
    input! {
        n: usize,
        a: [i64; n],
        grid: [[u8; 2]; 2],
        word: Chars,
        raw: Bytes,
        index: Usize1,
        shifted: Isize1,
        mut pairs: [(u32, String); 2],
        ragged: [[i32]; 2],
        x: f64,
        flag: bool,
    }
    pairs.sort();
    let total: i64 = a.iter().sum();
    println!("{total} {grid:?} {} {} {index} {shifted}", word.len(), raw[0]);
    println!("{pairs:?} {ragged:?} {x} {flag}");
}
"#;

#[test]
fn a_proconio_program_runs_from_its_bundle() {
    let dir = judge::scratch::tempdir().unwrap();
    let (text, binary) = bundle_and_compile(dir.path(), PROCONIO_PROGRAM);
    let input = "3\n1 2 -10\n1 2\n3 4\nabc xyz\n5 -7\n9 b 8 a\n2 5 6\n0\n2.5 true\n";
    let expected =
        "-7 [[1, 2], [3, 4]] 3 120 4 -8\n[(8, \"a\"), (9, \"b\")] [[5, 6], []] 2.5 true\n";
    assert_eq!(run(&binary, input), expected);

    // Rust 1.63 (issue 12): with the OnceLock substitution, it builds and runs.
    match std::env::var("RUSTC_1_63") {
        Ok(old_rustc) => {
            let old_binary = dir.path().join("program-1.63");
            let rustc = Command::new(&old_rustc)
                .args(["--edition", "2021", "-O", "-o"])
                .arg(&old_binary)
                .arg(dir.path().join("bundle.rs"))
                .output()
                .expect("RUSTC_1_63 runs");
            assert!(
                rustc.status.success(),
                "rustc 1.63 failed:\n{}",
                String::from_utf8_lossy(&rustc.stderr)
            );
            assert_eq!(run(&old_binary, input), expected);
        }
        Err(_) => println!("note: RUSTC_1_63 not set, the bundle was not built with rustc 1.63"),
    }

    // main.rs comes first, as written; then proconio under its notice.
    assert!(text.contains(PROCONIO_PROGRAM));
    assert!(text.contains("// proconio 0.5.0"));
    assert!(text.contains("Permission is hereby granted"));
    assert!(text.contains("mod proconio {"));
    let library = &text[text.find("mod proconio {").unwrap()..];
    // No doc comment of the crates; the one of the bundler's OnceLock stays.
    let docs: Vec<&str> = library
        .lines()
        .filter(|line| line.trim_start().starts_with("///"))
        .collect();
    assert_eq!(docs.len(), 3, "{docs:?}");
    assert!(docs[0].contains("Substituted by the bundler for `std::sync::OnceLock`"));
    assert!(!library.contains("#[doc"));
    // Rust 1.63 has no std::sync::OnceLock: the bundle uses its own, on Once.
    assert!(!library.contains("std::sync::OnceLock;"));
    assert!(library.contains("pub struct OnceLock<T>") && library.contains("call_once"));
    assert!(!library.contains("#[test]") && !library.contains("cfg(test)"));
    assert!(!library.contains("mod itertools"));
    assert!(
        !text.contains("// Needs rustc"),
        "proconio builds on 1.63 once bundled"
    );
    assert!(text.len() <= 64 * 1024, "{} bytes", text.len());
}

#[test]
#[ignore = "heavy (about 7 s of rustc): CI runs it with --include-ignored"]
fn an_itertools_program_brings_itertools_and_either() {
    let dir = judge::scratch::tempdir().unwrap();
    let source = r#"use itertools::{Either, Itertools};

fn main() {
    let values = [3, 1, 2, 2, 5];
    println!("{}", values.iter().sorted().join(" "));
    println!("{}", values.iter().dedup().count());
    println!("{}", values.iter().tuple_combinations::<(_, _)>().count());
    let grid: Vec<(u8, u8)> = itertools::iproduct!(0..2, 0..2).collect();
    println!("{grid:?}");
    let (even, odd): (Vec<i32>, Vec<i32>) = values
        .iter()
        .partition_map(|&v| if v % 2 == 0 { Either::Left(v) } else { Either::Right(v) });
    println!("{even:?} {odd:?}");
}
"#;
    let (text, binary) = bundle_and_compile(dir.path(), source);
    assert_eq!(
        run(&binary, ""),
        "1 2 2 3 5\n4\n10\n[(0, 0), (0, 1), (1, 0), (1, 1)]\n[2, 2] [3, 1, 5]\n"
    );
    assert!(text.contains("mod itertools {") && text.contains("// itertools 0.14.0"));
    // itertools' Either is the either crate's, which comes in through itertools.
    assert!(text.contains("\nmod either {"), "{text}");
    assert!(!text.contains("mod proconio"));
}

/// A program in the style of an ac-library-rs submission: a modint sum, and
/// components of a Dsu, read with proconio.
const AC_LIBRARY_PROGRAM: &str = r#"use ac_library::{Dsu, ModInt998244353 as Mint};
use proconio::input;

fn main() {
    input! { n: usize, edges: [(usize, usize)], weights: [u64; n] }
    let mut dsu = Dsu::new(n);
    for &(a, b) in &edges {
        dsu.merge(a, b);
    }
    let total: Mint = weights.iter().map(|&w| Mint::new(w) * w).sum();
    println!("{} {}", dsu.groups().len(), total / Mint::new(2));
}
"#;

#[test]
#[ignore = "heavy (about 5 s of rustc): CI runs it with --include-ignored"]
fn an_ac_library_program_bundles_with_modint_s_macro_made_impls() {
    // ac-library-rs's modint calls its private trait's methods (`add_impl`,
    // `display_impl`, ...) only as `<T>::add_impl` or `Self::display_impl`, in the
    // impls its macros make: pruning took the trait for unused and rustc
    // rejected the bundle with some 56 errors.
    let dir = judge::scratch::tempdir().unwrap();
    let (text, binary) = bundle_and_compile(dir.path(), AC_LIBRARY_PROGRAM);
    // 1 + 4 + 9 + 998244353^2 = 14 mod p; halved: 7.
    assert_eq!(run(&binary, "4 2\n0 1\n2 1\n1 2 3 998244353\n"), "2 7\n");
    assert!(
        text.contains("// ac-library-rs 0.2.0, https://github.com/rust-lang-ja/ac-library-rs\n")
    );
    assert!(text.contains("// License: CC0-1.0\n"));
    // ac-library-rs needs Rust 1.70 (proconio declares 1.70 too, for the
    // OnceLock the bundle replaces): the header says so for older judges.
    assert!(
        text.contains(
            "\n// Needs rustc 1.70 or later: ac-library-rs 0.2.0 declares rust-version 1.70.\n"
        ),
        "{text}"
    );
    assert!(text.contains("\nmod ac_library {"));
    // (DynamicModInt stays: the macro calls that make StaticModInt's impls
    // make its impls too.)
    for unused in [
        "LazySegtree",
        "fn convolution",
        "MfGraph",
        "fn suffix_array",
        "SccGraph",
    ] {
        assert!(!text.contains(unused), "{unused} is in the bundle");
    }
}

#[test]
fn an_ac_library_program_without_modint_reading_with_proconio_carries_no_modint() {
    // proconio's own names (a method `prepare`) once reached ac-library-rs's
    // function `prepare`, and through it all of modint; a crate's names now
    // reach only itself and its dependencies.
    let source = "use ac_library::Dsu;\nuse proconio::input;\n\n\
        fn main() {\n    input! { n: usize, edges: [(usize, usize)] }\n    \
        let mut dsu = Dsu::new(n);\n    for (a, b) in edges {\n        dsu.merge(a, b);\n    }\n    \
        println!(\"{}\", dsu.groups().len());\n}\n";
    let dir = judge::scratch::tempdir().unwrap();
    let (text, binary) = bundle_and_compile(dir.path(), source);
    assert_eq!(run(&binary, "5 3\n0 1\n1 2\n3 4\n"), "2\n");
    assert!(
        !text.contains("ModInt") && !text.contains("fn prepare<"),
        "{text}"
    );
}

#[test]
fn a_program_without_crates_is_its_own_bundle() {
    let dir = judge::scratch::tempdir().unwrap();
    // `extern crate` of a crate that is not bundled stays.
    let source =
        "extern crate alloc;\n\nfn main() {\n    println!(\"{}\", alloc::vec![4, 2].len());\n}\n";
    let (text, binary) = bundle_and_compile(dir.path(), source);
    assert_eq!(run(&binary, ""), "2\n");
    assert!(text.ends_with(source));
    assert!(
        !text.contains("mod ") && !text.contains(CRATE_PATHS_NOTE),
        "{text}"
    );
}

#[test]
fn modules_of_main_and_absolute_paths_reach_the_crates_through_crate_paths() {
    let dir = judge::scratch::tempdir().unwrap();
    let source = r#"mod io {
    use proconio::input;
    use proconio::marker::Usize1;

    pub fn read() -> Vec<usize> {
        input! { n: usize, a: [Usize1; n] }
        a
    }

    pub mod show {
        use itertools::Itertools;

        pub fn line(values: &[usize]) -> String {
            values.iter().join(" ")
        }
    }
}

fn main() {
    let values = io::read();
    println!("{}", io::show::line(&values));
    println!("{}", ::itertools::max(values).unwrap());
}
"#;
    let (text, binary) = bundle_and_compile(dir.path(), source);
    assert_eq!(run(&binary, "3\n1 5 2\n"), "0 4 1\n4\n");
    assert!(text.contains("    use crate::proconio::input;\n"));
    assert!(text.contains("        use crate::itertools::Itertools;\n"));
    assert!(text.contains("    println!(\"{}\", crate::itertools::max(values).unwrap());\n"));
    assert!(text.contains(CRATE_PATHS_NOTE), "{text}");
}

/// The header's line saying that main.rs's modules were changed.
const CRATE_PATHS_NOTE: &str =
    "\n// Paths to the crates in main.rs's modules, and absolute ones (`::name::`),\n\
     // start with `crate::` here.\n";

/// Runs `bundle` on `source` expecting a refusal that mentions `expected`, and
/// no file.
fn assert_refused(source: &str, extra: &[&str], expected: &str) {
    let dir = judge::scratch::tempdir().unwrap();
    let (output, bundle) = run_bundle(dir.path(), source, extra);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(message.contains(expected), "{message}");
    assert!(!bundle.exists(), "a file was written");
}

#[test]
fn procedural_macros_other_than_fastout_are_refused() {
    assert_refused(
        "use proconio::derive_readable;\n#[derive_readable]\nstruct P { x: u8 }\nfn main() {}\n",
        &[],
        "derive_readable",
    );
    assert_refused(
        "#[memoise::memoise(n)]\nfn f(n: u64) -> u64 { n }\nfn main() {}\n",
        &[],
        "`#[memoise::memoise]` is not built into Rust",
    );
    assert_refused(
        "#[derive(Debug, Readable)]\nstruct P;\nfn main() {}\n",
        &[],
        "`#[derive(Readable)]` is a procedural macro",
    );
    // As proconio-derive refuses them.
    assert_refused(
        "use proconio::fastout;\n#[fastout]\nfn main() {\n    let f = || println!(\"x\");\n    f();\n}\n",
        &[],
        "a closure in a #[fastout] function",
    );
    assert_refused(
        "#[proconio::fastout(x)]\nfn main() {}\n",
        &[],
        "takes no arguments",
    );
}

#[test]
fn extern_crate_of_a_bundled_crate_is_refused_even_in_a_module() {
    let refusal = "`extern crate proconio` cannot be bundled; write `use proconio::...;` instead";
    let program =
        "use proconio::input;\nfn main() {\n    input! { n: u8 }\n    println!(\"{n}\");\n}\n";
    assert_refused(&format!("extern crate proconio;\n{program}"), &[], refusal);
    assert_refused(
        &format!(
            "mod io {{\n    mod inner {{\n        extern crate proconio;\n    }}\n}}\n{program}"
        ),
        &[],
        refusal,
    );
}

#[test]
fn over_64_kib_is_an_error_unless_allowed() {
    let padding = format!("// {}\n", "x".repeat(100)).repeat(700);
    let source = format!("{padding}fn main() {{\n    println!(\"big\");\n}}\n");
    assert_refused(&source, &[], "over the usual judge limit");
    let dir = judge::scratch::tempdir().unwrap();
    let main = dir.path().join("main.rs");
    fs::write(&main, &source).unwrap();
    let bundle = dir.path().join("bundle.rs");
    let output = Command::new(BUNDLE)
        .arg("--main")
        .arg(&main)
        .args(["--allow-oversize", "-o"])
        .arg(&bundle)
        .arg("--manifest-path")
        .arg(workspace_manifest())
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("bundle: warning: "), "{stderr}");
    let written = fs::read_to_string(&bundle).unwrap();
    assert!(written.len() > 64 * 1024 && written.ends_with(&source));

    // Exactly 64 KiB is allowed, one byte more is not.
    let header = written.len() - source.len();
    let of_length = |bytes: usize| {
        let main = "fn main() {}\n";
        format!("//{}\n{main}", "x".repeat(bytes - header - main.len() - 3))
    };
    let (output, bundle) = run_bundle(dir.path(), &of_length(64 * 1024), &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(fs::metadata(&bundle).unwrap().len(), 64 * 1024);
    assert_refused(&of_length(64 * 1024 + 1), &[], "over the usual judge limit");
}

#[test]
fn fastout_is_expanded_into_plain_rust() {
    let dir = judge::scratch::tempdir().unwrap();
    let source = "use proconio::{fastout, input};\n\n#[fastout]\nfn main() {\n    input! { n: u32 }\n    for i in 0..n {\n        print!(\"{i} \");\n    }\n    println!(\"end\");\n}\n";
    let (text, binary) = bundle_and_compile(dir.path(), source);
    assert_eq!(run(&binary, "3\n"), "0 1 2 end\n");
    assert!(!text.lines().any(|line| line.trim() == "#[fastout]"));
    assert!(!text.contains("fastout}") && !text.contains("fastout,"));
    assert!(text.contains("// proconio's #[fastout] is expanded below"));
    assert!(text.contains("use proconio::input;"));
    assert!(text.contains("macro_rules! println"));
}
