//! What a package says of its example submissions beyond their folders:
//! DOMjudge's `submissions.json` at the package's top (a submission's path,
//! `submissions/FOLDER/NAME/`, and its `entry_point`) and the 2025-09
//! format's `submissions/submissions.yaml` (glob patterns over the paths
//! under `submissions/`, each with its keys).
//!
//! Acted on: `entry_point` / `entrypoint` (the manifest's
//! `[[package.metadata.judge.entry-point]]`, where the submission starts);
//! `language` when it is the one its files' endings say; `permitted` and
//! `required` (a `[[package.metadata.judge.submission]]` table with them as
//! `allowed` and `expected`, RTE being RE or MLE). Named in a note and
//! passed over, changing no verdict: `team`, `authors`, `model_solution`,
//! `use_for_time_limit` (this judge takes the package's time limit, it does
//! not work one out). Refused, with the reason, as keys that say what a
//! submission must get that this judge does not check: `score`, `message`,
//! requirements under a test data group, a `language` other than its files',
//! and any key it does not know.

use std::fs;
use std::io;
use std::path::Path;

use judge::cases::programs::{Language, Sources};
use judge::cases::suite::glob;
use yaml_rust2::Yaml;

use crate::package::yaml_mapping;

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// What the manifest gets of a package's submissions' metadata.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// A submission's path from the package (`submissions/FOLDER/NAME`) and
    /// the entry point it starts at.
    pub entry_points: Vec<(String, String)>,
    /// A submission's path and what it must get: some case one of
    /// `required`, every case one of `permitted`, as verdicts' codes.
    pub requirements: Vec<(String, Vec<String>, Vec<String>)>,
    /// Keys passed over, each with why.
    pub notes: Vec<String>,
}

impl Metadata {
    /// The manifest's tables for it.
    pub fn tables(&self) -> Vec<String> {
        let entry_points = self.entry_points.iter().map(|(path, entry)| {
            format!(
                "# Where this submission starts, as the package says.\n[[package.metadata.judge.entry-point]]\npath = \"{path}\"\nentry-point = \"{entry}\"\n"
            )
        });
        let requirements = self.requirements.iter().map(|(path, required, permitted)| {
            format!(
                "# What it must get, as submissions.yaml says (required, permitted).\n[[package.metadata.judge.submission]]\npath = \"{path}\"\nexpected = \"{}\"\nallowed = \"{}\"\n",
                required.join(" "),
                permitted.join(" ")
            )
        });
        entry_points.chain(requirements).collect()
    }
}

/// The submissions of the package at `root`: `submissions/FOLDER/NAME`,
/// each a file or a folder.
fn submission_paths(root: &Path) -> io::Result<Vec<String>> {
    let mut paths = Vec::new();
    let dir = root.join("submissions");
    if !dir.is_dir() {
        return Ok(paths);
    }
    for folder in fs::read_dir(&dir)? {
        let folder = folder?.path();
        if !folder.is_dir() {
            continue;
        }
        for entry in fs::read_dir(&folder)? {
            let entry = entry?.path();
            let name = |path: &Path| {
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            };
            if !name(&entry).starts_with('.') {
                paths.push(format!("submissions/{}/{}", name(&folder), name(&entry)));
            }
        }
    }
    paths.sort();
    Ok(paths)
}

/// Whether `pattern` (a glob of `submissions.yaml`: `*` any characters but
/// `/`, `?` one) matches `path` (from `submissions/`) or a folder above it.
fn glob_matches(pattern: &str, path: &str) -> bool {
    let patterns: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
    let parts: Vec<&str> = path.split('/').collect();
    patterns.len() <= parts.len()
        && patterns
            .iter()
            .zip(&parts)
            .all(|(pattern, part)| glob(pattern, part))
}

/// The verdicts' codes of a `permitted` or `required` list.
fn codes(value: &Yaml, key: &str, file: &str) -> io::Result<Vec<String>> {
    let Yaml::Array(items) = value else {
        return Err(refused(format!("{file}: {key} is not a list of verdicts")));
    };
    let mut codes = Vec::new();
    for item in items {
        match item.as_str() {
            Some("AC") => codes.push("AC".to_string()),
            Some("WA") => codes.push("WA".to_string()),
            Some("TLE") => codes.push("TLE".to_string()),
            // A memory limit is a run-time error in the format.
            Some("RTE") => codes.extend(["RE".to_string(), "MLE".to_string()]),
            other => {
                return Err(refused(format!(
                    "{file}: {key}: {other:?} is not AC, WA, TLE or RTE"
                )))
            }
        }
    }
    Ok(codes)
}

