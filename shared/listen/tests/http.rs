//! The listener as the extension meets it: the `listen` binary serving a
//! scratch workspace on a port of its own, sent requests by curl, a real HTTP
//! client. Payloads are written here from the format in Competitive
//! Companion's README; every field and shape it documents is sent.

#![cfg(unix)]

use std::fs;
use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, SocketAddr, TcpStream, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use judge::scratch::{tempdir, ScratchDir};
use serde_json::{json, Value};

/// Competitive Companion's origin in Chrome (its id in the Chrome Web Store).
const CHROME_EXTENSION: &str = "chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl";

/// A scratch workspace, as the problems' manifests need it, and the listener
/// serving it.
struct Listening {
    dir: ScratchDir,
    child: Child,
    address: SocketAddr,
    terminal: Receiver<String>,
}

impl Listening {
    fn start() -> Listening {
        let dir = tempdir().unwrap();
        let root = dir.path().join("ws");
        fs::create_dir(&root).unwrap();
        let judge = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge");
        let manifest = format!(
            "[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n\n\
             [workspace.package]\nedition = \"2021\"\nlicense = \"MIT\"\npublish = false\n\n\
             [workspace.dependencies]\nproconio = \"=0.5.0\"\nitertools = \"=0.14.0\"\n\
             judge = {{ path = {:?} }}\njudge-readers = {{ path = {:?} }}\n\
             judge-check = {{ path = {:?} }}\n",
            judge.canonicalize().unwrap(),
            judge.join("readers").canonicalize().unwrap(),
            judge.join("check").canonicalize().unwrap()
        );
        fs::write(root.join("Cargo.toml"), manifest).unwrap();
        fs::create_dir(root.join("crates")).unwrap();
        fs::create_dir(root.join("io-tests")).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_listen"))
            .args(["--port", "0", "--root"])
            .arg(&root)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let address = first
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.split_once('/'))
            .and_then(|(address, _)| address.parse().ok())
            .unwrap_or_else(|| panic!("not the listening line: {first}"));
        let (sender, terminal) = mpsc::channel();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Listening {
            dir,
            child,
            address,
            terminal,
        }
    }

    /// The workspace; beside it, the request bodies curl sends.
    fn root(&self) -> PathBuf {
        self.dir.path().join("ws")
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// curl's request: status and body of the answer.
    fn curl(&self, args: &[&str]) -> (u16, String) {
        let output = Command::new("curl")
            .args(["--silent", "--show-error", "--max-time", "30"])
            .args(["--write-out", "\n%{http_code}"])
            .args(args)
            .output()
            .expect("these tests send requests with curl: install it (apt-get install curl)");
        assert!(
            output.status.success(),
            "curl {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let (body, code) = text.rsplit_once('\n').unwrap();
        (code.parse().unwrap(), body.trim_end().to_string())
    }

    /// POSTs `body` to / as the extension does, from Chrome.
    fn send(&self, body: &[u8]) -> (u16, String) {
        self.send_with(&self.extension_headers(), body)
    }

    /// The headers the extension's requests carry (its `src/hosts/`): `fetch`
    /// to `http://localhost:PORT/` with a JSON body, from its own origin.
    fn extension_headers(&self) -> Vec<String> {
        vec![
            format!("Host: localhost:{}", self.address.port()),
            "Content-Type: application/json".to_string(),
            format!("Origin: {CHROME_EXTENSION}"),
        ]
    }

    /// POSTs `body` to / with these headers (and curl's own, unless named).
    fn send_with(&self, headers: &[String], body: &[u8]) -> (u16, String) {
        let file = self.dir.path().join("request-body");
        fs::write(&file, body).unwrap();
        let data = format!("@{}", file.display());
        let mut args = Vec::new();
        for header in headers {
            args.extend(["--header", header]);
        }
        let url = self.url("/");
        args.extend(["--data-binary", &data, &url]);
        let answer = self.curl(&args);
        fs::remove_file(file).unwrap();
        answer
    }

    fn send_json(&self, task: &Value) -> (u16, String) {
        self.send(task.to_string().as_bytes())
    }

    /// The next line on the listener's terminal.
    fn said(&self) -> String {
        self.terminal
            .recv_timeout(Duration::from_secs(30))
            .expect("a line on the terminal")
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every file under `dir`, with its content, sorted.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let content = fs::read(&path).unwrap();
                files.push((path, content));
            }
        }
    }
    files.sort();
    files
}

