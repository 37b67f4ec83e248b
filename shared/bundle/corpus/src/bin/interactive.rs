//! Guess-the-number as interactive problems run it: reads through a
//! `LineSource` on locked stdin one line at a time, and flushes each query.
//! Input: first line `lo hi` bounds, then answers `<`, `>` or `=` to each query
//! (the tests play the judge by feeding answers for a hidden number).
use std::io::{stdin, stdout, BufReader, Write};

use proconio::input;
use proconio::source::line::LineSource;

fn main() {
    let stdin = stdin();
    let mut source = LineSource::new(BufReader::new(stdin.lock()));
    input! {
        from &mut source,
        lo: u64,
        hi: u64,
    }
    let (mut lo, mut hi) = (lo, hi);
    let mut out = stdout();
    let mut queries = 0;
    while lo <= hi {
        let mid = lo + (hi - lo) / 2;
        writeln!(out, "? {mid}").unwrap();
        out.flush().unwrap();
        queries += 1;
        input! {
            from &mut source,
            reply: String,
        }
        match reply.as_str() {
            "<" => hi = mid - 1,
            ">" => lo = mid + 1,
            _ => {
                writeln!(out, "! {mid} after {queries}").unwrap();
                return;
            }
        }
    }
    writeln!(out, "! none").unwrap();
}
