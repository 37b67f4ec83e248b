//! `cargo drill COMMAND [ARG...]` from any folder of the workspace: runs its
//! judge (`shared/judge`) as `cargo run --release -p judge --bin judge --
//! COMMAND ...` would (`check`: `-p judge-cli --bin judge-check`, built
//! without the other commands), without cargo's reading of the workspace first, which
//! opens every problem's manifest: 0.2 s at a thousand problems, more than a
//! check that finds nothing changed.
//!
//! Installed once (`cargo install --path shared/cargo-drill`), it holds no
//! judge of its own, so it never goes out of date: it starts the judge cargo
//! built last in the workspace's target folder, with `--cargo-if-stale`, and
//! that judge goes on only when it is still what cargo would build (it
//! compares itself with the note it wrote when cargo last ran it), else it
//! hands over to cargo. Before cargo has built one, cargo runs it.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

/// What `cargo drill` starts: a program and its arguments.
#[derive(Debug, PartialEq, Eq)]
pub struct Launch {
    pub program: OsString,
    pub args: Vec<OsString>,
}

/// The judge's arguments. Cargo starts an external subcommand as
/// `cargo-drill drill ARG...`; started by its own name, it gets `ARG...`.
pub fn judge_arguments(mut args: Vec<OsString>) -> Vec<OsString> {
    if args.first().is_some_and(|first| first == "drill") {
        args.remove(0);
    }
    args
}

/// The workspace whose judge runs: the first folder from `start` up whose
/// `Cargo.toml` has a `[workspace]` line (where the judge finds its root
/// too), when it has `shared/judge`.
///
/// # Errors
/// When there is no such workspace, or it has no judge.
pub fn workspace_root(start: &Path) -> Result<PathBuf, String> {
    let start = start
        .canonicalize()
        .map_err(|error| format!("{}: {error}", start.display()))?;
    let root = start
        .ancestors()
        .find(|folder| {
            fs::read_to_string(folder.join("Cargo.toml"))
                .is_ok_and(|manifest| manifest.lines().any(|line| line.trim() == "[workspace]"))
        })
        .ok_or_else(|| {
            format!(
                "no Cargo.toml with [workspace] in {} or any folder above it",
                start.display()
            )
        })?;
    if !root.join("shared/judge/Cargo.toml").is_file() {
        return Err(format!(
            "the workspace {} has no shared/judge, the judge this command runs",
            root.display()
        ));
    }
    Ok(root.to_path_buf())
}

/// The folder cargo builds into: `CARGO_TARGET_DIR` (relative to the current
/// folder, as cargo takes it) or the workspace's `target/`. A target folder
/// set in cargo's configuration is not read: the judge is not found there,
/// and every start goes through cargo.
pub fn target_dir(root: &Path, cargo_target_dir: Option<OsString>) -> PathBuf {
    cargo_target_dir
        .filter(|dir| !dir.is_empty())
        .map_or_else(|| root.join("target"), PathBuf::from)
}

/// The judge binary that runs `args`, and the package cargo builds it from:
/// `check` is `judge-check`'s (package `judge-cli`), built without the
/// judge's other commands; every other command is `judge`'s.
pub fn judge_binary(args: &[OsString]) -> (&'static str, &'static str) {
    if args.first().is_some_and(|first| first == "check") {
        ("judge-cli", "judge-check")
    } else {
        ("judge", "judge")
    }
}

