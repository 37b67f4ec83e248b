//! `judge run`'s choice of input: the newest download whose name matches a
//! problem's `input-pattern`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use regex::Regex;

/// The newest file of `dir` (by modification time) whose whole name matches
/// `pattern`, a regular expression as Competitive Companion sends it
/// (`leapfrog_ch__.*input[.]txt`).
///
/// # Errors
/// A message when the pattern is not a regular expression, `dir` cannot be
/// read, or no file's name matches.
pub fn latest(dir: &Path, pattern: &str) -> Result<PathBuf, String> {
    let whole = Regex::new(&format!("^(?:{pattern})$")).map_err(|error| {
        format!("input-pattern {pattern:?} is not a regular expression: {error}")
    })?;
    let entries = fs::read_dir(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    let mut newest: Option<(std::time::SystemTime, PathBuf)> = None;
    for entry in entries {
        let entry = entry.map_err(|error| format!("{}: {error}", dir.display()))?;
        let path = entry.path();
        let named = path
            .file_name()
            .and_then(|name| name.to_str())
            .is_some_and(|name| whole.is_match(name));
        if !named || !path.is_file() {
            continue;
        }
        let modified = entry
            .metadata()
            .and_then(|metadata| metadata.modified())
            .map_err(|error: io::Error| format!("{}: {error}", path.display()))?;
        if newest.as_ref().is_none_or(|(time, _)| modified > *time) {
            newest = Some((modified, path));
        }
    }
    newest
        .map(|(_, path)| path)
        .ok_or_else(|| format!("no file of {} is named /{pattern}/", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    #[test]
    fn the_newest_whole_match_is_taken() {
        let dir = judge::scratch::tempdir().unwrap();
        let at = |name: &str, seconds_ago: u64| {
            let path = dir.path().join(name);
            fs::write(&path, name).unwrap();
            let file = fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(SystemTime::now() - Duration::from_secs(seconds_ago))
                .unwrap();
        };
        let pattern = "leapfrog_ch__.*input[.]txt";
        at("leapfrog_ch__sample_input.txt", 300);
        at("leapfrog_ch__input.txt", 200);
        // Newer, but not a whole match, or another problem's.
        at("leapfrog_ch__input.txt.zip", 10);
        at("other_leapfrog_ch__input.txt", 10);
        at("leapfrog_ch__inputXtxt", 10);
        assert_eq!(
            latest(dir.path(), pattern),
            Ok(dir.path().join("leapfrog_ch__input.txt"))
        );
        at("leapfrog_ch__full_input.txt", 100);
        assert_eq!(
            latest(dir.path(), pattern),
            Ok(dir.path().join("leapfrog_ch__full_input.txt"))
        );
        let none = latest(dir.path(), "nothing_.*").unwrap_err();
        assert!(
            none.starts_with("no file of ") && none.ends_with(" is named /nothing_.*/"),
            "{none}"
        );
        let bad = latest(dir.path(), "(").unwrap_err();
        assert!(
            bad.starts_with("input-pattern \"(\" is not a regular expression"),
            "{bad}"
        );
    }
}