/// Codeforces 954G as the README shows it, samples made awkward: a CRLF, a
/// trailing space, no newline at the end of an output.
fn codeforces() -> Value {
    json!({
        "name": "G. Castle Defense",
        "group": "Codeforces - Educational Codeforces Round 40 (Rated for Div. 2)",
        "url": "https://codeforces.com/problemset/problem/954/G",
        "interactive": false,
        "memoryLimit": 256,
        "timeLimit": 1500,
        "tests": [
            {"input": "5 0 6\r\n5 4 3 4 9 \n", "output": "5\n"},
            {"input": "4 2 0\n1 2 3 4\n", "output": "6"}
        ],
        "testType": "single",
        "input": {"type": "stdin"},
        "output": {"type": "stdout"},
        "languages": {"java": {"mainClass": "Main", "taskClass": "GCastleDefense"}},
        "batch": {"id": "123e67c8-03c6-44a4-a3f9-5918533f9fb2", "size": 1}
    })
}

fn atcoder(task: &str, name: &str, batch_size: u64) -> Value {
    json!({
        "name": name,
        "group": "AtCoder - AtCoder Beginner Contest 086",
        "url": format!("https://atcoder.jp/contests/abc086/tasks/abc086_{task}"),
        "interactive": false,
        "memoryLimit": 256,
        "timeLimit": 2000,
        "tests": [{"input": "3 4\n", "output": "Even\n"}, {"input": "1 21\n", "output": "Odd\n"}],
        "testType": "single",
        "input": {"type": "stdin"},
        "output": {"type": "stdout"},
        "languages": {"java": {"mainClass": "Main", "taskClass": "Task"}},
        "batch": {"id": "5b0e2a8c-7f7e-4c0f-9a59-6d3c1f2a9e11", "size": batch_size}
    })
}

fn manifest(listening: &Listening, name: &str) -> String {
    fs::read_to_string(
        listening
            .root()
            .join("crates")
            .join(name)
            .join("Cargo.toml"),
    )
    .unwrap()
}

#[test]
fn a_problem_is_made_with_its_samples_byte_for_byte_and_its_limits() {
    let listening = Listening::start();
    let (status, body) = listening.send_json(&codeforces());
    assert_eq!((status, body.as_str()), (200, "made cf-954-g"));
    assert_eq!(
        listening.said(),
        "made cf-954-g (G. Castle Defense), 2 samples, 1500 ms, 256 MB: \
         write crates/cf-954-g/src/main.rs, then scripts/check.sh cf-954-g"
    );
    let io_tests = listening.root().join("io-tests/cf-954-g");
    let samples = [
        ("sample-1.in", "5 0 6\r\n5 4 3 4 9 \n"),
        ("sample-1.out", "5\n"),
        ("sample-2.in", "4 2 0\n1 2 3 4\n"),
        ("sample-2.out", "6"),
    ];
    for (file, content) in samples {
        assert_eq!(
            fs::read_to_string(io_tests.join(file)).unwrap(),
            content,
            "{file}"
        );
    }
    let manifest = manifest(&listening, "cf-954-g");
    for line in [
        "name = \"cf-954-g\"",
        "time-limit-ms = 1500",
        "memory-limit-mb = 256",
        "url = \"https://codeforces.com/problemset/problem/954/G\"",
        "single-case = true",
    ] {
        assert!(manifest.lines().any(|l| l == line), "{line} in\n{manifest}");
    }
    assert!(!manifest.contains("interactive"), "{manifest}");
}

