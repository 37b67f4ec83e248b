//! Finding cases in an archive's layout, and writing them into a problem's
//! `io-tests/` folder: every case or none, nothing overwritten.
//!
//! The layouts:
//! - a package's `data/` ([`in_package_data`]): `X.in` with `X.ans` in
//!   `sample/`, `secret/` and the groups below them, named by their path
//!   (`data/secret/group1/03.in` is `secret-group1-03`), so that samples sort
//!   first and a group's cases stay together;
//! - AtCoder's test data ([`in_folder`]): `in/NAME.txt` with `out/NAME.txt`;
//! - `X.in` with `X.out` or `X.ans`, side by side ([`in_folder`]).

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use judge::show::show_path;

/// One case found: its name in `io-tests/` and where its two files are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
}

/// The files of `folder` (not its subfolders), sorted.
fn files(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(folder).map_err(|error| in_path(folder, error))? {
        let entry = entry?;
        if entry.file_type()?.is_file() || entry.path().is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    Ok(files)
}

fn in_path(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", show_path(path)))
}

fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// A file's name as UTF-8 text, or why it cannot be a case's.
fn name_of(path: &Path) -> io::Result<&str> {
    path.file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| refused(format!("{}: a name that is not UTF-8", show_path(path))))
}

/// The cases of a folder of judges' test data: AtCoder's `in/` and `out/`
/// (a file of `in/` and the file of `out/` of the same name, `.txt` or any
/// other extension dropped from the case's name), else `X.in` beside `X.out`
/// or `X.ans`.
///
/// # Errors
/// A folder that cannot be read, an input without its answer or an answer
/// without its input, a case with both `.out` and `.ans`, or no case at all.
pub fn in_folder(folder: &Path) -> io::Result<Vec<Found>> {
    let (inputs, outputs) = (folder.join("in"), folder.join("out"));
    let found = if inputs.is_dir() && outputs.is_dir() {
        atcoder(&inputs, &outputs)?
    } else {
        side_by_side(folder)?
    };
    if found.is_empty() {
        return Err(refused(format!(
            "{}: no cases (in/NAME with out/NAME, or NAME.in with NAME.out or NAME.ans)",
            show_path(folder)
        )));
    }
    Ok(found)
}

/// AtCoder's layout: `in/NAME.txt` with `out/NAME.txt`.
fn atcoder(inputs: &Path, outputs: &Path) -> io::Result<Vec<Found>> {
    let answers: BTreeMap<String, PathBuf> = files(outputs)?
        .into_iter()
        .map(|path| Ok((name_of(&path)?.to_string(), path)))
        .collect::<io::Result<_>>()?;
    let mut found = Vec::new();
    let mut paired = 0;
    for input in files(inputs)? {
        let file = name_of(&input)?.to_string();
        let answer = answers.get(&file).ok_or_else(|| {
            refused(format!(
                "{} has no answer in {}",
                show_path(&input),
                show_path(outputs)
            ))
        })?;
        paired += 1;
        let name = Path::new(&file)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or(&file)
            .to_string();
        found.push(Found {
            name,
            input,
            answer: answer.clone(),
        });
    }
    if paired < answers.len() {
        let inputs_named: Vec<String> = found
            .iter()
            .filter_map(|case| name_of(&case.input).ok().map(str::to_string))
            .collect();
        let lonely = answers
            .iter()
            .find(|(name, _)| !inputs_named.contains(name))
            .map(|(_, path)| show_path(path))
            .unwrap_or_default();
        return Err(refused(format!(
            "{lonely} has no input in {}",
            show_path(inputs)
        )));
    }
    Ok(found)
}

/// `X.in` beside `X.out` or `X.ans` in `folder`.
fn side_by_side(folder: &Path) -> io::Result<Vec<Found>> {
    let mut found = Vec::new();
    let files = files(folder)?;
    let has = |path: &PathBuf| files.contains(path);
    for path in &files {
        let file = name_of(path)?;
        let (stem, answer) = if let Some(stem) = file.strip_suffix(".in") {
            let (out, ans) = (
                folder.join(format!("{stem}.out")),
                folder.join(format!("{stem}.ans")),
            );
            match (has(&out), has(&ans)) {
                (true, true) => {
                    return Err(refused(format!(
                        "{}: both {stem}.out and {stem}.ans, which to take is not clear",
                        show_path(folder)
                    )))
                }
                (true, false) => (stem, out),
                (false, true) => (stem, ans),
                (false, false) => {
                    return Err(refused(format!(
                        "{} has no {stem}.out or {stem}.ans",
                        show_path(path)
                    )))
                }
            }
        } else if let Some(stem) = file
            .strip_suffix(".out")
            .or_else(|| file.strip_suffix(".ans"))
        {
            if !has(&folder.join(format!("{stem}.in"))) {
                return Err(refused(format!("{} has no {stem}.in", show_path(path))));
            }
            continue;
        } else {
            continue;
        };
        found.push(Found {
            name: stem.to_string(),
            input: path.clone(),
            answer,
        });
    }
    Ok(found)
}

