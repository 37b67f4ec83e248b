//! The checker of a made-up problem, "print any shortest path", written with
//! [`judge::checker`]; the harness's tests (`tests/harness/checker.rs`) judge with it.
//!
//! Input: `n m`, then `m` lines `u v` (an undirected edge), then `s t`, with
//! `1 <= n <= 1000` and `t` reachable from `s`. Output: `k`, the number of
//! vertices on a shortest path from `s` to `t`, then those `k` vertices in order.
//! Any shortest path is accepted: the answer file holds one, and only its length
//! is compared.

use std::collections::HashSet;
use std::process::ExitCode;

use judge::checker::{fail, wrong_answer, Files, Outcome};

const MAX_N: i64 = 1000;

fn check(files: &mut Files) -> Result<String, Outcome> {
    let n = files.input.integer("n", 1, MAX_N)?;
    let m = files.input.integer("m", 0, MAX_N * MAX_N)?;
    let mut edges = HashSet::new();
    for _ in 0..m {
        let u = files.input.integer("an edge's end", 1, n)?;
        let v = files.input.integer("an edge's end", 1, n)?;
        edges.insert((u.min(v), u.max(v)));
    }
    let s = files.input.integer("s", 1, n)?;
    let t = files.input.integer("t", 1, n)?;
    let shortest = files.answer.integer("the number of vertices", 1, n)?;
    let k = files.output.integer("the number of vertices", 1, n)?;
    let mut path = Vec::new();
    for _ in 0..k {
        path.push(files.output.integer("a vertex", 1, n)?);
    }
    if path.first() != Some(&s) || path.last() != Some(&t) {
        return Err(wrong_answer(format!(
            "the path goes from {} to {}, not from {s} to {t}",
            path[0],
            path[path.len() - 1]
        )));
    }
    if let Some(step) = path
        .windows(2)
        .position(|pair| !edges.contains(&(pair[0].min(pair[1]), pair[0].max(pair[1]))))
    {
        return Err(wrong_answer(format!(
            "no edge between vertices {} and {} (step {})",
            path[step],
            path[step + 1],
            step + 1
        )));
    }
    if k > shortest {
        return Err(wrong_answer(format!(
            "a path of {k} vertices, but one of {shortest} exists"
        )));
    }
    if k < shortest {
        return Err(fail(format!(
            "the output's path of {k} vertices is shorter than the answer's {shortest}"
        )));
    }
    Ok(format!("a shortest path of {k} vertices"))
}

fn main() -> ExitCode {
    judge::checker::main(check)
}
