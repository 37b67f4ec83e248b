// An interactive problem: read each answer as it comes, from a LineSource over
// stdin (proconio reads stdin whole otherwise), and flush after each query.
use proconio::input;
use proconio::source::line::LineSource;
use std::io::{stdin, stdout, BufReader, Write};

fn main() {
    let stdin = stdin();
    let mut source = LineSource::new(BufReader::new(stdin.lock()));
    input! {
        from &mut source,
        n: usize,
    }
    stdout().flush().unwrap();
    todo!("@NAME@: write the solution in src/main.rs (it has read n = {n})");
}
