//! A problem's crate name, from its judge and its id in the URL where the URL
//! has one (`abc086-a`, `cf-954-g`, `boj-14952`), else from its name.
//!
//! Always a valid problem name (lowercase ASCII letters, digits and dashes,
//! starting with a letter): a name with nothing ASCII to keep, such as one in
//! Chinese or Russian, becomes `problem-` and a hash of the name, the same
//! name giving the same crate each time.

/// The longest name made: enough for any judge's ids, short enough to type.
const MAX_LEN: usize = 40;

/// The crate name for the problem at `url` called `name`.
pub fn crate_name(url: &str, name: &str) -> String {
    from_url(url).or_else(|| words(name)).unwrap_or_else(|| {
        // Nothing to read: a hash tells problems apart.
        format!("problem-{:08x}", fnv1a(name.as_bytes()))
    })
}

/// The judge's short name and the problem's id, for the judges whose URLs
/// have one; for others, the site's name and the last part of the path (or
/// of the query) that holds a digit.
fn from_url(url: &str) -> Option<String> {
    let (_, rest) = url.split_once("://")?;
    let (host, path) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
    let host = host.split(':').next()?.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    // A contest's page may name its problem in the fragment: vjudge's
    // `/contest/480959#problem/C`.
    let (path, fragment) = path.split_once('#').unwrap_or((path, ""));
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let parts: Vec<&str> = path
        .split('/')
        .chain(fragment.split('/'))
        .filter(|part| !part.is_empty())
        .collect();
    let query_value = |key: &str| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
    };
    let made = match (host, parts.as_slice()) {
        (
            "codeforces.com" | "codeforces.ru" | "m1.codeforces.com" | "mirror.codeforces.com",
            parts,
        ) => match parts {
            ["problemset", "problem", contest, index] | ["contest", contest, "problem", index] => {
                format!("cf-{contest}-{index}")
            }
            ["gym", contest, "problem", index] => format!("cf-gym-{contest}-{index}"),
            _ => return None,
        },
        // The task's id names its contest too: abc086_a.
        ("atcoder.jp", ["contests", _, "tasks", task]) => (*task).to_string(),
        ("acmicpc.net", ["problem", id]) => format!("boj-{id}"),
        ("luogu.com.cn", ["problem", id]) => format!("luogu-{id}"),
        ("cses.fi", ["problemset", "task", id]) => format!("cses-{id}"),
        ("yukicoder.me", ["problems", "no", id]) => format!("yukicoder-{id}"),
        ("lightoj.com", ["problem", id]) => format!("lightoj-{id}"),
        ("acm.hrbust.edu.cn", _) => format!("hrbust-{}", query_value("problem_id")?),
        // A problem's code is the site's own, in a contest or not:
        // `/LTIME58A/problems/ZOZ`, `/problems-old/BUS`.
        ("codechef.com", [.., "problems" | "problems-old", code]) => format!("codechef-{code}"),
        // Kattis's ids too: `/contests/nhty9t/problems/oktalni`.
        ("open.kattis.com" | "kattis.com", [.., "problems", id]) => format!("kattis-{id}"),
        // A contest's problems are its id and theirs: `?pid=1002&cid=26`.
        ("acm.hdu.edu.cn", ["contests", ..]) => {
            format!("hdu-{}-{}", query_value("cid")?, query_value("pid")?)
        }
        (host, parts) => {
            // The query's last such value (`?space=1&num=1100`), else the path's.
            let values = query
                .split('&')
                .filter_map(|pair| pair.split_once('=').map(|(_, value)| value));
            let in_query = values
                .clone()
                .any(|value| value.bytes().any(|byte| byte.is_ascii_digit()));
            let id = values
                .rev()
                .chain(parts.iter().rev().copied())
                .find(|part| part.bytes().any(|byte| byte.is_ascii_digit()))?;
            let id = id.rsplit_once('.').map_or(id, |(stem, _)| stem);
            // A contest's problem: its letter after the contest's id
            // (`/contest/297/problem/A`, `/olympiads/363/tasks/B`).
            let letter = parts
                .last()
                .filter(|last| !in_query && **last != id && is_problem_letter(last));
            match letter {
                Some(letter) => format!("{}-{id}-{letter}", site_name(host)?),
                None => format!("{}-{id}", site_name(host)?),
            }
        }
    };
    words(&made)
}

/// A problem's letter in its contest: `A`, `c`, `F1`, `B2`.
fn is_problem_letter(part: &str) -> bool {
    let mut bytes = part.bytes();
    bytes
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic())
        && part.len() <= 3
        && bytes.all(|byte| byte.is_ascii_digit())
}

/// The label that names a site: `hdu` of `acm.hdu.edu.cn`, `kattis` of
/// `open.kattis.com`.
fn site_name(host: &str) -> Option<&str> {
    let mut labels: Vec<&str> = host.split('.').collect();
    labels.pop()?;
    // A country's second level: .edu.cn, .ac.jp, .co.uk, .com.br.
    if labels.len() > 1 && matches!(*labels.last()?, "edu" | "ac" | "co" | "com" | "org" | "net") {
        labels.pop();
    }
    labels.pop()
}

