//! Every relative link of the workspace's documents resolves: the file it
//! names exists and, for a `#part` of a Markdown file, that file has the
//! heading (by GitHub's rule for heading anchors). The documents: README.md,
//! docs/*.md, and the README.md of each crate, library and package.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The Markdown documents of the workspace.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut found = vec![root.join("README.md")];
    for folder in ["docs", "crates", "libs", "shared", "shared/bundle"] {
        let Ok(entries) = fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "md") {
                found.push(path);
            } else if path.join("README.md").is_file() {
                found.push(path.join("README.md"));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The targets of the Markdown links and images in `text` (`[..](target)`),
/// outside code blocks and inline code, each with its line number.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    let mut in_block = false;
    for (number, line) in (1..).zip(text.lines()) {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Inline code is left out: the text between pairs of backticks.
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            targets.push((number, target.to_string()));
            rest = &after[end..];
        }
    }
    targets
}

/// GitHub's anchor of a heading: lowercase, spaces to dashes, and every
/// character but letters, digits, `-` and `_` dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// What is wrong with `target`, a link in the document `from`; `None` when it resolves.
fn broken(from: &Path, target: &str) -> Option<String> {
    if target.is_empty()
        || target.starts_with("http://")
        || target.starts_with("https://")
        || target.starts_with("mailto:")
    {
        return None;
    }
    let (path, part) = target.split_once('#').unwrap_or((target, ""));
    let file = if path.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().unwrap().join(path)
    };
    if !file.exists() {
        return Some(format!("{} does not exist", file.display()));
    }
    let is_markdown = file.extension().is_some_and(|extension| extension == "md");
    if part.is_empty() || !is_markdown {
        return None;
    }
    let text = fs::read_to_string(&file).unwrap();
    if anchors(&text).iter().any(|known| known == part) {
        None
    } else {
        Some(format!("{} has no heading #{part}", file.display()))
    }
}

#[test]
fn every_relative_link_resolves() {
    let root = root();
    let documents = documents(&root);
    assert!(documents.len() > 5, "documents found: {documents:?}");
    let mut problems = Vec::new();
    let mut checked = 0;
    for document in &documents {
        let text = fs::read_to_string(document).unwrap();
        for (line, target) in link_targets(&text) {
            checked += 1;
            if let Some(problem) = broken(document, &target) {
                let name = document.strip_prefix(&root).unwrap().display();
                problems.push(format!("{name}:{line}: ({target}): {problem}"));
            }
        }
    }
    assert!(checked > 20, "only {checked} links found");
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checks_catch_what_they_should() {
    let text = "# A heading, with `code`!\n\nsee [x](#a-heading-with-code) and ![p](pic.svg)\n\
                `[not](a-link)` and\n```\n[not](either)\n```\n[web](https://example.org)";
    assert_eq!(
        link_targets(text),
        [
            (3, "#a-heading-with-code".to_string()),
            (3, "pic.svg".to_string()),
            (8, "https://example.org".to_string())
        ]
    );
    assert_eq!(anchors(text), ["a-heading-with-code"]);
    let dir = judge::scratch::tempdir().unwrap();
    let document = dir.path().join("doc.md");
    fs::write(&document, text).unwrap();
    assert_eq!(broken(&document, "#a-heading-with-code"), None);
    assert!(broken(&document, "#another")
        .unwrap()
        .ends_with("has no heading #another"));
    assert!(broken(&document, "pic.svg")
        .unwrap()
        .ends_with("does not exist"));
    assert_eq!(broken(&document, "https://example.org/x"), None);
}
