//! Each corpus program bundled, compiled with bare `rustc -O` (no Cargo, no
//! crates), its size checked against the limit and the README's, and run
//! against its cargo build on sample and random inputs. With `RUSTC_1_63` /
//! `RUSTC_1_85` set to a rustc 1.63 / 1.85 (wrapper), each bundle is also built
//! and run with it; without, that check is skipped with a note. The programs
//! using ac-library-rs (`acl_*`), which declares Rust 1.70, skip 1.63.
//!
//! Bundling costs seconds of rustc a program, so plain `cargo test` runs one
//! program of each kind that `shared/bundle/tests/bundle.rs` does not already
//! run from a bundle, and leaves the others, and the building of their
//! binaries, to `cargo test -p bundle-corpus --features whole-corpus` (CI).
//! (Some cost about 8 s of rustc each: the three itertools_* ones; acl_ranges
//! and acl_lazy_affine 5 s.)

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SIZE_LIMIT: usize = 64 * 1024;
const RANDOM_INPUTS: u64 = 12;
/// Each program's bundle size in bytes, as shared/bundle/README.md's table gives
/// it. A bundle more than 2% off it means that shrinking changed, or rustc's
/// lints did: measure again (this test prints the sizes) and update both.
const SIZES: [(&str, usize); 17] = [
    ("interactive", 14_212),
    ("fastout", 17_570),
    ("markers", 18_500),
    ("itertools_one", 18_491),
    ("segment_sums", 19_962),
    ("itertools_glob", 37_394),
    ("itertools_a", 39_372),
    ("itertools_b", 45_833),
    ("acl_string", 8_421),
    ("acl_flow", 12_923),
    ("acl_dsu", 19_198),
    ("acl_scc_twosat", 22_339),
    ("acl_modint_math", 23_578),
    ("acl_lazy_affine", 41_933),
    ("acl_convolution", 42_913),
    ("acl_ranges", 45_627),
    ("own_library", 18_770),
];
/// Variables naming the judges' older compilers (rustc wrappers) and their
/// versions, each used when set and when the bundle does not ask for newer.
const OLD_RUSTCS: [(&str, [u32; 2]); 2] = [("RUSTC_1_63", [1, 63]), ("RUSTC_1_85", [1, 85])];
/// The line of a bundle's header that names the oldest rustc it builds on, when
/// that is newer than 1.63 (ac-library-rs 0.2.0 declares 1.70).
const NEEDS: &str = "\n// Needs rustc ";

/// The rustc version (major, minor) the bundle's header asks for, if any.
fn needed_rustc(bundle: &str) -> Option<[u32; 2]> {
    let rest = &bundle[bundle.find(NEEDS)? + NEEDS.len()..];
    let version = rest.split(' ').next()?;
    let mut parts = version.split('.').map(|part| part.parse().unwrap());
    Some([parts.next()?, parts.next()?])
}

/// The `bundle` binary of this workspace, built (in this profile) if needed.
fn bundle_binary() -> PathBuf {
    let profile_dir = std::env::current_exe()
        .unwrap()
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .to_path_buf();
    // Cargo's `dev` profile builds into `debug`; every other profile into its name.
    let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
        Some("debug") => "dev",
        Some(name) => name,
        None => panic!("no profile directory above {}", profile_dir.display()),
    };
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "-p", "bundle", "--bin", "bundle"])
        .args(["--profile", profile])
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building the bundler failed");
    profile_dir.join("bundle")
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
    assert!(
        output.status.success(),
        "{} failed on {input:?}",
        binary.display()
    );
    String::from_utf8(output.stdout).unwrap()
}

fn compile(rustc: &str, source: &Path, binary: &Path) {
    let output = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(binary)
        .arg(source)
        .output()
        .unwrap_or_else(|error| panic!("{rustc}: {error}"));
    let diagnostics = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{rustc} failed on {}:\n{diagnostics}",
        source.display()
    );
    assert!(
        diagnostics.is_empty(),
        "{rustc} warned on {}:\n{diagnostics}",
        source.display()
    );
}

/// A small deterministic generator for the random inputs.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn ints(&mut self, n: usize, lo: i64, hi: i64) -> String {
        (0..n)
            .map(|_| self.int(lo, hi).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
    fn word(&mut self, n: usize, letters: &[u8]) -> String {
        (0..n)
            .map(|_| letters[self.below(letters.len() as u64) as usize] as char)
            .collect()
    }
}

