//! Every key of a package's settings that the importer does not act on,
//! named: nothing is read as something else. A key that would change what
//! a judge gives (a problem type or validation it does not know, a scoring
//! rule that changes verdicts, constants put into the validators) refuses
//! the import with its reason, nothing written; one that changes no verdict
//! here (metadata, points, limits on compilation) is named in a note.
//! docs/archives.md lists them.

use std::fs;
use std::io;
use std::path::Path;

use judge::show::show_path;
use yaml_rust2::Yaml;

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// `problem.yaml`'s keys that the importer reads ([`crate::package`]).
const PROBLEM_ACTED: [&str; 6] = [
    "problem_format_version",
    "name",
    "type",
    "validation",
    "validator_flags",
    "limits",
];

/// `problem.yaml`'s keys that change no verdict: what each is.
const PROBLEM_PASSED: [(&str, &str); 12] = [
    ("uuid", "an identifier"),
    ("version", "the package's version"),
    ("credits", "who made it"),
    ("author", "who made it"),
    ("source", "where it is from"),
    ("source_url", "where it is from"),
    ("license", "its licence"),
    ("rights_owner", "its licence"),
    ("keywords", "keywords"),
    ("embargo_until", "when it may be published"),
    (
        "languages",
        "the languages a contest takes (verify judges every submission it can run)",
    ),
    (
        "allow_file_writing",
        "whether a submission may write files (this judge does not forbid it)",
    ),
];

/// `limits`' keys that the importer reads.
const LIMITS_ACTED: [&str; 4] = ["time_limit", "memory", "output", "validation_passes"];

/// `limits`' keys that change no verdict here: what each is.
const LIMITS_PASSED: [(&str, &str); 11] = [
    ("time_multipliers", "how a time limit is worked out from the accepted submissions (this judge takes time_limit as it is)"),
    ("time_multiplier", "how a time limit is worked out (this judge takes the package's as it is)"),
    ("time_safety_margin", "how a time limit is worked out (this judge takes the package's as it is)"),
    ("time_resolution", "how a time limit is rounded (this judge takes the package's as it is)"),
    ("code", "the largest source (this judge builds any)"),
    ("compilation_time", "the time a build may take (this judge waits for it)"),
    ("compilation_memory", "the memory a build may use"),
    ("validation_time", "the output validator's time (60 s here, the format's default)"),
    ("validation_memory", "the output validator's memory (not limited here)"),
    ("validation_output", "the output validator's output (not limited here)"),
    ("scoring", "how scores are added (this judge adds no scores)"),
];

/// The problem types the importer knows (`type`, 2023-07 and 2025-09).
const TYPES: [&str; 4] = ["pass-fail", "scoring", "interactive", "multi-pass"];

/// The words of the legacy `validation` the importer knows.
const VALIDATION_WORDS: [&str; 5] = ["default", "custom", "interactive", "score", "multi-pass"];

/// What `problem.yaml` (`yaml`) holds that the importer does not act on:
/// notes, or the refusal of a key that would change verdicts.
///
/// # Errors
/// `constants`, a `type` or `validation` it does not know.
pub fn problem_yaml(yaml: &Yaml) -> io::Result<Vec<String>> {
    let mut notes = Vec::new();
    let Yaml::Hash(entries) = yaml else {
        return Ok(notes);
    };
    for key in entries.keys() {
        let key = key.as_str().unwrap_or_default();
        if PROBLEM_ACTED.contains(&key) {
            continue;
        }
        if key == "grading" {
            // Its on_reject is read (grading_on_reject); the rest is scores.
            if let Yaml::Hash(grading) = &yaml["grading"] {
                for sub in grading.keys().filter_map(Yaml::as_str) {
                    if sub != "on_reject" {
                        notes.push(format!("problem.yaml: grading.{sub} (how scores are given and shown; this judge adds no scores) changes no verdict here: passed over"));
                    }
                }
                continue;
            }
            notes.push("problem.yaml: grading (how scores are given and shown; this judge adds no scores) changes no verdict here: passed over".to_string());
            continue;
        }
        if key == "constants" {
            return Err(refused(
                "problem.yaml: constants, which the format puts into the validators' arguments and files ({{name}}), and this judge does not: nothing imported".to_string(),
            ));
        }
        notes.push(
            match PROBLEM_PASSED.iter().find(|(known, _)| *known == key) {
                Some((_, what)) => {
                    format!("problem.yaml: {key} ({what}) changes no verdict here: passed over")
                }
                None => format!("problem.yaml: {key}, a key this judge does not know: passed over"),
            },
        );
    }
    let types: Vec<&str> = match &yaml["type"] {
        Yaml::String(text) => text.split_whitespace().collect(),
        Yaml::Array(items) => items.iter().filter_map(Yaml::as_str).collect(),
        _ => Vec::new(),
    };
    if let Some(kind) = types.iter().find(|kind| !TYPES.contains(kind)) {
        return Err(refused(format!(
            "problem.yaml: type {kind}, which this judge does not judge ({} are): nothing imported",
            TYPES.join(", ")
        )));
    }
    let validation = yaml["validation"].as_str().unwrap_or("default");
    if let Some(word) = validation
        .split_whitespace()
        .find(|word| !VALIDATION_WORDS.contains(word))
    {
        return Err(refused(format!(
            "problem.yaml: validation {validation:?}: {word} is not a validation this judge knows ({}): nothing imported",
            VALIDATION_WORDS.join(", ")
        )));
    }
    if let Yaml::Hash(limits) = &yaml["limits"] {
        for key in limits.keys().filter_map(Yaml::as_str) {
            if LIMITS_ACTED.contains(&key) {
                continue;
            }
            notes.push(
                match LIMITS_PASSED.iter().find(|(known, _)| *known == key) {
                    Some((_, what)) => format!("problem.yaml: limits.{key} ({what}): passed over"),
                    None => format!(
                        "problem.yaml: limits.{key}, a limit this judge does not know: passed over"
                    ),
                },
            );
        }
    }
    Ok(notes)
}