/// What runs `args`: the judge binary ([`judge_binary`]) in `target_dir`'s
/// release folder, told to check that it is what cargo would build
/// (`--cargo-if-stale`), or `cargo` (`CARGO`, the cargo that started this
/// subcommand, else the one on the path) when there is none yet.
pub fn launch(
    root: &Path,
    target_dir: &Path,
    cargo: Option<OsString>,
    args: Vec<OsString>,
) -> Launch {
    let (package, binary) = judge_binary(&args);
    let judge = target_dir
        .join("release")
        .join(format!("{binary}{}", std::env::consts::EXE_SUFFIX));
    if judge.is_file() {
        let mut judge_args = vec![OsString::from("--cargo-if-stale")];
        judge_args.extend(args);
        return Launch {
            program: judge.into_os_string(),
            args: judge_args,
        };
    }
    let mut cargo_args: Vec<OsString> = ["run", "--release", "--quiet", "--manifest-path"]
        .iter()
        .map(OsString::from)
        .collect();
    cargo_args.push(root.join("Cargo.toml").into_os_string());
    cargo_args.extend(["-p", package, "--bin", binary, "--"].map(OsString::from));
    cargo_args.extend(args);
    Launch {
        program: cargo.unwrap_or_else(|| "cargo".into()),
        args: cargo_args,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    /// A scratch folder of its own, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let path =
                std::env::temp_dir().join(format!("cargo-drill-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&path);
            fs::create_dir_all(&path).unwrap();
            Scratch(path.canonicalize().unwrap())
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// A workspace at `root` with a judge package and a problem.
    fn workspace(root: &Path) {
        fs::create_dir_all(root.join("shared/judge")).unwrap();
        fs::create_dir_all(root.join("crates/demo/src")).unwrap();
        fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
        fs::write(root.join("shared/judge/Cargo.toml"), "[package]\n").unwrap();
        fs::write(root.join("crates/demo/Cargo.toml"), "[package]\n").unwrap();
    }

    #[test]
    fn cargo_s_subcommand_name_is_dropped() {
        assert_eq!(
            judge_arguments(strings(&["drill", "check", "demo"])),
            strings(&["check", "demo"])
        );
        assert_eq!(
            judge_arguments(strings(&["check", "drill"])),
            strings(&["check", "drill"])
        );
        assert_eq!(judge_arguments(Vec::new()), Vec::<OsString>::new());
    }

    #[test]
    fn the_root_is_the_first_workspace_going_up() {
        let scratch = Scratch::new("root");
        let root = scratch.0.join("ws");
        workspace(&root);
        for folder in ["", "crates", "crates/demo/src"] {
            assert_eq!(workspace_root(&root.join(folder)).unwrap(), root);
        }
    }

    #[test]
    fn a_folder_outside_a_workspace_or_one_without_a_judge_is_refused() {
        let scratch = Scratch::new("outside");
        let error = workspace_root(&scratch.0).unwrap_err();
        assert!(
            error.starts_with("no Cargo.toml with [workspace] in "),
            "{error}"
        );
        fs::write(scratch.0.join("Cargo.toml"), "[workspace]\n").unwrap();
        let error = workspace_root(&scratch.0).unwrap_err();
        assert!(
            error.ends_with("has no shared/judge, the judge this command runs"),
            "{error}"
        );
        let error = workspace_root(&scratch.0.join("missing")).unwrap_err();
        assert!(error.contains("missing"), "{error}");
    }

    #[test]
    fn cargo_s_target_folder_is_its_variable_or_the_workspace_s() {
        let root = Path::new("/ws");
        assert_eq!(target_dir(root, None), root.join("target"));
        assert_eq!(target_dir(root, Some("".into())), root.join("target"));
        assert_eq!(
            target_dir(root, Some("/elsewhere".into())),
            PathBuf::from("/elsewhere")
        );
        assert_eq!(target_dir(root, Some("t".into())), PathBuf::from("t"));
    }

    #[test]
    fn the_built_judge_starts_when_there_is_one_else_cargo() {
        let scratch = Scratch::new("launch");
        let root = scratch.0.join("ws");
        workspace(&root);
        let target = root.join("target");
        let args = strings(&["check", "demo"]);

        let by_cargo = launch(
            &root,
            &target,
            Some("/toolchain/cargo".into()),
            args.clone(),
        );
        let mut expected = strings(&["run", "--release", "--quiet", "--manifest-path"]);
        expected.push(root.join("Cargo.toml").into_os_string());
        expected.extend(strings(&[
            "-p",
            "judge-cli",
            "--bin",
            "judge-check",
            "--",
            "check",
            "demo",
        ]));
        assert_eq!(
            by_cargo,
            Launch {
                program: "/toolchain/cargo".into(),
                args: expected.clone(),
            }
        );
        assert_eq!(launch(&root, &target, None, args.clone()).program, "cargo");

        let release = target.join("release");
        let judge = release.join(format!("judge-check{}", std::env::consts::EXE_SUFFIX));
        fs::create_dir_all(&judge).unwrap();
        assert_eq!(
            launch(&root, &target, None, args.clone()).program,
            "cargo",
            "a folder is no judge"
        );
        fs::remove_dir(&judge).unwrap();
        fs::write(&judge, "").unwrap();
        assert_eq!(
            launch(&root, &target, None, args),
            Launch {
                program: judge.into_os_string(),
                args: strings(&["--cargo-if-stale", "check", "demo"]),
            }
        );
        // Every other command is the judge's, which is not built yet.
        let stress = launch(&root, &target, None, strings(&["stress", "demo"]));
        assert_eq!(stress.program, "cargo");
        assert!(
            stress
                .args
                .windows(4)
                .any(|words| words == strings(&["-p", "judge", "--bin", "judge"])),
            "{stress:?}"
        );
    }
}