/// Issue 66: the workspace's `templates/main.rs` makes the `main.rs` of a
/// problem from the browser, its placeholders filled; once it is removed,
/// the compiled-in one again.
#[test]
fn the_workspaces_template_makes_main_rs() {
    let listening = Listening::start();
    let templates = listening.root().join("templates");
    fs::create_dir(&templates).unwrap();
    fs::write(
        templates.join("main.rs"),
        "// @NAME@ (@URL@): @TIME_LIMIT_MS@ ms, @MEMORY_LIMIT_MB@ MB\nfn main() {}\n",
    )
    .unwrap();
    let main = |name: &str| {
        fs::read_to_string(
            listening
                .root()
                .join("crates")
                .join(name)
                .join("src/main.rs"),
        )
        .unwrap()
    };
    assert_eq!(listening.send_json(&codeforces()).0, 200);
    listening.said();
    assert_eq!(
        main("cf-954-g"),
        "// cf-954-g (https://codeforces.com/problemset/problem/954/G): 1500 ms, 256 MB\nfn main() {}\n"
    );
    let made = manifest(&listening, "cf-954-g");
    assert!(
        made.contains("\ntemplate = \"templates/main.rs\"\n"),
        "{made}"
    );
    fs::remove_file(templates.join("main.rs")).unwrap();
    assert_eq!(listening.send_json(&atcoder("a", "A - Product", 1)).0, 200);
    listening.said();
    let default = main("abc086-a");
    assert!(
        default.contains("todo!(\"abc086-a: write the solution"),
        "{default}"
    );
    assert!(!manifest(&listening, "abc086-a").contains("template"));
}

#[test]
fn a_problem_already_there_is_left_as_it_is() {
    let listening = Listening::start();
    assert_eq!(listening.send_json(&codeforces()).0, 200);
    listening.said();
    let before = tree(&listening.root());
    // The same problem again, with other samples and limits: nothing changes.
    let mut again = codeforces();
    again["tests"] = json!([{"input": "1 1 1\n1\n", "output": "1\n"}]);
    again["timeLimit"] = json!(3000);
    again["interactive"] = json!(true);
    let (status, body) = listening.send_json(&again);
    assert_eq!(
        (status, body.as_str()),
        (200, "cf-954-g exists already: left as it is")
    );
    assert_eq!(
        listening.said(),
        "cf-954-g is in the workspace already: left as it is \
         (https://codeforces.com/problemset/problem/954/G)"
    );
    assert!(tree(&listening.root()) == before, "the workspace changed");
}

#[test]
fn interactive_file_and_multi_number_problems() {
    let listening = Listening::start();
    let mut interactive = codeforces();
    interactive["name"] = json!("F. Guess the Number");
    interactive["url"] = json!("https://codeforces.com/contest/1999/problem/F");
    interactive["interactive"] = json!(true);
    interactive["tests"] = json!([]);
    assert_eq!(
        listening.send_json(&interactive),
        (200, "made cf-1999-f".to_string())
    );
    assert_eq!(
        listening.said(),
        "made cf-1999-f (F. Guess the Number), 0 samples, 1500 ms, 256 MB, interactive: \
         write crates/cf-1999-f/src/main.rs, then scripts/check.sh cf-1999-f"
    );
    assert!(manifest(&listening, "cf-1999-f").contains("\ninteractive = true\n"));
    assert!(listening
        .root()
        .join("crates/cf-1999-f/src/bin/interact.rs")
        .is_file());

    // An old judge's problem: a file in, a file out, several cases an input.
    let files = json!({
        "name": "Sorting",
        "group": "Timus",
        "url": "https://acm.timus.ru/problem.aspx?space=1&num=1100",
        "memoryLimit": 62.5,
        "timeLimit": 500,
        "tests": [{"input": "2\n1\n3\n", "output": "1\n3\n"}],
        "testType": "multiNumber",
        "input": {"type": "file", "fileName": "input.txt"},
        "output": {"type": "file", "fileName": "output.txt"},
        "languages": {}
    });
    assert_eq!(
        listening.send_json(&files),
        (200, "made timus-1100".to_string())
    );
    assert_eq!(
        listening.said(),
        "made timus-1100 (Sorting), 1 sample, 500 ms, 63 MB, reads input.txt, writes output.txt: \
         write crates/timus-1100/src/main.rs, then scripts/check.sh timus-1100"
    );
    let manifest = manifest(&listening, "timus-1100");
    for line in [
        "input-file = \"input.txt\"",
        "output-file = \"output.txt\"",
        "single-case = false",
        "memory-limit-mb = 63",
    ] {
        assert!(manifest.lines().any(|l| l == line), "{line} in\n{manifest}");
    }
    let main = fs::read_to_string(listening.root().join("crates/timus-1100/src/main.rs")).unwrap();
    assert!(main.contains("File::open(\"input.txt\")"), "{main}");
    assert!(main.contains("File::create(\"output.txt\")"), "{main}");
}