/// The language `submissions.yaml` names, as this judge names it.
fn language_named(name: &str) -> Option<Language> {
    Some(match name {
        "c" => Language::C,
        "cpp" | "c++" => Language::Cpp,
        "python3" | "python" => Language::Python,
        "rust" => Language::Rust,
        "java" => Language::Java,
        _ => return None,
    })
}

/// Reads what the package at `root` says of its submissions.
///
/// # Errors
/// A file that is not the mapping it must be, a key that says what a
/// submission must get that this judge does not check, or a path or entry
/// point that names nothing: the reason, nothing imported.
pub fn read(root: &Path) -> io::Result<Metadata> {
    let mut metadata = Metadata::default();
    let paths = submission_paths(root)?;
    let json = root.join("submissions.json");
    if json.is_file() {
        // JSON is YAML: one parser reads both.
        let Yaml::Hash(entries) = yaml_mapping(&json)? else {
            unreachable!("yaml_mapping gives a mapping")
        };
        for (path, keys) in &entries {
            let path = path.as_str().unwrap_or_default().trim_end_matches('/');
            if !paths.iter().any(|known| known == path) {
                return Err(refused(format!(
                    "submissions.json: {path:?} is no submission of the package"
                )));
            }
            let Yaml::Hash(keys) = keys else {
                return Err(refused(format!(
                    "submissions.json: {path}: not a mapping of keys"
                )));
            };
            for (key, value) in keys {
                match (key.as_str().unwrap_or_default(), value.as_str()) {
                    ("entry_point", Some(entry)) => metadata
                        .entry_points
                        .push((path.to_string(), entry.to_string())),
                    ("team", _) => metadata.notes.push(format!(
                        "submissions.json: {path}: team, who submits it in DOMjudge, changes no verdict: passed over"
                    )),
                    ("langid", Some(language)) => check_language(root, path, language, "submissions.json")?,
                    (key, _) => {
                        return Err(refused(format!(
                            "submissions.json: {path}: {key}, which this judge does not act on"
                        )))
                    }
                }
            }
        }
    }
    let yaml = root.join("submissions/submissions.yaml");
    if yaml.is_file() {
        let file = "submissions/submissions.yaml";
        let Yaml::Hash(entries) = yaml_mapping(&yaml)? else {
            unreachable!("yaml_mapping gives a mapping")
        };
        for (pattern, keys) in &entries {
            let pattern = pattern.as_str().unwrap_or_default();
            let matched: Vec<&String> = paths
                .iter()
                .filter(|path| glob_matches(pattern, path.trim_start_matches("submissions/")))
                .collect();
            let Yaml::Hash(keys) = keys else {
                return Err(refused(format!("{file}: {pattern}: not a mapping of keys")));
            };
            let (mut permitted, mut required) = (None, None);
            for (key, value) in keys {
                let key = key.as_str().unwrap_or_default();
                match key {
                    "entrypoint" => {
                        let entry = value.as_str().ok_or_else(|| {
                            refused(format!("{file}: {pattern}: entrypoint is not a string"))
                        })?;
                        for path in &matched {
                            metadata
                                .entry_points
                                .push((path.to_string(), entry.to_string()));
                        }
                    }
                    "language" => {
                        let language = value.as_str().unwrap_or_default();
                        for path in &matched {
                            check_language(root, path, language, file)?;
                        }
                    }
                    "permitted" => permitted = Some(codes(value, key, file)?),
                    "required" => required = Some(codes(value, key, file)?),
                    "authors" | "model_solution" | "use_for_time_limit" => metadata.notes.push(format!(
                        "{file}: {pattern}: {key} changes no verdict here (the time limit is the package's): passed over"
                    )),
                    "score" | "message" => {
                        return Err(refused(format!(
                            "{file}: {pattern}: {key}, what a submission must get that this judge does not check (it adds no scores and keeps no judge messages)"
                        )))
                    }
                    _ if matches!(value, Yaml::Hash(_)) => {
                        return Err(refused(format!(
                            "{file}: {pattern}: {key}: requirements for a test data group alone, which this judge does not check"
                        )))
                    }
                    _ => {
                        return Err(refused(format!(
                            "{file}: {pattern}: {key}, which this judge does not act on"
                        )))
                    }
                }
            }
            if permitted.is_some() || required.is_some() {
                let every = ["AC", "WA", "TLE", "RE", "MLE"]
                    .map(str::to_string)
                    .to_vec();
                for path in &matched {
                    if metadata
                        .requirements
                        .iter()
                        .any(|(known, ..)| known == *path)
                    {
                        return Err(refused(format!(
                            "{file}: {path}: requirements from two patterns, which this judge does not combine"
                        )));
                    }
                    metadata.requirements.push((
                        path.to_string(),
                        required.clone().unwrap_or_else(|| every.clone()),
                        permitted.clone().unwrap_or_else(|| every.clone()),
                    ));
                }
            }
        }
    }
    Ok(metadata)
}

