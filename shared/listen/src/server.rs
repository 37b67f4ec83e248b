//! The server: each `POST /` with a problem's JSON becomes a new problem of the
//! workspace, made as `judge new` makes one; anything else gets a 4xx and
//! changes nothing. Requests are read side by side and answered one at a time,
//! so two problems never race for a name. Every request gets a line on the
//! terminal.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use judge::commands::new::{create, taken_name, NewError, NewProblem};

use crate::naming::crate_name;
use crate::payload::{self, Stream, Task, TestType};

/// The ports Competitive Companion sends to without being told (its
/// `src/hosts/hosts.ts`), each another tool's; this one takes Hightail's.
pub const EXTENSION_PORTS: [u16; 7] = [1327, 4244, 6174, 10042, 10043, 10045, 27121];
pub const DEFAULT_PORT: u16 = 4244;

/// The largest body read: a contest's biggest samples are far smaller.
pub const MAX_BODY: usize = 16 << 20;

/// An HTTP answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    fn new(status: u16, body: impl Into<String>) -> Reply {
        Reply {
            status,
            body: body.into(),
        }
    }
}

/// What the server knows across requests: how many problems of each contest
/// (batch) have come.
#[derive(Debug)]
pub struct Listener {
    root: PathBuf,
    batches: HashMap<String, u64>,
}

impl Listener {
    /// A listener that makes problems in the workspace at `root`.
    pub fn new(root: &Path) -> Listener {
        Listener {
            root: root.to_path_buf(),
            batches: HashMap::new(),
        }
    }

    /// Answers one request: `body` is what [`admit`] and [`read_body`] made of
    /// it; `terminal` gets its line (or lines).
    pub fn answer(
        &mut self,
        method: &str,
        url: &str,
        body: Result<Vec<u8>, Reply>,
        terminal: &mut dyn Write,
    ) -> Reply {
        let reply = match body
            .and_then(|body| payload::parse(&body).map_err(|message| Reply::new(400, message)))
        {
            Ok(task) => self.receive(&task, terminal),
            Err(reply) => reply,
        };
        if reply.status >= 400 {
            let _ = writeln!(
                terminal,
                "refused {method} {url}: {} ({})",
                reply.body, reply.status
            );
        }
        reply
    }

    /// Makes `task` a problem, unless it is there already (under its name or
    /// one taken for it before); a different problem whose name is taken gets
    /// another (`NAME-2`, `NAME-3`, ...).
    fn receive(&mut self, task: &Task, terminal: &mut dyn Write) -> Reply {
        let first_choice = crate_name(&task.url, &task.name);
        let (name, exists) = place(&self.root, &first_choice, task);
        let of_batch = task
            .batch
            .as_ref()
            .filter(|batch| batch.size > 1)
            .map(|batch| {
                let count = self.batches.entry(batch.id.clone()).or_default();
                *count += 1;
                (*count, batch.size)
            });
        let place = match of_batch {
            Some((count, size)) => format!("[{count}/{size}] "),
            None => String::new(),
        };
        // Never touched, even to add an interactor: its manifest is the user's now.
        let spec = new_problem(&name, task);
        let made = if exists {
            Err(NewError::Exists { name: name.clone() })
        } else {
            create(&self.root, &spec)
        };
        let reply = match made {
            Ok(created) => {
                let samples = task.tests.len();
                let mut facts = vec![
                    format!("{samples} sample{}", if samples == 1 { "" } else { "s" }),
                    format!("{} ms", task.time_limit_ms),
                    format!("{} MB", task.memory_limit_mb),
                ];
                if task.interactive {
                    facts.push("interactive".to_string());
                }
                if let Stream::File(file) = &task.input {
                    facts.push(format!("reads {file}"));
                }
                if let Stream::Downloaded { pattern } = &task.input {
                    facts.push(format!(
                        "its input downloaded (a file named /{pattern}/: cargo drill run {name} --latest DIR)"
                    ));
                }
                match (&task.input, &task.output) {
                    (Stream::Downloaded { .. }, Stream::File(file)) => {
                        facts.push(format!("its answer uploaded as {file}"));
                    }
                    (_, Stream::File(file)) => facts.push(format!("writes {file}")),
                    _ => {}
                }
                if name != first_choice {
                    facts.push(
                        taken_name(&self.root, &first_choice)
                            .unwrap_or_else(|| format!("{first_choice} is another problem")),
                    );
                }
                let _ = writeln!(
                    terminal,
                    "{place}made {name} ({}), {}: write crates/{name}/src/main.rs, then scripts/check.sh {name}",
                    task.name,
                    facts.join(", ")
                );
                if let Some(Err(cargo)) = &created.lock {
                    let _ = writeln!(
                        terminal,
                        "  Cargo.lock not updated (cargo update --workspace --offline failed: {}); the first build adds {name}",
                        cargo.trim()
                    );
                }
                Reply::new(200, format!("made {name}"))
            }
            Err(NewError::Exists { .. }) => {
                let _ = writeln!(
                    terminal,
                    "{place}{name} is in the workspace already: left as it is ({})",
                    task.url
                );
                Reply::new(200, format!("{name} exists already: left as it is"))
            }
            Err(NewError::Invalid(message)) => Reply::new(422, format!("{name}: {message}")),
            // A file that could not be written: the workspace's fault, not the request's.
            Err(error) => Reply::new(500, format!("{name}: {error}")),
        };
        if let Some((count, size)) = of_batch {
            if count == size {
                let _ = writeln!(
                    terminal,
                    "contest {:?}: all {size} problems received",
                    task.group
                );
            }
        }
        reply
    }
}