#[test]
fn a_contest_gives_all_its_problems() {
    let listening = Listening::start();
    let sent = [("a", "A - Product"), ("b", "B - 1 21")];
    for (i, (task, name)) in sent.iter().enumerate() {
        let (status, body) = listening.send_json(&atcoder(task, name, 2));
        assert_eq!((status, body), (200, format!("made abc086-{task}")));
        assert_eq!(
            listening.said(),
            format!(
                "[{}/2] made abc086-{task} ({name}), 2 samples, 2000 ms, 256 MB: \
                 write crates/abc086-{task}/src/main.rs, then scripts/check.sh abc086-{task}",
                i + 1
            )
        );
    }
    assert_eq!(
        listening.said(),
        "contest \"AtCoder - AtCoder Beginner Contest 086\": all 2 problems received"
    );
    for task in ["a", "b"] {
        let sample = listening
            .root()
            .join(format!("io-tests/abc086-{task}/sample-2.out"));
        assert_eq!(fs::read_to_string(sample).unwrap(), "Odd\n");
    }
}

/// A problem of `url` called `name`, whose one sample answers `answer`.
fn task(url: &str, name: &str, answer: &str) -> Value {
    json!({
        "name": name, "group": "A contest", "url": url, "interactive": false,
        "memoryLimit": 256, "timeLimit": 1000,
        "tests": [{"input": "1\n", "output": answer}],
        "testType": "single", "input": {"type": "stdin"}, "output": {"type": "stdout"}
    })
}

