//! A problem package of the Kattis/ICPC format (the legacy version and
//! 2023-07), as problemtools and DOMjudge read it: `problem.yaml`, `data/`,
//! and the judge's settings this workspace can take.
//!
//! What is read:
//! - the time limit: `limits.time_limit` (2023-07), else DOMjudge's
//!   `.timelimit` file or `domjudge-problem.ini`'s `timelimit`, else a
//!   default ([`DEFAULT_TIME_LIMIT_MS`], DOMjudge's 10 s) with a note: a
//!   legacy package leaves its limit to be worked out from its accepted
//!   submissions' times;
//! - `limits.memory` and `limits.output`, in MiB, else the format's defaults
//!   (2048 and 8, as DOMjudge has them);
//! - how outputs are judged: the default output validator with the legacy
//!   `validator_flags`, or a package's own validator (`validation: custom`,
//!   or a program in `output_validators/` or `output_validator/`); the flags
//!   of `data/`'s groups are [`crate::groups`]';
//! - whether it is interactive (`validation: custom interactive`, or `type:
//!   interactive`), multi-pass (`type: multi-pass`, or DOMjudge's legacy
//!   `validation: custom multi-pass`, with `limits.validation_passes`) or
//!   scored (`type: scoring`, `validation: custom score`).
//!
//! A package opens from a folder, or from a `.zip` or `.kpp` holding one
//! (`problem.yaml` at the archive's top, or in its one folder); a Polygon
//! package opens the same way, with its `problem.xml` (see
//! [`crate::polygon`]).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use judge::scratch::{tempdir, ScratchDir};
use judge::show::show_path;
use yaml_rust2::{Yaml, YamlLoader};

/// When a package names no time limit.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 10_000;
/// The format's default memory limit (MiB), as DOMjudge has it.
pub const DEFAULT_MEMORY_MB: u64 = 2048;
/// The format's default output limit (MiB).
pub const DEFAULT_OUTPUT_MB: u64 = 8;

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// A package opened: its folder, and the scratch folder it was unpacked into
/// (removed when this is dropped).
pub struct Opened {
    pub root: PathBuf,
    /// The name it came with: the folder's, or the archive's without its
    /// extension.
    pub given_name: String,
    /// Its format: a Polygon package (`problem.xml`), else Kattis's.
    pub polygon: bool,
    _unpacked: Option<ScratchDir>,
}

/// The file at a package's top that says its format: Kattis's first.
const MARKERS: [&str; 2] = ["problem.yaml", "problem.xml"];

/// Whether `folder` is a package's top, and whose (`Some(true)`: Polygon's).
fn format_of(folder: &Path) -> Option<bool> {
    MARKERS
        .iter()
        .position(|marker| folder.join(marker).is_file())
        .map(|index| index == 1)
}

/// Opens the package at `path`: a folder, or a `.zip`/`.kpp` unpacked into a
/// scratch folder.
///
/// # Errors
/// A path that is neither, an archive that cannot be read or holds a path
/// outside itself, or no `problem.yaml` where the format puts it.
pub fn open(path: &Path) -> io::Result<Opened> {
    let stem = |path: &Path| {
        path.file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    if path.is_dir() {
        let Some(polygon) = format_of(path) else {
            return Err(refused(format!(
                "{}: no problem.yaml (nor Polygon's problem.xml), so not a problem package",
                show_path(path)
            )));
        };
        let name = path
            .canonicalize()
            .ok()
            .and_then(|path| {
                path.file_name()
                    .map(|name| name.to_string_lossy().into_owned())
            })
            .unwrap_or_default();
        return Ok(Opened {
            root: path.to_path_buf(),
            given_name: name,
            polygon,
            _unpacked: None,
        });
    }
    let extension = path
        .extension()
        .and_then(|extension| extension.to_str())
        .map(str::to_ascii_lowercase);
    if !matches!(extension.as_deref(), Some("zip" | "kpp")) || !path.is_file() {
        return Err(refused(format!(
            "{}: not a package folder, nor a .zip or .kpp file",
            show_path(path)
        )));
    }
    let file = fs::File::open(path)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", show_path(path))))?;
    let mut archive = zip::ZipArchive::new(file)
        .map_err(|error| refused(format!("{}: {error}", show_path(path))))?;
    let unpacked = tempdir()?;
    // `extract` takes only names that stay inside the folder.
    archive
        .extract(unpacked.path())
        .map_err(|error| refused(format!("{}: {error}", show_path(path))))?;
    let root = if format_of(unpacked.path()).is_some() {
        unpacked.path().to_path_buf()
    } else {
        let folders: Vec<PathBuf> = fs::read_dir(unpacked.path())?
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.is_dir())
            .collect();
        match folders.as_slice() {
            [one] if format_of(one).is_some() => one.clone(),
            _ => {
                return Err(refused(format!(
                "{}: no problem.yaml (nor Polygon's problem.xml) at its top or in its one folder",
                show_path(path)
            )))
            }
        }
    };
    Ok(Opened {
        polygon: format_of(&root) == Some(true),
        root,
        given_name: stem(path),
        _unpacked: Some(unpacked),
    })
}

