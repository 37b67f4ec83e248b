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

use judge::commands::new::{create, NewError, NewProblem};

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

    /// Answers one request; `terminal` gets its line (or lines).
    pub fn answer(
        &mut self,
        method: &str,
        url: &str,
        body: Result<Vec<u8>, Reply>,
        terminal: &mut dyn Write,
    ) -> Reply {
        let reply = match (method, url) {
            ("POST", "/") => match body {
                Ok(body) => match payload::parse(&body) {
                    Ok(task) => self.receive(&task, terminal),
                    Err(message) => Reply::new(400, message),
                },
                Err(reply) => reply,
            },
            (_, "/") => Reply::new(405, format!("{method}: only POST is taken here")),
            _ => Reply::new(404, format!("{url}: problems are sent to /")),
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

    /// Makes `task` a problem, unless one of its name is there.
    fn receive(&mut self, task: &Task, terminal: &mut dyn Write) -> Reply {
        let name = crate_name(&task.url, &task.name);
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
        let exists = self
            .root
            .join("crates")
            .join(&name)
            .join("Cargo.toml")
            .is_file();
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
                if let Stream::File(file) = &task.output {
                    facts.push(format!("writes {file}"));
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
                        "  Cargo.lock not updated (cargo metadata failed: {}); the first build adds {name}",
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

/// What `judge new` is asked to make of `task`.
fn new_problem(name: &str, task: &Task) -> NewProblem {
    let file = |stream: &Stream| match stream {
        Stream::File(name) => Some(name.clone()),
        Stream::Standard => None,
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
        output_file: file(&task.output),
        ..NewProblem::named(name)
    }
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
            let body = read_body(request.body_length(), request.as_reader());
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