#[test]
fn every_problem_of_a_contest_gets_a_crate_of_its_own() {
    let listening = Listening::start();
    // Contests whose problems all used to take the contest's name.
    let contest = [
        ("https://cses.fi/241/task/A", "cses-241-a"),
        ("https://cses.fi/241/task/B", "cses-241-b"),
        (
            "https://vjudge.net/contest/480959#problem/A",
            "vjudge-480959-a",
        ),
        (
            "https://vjudge.net/contest/480959#problem/B",
            "vjudge-480959-b",
        ),
        (
            "https://www.codechef.com/LTIME58A/problems/ZOZ",
            "codechef-zoz",
        ),
        (
            "https://www.codechef.com/LTIME58A/problems/AFK",
            "codechef-afk",
        ),
        (
            "https://open.kattis.com/contests/nhty9t/problems/oktalni",
            "kattis-oktalni",
        ),
        (
            "https://open.kattis.com/contests/nhty9t/problems/helpme",
            "kattis-helpme",
        ),
    ];
    for (index, (url, name)) in contest.iter().enumerate() {
        let sent = task(url, &format!("Problem {index}"), &format!("{index}\n"));
        assert_eq!(
            listening.send_json(&sent),
            (200, format!("made {name}")),
            "{url}"
        );
        assert!(listening.said().starts_with(&format!("made {name} ")));
    }
    // The same problem under another URL (its page in another language, the
    // problemset's path of a contest's problem: the same samples) is left as
    // it is.
    let contest_path = task(
        "https://codeforces.com/contest/118/problem/A",
        "A. String Task",
        "x\n",
    );
    assert_eq!(listening.send_json(&contest_path).0, 200);
    listening.said();
    let problemset = task(
        "https://codeforces.com/problemset/problem/118/A?locale=en",
        "A. String Task",
        "x\n",
    );
    assert_eq!(
        listening.send_json(&problemset),
        (200, "cf-118-a exists already: left as it is".to_string())
    );
    assert!(listening
        .said()
        .starts_with("cf-118-a is in the workspace already"));
    // A different problem whose name is taken gets one of its own, and is
    // itself left as it is when sent again.
    let first = task("https://example.org/set/1/problem", "First", "1\n");
    let second = task("https://example.org/other/1/problem", "Second", "2\n");
    assert_eq!(
        listening.send_json(&first),
        (200, "made example-1".to_string())
    );
    listening.said();
    assert_eq!(
        listening.send_json(&second),
        (200, "made example-1-2".to_string())
    );
    let line = listening.said();
    assert!(
        line.starts_with(
            "made example-1-2 (Second), 1 sample, 1000 ms, 256 MB, example-1 is another problem: "
        ),
        "{line}"
    );
    assert_eq!(
        listening.send_json(&second),
        (200, "example-1-2 exists already: left as it is".to_string())
    );
    listening.said();
    assert_eq!(
        fs::read_to_string(listening.root().join("io-tests/example-1-2/sample-1.out")).unwrap(),
        "2\n"
    );
    assert_eq!(
        fs::read_to_string(listening.root().join("io-tests/example-1/sample-1.out")).unwrap(),
        "1\n"
    );
    // A name that a package of the workspace has (here a tool's) is never a
    // problem's: cargo would not tell the two apart.
    let tool = listening.root().join("shared/run");
    fs::create_dir_all(&tool).unwrap();
    fs::write(tool.join("Cargo.toml"), "[package]\nname = \"run\"\n").unwrap();
    assert_eq!(
        listening.send_json(&task("", "Run", "3\n")),
        (200, "made run-2".to_string())
    );
    let line = listening.said();
    assert!(
        line.starts_with(
            "made run-2 (Run), 1 sample, 1000 ms, 256 MB, run is the name of the package in shared/run, and cargo tells packages apart by name: "
        ),
        "{line}"
    );
    assert!(!listening.root().join("crates/run").exists());
}

#[test]
fn a_name_in_another_script_makes_a_valid_crate() {
    let listening = Listening::start();
    let mut task = codeforces();
    task["name"] = json!("最短路径");
    task["url"] = json!("https://example.org/");
    let (status, body) = listening.send_json(&task);
    assert_eq!(status, 200, "{body}");
    let name = body.strip_prefix("made ").unwrap();
    assert!(
        name.starts_with("problem-") && name.len() == "problem-".len() + 8,
        "{name}"
    );
    assert!(listening
        .root()
        .join("crates")
        .join(name)
        .join("Cargo.toml")
        .is_file());
    listening.said();
}

