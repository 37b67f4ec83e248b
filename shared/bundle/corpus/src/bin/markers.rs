//! Every kind of thing `input!` reads: each marker (Usize1, Isize1, Chars,
//! Bytes), tuples, nested fixed arrays, unsized (length-prefixed) arrays, `mut`,
//! renamed imports and a glob over the markers, as submissions write them.
use proconio::input;
use proconio::marker::*;
use proconio::marker::{Chars as chars, Usize1 as usize1};

fn main() {
    input! {
        n: usize,
        m: usize,
        grid: [chars; n],
        raw: [Bytes; 2],
        mut edges: [(usize1, Usize1, i64); m],
        offsets: [Isize1; 2],
        table: [[u32; 3]; 2],
        ragged: [[i16]; n],
        pairs: [(String, f64, char)],
        flag: bool,
        word: Chars,
    }
    edges.sort_by_key(|&(u, v, w)| (w, u, v));
    let walls: usize = grid
        .iter()
        .map(|row| row.iter().filter(|&&c| c == '#').count())
        .sum();
    println!("walls {walls}");
    println!("raw {:?}", raw);
    println!("edges {:?}", edges);
    println!("offsets {:?} table {:?}", offsets, table);
    let lengths: Vec<usize> = ragged.iter().map(Vec::len).collect();
    let total: i64 = ragged.iter().flatten().map(|&x| i64::from(x)).sum();
    println!("ragged {:?} {}", lengths, total);
    for (name, value, c) in &pairs {
        println!("{name} {:.3} {c}", value * 2.0);
    }
    println!("{flag} {}", word.iter().rev().collect::<String>());
}
