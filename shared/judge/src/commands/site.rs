//! `judge verify --libs --site DIR`: the workspace's libraries as a static
//! site, as online-judge-verify-helper and competitive-verifier publish
//! theirs: plain HTML and CSS, no script, every link relative.
//!
//! - `index.html`: every file of every library with its status: *verified*
//!   (a verification that uses it passed, and none failed), *failing* (one
//!   that uses it failed) or *not verified*.
//! - A page per library file (`LIBRARY/src/FILE.rs.html`): its status, the
//!   verifications that use it (their problem, result, cases and time), its
//!   `//!` documentation and its source.
//! - A page per verification (`LIBRARY/examples/X.rs.html`): its problem and
//!   result, the files it verifies, and its source.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::commands::libraries::{
    collect_rust_files, libraries, record_key, Judged, Outcome, Prepared,
};

/// A library file's status on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Verified,
    Failing,
    NotVerified,
}

impl Status {
    fn text(self) -> &'static str {
        match self {
            Status::Verified => "verified",
            Status::Failing => "failing",
            Status::NotVerified => "not verified",
        }
    }

    fn class(self) -> &'static str {
        match self {
            Status::Verified => "verified",
            Status::Failing => "failing",
            Status::NotVerified => "none",
        }
    }
}

/// The status of a file that the verifications `using` it ended as they did.
pub fn status<'a>(using: impl IntoIterator<Item = &'a Outcome>) -> Status {
    let mut status = Status::NotVerified;
    for outcome in using {
        match outcome {
            Outcome::Failed(_) => return Status::Failing,
            Outcome::Passed { .. } => status = Status::Verified,
            Outcome::NotImported(_) => {}
        }
    }
    status
}

/// `text` made safe inside HTML.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A file's `//!` documentation: its paragraphs, each a string.
pub fn module_docs(source: &str) -> Vec<String> {
    let mut paragraphs = vec![String::new()];
    for line in source.lines() {
        let Some(text) = line.trim_start().strip_prefix("//!") else {
            if line.trim().is_empty() {
                continue;
            }
            break;
        };
        let text = text.strip_prefix(' ').unwrap_or(text);
        if text.trim().is_empty() {
            paragraphs.push(String::new());
        } else {
            let last = paragraphs.last_mut().expect("one at least");
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(text.trim_end());
        }
    }
    paragraphs.retain(|paragraph| !paragraph.is_empty());
    paragraphs
}