#[test]
fn bad_requests_get_a_4xx_a_line_and_change_nothing() {
    let listening = Listening::start();
    let before = tree(&listening.root());
    let mut missing = codeforces();
    missing.as_object_mut().unwrap().remove("tests");
    let mut wrong_kind = codeforces();
    wrong_kind["timeLimit"] = json!("1500");
    let mut quoted_url = codeforces();
    quoted_url["url"] = json!("https://codeforces.com/problemset/problem/954/G\"x");
    let mut bad_file = codeforces();
    bad_file["input"] = json!({"type": "file", "fileName": "../escape.txt"});
    let bodies: [(Vec<u8>, u16, &str); 8] = [
        (b"{\"name\": ".to_vec(), 400, "the body is not JSON: "),
        (b"[1, 2, 3]".to_vec(), 400, "the body is not a JSON object"),
        (missing.to_string().into_bytes(), 400, "no tests"),
        (
            wrong_kind.to_string().into_bytes(),
            400,
            "timeLimit is not a positive number",
        ),
        (
            b"{\"name\": \"\xff\xfe\"}".to_vec(),
            400,
            "the body is not UTF-8",
        ),
        (
            quoted_url.to_string().into_bytes(),
            422,
            "the URL may not contain a quote",
        ),
        (
            bad_file.to_string().into_bytes(),
            422,
            "bad input-file '../escape.txt'",
        ),
        (
            vec![b' '; 16 * 1024 * 1024 + 1],
            413,
            "the body is over 16 MiB",
        ),
    ];
    for (body, status, message) in &bodies {
        let (got, answer) = listening.send(body);
        assert_eq!(got, *status, "{answer}");
        assert!(answer.contains(message), "{answer} lacks {message}");
        let line = listening.said();
        assert!(
            line.starts_with("refused POST /: ") && line.contains(message),
            "{line}"
        );
    }
    let others = [
        (vec!["--request", "GET"], "/", 405),
        (vec!["--request", "PUT", "--data", "{}"], "/", 405),
        (vec!["--request", "POST", "--data", "{}"], "/problems", 404),
        (vec!["--request", "DELETE"], "/x", 404),
    ];
    for (args, path, status) in others {
        let url = listening.url(path);
        let mut args = args.clone();
        args.push(&url);
        let (got, answer) = listening.curl(&args);
        assert_eq!(got, status, "{args:?}: {answer}");
        assert!(listening.said().starts_with("refused "));
    }
    // A chunked body, whose length is not said in advance, is capped too.
    let big = listening.dir.path().join("big-body");
    fs::write(&big, vec![b' '; 16 * 1024 * 1024 + 1]).unwrap();
    let data = format!("@{}", big.display());
    let url = listening.url("/");
    let (got, _) = listening.curl(&[
        "--header",
        "Content-Type: application/json",
        "--header",
        "Transfer-Encoding: chunked",
        "--data-binary",
        &data,
        &url,
    ]);
    fs::remove_file(&big).unwrap();
    assert_eq!(got, 413);
    listening.said();
    assert!(
        tree(&listening.root()) == before,
        "a bad request changed the workspace"
    );
    // And the server is still there.
    assert_eq!(listening.send_json(&codeforces()).0, 200);
}

#[test]
fn requests_not_from_the_extension_are_refused_and_change_nothing() {
    let listening = Listening::start();
    let before = tree(&listening.root());
    let body = codeforces().to_string();
    let port = listening.address.port();
    let host = format!("Host: localhost:{port}");
    let json = "Content-Type: application/json".to_string();
    // A web page's simple POST, sent without a preflight.
    let page_post = [
        host.clone(),
        "Content-Type: text/plain;charset=UTF-8".to_string(),
        "Origin: https://example.com".to_string(),
    ];
    // A page's origin on a JSON body (curl sends what a browser would not).
    let page_origin = [
        host.clone(),
        json.clone(),
        "Origin: https://example.com".to_string(),
    ];
    // DNS rebinding: the page's own name resolves to 127.0.0.1, so it is
    // same-origin to the browser and sends no Origin.
    let rebinding = [
        format!("Host: attacker.example:{port}"),
        "Content-Type: text/plain".to_string(),
    ];
    let rebinding_json = [format!("Host: attacker.example:{port}"), json.clone()];
    let sandboxed = [host.clone(), json.clone(), "Origin: null".to_string()];
    let form = [
        host.clone(),
        "Content-Type: application/x-www-form-urlencoded".to_string(),
    ];
    // curl's own simple POST, with no Origin.
    let plain = [host.clone(), "Content-Type: text/plain".to_string()];
    let cases: [(&[String], u16, String); 7] = [
        (
            &page_post,
            403,
            "Origin \"https://example.com\" is a web page's".to_string(),
        ),
        (
            &plain,
            415,
            "Content-Type \"text/plain\": the extension sends application/json".to_string(),
        ),
        (
            &page_origin,
            403,
            "Origin \"https://example.com\" is a web page's, not a browser extension's".to_string(),
        ),
        (
            &rebinding,
            403,
            format!("Host \"attacker.example:{port}\" is not localhost, 127.0.0.1 or [::1]"),
        ),
        (
            &rebinding_json,
            403,
            format!("Host \"attacker.example:{port}\" is not localhost"),
        ),
        (
            &sandboxed,
            403,
            "Origin \"null\" is a web page's".to_string(),
        ),
        (
            &form,
            415,
            "Content-Type \"application/x-www-form-urlencoded\"".to_string(),
        ),
    ];
    for (headers, status, message) in &cases {
        let (got, answer) = listening.send_with(headers, body.as_bytes());
        assert_eq!(got, *status, "{headers:?}: {answer}");
        assert!(
            answer.contains(message.as_str()),
            "{answer} lacks {message}"
        );
        let line = listening.said();
        assert!(
            line.starts_with("refused POST /: ") && line.contains(message.as_str()),
            "{line}"
        );
    }
    // A page's JSON POST first asks with a preflight, which is refused.
    let url = listening.url("/");
    let (got, answer) = listening.curl(&[
        "--request",
        "OPTIONS",
        "--header",
        "Origin: https://example.com",
        "--header",
        "Access-Control-Request-Method: POST",
        "--header",
        "Access-Control-Request-Headers: content-type",
        &url,
    ]);
    assert_eq!(got, 405, "{answer}");
    assert!(
        answer.contains("a browser's preflight, refused"),
        "{answer}"
    );
    assert!(listening.said().starts_with("refused OPTIONS /: "));
    assert!(
        tree(&listening.root()) == before,
        "a refused request changed the workspace"
    );
}