/// Bundles `name`, checks size and compiles, and compares on `samples` and on
/// inputs from `random`. Returns the bundle.
fn check(
    name: &str,
    cargo_binary: &str,
    samples: &[&str],
    random: fn(&mut Rng) -> String,
) -> String {
    let dir = judge::scratch::tempdir().unwrap();
    let main = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/bin/{name}.rs"));
    let bundle = dir.path().join(format!("{name}.rs"));
    let output = Command::new(bundle_binary())
        .arg("--main")
        .arg(&main)
        .arg("-o")
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "bundle {name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let size = std::fs::metadata(&bundle).unwrap().len() as usize;
    assert!(size <= SIZE_LIMIT, "{name}: {size} bytes");
    println!("{name}: {size} bytes");
    let recorded = SIZES
        .iter()
        .find(|(program, _)| *program == name)
        .map(|&(_, size)| size)
        .unwrap();
    assert!(
        size.abs_diff(recorded) * 50 <= recorded,
        "{name}: {size} bytes, {recorded} in the README's table: shrinking or rustc's lints changed"
    );

    // Exactly the programs that use ac-library-rs say they need rustc 1.70 (its
    // rust-version), and are not built with 1.63.
    let text = std::fs::read_to_string(&bundle).unwrap();
    let needed = needed_rustc(&text);
    assert_eq!(
        needed,
        name.starts_with("acl_").then_some([1, 70]),
        "{name}: the header's rustc"
    );
    let mut builds = vec![dir.path().join("stable")];
    compile("rustc", &bundle, &builds[0]);
    for (variable, version) in OLD_RUSTCS {
        if let Some([major, minor]) = needed.filter(|&needed| version < needed) {
            println!("note: {name} needs rustc {major}.{minor}, not built with {variable}");
            continue;
        }
        match std::env::var(variable) {
            Ok(old) => {
                let build = dir.path().join(variable);
                compile(&old, &bundle, &build);
                builds.push(build);
            }
            Err(_) => println!("note: {variable} not set, {name} not built with it"),
        }
    }
    let mut inputs: Vec<String> = samples.iter().map(|s| s.to_string()).collect();
    let mut rng = Rng(name.len() as u64 * 7919);
    inputs.extend((0..RANDOM_INPUTS).map(|_| random(&mut rng)));
    for input in &inputs {
        let expected = run(Path::new(cargo_binary), input);
        for build in &builds {
            assert_eq!(
                run(build, input),
                expected,
                "{name} ({}) on {input:?}",
                build.display()
            );
        }
    }
    text
}

#[test]
#[cfg(feature = "whole-corpus")]
fn segment_sums() {
    check(
        "segment_sums",
        env!("CARGO_BIN_EXE_segment_sums"),
        &["3 4\n1 2 3\n1 1 3\n0 2 5\n1 2 2\n1 1 3\n"],
        |rng| {
            let n = rng.int(1, 8) as usize;
            let q = rng.int(1, 8) as usize;
            let mut input = format!("{n} {q}\n{}\n", rng.ints(n, -9, 9));
            for _ in 0..q {
                if rng.below(2) == 0 {
                    input += &format!("0 {} {}\n", rng.int(1, n as i64), rng.int(-9, 9));
                } else {
                    let l = rng.int(1, n as i64);
                    input += &format!("1 {l} {}\n", rng.int(l, n as i64));
                }
            }
            input
        },
    );
}

#[test]
fn markers() {
    let sample =
        "2 1\n#.\n.#\nab cd\n1 2 5\n0 3\n1 2 3\n4 5 6\n2 7 8\n0\n2 x 1.5 c y 2.25 d\ntrue\nhello\n";
    check("markers", env!("CARGO_BIN_EXE_markers"), &[sample], |rng| {
        let n = rng.int(1, 4) as usize;
        let m = rng.int(0, 4) as usize;
        let mut input = format!("{n} {m}\n");
        for _ in 0..n {
            input += &rng.word(3, b"#.");
            input += "\n";
        }
        input += &format!("{} {}\n", rng.word(2, b"az"), rng.word(3, b"by"));
        for _ in 0..m {
            input += &format!("{} {} {}\n", rng.int(1, 5), rng.int(1, 5), rng.int(-5, 5));
        }
        input += &format!("{}\n{}\n", rng.ints(2, -3, 3), rng.ints(6, 0, 99));
        for _ in 0..n {
            let k = rng.int(0, 3) as usize;
            input += &format!("{k} {}\n", rng.ints(k, -100, 100));
        }
        let k = rng.int(0, 2);
        input += &format!("{k}");
        for _ in 0..k {
            input += &format!(
                " {} {}.5 {}",
                rng.word(2, b"pq"),
                rng.int(-9, 9),
                rng.word(1, b"z")
            );
        }
        input += &format!("\n{}\n{}\n", rng.below(2) == 0, rng.word(4, b"abc"));
        input
    });
}