/// How a package's outputs are judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validation {
    /// The default output validator, with these flags.
    Default { flags: String },
    /// The package's own output validator, in this folder (or this file),
    /// and the legacy `validator_flags` it is given.
    Custom { validator: PathBuf, flags: String },
}

/// What this workspace takes from a package's `problem.yaml` and its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The problem's name in its statement, for the README.
    pub title: Option<String>,
    pub time_limit_ms: u64,
    /// Where the time limit came from, or why it is the default.
    pub time_limit_from: String,
    pub memory_mb: u64,
    pub output_mb: u64,
    pub validation: Validation,
    pub interactive: bool,
    /// A multi-pass problem's most passes (`type: multi-pass`, or the legacy
    /// `validation: custom multi-pass`, with `limits.validation_passes`,
    /// 2 by default).
    pub validation_passes: Option<u32>,
    pub scoring: bool,
    /// The input validators' programs (a file or a folder each).
    pub input_validators: Vec<PathBuf>,
}

/// The YAML file at `path`, a mapping of keys to values (empty when the
/// file is: every key its default).
///
/// # Errors
/// A file that cannot be read, is not YAML or is another kind of document.
pub fn yaml_mapping(path: &Path) -> io::Result<Yaml> {
    let text = fs::read_to_string(path)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", show_path(path))))?;
    let documents = YamlLoader::load_from_str(&text)
        .map_err(|error| refused(format!("{}: {error}", show_path(path))))?;
    match documents.into_iter().next() {
        Some(yaml @ Yaml::Hash(_)) => Ok(yaml),
        None | Some(Yaml::Null) => Ok(Yaml::Hash(Default::default())),
        Some(_) => Err(refused(format!(
            "{}: not a mapping of keys to values",
            show_path(path)
        ))),
    }
}

/// A number of a YAML document: an integer or a real.
fn number(yaml: &Yaml) -> Option<f64> {
    match yaml {
        Yaml::Integer(value) => Some(*value as f64),
        Yaml::Real(text) => text.parse().ok(),
        _ => None,
    }
}