#[test]
fn the_extensions_requests_from_each_browser_are_taken() {
    let listening = Listening::start();
    let port = listening.address.port();
    let json = "Content-Type: application/json; charset=utf-8".to_string();
    let firefox = [
        format!("Host: localhost:{port}"),
        json.clone(),
        "Origin: moz-extension://0f1e2d3c-4b5a-4969-8877-665544332211".to_string(),
    ];
    // A background page's request may carry no Origin at all.
    let no_origin = [format!("Host: 127.0.0.1:{port}"), json.clone()];
    let chrome = listening.extension_headers();
    let sent: [(&[String], &str, &str); 3] = [
        (&chrome, "a", "A - Product"),
        (&firefox, "b", "B - 1 21"),
        (&no_origin, "c", "C - Traveling"),
    ];
    for (headers, task, name) in sent {
        let (got, answer) =
            listening.send_with(headers, atcoder(task, name, 1).to_string().as_bytes());
        assert_eq!(
            (got, answer),
            (200, format!("made abc086-{task}")),
            "{headers:?}"
        );
        assert!(listening
            .said()
            .starts_with(&format!("made abc086-{task} ")));
    }
}

#[test]
fn the_server_listens_on_loopback_only() {
    let listening = Listening::start();
    assert_eq!(listening.address.ip(), Ipv4Addr::LOCALHOST);
    // This machine's address on its network, where it has one: nothing
    // answers there (connecting a UDP socket sends nothing).
    let outward = UdpSocket::bind("0.0.0.0:0")
        .and_then(|socket| socket.connect("192.0.2.1:9").map(|()| socket))
        .and_then(|socket| socket.local_addr());
    if let Ok(outward) = outward {
        if !outward.ip().is_loopback() && !outward.ip().is_unspecified() {
            let there = SocketAddr::new(outward.ip(), listening.address.port());
            assert!(TcpStream::connect_timeout(&there, Duration::from_secs(2)).is_err());
        }
    }
}

#[test]
fn a_client_that_stops_sending_holds_up_no_one() {
    use std::io::Write;
    let listening = Listening::start();
    // Headers that promise 100,000 bytes of body, then 9 of them, and silence.
    // (tiny_http reads a small body itself, before the request is handed
    // over; a large one is read by the listener, as it arrives.)
    let mut stalled = TcpStream::connect(listening.address).unwrap();
    stalled
        .write_all(b"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"name\": ")
        .unwrap();
    stalled.flush().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // Another request meanwhile is answered (curl gives up after 30 s).
    assert_eq!(
        listening.send_json(&codeforces()),
        (200, "made cf-954-g".to_string())
    );
    assert!(listening.said().starts_with("made cf-954-g "));
    // When the stalled client goes, its request is refused and nothing is made of it.
    drop(stalled);
    let line = listening.said();
    assert!(line.starts_with("refused POST /: the body "), "{line}");
}
