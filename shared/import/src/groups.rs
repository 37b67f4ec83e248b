//! The flags a package's test data gives its validators, case by case: its
//! `testdata.yaml` (legacy, 2023-07) or `test_group.yaml` (2025-09) in
//! `data/` and in the folders below it, each key inherited from the nearest
//! folder up that sets it, and a case's own `X.yaml` (2025-09).
//!
//! Of those files' keys, the ones that decide a case's verdict are taken:
//! `output_validator_flags` or `output_validator_args` (after the legacy
//! `validator_flags` of `problem.yaml`, as problemtools passes them), and
//! `input_validator_flags` or `input_validator_args`. Arguments for the
//! submission (`args`) and flags for one input validator by name are
//! refused: this judge gives neither. The others (points, feedback,
//! visualisers) change no verdict.
//!
//! In the manifest ([`judge::cases::problem::CaseGroup`]): flags that are
//! the same for every case are the problem's own; else the problem keeps
//! `problem.yaml`'s, and every folder holding cases (and every case with
//! its own `X.yaml`) gets a table with its flags in full.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use judge::cases::problem::{group_of, CaseGroup};
use judge::show::show_path;
use yaml_rust2::Yaml;

use crate::cases::Found;

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// The flags one file sets, each `None` where it sets none, and the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Set {
    output: Option<(String, PathBuf)>,
    input: Option<(String, PathBuf)>,
}

/// A case's flags: what its validators are given.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Flags {
    output: String,
    /// `None`: nothing sets any.
    input: Option<String>,
}

/// One `[[package.metadata.judge.group]]` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The folder (or the case's file) whose flags these are, for a comment.
    pub source: String,
    pub cases: String,
    pub validator_flags: Option<String>,
    pub input_validator_flags: Option<String>,
    /// Its folder's `on_reject`: `Some(true)` for continue.
    pub on_reject_continue: Option<bool>,
}

/// What the test data groups say a judge does after a rejected case
/// (`on_reject`, inherited from the nearest folder up that sets it, as
/// problemtools reads it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnReject {
    /// `data/`'s: `true` for continue; the problem's `on-reject`.
    pub root_continues: bool,
    /// Each folder below `data/` that sets it: its cases' prefix, `true`
    /// for continue, and the file that says so.
    pub groups: Vec<(String, bool, PathBuf)>,
}

impl OnReject {
    /// Whether any group goes on past a rejected case.
    pub fn continues_anywhere(&self) -> bool {
        self.root_continues || self.groups.iter().any(|(_, continues, _)| *continues)
    }
}

/// The flags of an imported problem's validators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The output validator's flags of the problem.
    pub output: String,
    /// Its input validators' flags, if any.
    pub input: Option<String>,
    /// The groups with flags of their own.
    pub tables: Vec<Table>,
    /// The files that set flags, for the report.
    pub read: Vec<PathBuf>,
}