/// The name `task` takes, and whether it is there already: `name` itself
/// when free, or when the problem there is this one (the same URL, or the same
/// samples: the page in another language, or under a contest's URL); else the
/// first of `name-2`, `name-3`, ... that is free or this problem.
fn place(root: &Path, name: &str, task: &Task) -> (String, bool) {
    for number in 1.. {
        let candidate = if number == 1 {
            name.to_string()
        } else {
            format!("{name}-{number}")
        };
        if !root
            .join("crates")
            .join(&candidate)
            .join("Cargo.toml")
            .is_file()
        {
            // The name of a tool, a library or a registry's package: cargo
            // would not tell the two apart.
            if taken_name(root, &candidate).is_some() {
                continue;
            }
            return (candidate, false);
        }
        if is_this_problem(root, &candidate, task) {
            return (candidate, true);
        }
    }
    unreachable!("names run out before numbers do")
}

/// Whether the problem `name` of the workspace is `task`: made from the same
/// URL, or holding exactly its samples as they were sent.
fn is_this_problem(root: &Path, name: &str, task: &Task) -> bool {
    let manifest = root.join("crates").join(name).join("Cargo.toml");
    let same_url = std::fs::read_to_string(manifest).is_ok_and(|text| {
        text.lines().any(|line| {
            line.strip_prefix("url = \"")
                .and_then(|rest| rest.strip_suffix('"'))
                .is_some_and(|url| without_language(url) == without_language(&task.url))
        })
    });
    if same_url {
        return true;
    }
    let cases = root.join("io-tests").join(name);
    let sample = |number: usize, extension: &str| {
        std::fs::read(cases.join(format!("sample-{number}.{extension}"))).ok()
    };
    !task.tests.is_empty()
        && task
            .tests
            .iter()
            .enumerate()
            .all(|(index, (input, output))| {
                sample(index + 1, "in").as_deref() == Some(input.as_bytes())
                    && sample(index + 1, "out").as_deref() == Some(output.as_bytes())
            })
        && sample(task.tests.len() + 1, "in").is_none()
}

/// `url` without the query's choice of language (`lang=ja`, `locale=ru`): the
/// same page in another language is the same problem.
fn without_language(url: &str) -> String {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let key = pair.split('=').next().unwrap_or_default();
            !pair.is_empty() && !matches!(key, "lang" | "locale" | "language" | "hl")
        })
        .collect();
    if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    }
}