/// Reads `problem.yaml` and the files beside it.
///
/// # Errors
/// A `problem.yaml` that is no YAML mapping, or a limit that is no positive
/// number.
pub fn settings(root: &Path) -> io::Result<Settings> {
    let path = root.join("problem.yaml");
    let yaml = yaml_mapping(&path)?;
    let limits = &yaml["limits"];
    let positive = |key: &str| -> io::Result<Option<f64>> {
        match &limits[key] {
            Yaml::BadValue => Ok(None),
            value => match number(value) {
                Some(value) if value > 0.0 && value.is_finite() => Ok(Some(value)),
                _ => Err(refused(format!(
                    "{}: limits.{key} is not a positive number",
                    show_path(&path)
                ))),
            },
        }
    };
    let (time_limit_ms, time_limit_from) = match positive("time_limit")? {
        Some(seconds) => (
            (seconds * 1000.0).round() as u64,
            "problem.yaml".to_string(),
        ),
        None => match domjudge_time_limit(root)? {
            Some((seconds, file)) => ((seconds * 1000.0).round() as u64, file),
            None => (
                DEFAULT_TIME_LIMIT_MS,
                "DOMjudge's default: the package names none (problemtools works it out from the accepted submissions' times)".to_string(),
            ),
        },
    };
    let megabytes = |key: &str, default: u64| -> io::Result<u64> {
        Ok(positive(key)?.map_or(default, |value| value.ceil() as u64))
    };
    let validation_text = yaml["validation"].as_str().unwrap_or("default").to_string();
    let types: Vec<String> = match &yaml["type"] {
        Yaml::String(text) => text.split_whitespace().map(str::to_string).collect(),
        Yaml::Array(items) => items
            .iter()
            .filter_map(|item| item.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    let words: Vec<&str> = validation_text.split_whitespace().collect();
    let interactive =
        words.contains(&"interactive") || types.iter().any(|kind| kind == "interactive");
    let scoring = words.contains(&"score") || types.iter().any(|kind| kind == "scoring");
    let multi_pass = words.contains(&"multi-pass") || types.iter().any(|kind| kind == "multi-pass");
    let validation_passes = match (&limits["validation_passes"], multi_pass) {
        (Yaml::BadValue, true) => Some(2),
        (Yaml::Integer(passes), true) if (2..=1000).contains(passes) => Some(*passes as u32),
        (Yaml::BadValue, false) => None,
        (_, false) => {
            return Err(refused(format!(
            "{}: limits.validation_passes, but the problem is not multi-pass (type: multi-pass)",
            show_path(&path)
        )))
        }
        (value, true) => {
            return Err(refused(format!(
                "{}: limits.validation_passes = {value:?}: a whole number of passes, 2 to 1000",
                show_path(&path)
            )))
        }
    };
    let validator = custom_validator(root)?;
    let flags = yaml["validator_flags"]
        .as_str()
        .unwrap_or("")
        .trim()
        .to_string();
    let validation = match validator {
        Some(validator) => Validation::Custom { validator, flags },
        None if words.first() == Some(&"custom") || interactive || multi_pass => {
            return Err(refused(format!(
                "{}: validation is custom, but there is no program in output_validators/ or output_validator/",
                show_path(root)
            )))
        }
        None => Validation::Default { flags },
    };
    let title = match &yaml["name"] {
        Yaml::String(name) => Some(name.clone()),
        Yaml::Hash(names) => names
            .get(&Yaml::String("en".to_string()))
            .or_else(|| names.values().next())
            .and_then(|name| name.as_str().map(str::to_string)),
        _ => None,
    };
    Ok(Settings {
        title,
        time_limit_ms: time_limit_ms.max(1),
        time_limit_from,
        memory_mb: megabytes("memory", DEFAULT_MEMORY_MB)?,
        output_mb: megabytes("output", DEFAULT_OUTPUT_MB)?,
        validation,
        interactive,
        validation_passes,
        scoring,
        input_validators: programs_in(&[
            root.join("input_validators"),
            root.join("input_format_validators"),
        ])?,
    })
}

/// DOMjudge's time limit: a `.timelimit` file, or `timelimit` in
/// `domjudge-problem.ini`; seconds, and the file.
fn domjudge_time_limit(root: &Path) -> io::Result<Option<(f64, String)>> {
    let bad = |file: &str| refused(format!("{file}: not a positive number of seconds"));
    if let Ok(text) = fs::read_to_string(root.join(".timelimit")) {
        let seconds: f64 = text.trim().parse().map_err(|_| bad(".timelimit"))?;
        if !(seconds > 0.0 && seconds.is_finite()) {
            return Err(bad(".timelimit"));
        }
        return Ok(Some((seconds, ".timelimit".to_string())));
    }
    if let Ok(text) = fs::read_to_string(root.join("domjudge-problem.ini")) {
        for line in text.lines() {
            if let Some((key, value)) = line.split_once('=') {
                if key.trim() == "timelimit" {
                    let value = value.trim().trim_matches(['\'', '"']);
                    let seconds: f64 = value.parse().map_err(|_| bad("domjudge-problem.ini"))?;
                    if !(seconds > 0.0 && seconds.is_finite()) {
                        return Err(bad("domjudge-problem.ini"));
                    }
                    return Ok(Some((seconds, "domjudge-problem.ini".to_string())));
                }
            }
        }
    }
    Ok(None)
}

/// The programs of these folders: each file or subfolder (not starting with
/// a dot) is one, as problemtools takes them.
fn programs_in(folders: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
    let mut programs = Vec::new();
    for folder in folders.iter().filter(|folder| folder.is_dir()) {
        let mut entries: Vec<PathBuf> = fs::read_dir(folder)?
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                !path
                    .file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with('.'))
            })
            .collect();
        entries.sort();
        programs.extend(entries);
    }
    Ok(programs)
}