/// The cases of a package's `data/` folder: each `X.in` with its `X.ans`
/// under `sample/` and `secret/`, at any depth, named by its path from
/// `data/` with `-` between the parts. Also the files it passes over, each
/// with why, for a note: an interactive sample's `.interaction`, a folder of
/// `data/` other than those two.
///
/// # Errors
/// A folder that cannot be read, an `.in` without its `.ans`, two cases of
/// one name, or no case at all.
pub fn in_package_data(data: &Path) -> io::Result<(Vec<Found>, Vec<String>)> {
    let mut found = Vec::new();
    let mut passed_over = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(data)
        .map_err(|error| in_path(data, error))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for entry in entries {
        let part = name_of(&entry)?.to_string();
        if entry.is_dir() && (part == "sample" || part == "secret") {
            walk(&entry, &part, &mut found, &mut passed_over)?;
        } else if entry.is_dir() && !part.starts_with('.') {
            passed_over.push(format!(
                "{}: only data/sample and data/secret hold cases",
                show_path(&entry)
            ));
        }
    }
    let mut names: Vec<&str> = found.iter().map(|case| case.name.as_str()).collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(refused(format!(
            "two cases would both be named {}: rename one in the package",
            pair[0]
        )));
    }
    if found.is_empty() {
        return Err(refused(format!(
            "{}: no cases (NAME.in with NAME.ans under data/sample or data/secret)",
            show_path(data)
        )));
    }
    Ok((found, passed_over))
}

fn walk(
    folder: &Path,
    prefix: &str,
    found: &mut Vec<Found>,
    passed_over: &mut Vec<String>,
) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = fs::read_dir(folder)
        .map_err(|error| in_path(folder, error))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for path in entries {
        let file = name_of(&path)?;
        if path.is_dir() {
            walk(&path, &format!("{prefix}-{file}"), found, passed_over)?;
        } else if let Some(stem) = file.strip_suffix(".in") {
            let answer = folder.join(format!("{stem}.ans"));
            if !answer.is_file() {
                return Err(refused(format!("{} has no {stem}.ans", show_path(&path))));
            }
            found.push(Found {
                name: format!("{prefix}-{stem}"),
                input: path,
                answer,
            });
        } else if file.ends_with(".interaction") {
            passed_over.push(format!(
                "{}: an interactive sample's exchange, for the statement",
                show_path(&path)
            ));
        }
    }
    Ok(())
}

