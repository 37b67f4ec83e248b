//! What a judge takes, and the page a submission is pasted into, from the
//! problem's URL.

/// Whether the judge at `url` builds `main.rs` as it is: AtCoder links
/// proconio, itertools and ac-library-rs, as the workspace does, so a
/// submission that uses no other crate (a library of `libs/`) needs no
/// bundle there (`judge-readers` is linked by the problem's own generator and
/// validator, never by `main.rs`). Every other judge takes std alone.
pub fn takes_main_rs(url: &str, dependencies: &[String]) -> bool {
    host(url) == Some("atcoder.jp")
        && dependencies.iter().all(|name| {
            matches!(
                name.as_str(),
                "proconio" | "itertools" | "ac-library-rs" | "judge-readers"
            )
        })
}

/// The page a submission to the problem at `url` is pasted into: AtCoder's
/// submit page for the task, Codeforces' for the problem, else the problem's
/// own page.
pub fn paste_page(url: &str) -> String {
    let path: Vec<&str> = url
        .split_once("://")
        .map(|(_, rest)| rest)
        .unwrap_or(url)
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .split('/')
        .filter(|part| !part.is_empty())
        .collect();
    match (host(url), path.get(1..).unwrap_or_default()) {
        (Some("atcoder.jp"), ["contests", contest, "tasks", task]) => {
            format!("https://atcoder.jp/contests/{contest}/submit?taskScreenName={task}")
        }
        (Some("codeforces.com"), ["contest", contest, "problem", index])
        | (Some("codeforces.com"), ["problemset", "problem", contest, index]) => {
            format!("https://codeforces.com/contest/{contest}/submit?submittedProblemIndex={index}")
        }
        (Some("codeforces.com"), ["gym", contest, "problem", index]) => {
            format!("https://codeforces.com/gym/{contest}/submit?submittedProblemIndex={index}")
        }
        _ => url.to_string(),
    }
}

/// The host of `url`, without `www.` and a port.
fn host(url: &str) -> Option<&str> {
    let (_, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    let host = host.split(':').next()?;
    Some(host.strip_prefix("www.").unwrap_or(host))
}

/// The names in the `[dependencies]` table of a crate's manifest.
pub fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_table = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == "[dependencies]";
        } else if in_table && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
            names.push(name.trim_matches('"').to_string());
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_judge_has_its_paste_page() {
        let cases = [
            (
                "https://atcoder.jp/contests/abc086/tasks/abc086_a",
                "https://atcoder.jp/contests/abc086/submit?taskScreenName=abc086_a",
            ),
            (
                "https://codeforces.com/contest/1950/problem/F1",
                "https://codeforces.com/contest/1950/submit?submittedProblemIndex=F1",
            ),
            (
                "https://codeforces.com/problemset/problem/954/G?locale=en",
                "https://codeforces.com/contest/954/submit?submittedProblemIndex=G",
            ),
            (
                "https://codeforces.com/gym/102001/problem/A",
                "https://codeforces.com/gym/102001/submit?submittedProblemIndex=A",
            ),
            (
                "https://www.acmicpc.net/problem/14952",
                "https://www.acmicpc.net/problem/14952",
            ),
        ];
        for (url, page) in cases {
            assert_eq!(paste_page(url), page, "{url}");
        }
    }

    #[test]
    fn atcoder_takes_main_rs_unless_it_uses_a_library_of_the_workspace() {
        let atcoder = "https://atcoder.jp/contests/abc086/tasks/abc086_a";
        let manifest = "[package]\nname = \"a\"\n\n[dependencies]\nproconio.workspace = true\nitertools.workspace = true\n# a comment\njudge-readers.workspace = true\n\n[dev-dependencies]\njudge.workspace = true\n\n[[bin]]\nname = \"a\"\n";
        let usual = dependencies(manifest);
        assert_eq!(usual, ["proconio", "itertools", "judge-readers"]);
        assert!(takes_main_rs(atcoder, &usual));
        let with_library = dependencies(&manifest.replace("# a comment", "cplib.workspace = true"));
        assert!(!takes_main_rs(atcoder, &with_library));
        assert!(!takes_main_rs(
            "https://codeforces.com/contest/1/problem/A",
            &usual
        ));
        assert!(!takes_main_rs("", &usual));
    }
}
