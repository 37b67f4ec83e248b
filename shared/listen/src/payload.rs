//! What Competitive Companion sends: one problem as JSON, in the format of its
//! README ("Custom tools"). Fields this workspace does not use (`languages`)
//! are ignored; a field it uses that is missing or of the wrong kind is an
//! error that names it.

use serde_json::{Map, Value};

/// One problem, as the extension parsed it from the judge's page.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The problem's full name, for display (`G. Castle Defense`).
    pub name: String,
    /// `<judge> - <category>` (`Codeforces - Educational Round 40`), or empty.
    pub group: String,
    pub url: String,
    pub interactive: bool,
    pub memory_limit_mb: u64,
    pub time_limit_ms: u64,
    /// (input, output) of each sample, exactly as sent.
    pub tests: Vec<(String, String)>,
    pub test_type: TestType,
    pub input: Stream,
    pub output: Stream,
    /// The contest this problem came with, when it came with others.
    pub batch: Option<Batch>,
}

/// `testType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestType {
    /// An input is one case.
    Single,
    /// An input is a number of cases, then the cases.
    MultiNumber,
}

/// `input` or `output`: the standard stream, or a file in the working folder;
/// for `input`, also a file the user downloads (Meta Hacker Cup: `regex`, the
/// pattern its name matches).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stream {
    Standard,
    File(String),
    Downloaded { pattern: String },
}

/// `batch`: the problems a contest parser sent together share its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    pub id: String,
    pub size: u64,
}

/// Reads a request's body.
///
/// # Errors
/// A message naming what is wrong: not UTF-8, not JSON, not an object, or a
/// field missing or of the wrong kind.
pub fn parse(body: &[u8]) -> Result<Task, String> {
    let text = std::str::from_utf8(body).map_err(|error| {
        format!(
            "the body is not UTF-8 (byte {} is not)",
            error.valid_up_to()
        )
    })?;
    let value: Value =
        serde_json::from_str(text).map_err(|error| format!("the body is not JSON: {error}"))?;
    let Value::Object(fields) = value else {
        return Err("the body is not a JSON object".to_string());
    };
    let tests = array(&fields, "tests")?
        .iter()
        .enumerate()
        .map(|(i, test)| {
            let Value::Object(test) = test else {
                return Err(format!("tests[{i}] is not an object"));
            };
            let field = |key| string(test, key).map_err(|error| format!("tests[{i}]: {error}"));
            Ok((field("input")?, field("output")?))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let test_type = match string(&fields, "testType")?.as_str() {
        "single" => TestType::Single,
        "multiNumber" => TestType::MultiNumber,
        other => {
            return Err(format!(
                "testType is \"single\" or \"multiNumber\", not {other:?}"
            ))
        }
    };
    let batch = match fields.get("batch") {
        None | Some(Value::Null) => None,
        Some(Value::Object(batch)) => Some(Batch {
            id: string(batch, "id").map_err(|error| format!("batch: {error}"))?,
            size: positive(batch, "size").map_err(|error| format!("batch: {error}"))?,
        }),
        Some(_) => return Err("batch is not an object".to_string()),
    };
    Ok(Task {
        name: string(&fields, "name")?,
        group: match fields.get("group") {
            None | Some(Value::Null) => String::new(),
            Some(_) => string(&fields, "group")?,
        },
        url: string(&fields, "url")?,
        interactive: match fields.get("interactive") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(interactive)) => *interactive,
            Some(_) => return Err("interactive is not true or false".to_string()),
        },
        memory_limit_mb: positive(&fields, "memoryLimit")?,
        time_limit_ms: positive(&fields, "timeLimit")?,
        tests,
        test_type,
        input: stream(&fields, "input", "stdin")?,
        output: stream(&fields, "output", "stdout")?,
        batch,
    })
}

fn field<'a>(fields: &'a Map<String, Value>, key: &str) -> Result<&'a Value, String> {
    fields.get(key).ok_or_else(|| format!("no {key}"))
}