/// `text` as a name: its ASCII letters and digits, lowercased, each run of
/// anything else one dash; `None` when fewer than two are left (`A` of
/// `Задача A` says nothing).
fn words(text: &str) -> Option<String> {
    let mut name = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    let kept = name.bytes().filter(u8::is_ascii_alphanumeric).count();
    if kept < 2 {
        return None;
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.insert_str(0, "p-");
    }
    name.truncate(MAX_LEN);
    Some(name.trim_end_matches('-').to_string())
}

/// 32-bit FNV-1a: a stable hash, the same in every build.
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash, &byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(name: &str) -> bool {
        name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !name.ends_with('-')
            && name.len() <= MAX_LEN
    }

    #[test]
    fn judges_with_ids_in_their_urls() {
        let cases = [
            (
                "https://codeforces.com/problemset/problem/954/G",
                "cf-954-g",
            ),
            (
                "https://codeforces.com/contest/1950/problem/F1",
                "cf-1950-f1",
            ),
            (
                "https://codeforces.com/gym/102001/problem/A",
                "cf-gym-102001-a",
            ),
            (
                "https://atcoder.jp/contests/abc086/tasks/abc086_a",
                "abc086-a",
            ),
            ("https://www.acmicpc.net/problem/14952", "boj-14952"),
            ("https://www.luogu.com.cn/problem/P1001", "luogu-p1001"),
            ("https://cses.fi/problemset/task/1068", "cses-1068"),
            ("https://yukicoder.me/problems/no/1", "yukicoder-1"),
            (
                "https://lightoj.com/problem/digit-count",
                "lightoj-digit-count",
            ),
            (
                "http://acm.hrbust.edu.cn/index.php?m=ProblemSet&a=showProblem&problem_id=2320",
                "hrbust-2320",
            ),
            (
                "https://acm.hdu.edu.cn/showproblem.php?pid=1000",
                "hdu-1000",
            ),
            ("https://open.kattis.com/problems/hello2", "kattis-hello2"),
            // Each problem of a contest by the contest and its own id.
            (
                "https://open.kattis.com/contests/nhty9t/problems/aliennumbers",
                "kattis-aliennumbers",
            ),
            (
                "https://www.codechef.com/LTIME58A/problems/ZOZ",
                "codechef-zoz",
            ),
            ("https://www.codechef.com/problems-old/BUS", "codechef-bus"),
            ("https://cses.fi/241/task/B", "cses-241-b"),
            (
                "https://vjudge.net/contest/480959#problem/C",
                "vjudge-480959-c",
            ),
            (
                "https://acm.hdu.edu.cn/contests/contest_showproblem.php?pid=1002&cid=26",
                "hdu-26-1002",
            ),
            (
                "https://robocontest.uz/olympiads/363/tasks/B",
                "robocontest-363-b",
            ),
            (
                "https://cpython.uz/competitions/contests/contest/297/problem/H",
                "cpython-297-h",
            ),
            // The same problem under its contest's URL and its own.
            (
                "https://tlx.toki.id/contests/troc-16/problems/A",
                "toki-troc-16-a",
            ),
            ("https://tlx.toki.id/problems/troc-16/A", "toki-troc-16-a"),
            (
                "https://pjudge.ac/contest/1029/problem/21691",
                "pjudge-21691",
            ),
            ("https://pjudge.ac/problem/21691", "pjudge-21691"),
            (
                "https://acm.timus.ru/problem.aspx?space=1&num=1100",
                "timus-1100",
            ),
            (
                "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=ITP1_1_A",
                "u-aizu-itp1-1-a",
            ),
        ];
        for (url, name) in cases {
            assert_eq!(crate_name(url, "ignored name"), name, "{url}");
        }
    }

    #[test]
    fn without_an_id_the_name_is_used() {
        let cases = [
            (
                "https://example.org/",
                "G. Castle Defense",
                "g-castle-defense",
            ),
            ("", "1000. A+B Problem", "p-1000-a-b-problem"),
            ("not a url", "Judge", "judge"),
        ];
        for (url, name, made) in cases {
            assert_eq!(crate_name(url, name), made, "{url} {name}");
        }
    }

    #[test]
    fn names_in_other_scripts_become_a_stable_hash() {
        for name in ["最短路径", "Задача A", "ソート", "", "!!"] {
            let made = crate_name("", name);
            assert!(
                made.starts_with("problem-") && valid(&made),
                "{name}: {made}"
            );
            assert_eq!(made, crate_name("", name));
        }
        assert_ne!(crate_name("", "最短路径"), crate_name("", "ソート"));
    }

    #[test]
    fn every_name_made_is_valid() {
        let long = "x".repeat(100);
        let odd = [
            "https://codeforces.com/contest/1/problem/",
            "https://atcoder.jp/contests/x/tasks/-_-",
            "https://example.org/problem/9?id=-",
            &format!("https://example.org/problem/{long}1"),
        ];
        for url in odd {
            for name in ["", "A", "Задача", &long, "--a--b--"] {
                let made = crate_name(url, name);
                assert!(valid(&made), "{url} {name}: {made}");
            }
        }
    }
}