/// Answers to the program's queries when the hidden number is `hidden`.
fn judge_replies(lo: u64, hi: u64, hidden: u64) -> String {
    let mut input = format!("{lo} {hi}\n");
    let (mut lo, mut hi) = (lo, hi);
    while lo <= hi {
        let mid = lo + (hi - lo) / 2;
        if hidden < mid {
            input += "<\n";
            hi = mid - 1;
        } else if hidden > mid {
            input += ">\n";
            lo = mid + 1;
        } else {
            input += "=\n";
            break;
        }
    }
    input
}

#[test]
fn interactive() {
    check(
        "interactive",
        env!("CARGO_BIN_EXE_interactive"),
        &[&judge_replies(1, 100, 37)],
        |rng| {
            let lo = rng.int(1, 50) as u64;
            let hi = lo + rng.int(0, 60) as u64;
            judge_replies(lo, hi, lo + rng.int(0, (hi - lo) as i64) as u64)
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn fastout() {
    check(
        "fastout",
        env!("CARGO_BIN_EXE_fastout"),
        &["3\n1 -2 3\n", "1\n0\n"],
        |rng| {
            let n = rng.int(1, 30) as usize;
            format!("{n}\n{}\n", rng.ints(n, -1000, 1000))
        },
    );
}

fn small_array(rng: &mut Rng) -> String {
    let n = rng.int(0, 7) as usize;
    format!("{n}\n{}\n", rng.ints(n, -4, 4))
}

#[test]
#[cfg(feature = "whole-corpus")]
fn itertools_a() {
    check(
        "itertools_a",
        env!("CARGO_BIN_EXE_itertools_a"),
        &["5\n3 1 4 1 5\n"],
        small_array,
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn itertools_b() {
    check(
        "itertools_b",
        env!("CARGO_BIN_EXE_itertools_b"),
        &["5\n3 1 4 1 5\n", "0\n\n"],
        small_array,
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn itertools_glob() {
    check(
        "itertools_glob",
        env!("CARGO_BIN_EXE_itertools_glob"),
        &["banana\n4\n12 7 22 7\n"],
        |rng| {
            let word = {
                let k = rng.int(1, 8) as usize;
                rng.word(k, b"abcei")
            };
            let n = rng.int(1, 6) as usize;
            format!("{word}\n{n}\n{}\n", rng.ints(n, 0, 40))
        },
    );
}

#[test]
fn itertools_one() {
    check(
        "itertools_one",
        env!("CARGO_BIN_EXE_itertools_one"),
        &["3\n1 2 3\n", "0\n"],
        small_array,
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_dsu() {
    check(
        "acl_dsu",
        env!("CARGO_BIN_EXE_acl_dsu"),
        &["4 5\n0 0 1\n1 0 1\n1 1 2\n0 2 3\n1 0 3\n"],
        |rng| {
            let n = rng.int(1, 8);
            let q = rng.int(1, 12);
            let mut input = format!("{n} {q}\n");
            for _ in 0..q {
                let t = rng.below(2);
                input += &format!("{t} {} {}\n", rng.int(0, n - 1), rng.int(0, n - 1));
            }
            input
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_ranges() {
    check(
        "acl_ranges",
        env!("CARGO_BIN_EXE_acl_ranges"),
        &["5 4\n3 -1 4 1 5\n1 1 5\n0 2 10\n1 2 4\n1 3 5\n"],
        |rng| {
            let n = rng.int(1, 8);
            let q = rng.int(1, 10);
            let mut input = format!("{n} {q}\n{}\n", rng.ints(n as usize, -9, 9));
            for _ in 0..q {
                if rng.below(2) == 0 {
                    input += &format!("0 {} {}\n", rng.int(1, n), rng.int(-9, 9));
                } else {
                    let l = rng.int(1, n);
                    input += &format!("1 {l} {}\n", rng.int(l, n));
                }
            }
            input
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_lazy_affine() {
    check(
        "acl_lazy_affine",
        env!("CARGO_BIN_EXE_acl_lazy_affine"),
        &["5 3\n1 2 3 4 5\n1 0 5\n0 2 4 100 101\n1 0 3\n"],
        |rng| {
            let n = rng.int(1, 8);
            let q = rng.int(1, 10);
            let big = 998_244_352;
            let mut input = format!("{n} {q}\n{}\n", rng.ints(n as usize, 0, big));
            for _ in 0..q {
                let l = rng.int(0, n - 1);
                let r = rng.int(l + 1, n);
                if rng.below(2) == 0 {
                    input += &format!("0 {l} {r} {} {}\n", rng.int(0, big), rng.int(0, big));
                } else {
                    input += &format!("1 {l} {r}\n");
                }
            }
            input
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_modint_math() {
    check(
        "acl_modint_math",
        env!("CARGO_BIN_EXE_acl_modint_math"),
        &["12 5 2 6 3 4 4\n", "1 0 0\n", "998244353 30 7\n"],
        |rng| {
            let m = rng.int(1, 40);
            let pairs = rng.int(1, 5) as usize;
            let mut input = format!("{m}");
            for _ in 0..pairs {
                let n = rng.int(0, 20);
                input += &format!(" {n} {}", rng.int(0, n));
            }
            input + "\n"
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_convolution() {
    check(
        "acl_convolution",
        env!("CARGO_BIN_EXE_acl_convolution"),
        &["4 5\n1 2 3 4\n5 6 7 8 9\n"],
        |rng| {
            let n = rng.int(1, 9) as usize;
            let m = rng.int(1, 9) as usize;
            let (a, b) = (rng.ints(n, -1000, 1000), rng.ints(m, -1000, 1000));
            format!("{n} {m}\n{a}\n{b}\n")
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_flow() {
    check(
        "acl_flow",
        env!("CARGO_BIN_EXE_acl_flow"),
        &["2 2 2\n0 0 3\n0 1 1\n1 0 2\n"],
        |rng| {
            let left = rng.int(1, 4);
            let right = rng.int(1, 4);
            let mut input = format!("{left} {right} {}\n", rng.int(0, 4));
            for i in 0..left {
                for j in 0..right {
                    if rng.below(2) == 0 {
                        input += &format!("{i} {j} {}\n", rng.int(0, 9));
                    }
                }
            }
            input
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_scc_twosat() {
    check(
        "acl_scc_twosat",
        env!("CARGO_BIN_EXE_acl_scc_twosat"),
        &["6 7\n1 4\n5 2\n3 0\n5 5\n4 1\n0 3\n4 2\n1\n0 5\n"],
        |rng| {
            let n = rng.int(1, 6);
            let m = rng.int(0, 8);
            let mut input = format!("{n} {m}\n");
            for _ in 0..m {
                input += &format!("{} {}\n", rng.int(0, n - 1), rng.int(0, n - 1));
            }
            let k = rng.int(0, 3);
            input += &format!("{k}\n");
            for _ in 0..k {
                input += &format!("{} {}\n", rng.int(0, n - 1), rng.int(0, n - 1));
            }
            input
        },
    );
}

#[test]
#[cfg(feature = "whole-corpus")]
fn acl_string() {
    check(
        "acl_string",
        env!("CARGO_BIN_EXE_acl_string"),
        &["abcbcba\nmississippi\n"],
        |rng| {
            let lines = rng.int(1, 3);
            let mut input = String::new();
            for _ in 0..lines {
                let k = rng.int(1, 10) as usize;
                input += &rng.word(k, b"aab");
                input += "\n";
            }
            input
        },
    );
}

/// A library of the workspace (libs/cplib), taken by path: bundled like a
/// registry crate, under its notice, with only the module the program uses.
#[test]
fn own_library() {
    let bundle = check(
        "own_library",
        env!("CARGO_BIN_EXE_own_library"),
        &["3\n12 18\n0 5\n4000000000 3000000000\n"],
        |rng| {
            let q = rng.int(1, 6);
            let mut input = format!("{q}\n");
            for _ in 0..q {
                let big = 1 << 32;
                let (a, b) = if rng.below(3) == 0 {
                    (rng.int(0, big), rng.int(0, big))
                } else {
                    (rng.int(0, 30), rng.int(0, 30))
                };
                input += &format!("{a} {b}\n");
            }
            input
        },
    );
    assert!(bundle.contains("\n// cplib 0.1.0\n"), "{bundle}");
    assert!(
        bundle.contains("\nmod cplib {\n pub mod num {\n"),
        "{bundle}"
    );
    assert!(
        !bundle.contains("mod grid") && !bundle.contains("STEPS4"),
        "{bundle}"
    );
}