fn string(fields: &Map<String, Value>, key: &str) -> Result<String, String> {
    match field(fields, key)? {
        Value::String(text) => Ok(text.clone()),
        _ => Err(format!("{key} is not a string")),
    }
}

fn array<'a>(fields: &'a Map<String, Value>, key: &str) -> Result<&'a Vec<Value>, String> {
    match field(fields, key)? {
        Value::Array(items) => Ok(items),
        _ => Err(format!("{key} is not an array")),
    }
}

/// A positive number, rounded up to a whole one: some parsers give a limit of
/// 62.5 MB or 1.5 s as a fraction.
fn positive(fields: &Map<String, Value>, key: &str) -> Result<u64, String> {
    let wrong = || format!("{key} is not a positive number");
    let number = field(fields, key)?.as_f64().ok_or_else(wrong)?;
    // Far above any judge's limit, and exact as a u64.
    if !(number > 0.0 && number <= 1e12) {
        return Err(wrong());
    }
    Ok(number.ceil() as u64)
}

/// `input` or `output`: `{"type": "stdin"}` (or `stdout`), or `{"type":
/// "file", "fileName": NAME}`.
fn stream(fields: &Map<String, Value>, key: &str, standard: &str) -> Result<Stream, String> {
    let Value::Object(stream) = field(fields, key)? else {
        return Err(format!("{key} is not an object"));
    };
    let kind = string(stream, "type").map_err(|error| format!("{key}: {error}"))?;
    match kind.as_str() {
        "file" => Ok(Stream::File(
            string(stream, "fileName").map_err(|error| format!("{key}: {error}"))?,
        )),
        kind if kind == standard => Ok(Stream::Standard),
        // The newest download whose name matches: `judge run --latest`.
        "regex" if key == "input" => Ok(Stream::Downloaded {
            pattern: string(stream, "pattern").map_err(|error| format!("{key}: {error}"))?,
        }),
        other => Err(format!(
            "{key}: type {other:?} is not supported (\"{standard}\", \"file\"{})",
            if key == "input" { " or \"regex\"" } else { "" }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's example (Codeforces 954G), as the extension sends it.
    pub(crate) const CODEFORCES: &str = r#"{
        "name": "G. Castle Defense",
        "group": "Codeforces - Educational Codeforces Round 40 (Rated for Div. 2)",
        "url": "https://codeforces.com/problemset/problem/954/G",
        "interactive": false,
        "memoryLimit": 256,
        "timeLimit": 1500,
        "tests": [
            {"input": "5 0 6\n5 4 3 4 9\n", "output": "5\n"},
            {"input": "4 2 0\n1 2 3 4\n", "output": "6\n"}
        ],
        "testType": "single",
        "input": {"type": "stdin"},
        "output": {"type": "stdout"},
        "languages": {"java": {"mainClass": "Main", "taskClass": "GCastleDefense"}},
        "batch": {"id": "123e67c8-03c6-44a4-a3f9-5918533f9fb2", "size": 1}
    }"#;

    fn with(key: &str, value: &str) -> String {
        let mut fields: Map<String, Value> = serde_json::from_str(CODEFORCES).unwrap();
        if value.is_empty() {
            fields.remove(key);
        } else {
            fields.insert(key.to_string(), serde_json::from_str(value).unwrap());
        }
        Value::Object(fields).to_string()
    }

    #[test]
    fn every_field_of_the_readme_s_example_is_read() {
        let task = parse(CODEFORCES.as_bytes()).unwrap();
        assert_eq!(task.name, "G. Castle Defense");
        assert_eq!(
            task.group,
            "Codeforces - Educational Codeforces Round 40 (Rated for Div. 2)"
        );
        assert_eq!(task.url, "https://codeforces.com/problemset/problem/954/G");
        assert!(!task.interactive);
        assert_eq!((task.memory_limit_mb, task.time_limit_ms), (256, 1500));
        assert_eq!(
            task.tests,
            [
                ("5 0 6\n5 4 3 4 9\n".to_string(), "5\n".to_string()),
                ("4 2 0\n1 2 3 4\n".to_string(), "6\n".to_string())
            ]
        );
        assert_eq!(task.test_type, TestType::Single);
        assert_eq!(
            (task.input, task.output),
            (Stream::Standard, Stream::Standard)
        );
        assert_eq!(
            task.batch,
            Some(Batch {
                id: "123e67c8-03c6-44a4-a3f9-5918533f9fb2".to_string(),
                size: 1
            })
        );
    }

    #[test]
    fn optional_fields_may_be_absent() {
        let mut fields: Map<String, Value> = serde_json::from_str(CODEFORCES).unwrap();
        for key in ["group", "interactive", "batch", "languages"] {
            fields.remove(key);
        }
        let task = parse(Value::Object(fields).to_string().as_bytes()).unwrap();
        assert_eq!(
            (task.group.as_str(), task.interactive, task.batch),
            ("", false, None)
        );
    }

    #[test]
    fn files_interactive_multi_number_and_fractions() {
        let body = with("input", r#"{"type": "file", "fileName": "castle.in"}"#);
        let body = body.replace(
            r#""type":"stdout""#,
            r#""type":"file","fileName":"castle.out""#,
        );
        let body = body.replace(r#""testType":"single""#, r#""testType":"multiNumber""#);
        let body = body.replace(r#""interactive":false"#, r#""interactive":true"#);
        let body = body.replace(r#""memoryLimit":256"#, r#""memoryLimit":62.5"#);
        let task = parse(body.as_bytes()).unwrap();
        assert_eq!(task.input, Stream::File("castle.in".to_string()));
        assert_eq!(task.output, Stream::File("castle.out".to_string()));
        assert_eq!(task.test_type, TestType::MultiNumber);
        assert!(task.interactive);
        assert_eq!(task.memory_limit_mb, 63);
    }

    #[test]
    fn each_mistake_is_named() {
        let cases = [
            (with("name", ""), "no name"),
            (with("url", "3"), "url is not a string"),
            (with("timeLimit", "0"), "timeLimit is not a positive number"),
            (
                with("memoryLimit", r#""256""#),
                "memoryLimit is not a positive number",
            ),
            (with("tests", "{}"), "tests is not an array"),
            (with("tests", "[3]"), "tests[0] is not an object"),
            (
                with("tests", r#"[{"input": "1\n"}]"#),
                "tests[0]: no output",
            ),
            (
                with("testType", r#""many""#),
                r#"testType is "single" or "multiNumber", not "many""#,
            ),
            (with("input", r#"{"type": "file"}"#), "input: no fileName"),
            (with("input", r#"{"type": "regex"}"#), "input: no pattern"),
            (
                with("input", r#"{"type": "socket"}"#),
                r#"input: type "socket" is not supported ("stdin", "file" or "regex")"#,
            ),
            (
                with("output", r#"{"type": "regex", "pattern": "x.*"}"#),
                r#"output: type "regex" is not supported ("stdout", "file")"#,
            ),
            (with("output", "[]"), "output is not an object"),
            (with("interactive", "1"), "interactive is not true or false"),
            (
                with("batch", r#"{"id": "x", "size": -1}"#),
                "batch: size is not a positive number",
            ),
            ("[1, 2]".to_string(), "the body is not a JSON object"),
        ];
        for (body, message) in cases {
            assert_eq!(parse(body.as_bytes()), Err(message.to_string()), "{body}");
        }
        let broken = parse(br#"{"name": "#).unwrap_err();
        assert!(broken.starts_with("the body is not JSON: "), "{broken}");
        assert_eq!(
            parse(b"{\"name\": \"\xff\"}"),
            Err("the body is not UTF-8 (byte 10 is not)".to_string())
        );
    }
}