/// The flags of the cases `found` in the package's `data/`, the legacy
/// `validator_flags` given first; `input_validators`: whether it has input
/// validators this judge runs (else their flags are not kept). Each output
/// flags a case ends with is checked by `check` (the default validator's
/// reader), its error naming the file.
///
/// # Errors
/// A settings file that is no YAML mapping, a value of another kind, `args`
/// for the submission, input validator flags by name, flags the manifest
/// cannot hold (a `"` or `\`), flags `check` refuses, or groups whose names
/// overlap so that a case would take another group's flags.
pub fn plan(
    data: &Path,
    found: &[Found],
    legacy: &str,
    input_validators: bool,
    check: impl Fn(&str) -> Result<(), String>,
) -> io::Result<Plan> {
    let mut folders: BTreeMap<PathBuf, Set> = BTreeMap::new();
    let mut read = Vec::new();
    let mut set_of = |path: &Path, files: &[&str]| -> io::Result<Set> {
        let mut set = Set::default();
        let mut seen = None;
        for file in files {
            let file = path.join(file);
            if !file.is_file() {
                continue;
            }
            if let Some(other) = seen.replace(file.clone()) {
                return Err(refused(format!(
                    "{} and {}: which to take is not clear",
                    show_path(&other),
                    show_path(&file)
                )));
            }
            set = read_settings(&file)?;
            if set.output.is_some() || set.input.is_some() {
                read.push(file);
            }
        }
        Ok(set)
    };
    let mut cases = Vec::new();
    for case in found {
        let folder = case.input.parent().unwrap_or(data);
        // From data/ down to the case's folder.
        let mut chain: Vec<&Path> = folder
            .ancestors()
            .take_while(|path| path.starts_with(data))
            .collect();
        chain.reverse();
        let mut inherited = Set::default();
        for path in chain {
            if !folders.contains_key(path) {
                let set = set_of(path, &["testdata.yaml", "test_group.yaml"])?;
                folders.insert(path.to_path_buf(), set);
            }
            let set = &folders[path];
            inherited.output = set.output.clone().or(inherited.output);
            inherited.input = set.input.clone().or(inherited.input);
        }
        let stem = case.input.file_stem().unwrap_or_default().to_string_lossy();
        let own = set_of(folder, &[&format!("{stem}.yaml")])?;
        let prefix = case.name.strip_suffix(&format!("-{stem}")).unwrap_or("");
        cases.push((case, prefix.to_string(), inherited, own));
    }
    let flags = |set: &Set, own: Option<&Set>| -> io::Result<Flags> {
        let output = own
            .and_then(|own| own.output.as_ref())
            .or(set.output.as_ref());
        let input = own
            .and_then(|own| own.input.as_ref())
            .or(set.input.as_ref());
        let joined = match output {
            Some((flags, _)) => format!("{legacy} {flags}").trim().to_string(),
            None => legacy.to_string(),
        };
        check(&joined).map_err(|error| {
            refused(match output {
                Some((flags, file)) => format!("{}: flags {flags:?}: {error}", show_path(file)),
                None => format!("problem.yaml: validator_flags: {error}"),
            })
        })?;
        Ok(Flags {
            output: joined,
            input: input
                .filter(|_| input_validators)
                .map(|(flags, _)| flags.clone()),
        })
    };
    let mut each = Vec::new();
    for (case, _, inherited, own) in &cases {
        each.push((case.name.as_str(), flags(inherited, Some(own))?));
    }
    let unwritable = |flags: &str| flags.contains(['"', '\\']);
    if let Some((name, _)) = each.iter().find(|(_, flags)| {
        unwritable(&flags.output) || flags.input.as_deref().is_some_and(unwritable)
    }) {
        return Err(refused(format!(
            "the flags of the case {name}: a \" or \\, which this judge's manifest cannot hold"
        )));
    }
    let Some((_, first)) = each.first().cloned() else {
        return Ok(Plan {
            output: legacy.to_string(),
            input: None,
            tables: Vec::new(),
            read,
        });
    };
    if each.iter().all(|(_, flags)| *flags == first) {
        return Ok(Plan {
            output: first.output,
            input: first.input,
            tables: Vec::new(),
            read,
        });
    }
    let outputs_differ = each.iter().any(|(_, flags)| flags.output != first.output);
    let inputs_differ = each.iter().any(|(_, flags)| flags.input != first.input);
    // What differs goes to the tables; what is the same, to the problem.
    let output = if outputs_differ {
        legacy.to_string()
    } else {
        first.output
    };
    let input = if inputs_differ { None } else { first.input };
    let table = |source: &Path, cases: &str, flags: &Flags| Table {
        source: show_path(
            source
                .strip_prefix(data.parent().unwrap_or(data))
                .unwrap_or(source),
        ),
        cases: cases.to_string(),
        validator_flags: outputs_differ.then(|| flags.output.clone()),
        input_validator_flags: inputs_differ.then(|| flags.input.clone().unwrap_or_default()),
        on_reject_continue: None,
    };
    let mut tables: Vec<Table> = Vec::new();
    for (case, prefix, inherited, own) in &cases {
        if !tables.iter().any(|table| table.cases == *prefix) {
            let folder = case.input.parent().unwrap_or(data);
            tables.push(table(folder, prefix, &flags(inherited, None)?));
        }
        if own.output.is_some() || own.input.is_some() {
            let file = case.input.with_extension("yaml");
            tables.push(table(&file, &case.name, &flags(inherited, Some(own))?));
        }
    }
    if let Some(table) = tables.iter().find(|table| table.cases.contains('"')) {
        return Err(refused(format!(
            "{}: a name with a \", which this judge's manifest cannot hold",
            table.cases
        )));
    }
    // As the judge will read them: each case must come to its own flags.
    let words =
        |flags: &str| -> Vec<String> { flags.split_whitespace().map(str::to_string).collect() };
    let groups: Vec<CaseGroup> = tables
        .iter()
        .map(|table| CaseGroup {
            cases: table.cases.clone(),
            compare: None,
            validator_flags: table.validator_flags.as_deref().map(words),
            input_validator_flags: table.input_validator_flags.as_deref().map(words),
            on_reject_continue: None,
        })
        .collect();
    for (name, flags) in &each {
        let group = group_of(&groups, name);
        let given_output = (group.and_then(|group| group.validator_flags.clone()))
            .unwrap_or_else(|| words(&output));
        let given_input = (group.and_then(|group| group.input_validator_flags.clone()))
            .or_else(|| input.as_deref().map(words));
        let wanted_input = flags.input.as_deref().map(words);
        if given_output != words(&flags.output)
            || given_input.unwrap_or_default() != wanted_input.unwrap_or_default()
        {
            return Err(refused(format!(
                "the case {name} would take the flags of {}: its folder's name runs into another's (NAME-...); rename one in the package",
                group.map_or("the problem", |group| group.cases.as_str())
            )));
        }
    }
    Ok(Plan {
        output,
        input,
        tables,
        read,
    })
}