/// What `judge new` is asked to make of `task`.
fn new_problem(name: &str, task: &Task) -> NewProblem {
    let file = |stream: &Stream| match stream {
        Stream::File(name) => Some(name.clone()),
        Stream::Standard | Stream::Downloaded { .. } => None,
    };
    // A downloaded input's problem reads stdin and writes stdout (so are its
    // samples judged); the file named for its output is the answer to upload.
    let input_pattern = match &task.input {
        Stream::Downloaded { pattern } => Some(pattern.clone()),
        _ => None,
    };
    let (output_file, answer_file) = match input_pattern {
        Some(_) => (None, file(&task.output)),
        None => (file(&task.output), None),
    };
    NewProblem {
        url: Some(task.url.clone()),
        time_limit_ms: Some(task.time_limit_ms),
        memory_limit_mb: Some(task.memory_limit_mb),
        interactive: task.interactive,
        samples: task
            .tests
            .iter()
            .map(|(input, output)| (input.clone().into_bytes(), output.clone().into_bytes()))
            .collect(),
        multi_case: task.test_type == TestType::MultiNumber,
        input_file: file(&task.input),
        output_file,
        input_pattern,
        answer_file,
        ..NewProblem::named(name)
    }
}

/// The headers a request is admitted by: what says where it comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sender {
    pub content_type: Option<String>,
    pub host: Option<String>,
    pub origin: Option<String>,
}

impl Sender {
    /// The first value of each header the listener looks at.
    fn of(request: &tiny_http::Request) -> Sender {
        let value = |name: &'static str| {
            request
                .headers()
                .iter()
                .find(|header| header.field.equiv(name))
                .map(|header| header.value.as_str().to_string())
        };
        Sender {
            content_type: value("Content-Type"),
            host: value("Host"),
            origin: value("Origin"),
        }
    }
}

/// Takes a request only when it is what the extension sends: `POST /`, JSON,
/// to this machine by a loopback name, from no page. Any web page the user has
/// open may POST here without asking, as long as its request is "simple"
/// (text/plain, say); a JSON one needs a preflight (`OPTIONS`), refused here,
/// so it never follows. A page that reaches the port under a name of its own
/// (DNS rebinding) is refused by its `Host`. The extension's requests carry
/// `Host: localhost:PORT`, JSON, and its own origin or none.
///
/// # Errors
/// The 4xx to answer, with its reason.
pub fn admit(method: &str, url: &str, sender: &Sender) -> Result<(), Reply> {
    if url != "/" {
        return Err(Reply::new(404, format!("{url}: problems are sent to /")));
    }
    match method {
        "POST" => {}
        "OPTIONS" => {
            return Err(Reply::new(
                405,
                "OPTIONS: a browser's preflight, refused: only the extension's POST is taken here",
            ))
        }
        _ => {
            return Err(Reply::new(
                405,
                format!("{method}: only POST is taken here"),
            ))
        }
    }
    match sender.host.as_deref() {
        Some(host) if is_loopback_host(host) => {}
        Some(host) => {
            return Err(Reply::new(
                403,
                format!("Host {host:?} is not localhost, 127.0.0.1 or [::1]: a page under a name of its own"),
            ))
        }
        None => return Err(Reply::new(403, "no Host: the extension sends localhost")),
    }
    if let Some(origin) = &sender.origin {
        if !is_extension_origin(origin) {
            return Err(Reply::new(
                403,
                format!("Origin {origin:?} is a web page's, not a browser extension's"),
            ));
        }
    }
    let media_type = sender
        .content_type
        .as_deref()
        .map(|value| value.split(';').next().unwrap_or_default().trim());
    match media_type {
        Some(media_type) if media_type.eq_ignore_ascii_case("application/json") => Ok(()),
        Some(media_type) => Err(Reply::new(
            415,
            format!("Content-Type {media_type:?}: the extension sends application/json"),
        )),
        None => Err(Reply::new(
            415,
            "no Content-Type: the extension sends application/json",
        )),
    }
}

