//! Finding the workspace a command works in, from wherever it was called.

use std::path::{Path, PathBuf};

/// The nearest folder at or above `start` whose `Cargo.toml` has a
/// `[workspace]` table: the root that holds `crates/` and `io-tests/`, found
/// from a problem's own folder as from the root itself.
///
/// # Errors
/// When no folder up to the file system's root has such a manifest.
pub fn find_root(start: &Path) -> Result<PathBuf, String> {
    let start = std::path::absolute(start)
        .map_err(|error| format!("{}: {error}", crate::show::show_path(start)))?;
    for folder in start.ancestors() {
        let Ok(manifest) = std::fs::read_to_string(folder.join("Cargo.toml")) else {
            continue;
        };
        if manifest.lines().any(|line| line.trim() == "[workspace]") {
            return Ok(folder.to_path_buf());
        }
    }
    Err(format!(
        "no Cargo workspace at or above {} (give its folder with --root)",
        crate::show::show_path(&start)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn the_root_is_found_from_a_folder_below_it() {
        let dir = crate::scratch::tempdir().unwrap();
        let root = dir.path().join("ws with space");
        fs::create_dir_all(root.join("crates/demo/src")).unwrap();
        fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
        // A member's own manifest is passed by.
        fs::write(
            root.join("crates/demo/Cargo.toml"),
            "[package]\nname = \"demo\"\n",
        )
        .unwrap();
        assert_eq!(find_root(&root.join("crates/demo/src")).unwrap(), root);
        assert_eq!(find_root(&root).unwrap(), root);
    }

    #[test]
    fn outside_a_workspace_is_an_error_that_names_the_folder() {
        let dir = crate::scratch::tempdir().unwrap();
        let error = find_root(dir.path()).unwrap_err();
        assert!(
            error.starts_with("no Cargo workspace at or above "),
            "{error}"
        );
        assert!(error.ends_with("(give its folder with --root)"), "{error}");
    }
}