/// What the folders of `data/` holding the cases `found` (and the folders
/// above them) say with `on_reject`; `everywhere`: the legacy
/// `problem.yaml`'s `grading: on_reject`, which overrides every group's (as
/// problemtools applies it).
///
/// # Errors
/// A settings file that cannot be read, or an `on_reject` other than
/// `break` or `continue`.
pub fn on_reject(data: &Path, found: &[Found], everywhere: Option<bool>) -> io::Result<OnReject> {
    if let Some(continues) = everywhere {
        return Ok(OnReject {
            root_continues: continues,
            groups: Vec::new(),
        });
    }
    let mut folders: BTreeMap<PathBuf, Option<(bool, PathBuf)>> = BTreeMap::new();
    for case in found {
        let folder = case.input.parent().unwrap_or(data);
        for path in folder.ancestors().take_while(|path| path.starts_with(data)) {
            if folders.contains_key(path) {
                continue;
            }
            let mut said = None;
            for file in ["testdata.yaml", "test_group.yaml"] {
                let file = path.join(file);
                if !file.is_file() {
                    continue;
                }
                let yaml = crate::package::yaml_mapping(&file)?;
                said = match &yaml["on_reject"] {
                    Yaml::BadValue => said,
                    Yaml::String(word) if word == "break" => Some((false, file)),
                    Yaml::String(word) if word == "continue" => Some((true, file)),
                    other => {
                        return Err(refused(format!(
                            "{}: on_reject {other:?}: break or continue",
                            show_path(&file)
                        )))
                    }
                };
            }
            folders.insert(path.to_path_buf(), said);
        }
    }
    let mut on_reject = OnReject::default();
    for (folder, said) in folders {
        let Some((continues, file)) = said else {
            continue;
        };
        let Ok(below) = folder.strip_prefix(data) else {
            continue;
        };
        if below.as_os_str().is_empty() {
            on_reject.root_continues = continues;
        } else {
            let parts: Vec<String> = below
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            on_reject.groups.push((parts.join("-"), continues, file));
        }
    }
    Ok(on_reject)
}

/// `tables` with each group's `on_reject` set (a folder's table where it
/// has one, else a table of its own), checked as the judge will read them:
/// a case must be judged after a rejection as its folders say.
///
/// # Errors
/// Groups whose names run into each other so that a case would take
/// another folder's `on_reject`.
pub fn with_on_reject(
    data: &Path,
    mut tables: Vec<Table>,
    on_reject: &OnReject,
    found: &[Found],
) -> io::Result<Vec<Table>> {
    for (cases, continues, file) in &on_reject.groups {
        match tables.iter_mut().find(|table| table.cases == *cases) {
            Some(table) => table.on_reject_continue = Some(*continues),
            None => tables.push(Table {
                source: show_path(
                    file.parent()
                        .and_then(|folder| folder.strip_prefix(data.parent().unwrap_or(data)).ok())
                        .unwrap_or(file),
                ),
                cases: cases.clone(),
                validator_flags: None,
                input_validator_flags: None,
                on_reject_continue: Some(*continues),
            }),
        }
    }
    // As the judge will read them, and as the folders say: each case alike.
    let problem_with = |groups: Vec<CaseGroup>| {
        let mut problem = judge::cases::problem::Problem::plain(
            "import",
            data,
            data,
            std::time::Duration::from_secs(1),
        );
        problem.on_reject_continue = on_reject.root_continues;
        problem.groups = groups;
        problem
    };
    let group = |cases: &str, continues: bool| CaseGroup {
        cases: cases.to_string(),
        compare: None,
        validator_flags: None,
        input_validator_flags: None,
        on_reject_continue: Some(continues),
    };
    let as_written = problem_with(
        tables
            .iter()
            .filter_map(|table| Some(group(&table.cases, table.on_reject_continue?)))
            .collect(),
    );
    for case in found {
        let folders: Vec<CaseGroup> = (on_reject.groups.iter())
            .filter(|(cases, _, _)| group_folder_holds(data, cases, &case.input))
            .map(|(cases, continues, _)| group(cases, *continues))
            .collect();
        let as_said = problem_with(folders);
        if as_written.after_rejection(&case.name) != as_said.after_rejection(&case.name) {
            return Err(refused(format!(
                "the case {} would be judged after a rejection as another folder's on_reject says: its folder's name runs into another's (NAME-...); rename one in the package",
                case.name
            )));
        }
    }
    Ok(tables)
}