/// `localhost`, `127.0.0.1` or `[::1]`, with a port or without.
fn is_loopback_host(host: &str) -> bool {
    let (name, port) = match host.rfind(':') {
        // `[::1]` alone has colons, inside its brackets.
        Some(colon) if !host[colon..].contains(']') => (&host[..colon], Some(&host[colon + 1..])),
        _ => (host, None),
    };
    let port_is_a_number =
        port.is_none_or(|port| !port.is_empty() && port.bytes().all(|byte| byte.is_ascii_digit()));
    port_is_a_number
        && (name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "[::1]")
}

/// A browser extension's origin: Chrome's and Edge's, Firefox's, Safari's.
fn is_extension_origin(origin: &str) -> bool {
    [
        "chrome-extension://",
        "moz-extension://",
        "safari-web-extension://",
    ]
    .iter()
    .any(|scheme| {
        origin.strip_prefix(scheme).is_some_and(|id| {
            !id.is_empty()
                && id
                    .bytes()
                    .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
        })
    })
}

/// A request's body, or the 413 for one over [`MAX_BODY`] (not read further).
pub fn read_body(declared_length: Option<usize>, reader: &mut dyn Read) -> Result<Vec<u8>, Reply> {
    let too_large = || Reply::new(413, format!("the body is over {} MiB", MAX_BODY >> 20));
    if declared_length.is_some_and(|length| length > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    reader
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|error| Reply::new(400, format!("the body could not be read: {error}")))?;
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    Ok(body)
}

/// Serves requests on `server` until it fails, each answered by `listener`,
/// which writes its lines to `terminal`.
///
/// Each request is read in a thread of its own, so that a client that stops
/// sending its body holds up no one; the answers are made one at a time, so
/// that two problems never race for a name.
pub fn serve(
    server: &tiny_http::Server,
    listener: Listener,
    terminal: impl Write + Send + 'static,
) {
    let shared = Arc::new(Mutex::new((listener, terminal)));
    for mut request in server.incoming_requests() {
        let shared = Arc::clone(&shared);
        thread::spawn(move || {
            let method = request.method().as_str().to_string();
            let url = request.url().to_string();
            // A refused request's body is not read.
            let body = admit(&method, &url, &Sender::of(&request))
                .and_then(|()| read_body(request.body_length(), request.as_reader()));
            let reply = {
                // A panic elsewhere must not stop the server: the state is a
                // count of batches, sound whatever happened.
                let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
                let (listener, terminal) = &mut *guard;
                let reply = listener.answer(&method, &url, body, terminal);
                let _ = terminal.flush();
                reply
            };
            let content_type =
                tiny_http::Header::from_bytes("Content-Type", "text/plain; charset=utf-8")
                    .expect("a valid header");
            let response = tiny_http::Response::from_string(format!("{}\n", reply.body))
                .with_status_code(reply.status)
                .with_header(content_type);
            // A client gone before its answer changes nothing here.
            let _ = request.respond(response);
        });
    }
}