/// Writes each case into `io_tests` as `NAME.in` and `NAME.out`, byte for
/// byte: all of them, or none when a file is there already (nothing is
/// overwritten) or a write fails (what was written is removed).
///
/// # Errors
/// A case file that exists, a name that is no plain file name, or a file
/// that cannot be read or written.
pub fn write_into(io_tests: &Path, cases: &[Found]) -> io::Result<()> {
    let mut taken = Vec::new();
    for case in cases {
        if case.name.is_empty()
            || case.name.starts_with('.')
            || case.name.contains(['/', '\\', '\0'])
        {
            return Err(refused(format!("{:?}: not a case's name", case.name)));
        }
        for extension in ["in", "out"] {
            let path = io_tests.join(format!("{}.{extension}", case.name));
            if path.exists() {
                taken.push(show_path(&path));
            }
        }
    }
    if !taken.is_empty() {
        return Err(refused(format!(
            "nothing imported: these files are there already, and nothing is overwritten: {}",
            taken.join(", ")
        )));
    }
    fs::create_dir_all(io_tests).map_err(|error| in_path(io_tests, error))?;
    let mut written = Vec::new();
    let result = cases.iter().try_for_each(|case| {
        for (from, extension) in [(&case.input, "in"), (&case.answer, "out")] {
            let to = io_tests.join(format!("{}.{extension}", case.name));
            let bytes = fs::read(from).map_err(|error| in_path(from, error))?;
            fs::write(&to, bytes).map_err(|error| in_path(&to, error))?;
            written.push(to);
        }
        Ok(())
    });
    if result.is_err() {
        for path in &written {
            let _ = fs::remove_file(path);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::scratch::tempdir;

    fn put(root: &Path, files: &[(&str, &str)]) {
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }

    fn names(found: &[Found]) -> Vec<&str> {
        found.iter().map(|case| case.name.as_str()).collect()
    }

    #[test]
    fn atcoder_test_data_pairs_in_and_out_by_name() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("in/00_sample_00.txt", "1\n"),
                ("out/00_sample_00.txt", "2\n"),
                ("in/10_random_01.txt", "3\n"),
                ("out/10_random_01.txt", "4\n"),
            ],
        );
        let found = in_folder(dir.path()).unwrap();
        assert_eq!(names(&found), ["00_sample_00", "10_random_01"]);
        assert!(found[1].answer.ends_with("out/10_random_01.txt"));
        fs::remove_file(dir.path().join("out/10_random_01.txt")).unwrap();
        let error = in_folder(dir.path()).unwrap_err().to_string();
        let expected = format!(
            "10_random_01.txt has no answer in {}",
            show_path(dir.path().join("out"))
        );
        assert!(error.ends_with(&expected), "{error}");
    }

    #[test]
    fn side_by_side_cases_take_out_or_ans() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("a.in", "1"),
                ("a.out", "2"),
                ("b.in", "3"),
                ("b.ans", "4"),
                ("notes.txt", ""),
            ],
        );
        let found = in_folder(dir.path()).unwrap();
        assert_eq!(names(&found), ["a", "b"]);
        put(dir.path(), &[("b.out", "4")]);
        let error = in_folder(dir.path()).unwrap_err().to_string();
        assert!(error.contains("both b.out and b.ans"), "{error}");
        fs::remove_file(dir.path().join("b.in")).unwrap();
        let error = in_folder(dir.path()).unwrap_err().to_string();
        assert!(error.contains("has no b.in"), "{error}");
    }

    #[test]
    fn a_folder_without_cases_is_refused() {
        let dir = tempdir().unwrap();
        let error = in_folder(dir.path()).unwrap_err().to_string();
        assert!(error.contains("no cases"), "{error}");
    }

    #[test]
    fn package_data_is_named_by_its_path() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("data/sample/1.in", "1"),
                ("data/sample/1.ans", "2"),
                ("data/sample/2.interaction", "> 1\n"),
                ("data/secret/group1/01.in", "3"),
                ("data/secret/group1/01.ans", "4"),
                ("data/secret/02.in", "5"),
                ("data/secret/02.ans", "6"),
                ("data/testdata.yaml", "on_reject: continue\n"),
                ("data/invalid_input/1.in", "x\n"),
            ],
        );
        let (found, passed_over) = in_package_data(&dir.path().join("data")).unwrap();
        assert_eq!(names(&found), ["sample-1", "secret-02", "secret-group1-01"]);
        assert_eq!(passed_over.len(), 2, "{passed_over:?}");
        put(
            dir.path(),
            &[
                ("data/secret/group1-01.in", "7"),
                ("data/secret/group1-01.ans", "8"),
            ],
        );
        let error = in_package_data(&dir.path().join("data"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("both be named secret-group1-01"), "{error}");
    }

    #[test]
    fn writing_takes_all_or_nothing_and_overwrites_nothing() {
        let dir = tempdir().unwrap();
        put(
            dir.path(),
            &[
                ("from/a.in", "1\n"),
                ("from/a.out", "2\n"),
                ("from/b.in", "3\n"),
                ("from/b.out", "4\n"),
            ],
        );
        let found = in_folder(&dir.path().join("from")).unwrap();
        let io_tests = dir.path().join("io-tests/p");
        put(&io_tests, &[("b.out", "mine\n")]);
        let error = write_into(&io_tests, &found).unwrap_err().to_string();
        assert!(
            error.contains("nothing is overwritten") && error.contains("b.out"),
            "{error}"
        );
        assert_eq!(
            fs::read_dir(&io_tests).unwrap().count(),
            1,
            "nothing written"
        );
        assert_eq!(
            fs::read_to_string(io_tests.join("b.out")).unwrap(),
            "mine\n"
        );
        fs::remove_file(io_tests.join("b.out")).unwrap();
        write_into(&io_tests, &found).unwrap();
        assert_eq!(fs::read_to_string(io_tests.join("b.out")).unwrap(), "4\n");
        assert_eq!(fs::read_dir(&io_tests).unwrap().count(), 4);
    }
}