/// Whether the folder whose cases are named `cases-...` is an ancestor of
/// `input` (a name's `-` may be a folder's own).
fn group_folder_holds(data: &Path, cases: &str, input: &Path) -> bool {
    (input.parent().into_iter())
        .flat_map(Path::ancestors)
        .filter_map(|folder| folder.strip_prefix(data).ok())
        .filter(|below| !below.as_os_str().is_empty())
        .any(|below| {
            let parts: Vec<String> = below
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            parts.join("-") == cases
        })
}

/// The flags a settings file sets.
fn read_settings(file: &Path) -> io::Result<Set> {
    let yaml = crate::package::yaml_mapping(file)?;
    let at = |key: &str, what: &str| refused(format!("{}: {key}: {what}", show_path(file)));
    let flags = |keys: [&str; 2]| -> io::Result<Option<(String, PathBuf)>> {
        for key in keys {
            let words = match &yaml[key] {
                Yaml::BadValue => continue,
                Yaml::Null => String::new(),
                Yaml::Hash(_) => {
                    return Err(at(
                        key,
                        "flags for each validator by name, which this judge does not give (each is given the same)",
                    ))
                }
                Yaml::Array(items) => items
                    .iter()
                    .map(|item| scalar(item).ok_or_else(|| at(key, "a list of other than words")))
                    .collect::<io::Result<Vec<_>>>()?
                    .join(" "),
                value => scalar(value).ok_or_else(|| at(key, "not words"))?,
            };
            return Ok(Some((words, file.to_path_buf())));
        }
        Ok(None)
    };
    let has_args = match &yaml["args"] {
        Yaml::BadValue | Yaml::Null => false,
        Yaml::Array(items) => !items.is_empty(),
        Yaml::String(text) => !text.trim().is_empty(),
        _ => true,
    };
    if has_args {
        return Err(at(
            "args",
            "arguments for the submission, which this judge does not give it: nothing imported",
        ));
    }
    Ok(Set {
        output: flags(["output_validator_flags", "output_validator_args"])?,
        input: flags(["input_validator_flags", "input_validator_args"])?,
    })
}