/// A test data group's keys that the importer reads ([`crate::groups`]).
const GROUP_ACTED: [&str; 6] = [
    "output_validator_flags",
    "output_validator_args",
    "input_validator_flags",
    "input_validator_args",
    "args",
    "on_reject",
];

/// A test data group's keys that change no verdict here: what each is.
const GROUP_PASSED: [(&str, &str); 8] = [
    ("accept_score", "a case's score when accepted"),
    ("reject_score", "a case's score when rejected"),
    ("range", "the range of a group's score"),
    ("max_score", "a group's most points"),
    ("score_aggregation", "how a group's scores are added"),
    (
        "require_pass",
        "which groups must pass before a group scores",
    ),
    ("static_validation", "a static validator's score"),
    ("full_feedback", "what a team is shown"),
];

/// The `grader_flags` words that only say how scores are added, or that
/// judging here only makes stricter (`ignore_sample`: verify counts the
/// samples too, and an accepted submission passes them).
const SCORE_WORDS: [&str; 7] = [
    "sum",
    "avg",
    "min",
    "max",
    "worst_error",
    "first_error",
    "ignore_sample",
];

/// What the test data groups' settings (`testdata.yaml`, `test_group.yaml`
/// under `data`) hold that the importer does not act on: notes, and the
/// first file whose `grader_flags` say `first_error` (a group that
/// continues past a rejection then takes its first error, not its worst:
/// see [`first_error_refused`]).
///
/// # Errors
/// A file that cannot be read, an `on_reject` other than break or
/// continue, or a `grader_flags` word that would accept what is rejected
/// here (`accept_if_any_accepted`, `always_accept`).
pub fn test_data(data: &Path) -> io::Result<(Vec<String>, Option<String>)> {
    let mut notes = Vec::new();
    let mut first_error = None;
    let mut files = Vec::new();
    settings_files(data, &mut files)?;
    files.sort();
    for file in files {
        let shown = show_path(
            file.strip_prefix(data.parent().unwrap_or(data))
                .unwrap_or(&file),
        );
        let yaml = crate::package::yaml_mapping(&file)?;
        let Yaml::Hash(entries) = &yaml else { continue };
        for (key, value) in entries {
            let key = key.as_str().unwrap_or_default();
            match key {
                "on_reject" => match value.as_str() {
                    Some("break" | "continue") => {}
                    other => {
                        return Err(refused(format!(
                            "{shown}: on_reject {other:?}: break or continue"
                        )))
                    }
                },
                "grader_flags" => {
                    let words = value.as_str().unwrap_or_default();
                    if let Some(word) = words
                        .split_whitespace()
                        .find(|word| !SCORE_WORDS.contains(word))
                    {
                        return Err(refused(format!(
                            "{shown}: grader_flags {word}, which changes a group's verdict and this judge does not apply: nothing imported"
                        )));
                    }
                    if words.split_whitespace().any(|word| word == "first_error") {
                        first_error.get_or_insert_with(|| shown.clone());
                    }
                    notes.push(format!("{shown}: grader_flags {words:?} (how scores are added; the samples are judged too) changes no verdict here: passed over"));
                }
                _ if GROUP_ACTED.contains(&key) => {}
                _ => notes.push(match GROUP_PASSED.iter().find(|(known, _)| *known == key) {
                    Some((_, what)) => {
                        format!("{shown}: {key} ({what}) changes no verdict here: passed over")
                    }
                    None => format!("{shown}: {key}, a key this judge does not know: passed over"),
                }),
            }
        }
    }
    Ok((notes, first_error))
}

/// The refusal of `grader_flags: first_error` (in `file`) in a package
/// where a group continues past a rejection: that group's verdict is then
/// its first error, where this judge gives the worst of its cases (the
/// default grader's `worst_error`; the two agree where every group breaks).
pub fn first_error_refused(file: &str) -> io::Error {
    refused(format!(
        "{file}: grader_flags first_error, with a group that says on_reject: continue: that group's verdict would be its first error, and this judge gives the worst (worst_error): nothing imported"
    ))
}