/// The path of `page` (relative to the site's root) as seen from `from`.
fn link(from: &str, page: &str) -> String {
    let depth = from.matches('/').count();
    format!("{}{page}", "../".repeat(depth))
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}\
a{color:#0645ad}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left}\
.badge{display:inline-block;padding:.1rem .5rem;border-radius:.3rem;font-size:.9rem;color:#fff}\
.verified{background:#2e7d32}.failing{background:#c62828}.none{background:#757575}\
pre{background:#f6f8fa;padding:1rem;overflow:auto;font-size:.85rem}";

fn page(title: &str, from: &str, body: &str) -> String {
    let home = if from == "index.html" {
        String::new()
    } else {
        format!(
            "<p><a href=\"{}\">All files</a></p>\n",
            link(from, "index.html")
        )
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{home}<h1>{}</h1>\n{body}</body>\n</html>\n",
        escape(title),
        escape(title)
    )
}

fn badge(status: Status) -> String {
    format!(
        "<span class=\"badge {}\">{}</span>",
        status.class(),
        status.text()
    )
}

/// A library file or example as the site names it: its path from the
/// workspace's `libs/` (`cplib/src/dsu.rs`), and its page's.
fn site_path(root: &Path, file: &Path) -> String {
    let relative = file
        .strip_prefix(root.join("libs"))
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/");
    relative
}

fn outcome_cell(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Passed { cases: 1, .. } => "AC (1 case)".to_string(),
        Outcome::Passed { cases, .. } => format!("AC ({cases} cases)"),
        Outcome::Failed(why) => format!("FAIL: {}", escape(why)),
        Outcome::NotImported(_) => "its problem is not in the workspace".to_string(),
    }
}

fn millis_cell(judged: &Judged) -> String {
    judged
        .millis
        .map_or_else(|| "-".to_string(), |millis| format!("{millis} ms"))
}

/// Writes the site of the workspace at `root` into `dir`: its libraries'
/// files, `prepared`'s verifications and how each went (`judged`, in their
/// order). Returns the pages written, index first.
///
/// # Errors
/// When a library or a file cannot be read, or a page cannot be written.
pub fn write_site(
    root: &Path,
    prepared: &[Prepared],
    judged: &[Judged],
    dir: &Path,
) -> io::Result<Vec<PathBuf>> {
    let mut pages: Vec<(String, String)> = Vec::new();
    let mut index = String::new();
    let mut counts = [0usize; 3];
    for library in libraries(root)? {
        let mut files = Vec::new();
        collect_rust_files(&library.dir.join("src"), &mut files)?;
        files.sort();
        let mut rows = String::new();
        for file in &files {
            let name = site_path(root, file);
            let page_name = format!("{name}.html");
            let using: Vec<(&Prepared, &Judged)> = prepared
                .iter()
                .zip(judged)
                .filter(|(item, _)| item.files.contains(file))
                .collect();
            let status = status(using.iter().map(|(_, judged)| &judged.outcome));
            counts[status as usize] += 1;
            let _ = writeln!(
                rows,
                "<tr><td>{}</td><td><a href=\"{page_name}\">{}</a></td><td>{}</td></tr>",
                badge(status),
                escape(&name),
                using
                    .iter()
                    .filter(|(_, judged)| matches!(judged.outcome, Outcome::Passed { .. }))
                    .count()
            );
            let mut body = format!("<p>{}</p>\n<h2>Verified by</h2>\n", badge(status));
            if using.is_empty() {
                body.push_str("<p>No verification uses this file.</p>\n");
            } else {
                body.push_str("<table>\n<tr><th>verification</th><th>problem</th><th>result</th><th>time</th></tr>\n");
                for (item, judged) in &using {
                    let example = site_path(root, &item.verification.path);
                    let _ = writeln!(
                        body,
                        "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                        link(&page_name, &format!("{example}.html")),
                        escape(&example),
                        problem_cell(item),
                        outcome_cell(&judged.outcome),
                        millis_cell(judged)
                    );
                }
                body.push_str("</table>\n");
            }
            let source = fs::read_to_string(file)?;
            let docs = module_docs(&source);
            if !docs.is_empty() {
                body.push_str("<h2>Documentation</h2>\n");
                for paragraph in docs {
                    let _ = writeln!(body, "<p>{}</p>", escape(&paragraph));
                }
            }
            let _ = write!(
                body,
                "<h2>Source</h2>\n<pre><code>{}</code></pre>\n",
                escape(&source)
            );
            pages.push((page_name.clone(), page(&name, &page_name, &body)));
        }
        let _ = write!(
            index,
            "<h2>{}</h2>\n<table>\n<tr><th>status</th><th>file</th><th>verifications passed</th></tr>\n{rows}</table>\n",
            escape(&library.name)
        );
    }
    for (item, judged) in prepared.iter().zip(judged) {
        let name = site_path(root, &item.verification.path);
        let page_name = format!("{name}.html");
        let mut body = format!(
            "<p>{}</p>\n<table>\n<tr><th>problem</th><td>{}</td></tr>\n<tr><th>result</th><td>{}</td></tr>\n<tr><th>time</th><td>{}</td></tr>\n</table>\n<h2>Files it verifies</h2>\n<ul>\n",
            escape(&record_key(root, &item.verification)),
            problem_cell(item),
            outcome_cell(&judged.outcome),
            millis_cell(judged)
        );
        for file in &item.files {
            let file_name = site_path(root, file);
            let _ = writeln!(
                body,
                "<li><a href=\"{}\">{}</a></li>",
                link(&page_name, &format!("{file_name}.html")),
                escape(&file_name)
            );
        }
        let source = fs::read_to_string(&item.verification.path)?;
        let _ = write!(
            body,
            "</ul>\n<h2>Source</h2>\n<pre><code>{}</code></pre>\n",
            escape(&source)
        );
        pages.push((page_name.clone(), page(&name, &page_name, &body)));
    }
    let summary = format!(
        "<p>{} {} &middot; {} {} &middot; {} {}</p>\n",
        badge(Status::Verified),
        counts[Status::Verified as usize],
        badge(Status::Failing),
        counts[Status::Failing as usize],
        badge(Status::NotVerified),
        counts[Status::NotVerified as usize]
    );
    pages.insert(
        0,
        (
            "index.html".to_string(),
            page(
                "Libraries of this workspace",
                "index.html",
                &(summary + &index),
            ),
        ),
    );
    let mut written = Vec::new();
    for (name, html) in pages {
        let path = dir.join(&name);
        fs::create_dir_all(path.parent().expect("a page is in the site's folder"))?;
        fs::write(&path, html)?;
        written.push(path);
    }
    Ok(written)
}

/// The problem of a verification: its name, linked to its page where its
/// manifest has a url.
fn problem_cell(item: &Prepared) -> String {
    match &item.problem {
        Ok(problem) => match problem
            .url
            .as_deref()
            .filter(|url| url.starts_with("https://"))
        {
            Some(url) => format!("<a href=\"{}\">{}</a>", escape(url), escape(&problem.name)),
            None => escape(&problem.name),
        },
        Err(_) => escape(&item.verification.target),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_status_is_its_verifications() {
        let passed = Outcome::Passed {
            cases: 3,
            judged: true,
        };
        let failed = Outcome::Failed("1 of 3 cases failed".to_string());
        let elsewhere = Outcome::NotImported("import it".to_string());
        assert_eq!(status([&passed]), Status::Verified);
        assert_eq!(status([&passed, &failed]), Status::Failing);
        assert_eq!(status([&elsewhere]), Status::NotVerified);
        assert_eq!(status([]), Status::NotVerified);
    }

    #[test]
    fn module_docs_are_the_files_first_comment_in_paragraphs() {
        let source = "//! Disjoint sets.\n//! Union by size.\n//!\n//! `merge` is O(α(n)).\n\npub struct Dsu;\n//! not this\n";
        assert_eq!(
            module_docs(source),
            ["Disjoint sets. Union by size.", "`merge` is O(α(n))."]
        );
        assert!(module_docs("pub fn f() {}\n").is_empty());
    }

    #[test]
    fn text_is_escaped_and_links_are_relative() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
        assert_eq!(link("index.html", "lib/src/a.rs.html"), "lib/src/a.rs.html");
        assert_eq!(
            link("lib/src/graph/mod.rs.html", "index.html"),
            "../../../index.html"
        );
    }
}
