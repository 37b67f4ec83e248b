//! Finding the workspace a command works on from a folder inside it.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root at or above `start`: the first folder, going up, whose
/// `Cargo.toml` has a `[workspace]` table (a problem crate's own manifest has
/// none, so `crates/NAME/src` finds the workspace, as cargo does).
///
/// # Errors
/// When `start` cannot be resolved, or no folder above it is a workspace root.
pub fn find_root(start: &Path) -> Result<PathBuf, String> {
    // Resolved first, so that going up from `.` or through `..` goes up for real.
    let start = start
        .canonicalize()
        .map_err(|error| format!("{}: {error}", start.display()))?;
    start
        .ancestors()
        .find(|folder| {
            fs::read_to_string(folder.join("Cargo.toml"))
                .is_ok_and(|manifest| manifest.lines().any(|line| line.trim() == "[workspace]"))
        })
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            format!(
                "no Cargo.toml with [workspace] in {} or any folder above it",
                start.display()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_workspace_manifest_going_up_is_the_root() {
        let scratch = crate::scratch::tempdir().unwrap();
        let root = scratch.path().join("ws");
        let deep = root.join("crates/demo/src");
        fs::create_dir_all(&deep).unwrap();
        fs::write(
            root.join("Cargo.toml"),
            "[workspace]\nmembers = [\"crates/*\"]\n",
        )
        .unwrap();
        // A member's manifest, and one that only mentions the word, are passed over.
        fs::write(
            root.join("crates/demo/Cargo.toml"),
            "[package]\nname = \"demo\"\n",
        )
        .unwrap();
        fs::write(deep.join("Cargo.toml"), "# not a [workspace] table\n").unwrap();
        let root = root.canonicalize().unwrap();
        assert_eq!(find_root(&deep), Ok(root.clone()));
        assert_eq!(find_root(&root), Ok(root.clone()));
        assert_eq!(find_root(&deep.join("../..")), Ok(root));
    }

    #[test]
    fn no_workspace_above_is_an_error_naming_the_start() {
        let scratch = crate::scratch::tempdir().unwrap();
        let start = scratch.path().canonicalize().unwrap();
        let error = find_root(&start).unwrap_err();
        assert!(error.contains(&start.display().to_string()), "{error}");
        assert!(find_root(&start.join("missing")).is_err());
    }
}