/// The legacy `problem.yaml`'s `grading: on_reject`, which problemtools
/// applies to every test data group over their own `on_reject`:
/// `first_error` breaks (`Some(false)`), `grade` continues (`Some(true)`);
/// `worst_error` and none leave the groups' own (`None`), as problemtools
/// does.
///
/// # Errors
/// Another value.
pub fn grading_on_reject(yaml: &Yaml) -> io::Result<Option<bool>> {
    match &yaml["grading"]["on_reject"] {
        Yaml::BadValue | Yaml::Null => Ok(None),
        Yaml::String(word) if word == "first_error" => Ok(Some(false)),
        Yaml::String(word) if word == "grade" => Ok(Some(true)),
        Yaml::String(word) if word == "worst_error" => Ok(None),
        other => Err(refused(format!(
            "problem.yaml: grading: on_reject {other:?}: first_error, worst_error or grade"
        ))),
    }
}

/// The settings files under `folder`, at any depth.
fn settings_files(folder: &Path, files: &mut Vec<std::path::PathBuf>) -> io::Result<()> {
    if !folder.is_dir() {
        return Ok(());
    }
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            settings_files(&path, files)?;
        } else if path
            .file_name()
            .is_some_and(|name| name == "testdata.yaml" || name == "test_group.yaml")
        {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use yaml_rust2::YamlLoader;

    fn yaml(text: &str) -> Yaml {
        YamlLoader::load_from_str(text).unwrap().remove(0)
    }

    #[test]
    fn a_problem_yaml_key_not_acted_on_is_named_or_refused() {
        let notes = problem_yaml(&yaml(
            "name: A\nlicense: cc0\nfavourite: blue\nlimits:\n  time_limit: 1\n  code: 128\n",
        ))
        .unwrap();
        assert_eq!(
            notes,
            [
                "problem.yaml: license (its licence) changes no verdict here: passed over",
                "problem.yaml: favourite, a key this judge does not know: passed over",
                "problem.yaml: limits.code (the largest source (this judge builds any)): passed over",
            ]
        );
        for (text, message) in [
            (
                "type: submit-answer\n",
                "type submit-answer, which this judge does not judge",
            ),
            (
                "validation: custom magic\n",
                "magic is not a validation this judge knows",
            ),
            (
                "constants:\n  n: 5\n",
                "constants, which the format puts into the validators' arguments",
            ),
        ] {
            let error = problem_yaml(&yaml(text)).unwrap_err().to_string();
            assert!(error.contains(message), "{text}: {error}");
        }
        assert!(problem_yaml(&yaml("type: [interactive, multi-pass]\n"))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn a_test_groups_key_not_acted_on_is_named_or_refused() {
        let dir = judge::scratch::tempdir().unwrap();
        let data = dir.path().join("data");
        fs::create_dir_all(data.join("secret")).unwrap();
        fs::write(
            data.join("testdata.yaml"),
            "on_reject: continue\naccept_score: 5\nhue: 3\n",
        )
        .unwrap();
        let (notes, first_error) = test_data(&data).unwrap();
        assert_eq!(first_error, None);
        assert_eq!(
            notes,
            [
                "data/testdata.yaml: accept_score (a case's score when accepted) changes no verdict here: passed over",
                "data/testdata.yaml: hue, a key this judge does not know: passed over",
            ]
        );
        fs::write(
            data.join("secret/testdata.yaml"),
            "grader_flags: sum first_error
",
        )
        .unwrap();
        let (_, first_error) = test_data(&data).unwrap();
        assert_eq!(first_error.as_deref(), Some("data/secret/testdata.yaml"));
        fs::write(
            data.join("secret/testdata.yaml"),
            "on_reject: skip
",
        )
        .unwrap();
        let error = test_data(&data).unwrap_err().to_string();
        assert!(
            error
                .contains("data/secret/testdata.yaml: on_reject Some(\"skip\"): break or continue"),
            "{error}"
        );
        fs::write(
            data.join("secret/testdata.yaml"),
            "grader_flags: ignore_sample always_accept\n",
        )
        .unwrap();
        let error = test_data(&data).unwrap_err().to_string();
        assert!(error.contains("data/secret/testdata.yaml: grader_flags always_accept, which changes a group's verdict"), "{error}");
    }

    #[test]
    fn grading_on_reject_overrides_the_groups_as_problemtools_applies_it() {
        for (text, said) in [
            ("name: x\n", None),
            ("grading:\n  on_reject: first_error\n", Some(false)),
            ("grading:\n  on_reject: grade\n", Some(true)),
            ("grading:\n  on_reject: worst_error\n", None),
        ] {
            assert_eq!(grading_on_reject(&yaml(text)).unwrap(), said, "{text}");
        }
        assert_eq!(
            problem_yaml(&yaml("grading:\n  on_reject: grade\n  objective: min\n")).unwrap(),
            ["problem.yaml: grading.objective (how scores are given and shown; this judge adds no scores) changes no verdict here: passed over"]
        );
        let error = grading_on_reject(&yaml("grading:\n  on_reject: all\n"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("problem.yaml: grading: on_reject String(\"all\"): first_error, worst_error or grade"), "{error}");
    }
}