/// A word of YAML: a string or a number, as written.
fn scalar(yaml: &Yaml) -> Option<String> {
    match yaml {
        Yaml::String(text) | Yaml::Real(text) => Some(text.clone()),
        Yaml::Integer(number) => Some(number.to_string()),
        Yaml::Boolean(value) => Some(value.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::scratch::{tempdir, ScratchDir};
    use std::fs;

    /// A package's `data/` of these files (an `.in` gets its `.ans`).
    fn data(files: &[(&str, &str)]) -> ScratchDir {
        let dir = tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join("data").join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, text).unwrap();
            if path.extension().is_some_and(|extension| extension == "in") {
                fs::write(path.with_extension("ans"), "1\n").unwrap();
            }
        }
        dir
    }

    fn plan_of(dir: &ScratchDir, legacy: &str) -> io::Result<Plan> {
        let data = dir.path().join("data");
        let (found, _) = crate::cases::in_package_data(&data).unwrap();
        plan(&data, &found, legacy, true, |flags| {
            judge::judging::compare::DefaultValidator::parse(flags).map(|_| ())
        })
    }

    fn table(source: &str, cases: &str, output: Option<&str>, input: Option<&str>) -> Table {
        Table {
            source: source.to_string(),
            cases: cases.to_string(),
            validator_flags: output.map(str::to_string),
            input_validator_flags: input.map(str::to_string),
            on_reject_continue: None,
        }
    }

    #[test]
    fn a_legacy_groups_flags_are_inherited_and_come_after_problem_yamls() {
        // As problemtools' oddecho has them, and an output flag for secret.
        let dir = data(&[
            (
                "testdata.yaml",
                "on_reject: continue\ngrader_flags: ignore_sample\n",
            ),
            ("sample/testdata.yaml", "input_validator_flags: nFive=0\n"),
            ("sample/1.in", "1\n"),
            (
                "secret/testdata.yaml",
                "output_validator_flags: float_tolerance 1e-3\n",
            ),
            (
                "secret/subtask1/testdata.yaml",
                "input_validator_flags: nFive=1\n",
            ),
            ("secret/subtask1/1.in", "1\n"),
            (
                "secret/subtask2/testdata.yaml",
                "input_validator_flags: nFive=0\n",
            ),
            ("secret/subtask2/01.in", "1\n"),
        ]);
        let plan = plan_of(&dir, "case_sensitive").unwrap();
        assert_eq!(
            (plan.output.as_str(), &plan.input),
            ("case_sensitive", &None)
        );
        assert_eq!(
            plan.tables,
            [
                table(
                    "data/sample",
                    "sample",
                    Some("case_sensitive"),
                    Some("nFive=0")
                ),
                table(
                    "data/secret/subtask1",
                    "secret-subtask1",
                    Some("case_sensitive float_tolerance 1e-3"),
                    Some("nFive=1")
                ),
                table(
                    "data/secret/subtask2",
                    "secret-subtask2",
                    Some("case_sensitive float_tolerance 1e-3"),
                    Some("nFive=0")
                ),
            ]
        );
        let read: Vec<String> = (plan.read.iter())
            .map(|file| show_path(file.strip_prefix(dir.path()).unwrap()))
            .collect();
        assert_eq!(
            read,
            [
                "data/sample/testdata.yaml",
                "data/secret/testdata.yaml",
                "data/secret/subtask1/testdata.yaml",
                "data/secret/subtask2/testdata.yaml"
            ]
        );
    }

    #[test]
    fn flags_the_same_for_every_case_are_the_problems() {
        let dir = data(&[
            ("testdata.yaml", "output_validator_args: [float_tolerance, 1e-6]\ninput_validator_args: \"--small\"\n"),
            ("sample/1.in", "1\n"),
            ("secret/1.in", "1\n"),
        ]);
        let plan = plan_of(&dir, "").unwrap();
        assert_eq!(plan.output, "float_tolerance 1e-6");
        assert_eq!(plan.input.as_deref(), Some("--small"));
        assert!(plan.tables.is_empty());
        // Nothing set anywhere: problem.yaml's.
        let dir = data(&[("sample/1.in", "1\n"), ("secret/group1/1.in", "1\n")]);
        let plan = plan_of(&dir, "case_sensitive").unwrap();
        assert_eq!(
            (plan.output.as_str(), &plan.input),
            ("case_sensitive", &None)
        );
        assert!(plan.tables.is_empty() && plan.read.is_empty());
    }

    #[test]
    fn a_case_of_its_own_yaml_gets_a_table_of_its_own() {
        let dir = data(&[
            (
                "secret/test_group.yaml",
                "output_validator_args: [float_tolerance, \"1e-6\"]\n",
            ),
            ("secret/01.in", "1\n"),
            ("secret/02.in", "1\n"),
            (
                "secret/02.yaml",
                "output_validator_args: [float_tolerance, \"0.5\"]\ndescription: rough\n",
            ),
            ("secret/03.in", "1\n"),
            ("secret/03.yaml", "description: no flags of its own\n"),
        ]);
        let plan = plan_of(&dir, "").unwrap();
        assert_eq!(plan.output, "");
        assert_eq!(
            plan.tables,
            [
                table("data/secret", "secret", Some("float_tolerance 1e-6"), None),
                table(
                    "data/secret/02.yaml",
                    "secret-02",
                    Some("float_tolerance 0.5"),
                    None
                ),
            ]
        );
    }

    #[test]
    fn what_this_judge_cannot_give_is_refused_with_its_file() {
        for (files, message) in [
            (
                vec![("secret/testdata.yaml", "args: [--fast]\n")],
                "data/secret/testdata.yaml: args: arguments for the submission, which this judge does not give it",
            ),
            (
                vec![("secret/testdata.yaml", "input_validator_flags:\n  name: check\n  flags: x\n")],
                "data/secret/testdata.yaml: input_validator_flags: flags for each validator by name",
            ),
            (
                vec![("secret/testdata.yaml", "output_validator_args: [[nested]]\n")],
                "output_validator_args: a list of other than words",
            ),
            (
                vec![("secret/testdata.yaml", ""), ("secret/test_group.yaml", "")],
                "test_group.yaml: which to take is not clear",
            ),
            (
                vec![("secret/testdata.yaml", "- a list\n")],
                "data/secret/testdata.yaml: not a mapping of keys to values",
            ),
            (
                vec![("secret/testdata.yaml", "input_validator_flags: 'say \"hi\"'\n")],
                "the flags of the case secret-1: a \" or \\, which this judge's manifest cannot hold",
            ),
            (
                vec![("secret/testdata.yaml", "output_validator_flags: float_tolerance\n")],
                "data/secret/testdata.yaml: flags \"float_tolerance\": float_tolerance needs a number",
            ),
        ] {
            let mut files = files;
            files.push(("secret/1.in", "1\n"));
            files.push(("sample/1.in", "1\n"));
            let dir = data(&files);
            let error = plan_of(&dir, "").unwrap_err().to_string();
            assert!(error.contains(message), "{files:?}: {error}");
        }
    }

    #[test]
    fn groups_whose_names_run_into_each_other_are_refused() {
        // secret/g1/x-1 is named secret-g1-x-1, under secret/g1-x's name.
        let dir = data(&[
            ("secret/g1/testdata.yaml", "input_validator_flags: one\n"),
            ("secret/g1/x-1.in", "1\n"),
            ("secret/g1-x/testdata.yaml", "input_validator_flags: two\n"),
            ("secret/g1-x/2.in", "1\n"),
        ]);
        let error = plan_of(&dir, "").unwrap_err().to_string();
        assert_eq!(
            error,
            "the case secret-g1-x-1 would take the flags of secret-g1-x: its folder's name runs into another's (NAME-...); rename one in the package"
        );
    }

    #[test]
    fn each_folders_on_reject_goes_to_its_table_as_the_judge_reads_it() {
        let dir = data(&[
            ("testdata.yaml", "on_reject: continue\n"),
            ("sample/1.in", "1\n"),
            ("secret/testdata.yaml", "on_reject: break\n"),
            ("secret/g1/testdata.yaml", "on_reject: continue\n"),
            ("secret/g1/1.in", "1\n"),
            ("secret/g2/1.in", "1\n"),
        ]);
        let folder = dir.path().join("data");
        let (found, _) = crate::cases::in_package_data(&folder).unwrap();
        let said = on_reject(&folder, &found, None).unwrap();
        assert!(said.root_continues);
        let groups: Vec<(&str, bool)> = (said.groups.iter())
            .map(|(cases, continues, _)| (cases.as_str(), *continues))
            .collect();
        assert_eq!(groups, [("secret", false), ("secret-g1", true)]);
        // Merged into the flags' tables, or a table of its own.
        let tables = with_on_reject(
            &folder,
            vec![table("data/secret/g1", "secret-g1", Some("x"), None)],
            &said,
            &found,
        )
        .unwrap();
        let mut g1 = table("data/secret/g1", "secret-g1", Some("x"), None);
        g1.on_reject_continue = Some(true);
        let mut secret = table("data/secret", "secret", None, None);
        secret.on_reject_continue = Some(false);
        assert_eq!(tables, [g1, secret]);
        // problem.yaml's grading: on_reject over every group.
        let everywhere = on_reject(&folder, &found, Some(false)).unwrap();
        assert_eq!(everywhere, OnReject::default());
        // Names that run into each other: secret/g1/x-1 is secret-g1-x-1,
        // under secret/g1-x's name, whose on_reject is not its own.
        let dir = data(&[
            ("testdata.yaml", "on_reject: continue\n"),
            ("secret/g1/x-1.in", "1\n"),
            ("secret/g1-x/testdata.yaml", "on_reject: break\n"),
            ("secret/g1-x/2.in", "1\n"),
        ]);
        let folder = dir.path().join("data");
        let (found, _) = crate::cases::in_package_data(&folder).unwrap();
        let said = on_reject(&folder, &found, None).unwrap();
        let error = with_on_reject(&folder, Vec::new(), &said, &found)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "the case secret-g1-x-1 would be judged after a rejection as another folder's on_reject says: its folder's name runs into another's (NAME-...); rename one in the package"
        );
    }
}
