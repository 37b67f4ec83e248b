// verify: https://judge.yosupo.jp/problem/unionfind
//! Verifies `cplib::dsu` on Library Checker's unionfind: `judge verify
//! --libs` judges this program on that problem's cases once it is imported.

use std::io::{self, BufWriter, Read, Write};

use cplib::dsu::Dsu;

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|word| word.parse::<usize>().unwrap());
    let mut next = || numbers.next().unwrap();
    let (n, q) = (next(), next());
    let mut dsu = Dsu::new(n);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..q {
        let (t, u, v) = (next(), next(), next());
        if t == 0 {
            dsu.merge(u, v);
        } else {
            writeln!(out, "{}", u8::from(dsu.same(u, v))).unwrap();
        }
    }
}