/// The package's output validator: the one program of `output_validators/`
/// (legacy) or `output_validator/` (2023-07, where the folder may itself be
/// the program).
fn custom_validator(root: &Path) -> io::Result<Option<PathBuf>> {
    let legacy = programs_in(&[root.join("output_validators")])?;
    let newer = root.join("output_validator");
    let mut found = legacy;
    if newer.is_dir() {
        let inside = programs_in(std::slice::from_ref(&newer))?;
        if inside.iter().all(|path| path.is_dir()) && !inside.is_empty() {
            found.extend(inside);
        } else {
            found.push(newer);
        }
    }
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.pop()),
        _ => Err(refused(format!(
            "{}: more than one output validator ({}); this judge takes one",
            show_path(root),
            found.iter().map(show_path).collect::<Vec<_>>().join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(files: &[(&str, &str)]) -> ScratchDir {
        let dir = tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn a_legacy_package_gives_its_flags_and_limits() {
        let dir = package(&[
            (
                "problem.yaml",
                "name: Sum\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  memory: 512\n  output: 16\n",
            ),
            (".timelimit", "2.5\n"),
        ]);
        let settings = settings(dir.path()).unwrap();
        assert_eq!(settings.title.as_deref(), Some("Sum"));
        assert_eq!(
            (settings.time_limit_ms, settings.time_limit_from.as_str()),
            (2500, ".timelimit")
        );
        assert_eq!((settings.memory_mb, settings.output_mb), (512, 16));
        assert_eq!(
            settings.validation,
            Validation::Default {
                flags: "float_tolerance 1e-6".to_string()
            }
        );
        assert!(!settings.interactive && !settings.scoring);
    }

    #[test]
    fn a_newer_package_gives_its_type_and_time_limit() {
        let dir = package(&[
            (
                "problem.yaml",
                "problem_format_version: 2023-07-draft\nname:\n  en: Guess\n  sv: Gissa\ntype: [pass-fail, interactive]\nlimits:\n  time_limit: 1\n",
            ),
            ("output_validator/validator.py", "import sys\n"),
        ]);
        let settings = settings(dir.path()).unwrap();
        assert_eq!(settings.title.as_deref(), Some("Guess"));
        assert_eq!(settings.time_limit_ms, 1000);
        assert!(settings.interactive);
        assert_eq!(
            settings.validation,
            Validation::Custom {
                validator: dir.path().join("output_validator"),
                flags: String::new(),
            }
        );
        assert_eq!(
            (settings.memory_mb, settings.output_mb),
            (2048, 8),
            "the defaults"
        );
    }

    #[test]
    fn without_a_time_limit_the_default_is_said() {
        let dir = package(&[("problem.yaml", "")]);
        let settings = settings(dir.path()).unwrap();
        assert_eq!(settings.time_limit_ms, DEFAULT_TIME_LIMIT_MS);
        assert!(settings.time_limit_from.starts_with("DOMjudge's default"));
        let ini = package(&[
            ("problem.yaml", "name: x\n"),
            ("domjudge-problem.ini", "timelimit = '3'\n"),
        ]);
        assert_eq!(settings_of(&ini).time_limit_ms, 3000);
    }

    fn settings_of(dir: &ScratchDir) -> Settings {
        settings(dir.path()).unwrap()
    }

    #[test]
    fn bad_settings_are_refused_with_their_reason() {
        for (files, message) in [
            (vec![("problem.yaml", "- a list\n")], "not a mapping"),
            (
                vec![("problem.yaml", "limits:\n  memory: -1\n")],
                "limits.memory is not a positive number",
            ),
            (
                vec![("problem.yaml", "validation: custom\n")],
                "no program in output_validators/",
            ),
            (
                vec![("problem.yaml", "name: x\n"), (".timelimit", "fast\n")],
                ".timelimit: not a positive number",
            ),
            (
                vec![
                    ("problem.yaml", "validation: custom\n"),
                    ("output_validators/a/a.cc", ""),
                    ("output_validators/b/b.cc", ""),
                ],
                "more than one output validator",
            ),
        ] {
            let dir = package(&files);
            let error = settings(dir.path()).unwrap_err().to_string();
            assert!(error.contains(message), "{files:?}: {error}");
        }
    }

    #[test]
    fn a_folder_without_problem_yaml_is_no_package() {
        let dir = package(&[("data/sample/1.in", "1\n")]);
        let error = open(dir.path()).err().unwrap().to_string();
        assert!(
            error
                .ends_with("no problem.yaml (nor Polygon's problem.xml), so not a problem package"),
            "{error}"
        );
        let error = open(&dir.path().join("data/sample/1.in"))
            .err()
            .unwrap()
            .to_string();
        assert!(
            error.ends_with("not a package folder, nor a .zip or .kpp file"),
            "{error}"
        );
    }
}