/// Refuses a submission whose named language is not the one its files say.
fn check_language(root: &Path, path: &str, language: &str, file: &str) -> io::Result<()> {
    let found = Sources::find(&root.join(path))
        .ok()
        .map(|sources| sources.language);
    let named = language_named(&language.to_ascii_lowercase());
    if named.is_none() || named != found {
        return Err(refused(format!(
            "{file}: {path}: language {language}, where this judge tells a submission's language by its files ({}): it would run as another",
            found.map_or("none it runs".to_string(), |found| format!("{found:?}"))
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glob_matches_a_submission_or_a_folder_above_it() {
        assert!(glob_matches("accepted", "accepted/a.py"));
        assert!(glob_matches("accepted/*", "accepted/a.py"));
        assert!(glob_matches("accepted/*.py", "accepted/a.py"));
        assert!(glob_matches("*/a.py", "wrong_answer/a.py"));
        assert!(glob_matches(
            "time_limit_exceeded/run_?requency/",
            "time_limit_exceeded/run_frequency"
        ));
        assert!(!glob_matches("accepted/*.cc", "accepted/a.py"));
        assert!(!glob_matches("accepted/a.py/more", "accepted/a.py"));
        assert!(!glob_matches("wrong", "wrong_answer/a.py"));
    }

    fn package(files: &[(&str, &str)]) -> judge::scratch::ScratchDir {
        let dir = judge::scratch::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn entry_points_and_requirements_are_read_and_the_rest_named() {
        let dir = package(&[
            ("submissions/accepted/two/main.py", ""),
            ("submissions/accepted/two/words.py", ""),
            ("submissions/wrong_answer/w.py", ""),
            (
                "submissions.json",
                "{\"submissions/accepted/two/\": {\"entry_point\": \"words.py\", \"team\": \"jury\"}}",
            ),
            (
                "submissions/submissions.yaml",
                "wrong_answer/*:\n  permitted: [AC, WA, RTE]\n  required: [WA]\n  authors: Someone\n",
            ),
        ]);
        let metadata = read(dir.path()).unwrap();
        assert_eq!(
            metadata.entry_points,
            [(
                "submissions/accepted/two".to_string(),
                "words.py".to_string()
            )]
        );
        assert_eq!(
            metadata.requirements,
            [(
                "submissions/wrong_answer/w.py".to_string(),
                vec!["WA".to_string()],
                ["AC", "WA", "RE", "MLE"].map(str::to_string).to_vec()
            )]
        );
        assert_eq!(metadata.notes.len(), 2, "{:?}", metadata.notes);
        assert!(metadata.tables()[0].contains("entry-point = \"words.py\""));
    }

    #[test]
    fn what_it_cannot_check_is_refused_with_the_reason() {
        for (yaml, message) in [
            ("accepted:\n  score: 100\n", "accepted: score, what a submission must get that this judge does not check"),
            ("accepted:\n  message: hi\n", "accepted: message, what a submission must get"),
            ("accepted:\n  sample:\n    permitted: [AC]\n", "accepted: sample: requirements for a test data group alone"),
            ("accepted:\n  language: kotlin\n", "language kotlin, where this judge tells a submission's language by its files (Python)"),
            ("accepted:\n  permitted: [AC, PAC]\n", "permitted: Some(\"PAC\") is not AC, WA, TLE or RTE"),
            ("accepted:\n  colour: red\n", "accepted: colour, which this judge does not act on"),
        ] {
            let dir = package(&[
                ("submissions/accepted/a.py", ""),
                ("submissions/submissions.yaml", yaml),
            ]);
            let error = read(dir.path()).unwrap_err().to_string();
            assert!(error.contains(message), "{yaml}: {error}");
        }
        let dir = package(&[
            ("submissions/accepted/a.py", ""),
            (
                "submissions.json",
                "{\"submissions/accepted/b.py\": {\"entry_point\": \"b.py\"}}",
            ),
        ]);
        let error = read(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("\"submissions/accepted/b.py\" is no submission of the package"),
            "{error}"
        );
    }
}
