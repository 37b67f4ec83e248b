//! A library crate of the problem's own workspace (`libs/NAME`, taken by path)
//! is bundled like a registry crate, pruned to what the program uses; what
//! cannot be pasted into one file (a procedural macro crate, a build script) is
//! refused with a message naming the crate, and no file is written.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const BUNDLE: &str = env!("CARGO_BIN_EXE_bundle");

/// Writes each `(path, contents)` under `dir`, making the folders.
fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, contents) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
    }
}

fn manifest(name: &str, extra: &str) -> String {
    format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition.workspace = true\n{extra}")
}

/// A workspace laid out as this one: problems in crates/, libraries in libs/.
/// `geometry` has two modules, `points` (which the problem uses, in part) and
/// `polygons` (which it never touches); `macros` is a procedural macro crate,
/// `generated` has a build script, `wrapper` calls into `generated`.
fn library_workspace(dir: &Path) {
    let problem = |name: &str, dependency: &str| {
        manifest(
            name,
            &format!("\n[dependencies]\n{dependency}.workspace = true\n"),
        )
    };
    let files = [
        (
            "Cargo.toml",
            "[workspace]\nmembers = [\"crates/*\", \"libs/*\"]\nresolver = \"2\"\n\n\
             [workspace.package]\nedition = \"2021\"\n\n\
             [workspace.dependencies]\ngeometry = { path = \"libs/geometry\" }\n\
             macros = { path = \"libs/macros\" }\ngenerated = { path = \"libs/generated\" }\n\
             wrapper = { path = \"libs/wrapper\" }\n",
        ),
        ("libs/geometry/Cargo.toml", &manifest("geometry", "")),
        ("libs/geometry/src/lib.rs", "pub mod points;\npub mod polygons;\n"),
        (
            "libs/geometry/src/points.rs",
            "#[derive(Clone, Copy)]\npub struct Point {\n    pub x: i64,\n    pub y: i64,\n}\n\n\
             pub fn cross(o: Point, a: Point, b: Point) -> i64 {\n    \
             (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)\n}\n\n\
             pub fn manhattan(a: Point, b: Point) -> i64 {\n    (a.x - b.x).abs() + (a.y - b.y).abs()\n}\n",
        ),
        (
            "libs/geometry/src/polygons.rs",
            "use crate::points::{cross, Point};\n\n\
             pub fn doubled_area(polygon: &[Point]) -> i64 {\n    \
             let origin = Point { x: 0, y: 0 };\n    \
             (0..polygon.len()).map(|i| cross(origin, polygon[i], polygon[(i + 1) % polygon.len()])).sum()\n}\n",
        ),
        ("crates/turns/Cargo.toml", &problem("turns", "geometry")),
        (
            "crates/turns/src/main.rs",
            "use geometry::points::{cross, Point};\n\nfn main() {\n    \
             let p = |x, y| Point { x, y };\n    \
             println!(\"{}\", cross(p(0, 0), p(1, 0), p(0, 1)));\n}\n",
        ),
        (
            "libs/macros/Cargo.toml",
            &manifest("macros", "\n[lib]\nproc-macro = true\n"),
        ),
        ("libs/macros/src/lib.rs", ""),
        ("crates/uses-macros/Cargo.toml", &problem("uses-macros", "macros")),
        (
            "crates/uses-macros/src/main.rs",
            "fn main() {\n    macros::answer!();\n}\n",
        ),
        ("libs/generated/Cargo.toml", &manifest("generated", "")),
        ("libs/generated/build.rs", "fn main() {}\n"),
        ("libs/generated/src/lib.rs", "pub fn table() -> u8 {\n    1\n}\n"),
        (
            "libs/wrapper/Cargo.toml",
            &manifest(
                "wrapper",
                "\n[dependencies]\ngenerated.workspace = true\n",
            ),
        ),
        (
            "libs/wrapper/src/lib.rs",
            "pub fn value() -> u8 {\n    generated::table()\n}\n",
        ),
        ("crates/uses-wrapper/Cargo.toml", &problem("uses-wrapper", "wrapper")),
        (
            "crates/uses-wrapper/src/main.rs",
            "fn main() {\n    println!(\"{}\", wrapper::value());\n}\n",
        ),
    ];
    write_files(dir, &files);
}

fn bundle(dir: &Path, problem: &str, output: &Path) -> Output {
    Command::new(BUNDLE)
        .arg(problem)
        .arg("--manifest-path")
        .arg(dir.join("Cargo.toml"))
        .arg("-o")
        .arg(output)
        .output()
        .expect("bundle runs")
}

#[test]
fn a_library_of_the_workspace_is_bundled_with_only_what_the_program_uses() {
    let dir = judge::scratch::tempdir().unwrap();
    library_workspace(dir.path());
    let file = dir.path().join("turns.rs");
    let output = bundle(dir.path(), "turns", &file);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = fs::read_to_string(&file).unwrap();
    assert!(text.contains("\n// geometry 0.1.0\n"), "{text}");
    assert!(
        text.contains("\nmod geometry {\n pub mod points {\n"),
        "{text}"
    );
    // The module it never touches is not there, nor the function it never calls.
    assert!(
        !text.contains("polygons") && !text.contains("doubled_area"),
        "{text}"
    );
    assert!(!text.contains("manhattan"), "{text}");

    let binary = dir.path().join("turns");
    let rustc = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&file)
        .output()
        .expect("rustc runs");
    let diagnostics = String::from_utf8_lossy(&rustc.stderr);
    assert!(
        rustc.status.success() && diagnostics.is_empty(),
        "{diagnostics}"
    );
    let run = Command::new(&binary).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "1\n");
}

#[test]
fn a_procedural_macro_crate_or_a_build_script_is_refused_by_name() {
    let dir = judge::scratch::tempdir().unwrap();
    library_workspace(dir.path());
    let cases = [
        (
            "uses-macros",
            "macros 0.1.0 is a procedural macro crate: it cannot be pasted into one file",
        ),
        // Also when only a bundled library depends on it.
        (
            "uses-wrapper",
            "generated 0.1.0 has a build script: it cannot be pasted into one file",
        ),
    ];
    for (problem, refusal) in cases {
        let file = dir.path().join(format!("{problem}.rs"));
        let output = bundle(dir.path(), problem, &file);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{problem}: {stderr}");
        let main = dir.path().join(format!("crates/{problem}/src/main.rs"));
        assert_eq!(
            stderr.trim_end(),
            format!("bundle: {}: {refusal}", main.display()),
            "{problem}"
        );
        assert!(!file.exists(), "{problem}: a file was written");
    }
}