/// A server on the loopback address only: nothing from another machine reaches it.
///
/// # Errors
/// When the port cannot be had (another tool on it, most often).
pub fn bind(port: u16) -> io::Result<(tiny_http::Server, SocketAddr)> {
    let server = tiny_http::Server::http(("127.0.0.1", port)).map_err(|error| {
        io::Error::new(
            io::ErrorKind::AddrInUse,
            format!("cannot listen on 127.0.0.1:{port}: {error}"),
        )
    })?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| io::Error::other("the server has no IP address"))?;
    Ok((server, address))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_of_a_page_is_not_part_of_its_problem() {
        let base = "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=CGL_1_A";
        assert_eq!(without_language(&format!("{base}&lang=ja")), base);
        assert_eq!(
            without_language("https://codeforces.com/contest/810/problem/D?locale=ru"),
            "https://codeforces.com/contest/810/problem/D"
        );
        assert_eq!(
            without_language("https://acm.timus.ru/problem.aspx?space=1&num=1098&locale=ru"),
            "https://acm.timus.ru/problem.aspx?space=1&num=1098"
        );
    }

    /// What the extension sends, from Chrome.
    fn extension() -> Sender {
        Sender {
            content_type: Some("application/json".to_string()),
            host: Some("localhost:4244".to_string()),
            origin: Some("chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl".to_string()),
        }
    }

    fn refusal(sender: &Sender) -> (u16, String) {
        let reply = admit("POST", "/", sender).unwrap_err();
        (reply.status, reply.body)
    }

    #[test]
    fn the_extensions_requests_are_admitted() {
        assert_eq!(admit("POST", "/", &extension()), Ok(()));
        let firefox = Sender {
            origin: Some("moz-extension://1b2c3d4e-0000-4a5b-8c9d-0123456789ab".to_string()),
            ..extension()
        };
        let no_origin = Sender {
            origin: None,
            ..extension()
        };
        let charset = Sender {
            content_type: Some("Application/JSON; charset=UTF-8".to_string()),
            ..extension()
        };
        for sender in [firefox, no_origin, charset] {
            assert_eq!(admit("POST", "/", &sender), Ok(()), "{sender:?}");
        }
        for host in [
            "localhost",
            "LocalHost:1327",
            "127.0.0.1",
            "127.0.0.1:4244",
            "[::1]",
            "[::1]:27121",
        ] {
            let sender = Sender {
                host: Some(host.to_string()),
                ..extension()
            };
            assert_eq!(admit("POST", "/", &sender), Ok(()), "{host}");
        }
    }

    #[test]
    fn a_foreign_host_is_refused() {
        for host in [
            "attacker.example:4244",
            "localhost.attacker.example",
            "127.0.0.2:4244",
            "localhost:",
            "localhost:42x",
            "[::2]:4244",
            "",
        ] {
            let sender = Sender {
                host: Some(host.to_string()),
                ..extension()
            };
            let (status, message) = refusal(&sender);
            assert_eq!(status, 403, "{host}");
            assert!(
                message.starts_with(&format!("Host {host:?} is not localhost")),
                "{message}"
            );
        }
        let none = Sender {
            host: None,
            ..extension()
        };
        assert_eq!(
            refusal(&none),
            (403, "no Host: the extension sends localhost".to_string())
        );
    }

    #[test]
    fn a_web_pages_origin_is_refused() {
        for origin in [
            "https://example.com",
            "null",
            "http://localhost:4244",
            "chrome-extension://",
            "chrome-extension://x/y",
        ] {
            let sender = Sender {
                origin: Some(origin.to_string()),
                ..extension()
            };
            assert_eq!(
                refusal(&sender),
                (
                    403,
                    format!("Origin {origin:?} is a web page's, not a browser extension's")
                )
            );
        }
    }

    #[test]
    fn a_body_that_is_not_json_is_refused() {
        for (content_type, media_type) in [
            ("text/plain", "text/plain"),
            ("text/plain;charset=UTF-8", "text/plain"),
            (
                "application/x-www-form-urlencoded",
                "application/x-www-form-urlencoded",
            ),
            ("multipart/form-data; boundary=x", "multipart/form-data"),
            ("application/jsonp", "application/jsonp"),
        ] {
            let sender = Sender {
                content_type: Some(content_type.to_string()),
                ..extension()
            };
            assert_eq!(
                refusal(&sender),
                (
                    415,
                    format!("Content-Type {media_type:?}: the extension sends application/json")
                )
            );
        }
        let none = Sender {
            content_type: None,
            ..extension()
        };
        assert_eq!(refusal(&none).0, 415);
    }

    #[test]
    fn only_post_to_the_root_is_admitted() {
        let preflight = admit("OPTIONS", "/", &extension()).unwrap_err();
        assert_eq!(preflight.status, 405);
        assert!(preflight.body.contains("preflight"), "{}", preflight.body);
        assert_eq!(admit("GET", "/", &extension()).unwrap_err().status, 405);
        assert_eq!(
            admit("POST", "/problems", &extension()).unwrap_err().status,
            404
        );
    }
}
